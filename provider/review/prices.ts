/**
 * The one part of the review that talks to the service (`review --prices`): the registration,
 * transfer, renewal and restore prices of the domains a preview buys, from the registrar's prices
 * endpoint. Everything else of the review is pure.
 *
 * @example
 * ```ts
 * const prices = await lookupPrices(model, { token: process.env.DNSIMPLE_TOKEN!, account: "1" });
 * renderReview(model, { prices });
 * ```
 */
import { createClient } from "../client";
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
  token: string;
  /** Account for changes that name none (the stack's `dnsimple:account`). */
  account?: string;
  baseUrl?: string;
  sandbox?: boolean;
}

const money = (n: number) => n.toFixed(2);

/** Looks up the prices of every domain the preview registers, transfers, renews or restores. */
export async function lookupPrices(model: PreviewModel, options: PriceLookupOptions): Promise<Prices> {
  const wanted = moneyDomains(model);
  const prices: Prices = {};
  if (wanted.length === 0) return prices;
  const client = createClient({
    token: options.token,
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
    ...(options.sandbox !== undefined ? { sandbox: options.sandbox } : {}),
    retry: { maxRetries: 2 },
  });
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
