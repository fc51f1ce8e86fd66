/**
 * The one part of the review that talks to the service (`review --prices`): the registration,
 * transfer, renewal and restore prices of the domains a preview buys, from the registrar's prices
 * endpoint. Everything else of the review is pure.
 *
 * @example
 * ```ts
 * const prices = await lookupPrices(model, { client: createClient({ token }), account: "1" });
 * renderReview(model, { prices });
 * ```
 */
import type { DnsimpleClient } from "../client";
import type { PreviewModel } from "./parse";
import { moneyDomains } from "./spending";

/** Prices of one name as the service states them (decimal strings, the account's currency). */
export interface DomainPrice {
  premium?: boolean;
  registration?: string;
  renewal?: string;
  transfer?: string;
  /** Of a domain whose registration lapsed (when the service states it). */
  restore?: string;
  /** Why no price is known (the lookup failed). */
  error?: string;
}

export type Prices = Record<string, DomainPrice>;

export interface PriceLookupOptions {
  /** The client that asks the service (the command builds it from the settings). */
  client: DnsimpleClient;
  /** Account for changes that name none (the stack's `dnsimple:account`). */
  account?: string;
}

const money = (n: number) => n.toFixed(2);

/** Looks up the prices of every domain the preview registers, transfers, renews or restores. */
export async function lookupPrices(model: PreviewModel, options: PriceLookupOptions): Promise<Prices> {
  const wanted = moneyDomains(model);
  const prices: Prices = {};
  if (wanted.length === 0) return prices;
  const { client } = options;
  for (const { domain, account } of wanted) {
    const accountId = account !== "" ? account : (options.account ?? "");
    try {
      if (accountId === "") throw new Error("no account: set DNSIMPLE_ACCOUNT");
      const p = await client.registrar.prices(accountId, domain);
      prices[domain] = {
        premium: p.premium,
        registration: money(p.registration_price),
        renewal: money(p.renewal_price),
        transfer: money(p.transfer_price),
        ...(p.restore_price !== undefined ? { restore: money(p.restore_price) } : {}),
      };
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      prices[domain] = {
        error: typeof status === "number" ? `the service answered ${status}` : "lookup failed",
      };
    }
  }
  return prices;
}
