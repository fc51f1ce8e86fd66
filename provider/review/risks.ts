/**
 * Which changes a reviewer must look at twice, and why: deletes and replacements, mail and
 * delegation, DNSSEC, money, registered domains, ownership. A kind's own rules come from its
 * definition (`review.risks`); here are those common to every kind. Pure.
 *
 * @example
 * ```ts
 * const risks = assessRisks(parsePreview(doc), prices);
 * risks[0]; // { tags: ["MX"], subject: "`@` MX in `example.com`", reasons: ["mail for ..."] }
 * ```
 */
import type { Reason, ReviewWords, RiskTag } from "../framework/definition";
import { type ActionPrice, KINDS, str } from "./kinds";
import type { Change, PreviewModel } from "./parse";
import type { Prices } from "./prices";
import { spending } from "./spending";
import { code, shown } from "./values";

export type { RiskTag };

export interface Risk {
  readonly tags: readonly RiskTag[];
  readonly change: Change;
  /** Sentences, each a reason (Markdown, values already masked). */
  readonly reasons: readonly string[];
}

/** Notes that are not risks but a reviewer should know (what a delete leaves behind). */
export interface Note {
  readonly change: Change;
  readonly text: string;
}

const c = (text: string) => code(text, Number.MAX_SAFE_INTEGER);

function val(change: Change, field: string, side: "before" | "after"): string {
  return shown(change.kind, field, (side === "before" ? change.before : change.after)?.[field]);
}

function priceText(
  prices: Prices | undefined,
  domain: string,
  action: ActionPrice,
  declared?: unknown,
): string {
  const p = prices?.[domain];
  if (p?.[action] !== undefined) {
    return `${p[action]}${p.premium ? " (premium)" : ""} according to the service`;
  }
  if (declared !== undefined) return `${str(declared)} (the premium price the program confirms)`;
  if (p?.error) return `price unknown: ${p.error}`;
  return "price not looked up (run the review with `--prices`)";
}

/** The risks of every change, in the order of the changes. */
export function assessRisks(model: PreviewModel, prices?: Prices): Risk[] {
  const risks: Risk[] = [];
  for (const ch of model.changes) {
    // A record set's own risks, then those of its records (by the rules of single records).
    for (const one of [ch, ...(ch.members ?? [])]) {
      const r = riskOf(one, prices);
      if (r) risks.push(r);
    }
  }
  risks.push(...cnameConflicts(model));
  return risks;
}

/**
 * A CNAME beside any other record at one name across the whole preview (RFC 1034 §3.6.2): each
 * `ZoneRecord` checks alone and cannot see its siblings, so the review does. The risk is put on
 * a change at that name (the CNAME's when it changes).
 */
function cnameConflicts(model: PreviewModel): Risk[] {
  const byName = new Map<string, NonNullable<PreviewModel["records"]>[number][]>();
  for (const r of model.records ?? []) {
    const key = `${r.zone} ${r.name}`;
    byName.set(key, [...(byName.get(key) ?? []), r]);
  }
  const out: Risk[] = [];
  for (const list of byName.values()) {
    const cname = list.find((r) => r.type === "CNAME");
    if (!cname || list.length < 2) continue;
    const involved = new Set(list.map((r) => r.resource.replace(/\[.*$/, "")));
    const change =
      model.changes.find((ch) => ch.name === cname.resource.replace(/\[.*$/, "")) ??
      model.changes.find((ch) => involved.has(ch.name));
    if (!change) continue;
    const others = list.filter((r) => r !== cname).map((r) => `${r.resource} (${r.type})`);
    out.push({
      tags: ["CNAME"],
      change,
      reasons: [
        `${c(cname.name === "" ? "@" : cname.name)} in ${c(cname.zone)}: the CNAME ${cname.resource} shares its name with ${others.join(", ")}; ` +
          "a CNAME must be the only record at its name (RFC 1034 §3.6.2), so the service refuses one of them",
      ],
    });
  }
  return out;
}

/** What deletes leave in place (registrations stay registered, pushes stay done): the kinds' `deleteNote`. */
export function notesOf(model: PreviewModel): Note[] {
  const notes: Note[] = [];
  for (const ch of model.changes) {
    const text = ch.op === "delete" ? KINDS[ch.kind]?.risks?.deleteNote?.(ch, wordsOf(ch)) : undefined;
    if (text !== undefined) notes.push({ change: ch, text });
  }
  return notes;
}

/** How a change's values are written into its kind's sentences. */
function wordsOf(ch: Change): ReviewWords {
  return { code: c, value: (field, side) => val(ch, field, side) };
}

function riskOf(ch: Change, prices: Prices | undefined): Risk | undefined {
  const tags: RiskTag[] = [];
  const reasons: string[] = [];
  const add = (tag: RiskTag, reason: string) => {
    if (!tags.includes(tag)) tags.push(tag);
    reasons.push(reason);
  };
  const kind = ch.kind;
  const info = KINDS[kind];
  const own = info?.risks;
  const say = wordsOf(ch);
  const addReason = (reason: Reason | null | undefined) => {
    if (reason) add(reason[0], reason[1]);
  };

  // Deletes: the kind's own risk, else the common one.
  if (ch.op === "delete") {
    const reason = own?.delete?.(ch, say);
    if (reason !== undefined) addReason(reason);
    else if (ch.members !== undefined) {
      // Its objects' deletes are listed one by one (a record set's records).
    } else if (info?.action !== undefined) {
      // A one-shot action removed from the program only leaves the stack: nothing is undone.
    } else add("delete", `Deletes the ${info?.noun[0] ?? kind}.`);
  }

  // Replacements.
  if (ch.op === "replace") {
    const because =
      ch.replaceReasons.length > 0 ? ch.replaceReasons.map((r) => `\`${r}\``).join(", ") : "a field";
    const reason = ch.fromAccount === undefined ? own?.replace?.(ch, say) : undefined;
    if (ch.fromAccount !== undefined) {
      add(
        "replace",
        `Moves from account ${ch.fromAccount} to account ${ch.account}: created there, then deleted here.`,
      );
    } else if (reason !== undefined) {
      addReason(reason);
    } else if (info?.action !== undefined) {
      add(
        "replace",
        `Runs again because ${because} changed: a one-shot action cannot change in place, and its earlier run is not undone.`,
      );
    } else if (ch.set !== undefined) {
      add(
        "replace",
        `The record's ${because} changes: record set ${c(ch.set)} deletes it and creates the new one (in the same batch request, unless batching is off).`,
      );
    } else {
      const order = ch.deleteFirst
        ? "The old one is deleted before the new one is created: **briefly absent**."
        : "The new one is created before the old one is deleted: never absent.";
      add("replace", `Replaced because ${because} cannot change in place. ${order}`);
    }
  }

  // The kind's own: mail, delegation, the apex, DNSSEC, ownership, ...
  for (const reason of own?.change?.(ch, say) ?? []) addReason(reason);

  // Money.
  for (const action of spending(ch)) {
    const domain = str(ch.after?.domain).toLowerCase();
    if (action === "registration")
      add(
        "money",
        `Registers ${c(domain)}: ${priceText(prices, domain, "registration", ch.after?.premiumPrice)}.${ch.op === "replace" ? ` ${c(str(ch.before?.domain))} stays registered.` : ""}`,
      );
    if (action === "transfer")
      add(
        "money",
        `Transfers ${c(domain)} in: ${priceText(prices, domain, "transfer", ch.after?.premiumPrice)}.`,
      );
    if (action === "renewal")
      add(
        "money",
        `Renews ${c(domain)} automatically every year: ${priceText(prices, domain, "renewal")} per renewal.`,
      );
    if (action === "certificate")
      add(
        "money",
        `Orders a Let's Encrypt certificate for ${c(info!.label(ch.after ?? {}))}${ch.after?.autoRenew === true ? ", renewed automatically" : ""} (the API states no price for it).`,
      );
  }

  // One-shot actions: what running one does, and what it costs.
  if (info?.action !== undefined && (ch.op === "create" || ch.op === "replace")) {
    const subject = c(info.label(ch.after ?? {}));
    if (info.action.effect) add(info.action.effect.tag, info.action.effect.text(subject));
    if (info.action.spendsMoney) {
      const price = info.action.price;
      const domain = str(ch.after?.domain).toLowerCase();
      const years =
        typeof ch.after?.years === "number" && ch.after.years > 1 ? ` for ${ch.after.years} years` : "";
      const cost =
        price === undefined
          ? "the API states no price for it"
          : `${priceText(prices, domain, price, ch.after?.premiumPrice)}${price === "renewal" && years !== "" ? " per year" : ""}`;
      add(
        "money",
        `Runs the ${info.noun[0]} ${subject}${years} at the service${ch.op === "replace" ? " a second time" : ""}, which charges the account (${cost}); removing it later gives nothing back.`,
      );
    }
  }

  return tags.length > 0 ? { tags, change: ch, reasons } : undefined;
}
