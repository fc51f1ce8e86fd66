/**
 * Which changes a reviewer must look at twice, and why: deletes and replacements, mail and
 * delegation, DNSSEC, money, registered domains, ownership. Pure.
 *
 * @example
 * ```ts
 * const risks = assessRisks(parsePreview(doc), prices);
 * risks[0]; // { tags: ["MX"], subject: "`@` MX in `example.com`", reasons: ["mail for ..."] }
 * ```
 */
import { type ActionPrice, KINDS, type Props, str } from "./kinds";
import type { Change, PreviewModel } from "./parse";
import type { Prices } from "./prices";
import { spending } from "./spending";
import { code, shown } from "./values";

export type RiskTag =
  | "blocked"
  | "money"
  | "delete"
  | "replace"
  | "MX"
  | "NS"
  | "apex"
  | "delegation"
  | "DNSSEC"
  | "ownership"
  | "credentials"
  | "secondary"
  | "CNAME";

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

function recordType(p: Props | undefined): string {
  return str(p?.type).toUpperCase();
}

function recordValue(change: Change, side: "before" | "after"): string {
  const p = side === "before" ? change.before : change.after;
  const priority = p?.priority !== undefined ? `${str(p.priority)} ` : "";
  return `${priority}${val(change, "content", side)}`;
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

const RECORD_WHAT: Record<string, string> = {
  A: "the address",
  AAAA: "the IPv6 address",
  ALIAS: "the alias",
  CNAME: "the alias",
  TXT: "the text (SPF, verification, …)",
};

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

/** What deletes leave in place (registrations stay registered, pushes stay done). */
export function notesOf(model: PreviewModel): Note[] {
  const notes: Note[] = [];
  for (const ch of model.changes) {
    if (ch.op !== "delete") continue;
    if (ch.kind === "DomainRegistration")
      notes.push({
        change: ch,
        text: `${c(str(ch.before?.domain))} leaves the stack but stays registered: destroy never deletes a registration.`,
      });
    if (ch.kind === "DomainTransfer" && !transferPending(ch))
      notes.push({
        change: ch,
        text: `${c(str(ch.before?.domain))} leaves the stack; the completed transfer stays.`,
      });
    if (ch.kind === "DomainPush" || ch.kind === "DomainPushAnswer")
      notes.push({
        change: ch,
        text: `${ch.kind === "DomainPush" ? "Push of" : "Answer to push"} ${c(ch.kind === "DomainPush" ? str(ch.before?.domain) : str(ch.before?.pushId))}: a push cannot be undone; the resource only leaves the stack.`,
      });
  }
  return notes;
}

function transferPending(ch: Change): boolean {
  const state = str(ch.outputs?.transferState);
  return ch.outputs?.pendingOrderId !== undefined || state === "transferring" || state === "new";
}

function riskOf(ch: Change, prices: Prices | undefined): Risk | undefined {
  const tags: RiskTag[] = [];
  const reasons: string[] = [];
  const add = (tag: RiskTag, reason: string) => {
    if (!tags.includes(tag)) tags.push(tag);
    reasons.push(reason);
  };
  const p = ch.after ?? ch.before ?? {};
  const kind = ch.kind;

  // Deletes.
  if (ch.op === "delete") {
    if (kind === "Domain") {
      const registered = str(ch.outputs?.state) === "registered";
      if (registered && ch.before?.allowDeleteRegistered !== true) {
        add(
          "blocked",
          `${c(str(ch.before?.name))} is a registered domain: \`pulumi up\` will refuse to delete it (the guard). ` +
            "Set `allowDeleteRegistered: true` to delete it, or `pulumi state delete` to stop managing it.",
        );
      } else if (registered) {
        add(
          "delete",
          `Deletes the registered domain ${c(str(ch.before?.name))} (\`allowDeleteRegistered: true\`): the registration, paid for, cannot be undone; the zone goes with every record, forward, DS record and certificate in it.`,
        );
      } else {
        add(
          "delete",
          `Deletes the zone ${c(str(ch.before?.name))} with every record, forward, DS record and certificate in it.`,
        );
      }
    } else if (kind === "LegacyDomain") {
      add(
        "delete",
        `Deletes the zone ${c(str(ch.before?.name))} (through API v1) with every record, forward, DS record and certificate in it.`,
      );
    } else if (kind === "DomainRegistration" || kind === "DomainPush" || kind === "DomainPushAnswer") {
      // Nothing happens at the service: a note, not a risk.
    } else if (kind === "DomainTransfer") {
      if (transferPending(ch)) add("delete", `Cancels the running transfer of ${c(str(ch.before?.domain))}.`);
    } else if (kind === "NameServerDelegation" || kind === "DomainDelegation") {
      add(
        "delegation",
        `Gives ${c(str(ch.before?.domain))} back the service's name servers at the registry: every lookup of the domain moves.`,
      );
    } else if (kind === "RegistryNameServer") {
      add(
        "delegation",
        `Removes the glue record ${c(str(ch.before?.name))} at the registry: a delegation to it stops resolving.`,
      );
    } else if (kind === "Dnssec") {
      add(
        "DNSSEC",
        `Turns DNSSEC signing of ${c(ch.zone)} off: while a DS record is still published at the registry, validating resolvers reject the zone. Remove the DS records first.`,
      );
    } else if (kind === "DsRecord") {
      add(
        "DNSSEC",
        `Removes a DS record of ${c(ch.zone)} at the registry: if it matches the key that signs the zone, validation fails until a matching one is published.`,
      );
    } else if (kind === "ZoneRecord") {
      add(
        "delete",
        `The record is removed: lookups of ${c(fqdn(ch.before ?? {}))} ${recordType(ch.before)} get no answer (or a cached one for ${str(ch.before?.ttl)} s).`,
      );
    } else if (ch.members !== undefined) {
      // Its objects' deletes are listed one by one (a record set's records).
    } else if (kind === "Zone") {
      // A Zone never deletes its zone; it puts back the activation it found when it adopted it.
      const found = ch.outputs?.activeFound;
      if (typeof found === "boolean" && found !== ch.outputs?.active) {
        add(
          "delegation",
          `Turns the DNS service of ${c(str(ch.before?.name))} ${found ? "on" : "off"} again, as it was when adopted.`,
        );
      }
    } else if (kind === "SecondaryZone") {
      add("delete", `Deletes the secondary zone ${c(str(ch.before?.name))}: the service stops serving it.`);
    } else if (KINDS[kind]?.action !== undefined) {
      // A one-shot action removed from the program only leaves the stack: nothing is undone.
    } else {
      add("delete", `Deletes the ${KINDS[kind]?.noun[0] ?? kind}.`);
    }
  }

  // Replacements.
  if (ch.op === "replace") {
    const because =
      ch.replaceReasons.length > 0 ? ch.replaceReasons.map((r) => `\`${r}\``).join(", ") : "a field";
    if (ch.fromAccount !== undefined) {
      add(
        "replace",
        `Moves from account ${ch.fromAccount} to account ${ch.account}: created there, then deleted here.`,
      );
    } else if (kind === "Domain" || kind === "LegacyDomain") {
      add(
        "replace",
        `A new zone ${c(str(ch.after?.name))} is created and ${c(str(ch.before?.name))} is deleted with every record in it.`,
      );
    } else if (kind === "DomainRegistration" || kind === "DomainTransfer") {
      // Spending below says what is bought; the old registration stays.
    } else if (KINDS[kind]?.action !== undefined) {
      add(
        "replace",
        `Runs again because ${because} changed: a one-shot action cannot change in place, and its earlier run is not undone.`,
      );
    } else if (ch.set !== undefined) {
      add(
        "replace",
        `The record's ${because} changes: record set ${c(ch.set)} deletes it and creates the new one (in the same batch request, unless batching is off).`,
      );
    } else if (ch.members !== undefined && ch.before && ch.after && ch.zone !== zoneBefore(ch)) {
      add(
        "replace",
        `Moves to ${c(ch.zone)}: its records are created there, then deleted from ${c(zoneBefore(ch))}.`,
      );
    } else {
      const order = ch.deleteFirst
        ? "The old one is deleted before the new one is created: **briefly absent**."
        : "The new one is created before the old one is deleted: never absent.";
      add("replace", `Replaced because ${because} cannot change in place. ${order}`);
    }
  }

  // Records: mail, delegation, the apex.
  // A change of TTL alone moves nothing: no mail, delegation or apex risk for it.
  const ttlOnly = ch.op === "update" && ch.changed.every((f) => f === "ttl");
  if (kind === "ZoneRecord" && !ttlOnly) {
    const types = new Set([recordType(ch.before), recordType(ch.after)].filter((t) => t !== ""));
    const apex = [ch.before, ch.after].some((s) => s !== undefined && isApex(s.name));
    const subject = fqdn(p);
    if (types.has("MX")) {
      if (ch.op === "create")
        add(
          "MX",
          `Adds a mail exchanger for ${c(subject)}: mail may now go to ${c(recordValue(ch, "after"))}.`,
        );
      else if (ch.op === "delete")
        add("MX", `Mail for ${c(subject)} no longer goes to ${c(recordValue(ch, "before"))}.`);
      else if (recordValue(ch, "before") !== recordValue(ch, "after") || ch.op === "replace")
        add(
          "MX",
          `Mail for ${c(subject)} now goes to ${c(recordValue(ch, "after"))} (was ${c(recordValue(ch, "before"))}).`,
        );
      else add("MX", `Changes a mail exchanger of ${c(subject)}.`);
    }
    if (types.has("NS")) {
      add(
        "NS",
        `Changes the delegation of ${c(subject)}: ${ch.op === "delete" ? `${c(recordValue(ch, "before"))} no longer answers for it` : `${c(recordValue(ch, "after"))} answers for it`}.`,
      );
    }
    if (apex && !types.has("MX") && !types.has("NS")) {
      const type = recordType(ch.after ?? ch.before);
      const what = RECORD_WHAT[type] ?? `the ${type} record`;
      add(
        "apex",
        `${ch.op === "create" ? "Sets" : ch.op === "delete" ? "Removes" : "Changes"} ${what} of the bare domain ${c(ch.zone)}${ch.op === "update" || ch.op === "replace" ? `: ${c(recordValue(ch, "before"))} → ${c(recordValue(ch, "after"))}` : ""}.`,
      );
    }
  }

  // An authoritative record set deletes the records of its zone it does not declare: those the
  // stack knew of at the last refresh are listed as deletes; others appear only at `up`.
  if (
    kind === "ZoneRecords" &&
    ch.after?.authoritative === true &&
    (ch.op === "create" || ch.op === "replace" || ch.before?.authoritative !== true)
  ) {
    add(
      "delete",
      `Authoritative: every record of ${c(ch.zone)} it does not declare is deleted (not the service's SOA and NS), including records made outside Pulumi, which this preview does not list.`,
    );
  }

  // DNSSEC and DS records.
  if (kind === "Dnssec" && (ch.op === "create" || ch.op === "replace")) {
    add(
      "DNSSEC",
      `Turns DNSSEC signing of ${c(ch.zone)} on: publish a matching DS record at the registry, and only then.`,
    );
    const was = str(ch.before?.domain).toLowerCase();
    if (ch.op === "replace" && was !== "" && was !== ch.zone)
      add(
        "DNSSEC",
        `Turns it off for ${c(was)}: while a DS record of it is published, validating resolvers reject that zone.`,
      );
  }
  if (kind === "DsRecord" && (ch.op === "create" || ch.op === "replace")) {
    add(
      "DNSSEC",
      `Publishes DS keytag ${c(str(ch.after?.keytag))} for ${c(ch.zone)} at the registry: a DS record that matches no key signing the zone takes it offline for validating resolvers.`,
    );
  }

  // Delegation at the registry (legacy v1).
  if ((kind === "NameServerDelegation" || kind === "DomainDelegation") && ch.op !== "delete") {
    add(
      "delegation",
      `Delegates ${c(str(ch.after?.domain))} at the registry to ${c(val(ch, "nameServers", "after"))}${ch.before ? ` (was ${c(val(ch, "nameServers", "before"))})` : ""}: every lookup of the domain goes there.`,
    );
  }
  if (kind === "RegistryNameServer" && ch.op !== "delete") {
    add(
      "delegation",
      `Glue record ${c(str(ch.after?.name))} → ${c(str(ch.after?.ip))} at the registry${ch.before ? ` (was ${c(`${str(ch.before.name)} → ${str(ch.before.ip)}`)})` : ""}.`,
    );
  }

  // A zone's DNS service turned off: its name servers stop answering.
  if (kind === "Zone" && ch.after?.active === false && ch.before?.active !== false) {
    add(
      "delegation",
      `Turns the DNS service of ${c(str(ch.after?.name))} off: the service's name servers stop answering for the zone.`,
    );
  }

  // Secondary DNS: zones unlinked from a primary stop receiving transfers.
  if (kind === "PrimaryServer" && ch.op === "update") {
    const was = new Set((ch.before?.linkedZones as unknown[] | undefined)?.map(String) ?? []);
    const now = new Set((ch.after?.linkedZones as unknown[] | undefined)?.map(String) ?? []);
    const dropped = [...was].filter((z) => !now.has(z));
    if (dropped.length > 0)
      add(
        "secondary",
        `Unlinks ${dropped.map(c).join(", ")} from ${c(str(ch.after?.name))}: their zone transfers from it stop.`,
      );
  }

  // Ownership.
  if (kind === "DomainPush" && (ch.op === "create" || ch.op === "replace")) {
    add(
      "ownership",
      `Pushes ${c(str(ch.after?.domain))} to another account (${c(val(ch, "targetAccount", "after"))}): once accepted it leaves this account, which cannot be undone.`,
    );
  }
  if (kind === "DomainPushAnswer" && (ch.op === "create" || ch.op === "replace")) {
    add(
      "ownership",
      ch.after?.accept === false
        ? `Rejects a domain push in account ${ch.account}.`
        : `Accepts a domain push into account ${ch.account}.`,
    );
  }

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
        `Orders a Let's Encrypt certificate for ${c(KINDS.LetsEncryptCertificate!.label(ch.after ?? {}))}${ch.after?.autoRenew === true ? ", renewed automatically" : ""} (the API states no price for it).`,
      );
  }

  // One-shot actions: what running one does, and what it costs.
  const info = KINDS[kind];
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

function zoneBefore(ch: Change): string {
  const field = KINDS[ch.kind]?.zone;
  return str(field === undefined ? undefined : ch.before?.[field])
    .toLowerCase()
    .replace(/\.$/, "");
}

function isApex(name: unknown): boolean {
  const n = str(name).trim().replace(/\.$/, "");
  return n === "" || n === "@";
}

/** `name.zone`, or the zone for the apex. */
export function fqdn(p: Props): string {
  const zone = typeof p.zoneName === "string" ? p.zoneName.toLowerCase().replace(/\.$/, "") : "(new zone)";
  return isApex(p.name) ? zone : `${str(p.name).toLowerCase()}.${zone}`;
}
