/**
 * What the paid domain orders of API v2 share (DomainRenewal, DomainRestore): the premium price
 * field, the domain's canonical name, the order's refresh, and the proof that an order whose
 * answer was lost went through (a charge).
 */
import { z } from "zod";
import { createdSince, type DnsimpleClient } from "../client";
import type { CreateMark, ResourceContext } from "../framework/definition";
import { apiId } from "../framework/fields";
import { stringIds } from "../framework/kind";
import { orUndefinedWhenGone } from "../framework/lookup";
import { canonicalDomainName } from "../dns/domain-names";

/**
 * A premium name's price, as confirmation: a number or a decimal string, kept as a string. Every
 * paid domain order takes it (the registrations' and transfers' too: registrar-lifecycle.ts).
 */
export const premiumPriceField = z
  .union([z.string().regex(/^\d+(\.\d+)?$/), z.number().positive()], {
    message: 'must be a price such as "1200.00"',
  })
  .transform(String)
  .pipe(z.string())
  .optional();

/** {@link premiumPriceField} with the order's own words. */
export const premiumPrice = (doc: string) => premiumPriceField.describe(doc);

/** The ordered domain's name as the service spells it. */
export const orderedName = (inputs: { readonly domain: string }) => canonicalDomainName(inputs.domain);

/**
 * A charge of the account since `mark` for this product and domain: proof that an order whose
 * answer was lost went through. Charges come when an order completes, so no charge proves nothing.
 */
async function chargedSince(
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

/** What a paid domain order says of itself; `domainOrder` makes the rest of its kind from it. */
export interface DomainOrder<Order, Outs extends object> {
  /** What the order is, in messages: `renewal` (`the renewal of example.com`). */
  readonly noun: string;
  /** The product type of the charge that proves the order went through: `domain-renewal`. */
  readonly productType: string;
  /** What a charge proves of the order's outputs: `{ renewalState: "renewed" }`. */
  readonly proved: Partial<Outs>;
  /** The order by its id. */
  get(client: DnsimpleClient, account: string, domain: string, id: number): Promise<Order>;
  /** The kind's outputs of the order. */
  outputs(order: Order): Outs;
}

/**
 * What a paid domain order's kind shares with the others, for `oneShot`: string ids (the order's
 * id, or `domain@invoiced_at` when a charge proved an order whose answer was lost), the domain's
 * canonical name, the refresh of the order by its id, and the proof by charge.
 *
 * @example
 * oneShot({ kind: "DomainRestore", ...,
 *   ...domainOrder({ noun: "restore", productType: "domain-restore", proved: { restoreState: "restored" },
 *     get: (client, account, name, id) => client.registrar.getRestore(account, name, id), outputs: restoreOutputs }),
 *   async run(ctx, inputs) { ... } });
 */
export function domainOrder<Order, Outs extends object>(order: DomainOrder<Order, Outs>) {
  return {
    ids: stringIds,
    normalize: { domain: canonicalDomainName },
    describe: (inputs: { readonly domain: string }) => `the ${order.noun} of ${orderedName(inputs)}`,
    spendsMoney: true,

    async refresh({ client, account }: ResourceContext, id: string, state: { readonly domain: string }) {
      // `domain@invoiced_at`: proved by a charge, there is no order to read.
      if (!/^\d+$/.test(id)) return undefined;
      const found = await orUndefinedWhenGone(order.get(client, account, orderedName(state), apiId(id)));
      return found === undefined ? undefined : order.outputs(found);
    },

    async proveDone(ctx: ResourceContext, inputs: { readonly domain: string }, mark: CreateMark) {
      const at = await chargedSince(ctx, order.productType, orderedName(inputs), mark);
      return at === undefined ? undefined : { id: `${orderedName(inputs)}@${at}`, outs: order.proved };
    },
  };
}
