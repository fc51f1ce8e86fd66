/**
 * v2 billing charges: filters `start_date`/`end_date` (YYYY-MM-DD, default the last year), sort by
 * `invoiced`. Registrar and certificate purchases add charges through {@link addCharge}.
 */
import type { Ctx, RouteRegistry } from "../context";
import { badRequest, type Reply } from "../http";
import { paginate, sortRows } from "../listing";
import type { ChargeRow } from "../model";
import { now, type Store } from "../store";

/** Records a collected charge for a purchase. */
export function addCharge(
  store: Store,
  accountId: number,
  description: string,
  amount: number,
  productType: string,
  productId: number | null,
  productReference: string | null,
): void {
  const id = store.charges.nextId();
  const total = amount.toFixed(2);
  store.charges.insert({
    id,
    account_id: accountId,
    invoiced_at: now(),
    total_amount: total,
    balance_amount: "0.00",
    reference: `${id}-${accountId}`,
    state: "collected",
    items: [
      {
        description,
        amount: total,
        product_id: productId,
        product_type: productType,
        product_reference: productReference,
      },
    ],
  });
}

function parseDate(raw: string | null): number | null {
  if (raw === null || raw === "") return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const t = m ? Date.parse(`${raw}T00:00:00Z`) : NaN;
  if (Number.isNaN(t)) throw badRequest("Invalid date format must be ISO8601 (YYYY-MM-DD)");
  return t;
}

function chargeView(c: ChargeRow): Record<string, unknown> {
  return {
    invoiced_at: c.invoiced_at,
    total_amount: c.total_amount,
    balance_amount: c.balance_amount,
    reference: c.reference,
    state: c.state,
    items: c.items,
  };
}

function list(ctx: Ctx): Reply {
  const start = parseDate(ctx.query.get("start_date"));
  const end = parseDate(ctx.query.get("end_date"));
  const from = start ?? Date.now() - 366 * 86_400_000;
  const to = end === null ? Number.MAX_SAFE_INTEGER : end + 86_400_000 - 1;
  const rows = ctx.store.charges.filter((c) => {
    if (c.account_id !== ctx.accountId) return false;
    const t = Date.parse(c.invoiced_at);
    return t >= from && t <= to;
  });
  const sorted = sortRows<ChargeRow>(
    ctx.query,
    rows,
    { invoiced: (c) => c.invoiced_at, id: (c) => c.id },
    "invoiced:asc",
  );
  return paginate(ctx.query, sorted, chargeView);
}

export function registerBillingRoutes(r: RouteRegistry): void {
  r.add("GET", "/v2/:account/billing/charges", list);
}
