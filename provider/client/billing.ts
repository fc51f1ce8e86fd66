/** Billing charges. */
import { z } from "zod";
import type { AccountId } from "./domains";
import { ITERATE_PAGE_SIZE, paginate, pagingQuery } from "./pagination";
import { path } from "./path";
import { DateTime, type ListOptions, type Page } from "./schemas";
import type { Transport } from "./transport";

/** One line of a charge. */
export const ChargeItemSchema = z.looseObject({
  description: z.string(),
  amount: z.string(),
  product_id: z.number().int().nullable(),
  product_type: z.string(),
  product_reference: z.string().nullable(),
});
/** A charge; amounts are decimal strings (`"14.50"`). */
export const ChargeSchema = z.looseObject({
  invoiced_at: DateTime,
  total_amount: z.string(),
  balance_amount: z.string(),
  reference: z.string(),
  state: z.string(),
  items: z.array(ChargeItemSchema),
});
/** A charge. */
export type Charge = z.infer<typeof ChargeSchema>;

/** Filters of the charge list: dates as `YYYY-MM-DD` (default window: the last year). */
export interface ChargeListOptions extends ListOptions {
  startDate?: string;
  endDate?: string;
}

/** `client.billing`. */
export class BillingApi {
  constructor(private readonly t: Transport) {}

  /**
   * One page of charges (sort key `invoiced`).
   *
   * @example
   * const { data } = await client.billing.listCharges(1, { startDate: "2023-01-01" });
   */
  async listCharges(account: AccountId, options?: ChargeListOptions): Promise<Page<Charge>> {
    return this.t.page(path`/${account}/billing/charges`, ChargeSchema, {
      ...pagingQuery(options),
      start_date: options?.startDate,
      end_date: options?.endDate,
    });
  }

  /**
   * Every charge, 100 per request.
   *
   * @example
   * for await (const c of client.billing.iterateCharges(1)) console.log(c.total_amount);
   */
  iterateCharges(
    account: AccountId,
    options?: Omit<ChargeListOptions, "page" | "perPage">,
  ): AsyncGenerator<Charge> {
    return paginate((page) => this.listCharges(account, { ...options, page, perPage: ITERATE_PAGE_SIZE }));
  }
}
