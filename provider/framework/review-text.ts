/**
 * The words a kind's review entry is made of: a value as text for a label, never a secret, and
 * the masks for values that may identify a person or carry a credential. The kinds' definitions
 * (their `review`) and the review command (provider/review) share them.
 *
 * @example
 * ```ts
 * label: (p) => maskUrl(p.url); // "https://hooks.example.com/…"
 * ```
 */
import type { ActionEffect, Change, Props, Purchase, Reason, ReviewWords } from "./definition";
import { UNKNOWN } from "./unknown";

export { UNKNOWN };
export type { Change, Props, Reason, ReviewWords };

/** Pulumi's signature key of a secret value in state. */
export const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/** A value as text for a label: unknown values and other resources' outputs named, never a secret. */
export function str(v: unknown): string {
  if (v === undefined || v === null) return "";
  if (v === UNKNOWN) return "(known after up)";
  if (typeof v === "object") {
    if (SECRET_SIG in (v as object)) return "[secret]";
    const from = (v as { $from?: unknown }).$from;
    if (typeof from === "string") return `(from ${from})`;
    if (Array.isArray(v)) return v.map(str).join(", ");
    return "(object)";
  }
  return String(v);
}

/** A URL without what may be a secret: user info, path and query are replaced by `…`. */
export function maskUrl(value: unknown): string {
  const text = str(value);
  try {
    const url = new URL(text);
    const rest = url.pathname !== "/" || url.search !== "" ? "/…" : "";
    return `${url.protocol}//${url.host}${rest}`;
  } catch {
    return text === "" ? "" : "(not a URL)";
  }
}

/** An e-mail address with its local part hidden: `•••@example.com`. */
export function maskEmail(value: unknown): string {
  const text = str(value);
  const at = text.lastIndexOf("@");
  return at < 0 ? "•••" : `•••${text.slice(at)}`;
}

/** What a transfer out (v2 authorization or v1 transfer out) does besides itself. */
export const TRANSFER_OUT_EFFECT: ActionEffect = {
  tag: "ownership",
  text: (domain) =>
    `Unlocks ${domain} and has the service send its authorization code to the domain's administrative contact: whoever holds the code can transfer the domain to another registrar.`,
};

/** Whether a change places an order: a create, or a replacement's new object. */
export const orders = (ch: Change): boolean => ch.op === "create" || ch.op === "replace";

/** Whether a change orders with yearly renewals on, or turns them on. */
export function renewalsTurnedOn(ch: Change): boolean {
  return (
    ch.after?.autoRenew === true && (orders(ch) || (ch.op === "update" && ch.before?.autoRenew !== true))
  );
}

/** What a change of a domain order (registration, transfer) buys: the order, and yearly renewals. */
export function domainOrderBuys(ch: Change, order: "registration" | "transfer"): Purchase[] {
  return [...(orders(ch) ? [order] : []), ...(renewalsTurnedOn(ch) ? ["renewal" as const] : [])];
}

/** Whether a record's name is the zone's apex. */
export function isApex(name: unknown): boolean {
  const n = str(name).trim().replace(/\.$/, "");
  return n === "" || n === "@";
}

/** `name.zone` of a record's inputs, or the zone for the apex. */
export function fqdn(p: Props): string {
  const zone = typeof p.zoneName === "string" ? p.zoneName.toLowerCase().replace(/\.$/, "") : "(new zone)";
  return isApex(p.name) ? zone : `${str(p.name).toLowerCase()}.${zone}`;
}

/** A zone replaced (Domain, LegacyDomain): the new one is made, the old one deleted with its records. */
export const zoneReplaced = (ch: Change, say: ReviewWords): Reason => [
  "replace",
  `A new zone ${say.code(str(ch.after?.name))} is created and ${say.code(str(ch.before?.name))} is deleted with every record in it.`,
];
