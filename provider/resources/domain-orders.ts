/**
 * What the paid domain orders of API v2 share (DomainRenewal, DomainRestore): the premium price
 * field, the domain's canonical name, and the proof that an order whose answer was lost went
 * through (a charge).
 */
import { z } from "zod";
import { createdSince } from "../client";
import type { CreateMark, ResourceContext } from "./framework/define-resource";
import { canonicalDomainName } from "./names";

/** A premium name's price, as confirmation: a number or a decimal string, kept as a string. */
export const premiumPrice = (doc: string) =>
  z
    .union([z.string().regex(/^\d+(\.\d+)?$/), z.number().positive()], {
      message: 'must be a price such as "1200.00"',
    })
    .transform(String)
    .pipe(z.string())
    .optional()
    .describe(doc);

/** The ordered domain's name as the service spells it. */
export const orderedName = (inputs: { readonly domain: string }) => canonicalDomainName(inputs.domain);

/**
 * A charge of the account since `mark` for this product and domain: proof that an order whose
 * answer was lost went through. Charges come when an order completes, so no charge proves nothing.
 */
export async function chargedSince(
  { client, account }: ResourceContext,
  productType: string,
  domain: string,
  mark: CreateMark,
): Promise<string | undefined> {
  const startDate = mark.since.toISOString().slice(0, 10);
  for await (const charge of client.billing.iterateCharges(account, { startDate })) {
    if (!createdSince(charge.invoiced_at, mark.since)) continue;
    const item = charge.items.find((i) => i.product_type === productType && i.product_reference === domain);
    if (item) return charge.invoiced_at;
  }
  return undefined;
}
