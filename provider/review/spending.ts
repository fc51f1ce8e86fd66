/**
 * What a preview spends money on: the orders a change places (registration, transfer, renewal,
 * restore, certificate) and the domains they are for. Read by the risks and the price lookup.
 */
import { KINDS, str } from "./kinds";
import type { Purchase } from "../framework/definition";
import type { Change, PreviewModel } from "./parse";

/** The domains a preview spends money on, with the account each is bought in. */
export function moneyDomains(
  model: PreviewModel,
): Array<{ domain: string; account: string; action: string }> {
  const out = new Map<string, { domain: string; account: string; action: string }>();
  for (const ch of model.changes) {
    const price = KINDS[ch.kind]?.action?.price;
    const runs = price !== undefined && (ch.op === "create" || ch.op === "replace");
    for (const action of runs ? [price] : spending(ch)) {
      const domain = str(ch.after?.domain).toLowerCase();
      if (domain !== "" && !domain.startsWith("(")) out.set(domain, { domain, account: ch.account, action });
    }
  }
  return [...out.values()];
}

/** What a change buys: its kind's `buys` ("registration", "transfer", "renewal", "certificate"). */
export function spending(ch: Change): Purchase[] {
  return KINDS[ch.kind]?.risks?.buys?.(ch) ?? [];
}
