/**
 * Domain operations shared by several route groups: name checks, lookup by name or id within an
 * account, creation with its zone, and the cascading delete.
 *
 * @example
 *   const d = findDomain(ctx, ctx.params.domain); // 404 "Domain `x` not found" otherwise
 */
import { randomBytes } from "node:crypto";
import { domainToASCII, domainToUnicode } from "node:url";
import type { Ctx } from "./context";
import type { Events } from "./events";
import { badRequest, notFound, validationError } from "./http";
import type { DomainRow } from "./model";
import { now, type Store } from "./store";
import { domainView, zoneView } from "./views";

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The service's name servers, used for new zones and delegation. */
export const SERVICE_NAME_SERVERS: readonly string[] = Object.freeze([
  "ns1.dnsimple.com",
  "ns2.dnsimple-edge.net",
  "ns3.dnsimple.com",
  "ns4.dnsimple-edge.org",
]);

// Rows share these immutable values: every change assigns a new array, none mutates in place, so
// 100,000 domains do not carry 100,000 copies of the same lists.
const GLOBAL_REGION = Object.freeze(["global"]) as unknown as string[];
const NO_REGISTRY_NAME_SERVERS = Object.freeze([]) as unknown as { name: string; ip: string }[];

/** ASCII (punycode) form of a domain name, or null when it is not a valid name. */
export function normalizeDomainName(raw: string): string | null {
  let name = raw.trim().toLowerCase();
  if (name.endsWith(".")) name = name.slice(0, -1);
  if (name === "" || name.length > 253) return null;
  const ascii = /^[\x20-\x7e]*$/.test(name) ? name : domainToASCII(name);
  if (ascii === "" || ascii.length > 253) return null;
  const labels = ascii.split(".");
  if (labels.length < 2) return null;
  const tld = labels[labels.length - 1] as string;
  if (!TLD.test(tld)) return null;
  return labels.every((l) => LABEL.test(l)) ? ascii : null;
}

/** The TLD of a normalized name, without the dot. */
export function tldOf(name: string): string {
  return name.slice(name.lastIndexOf(".") + 1);
}

/** A domain of the request's account by name or id, or a 404. */
export function findDomain(ctx: Ctx, ref: string, accountId = ctx.accountId): DomainRow {
  const d = lookupDomain(ctx.store, ref);
  if (d === undefined || d.account_id !== accountId) throw notFound("Domain", ref);
  return d;
}

/** A domain anywhere by name or id. */
export function lookupDomain(store: Store, ref: string): DomainRow | undefined {
  if (/^\d+$/.test(ref)) return store.domains.get(Number(ref));
  return store.domains.byKey(ref.trim().toLowerCase().replace(/\.$/, ""));
}

/** The unicode form; the same string object when the name is plain ASCII. */
function unicodeOf(name: string): string {
  if (!name.includes("xn--")) return name;
  return domainToUnicode(name) || name;
}

function domainToken(): string {
  return randomBytes(16).toString("hex");
}

/** Validates a name for a new domain; returns the ASCII name or throws the service's 400. */
export function validateNewDomainName(store: Store, raw: unknown): string {
  if (raw === undefined || raw === null || raw === "") throw validationError({ name: ["can't be blank"] });
  if (typeof raw !== "string") throw validationError({ name: ["must be a string"] });
  const name = normalizeDomainName(raw);
  if (name === null) throw validationError({ name: ["is an invalid domain"] });
  if (store.domains.byKey(name) !== undefined || store.zones.byKey(name) !== undefined) {
    throw badRequest(`The domain ${name} is already in DNSimple and cannot be added`);
  }
  return name;
}

/** Creates a domain and its zone (with SOA and NS system records). */
export function createDomain(
  store: Store,
  events: Events,
  accountId: number,
  name: string,
  extra: Partial<DomainRow> = {},
  zoneExtra: { secondary?: boolean } = {},
): DomainRow {
  const t = now();
  const domain = store.domains.insert({
    account_id: accountId,
    registrant_id: null,
    name,
    unicode_name: unicodeOf(name),
    state: "hosted",
    auto_renew: false,
    private_whois: false,
    trustee: false,
    expires_on: null,
    expires_at: null,
    created_at: t,
    updated_at: t,
    token: domainToken(),
    transfer_lock: false,
    dnssec_enabled: false,
    dnssec_created_at: null,
    dnssec_updated_at: null,
    name_servers: SERVICE_NAME_SERVERS as string[],
    registry_name_servers: NO_REGISTRY_NAME_SERVERS,
    transfer_out_authorized: false,
    ...extra,
  });
  const zone = store.zones.insert({
    account_id: accountId,
    name,
    reverse: name.endsWith(".arpa"),
    secondary: zoneExtra.secondary ?? false,
    last_transferred_at: null,
    active: true,
    created_at: t,
    updated_at: t,
  });
  if (!zone.secondary) {
    const serial = Math.floor(Date.now() / 1000);
    store.records.insert({
      account_id: accountId,
      zone: name,
      parent_id: null,
      name: "",
      content: `ns1.dnsimple.com admin.dnsimple.com ${serial} 86400 7200 604800 300`,
      ttl: 3600,
      priority: null,
      type: "SOA",
      regions: GLOBAL_REGION,
      system_record: true,
      created_at: t,
      updated_at: t,
    });
    for (const ns of SERVICE_NAME_SERVERS) {
      store.records.insert({
        account_id: accountId,
        zone: name,
        parent_id: null,
        name: "",
        content: ns,
        ttl: 3600,
        priority: null,
        type: "NS",
        regions: GLOBAL_REGION,
        system_record: true,
        created_at: t,
        updated_at: t,
      });
    }
  }
  events.emit(accountId, "domain.create", { domain: domainView(domain) });
  events.emit(accountId, "zone.create", { zone: zoneView(zone) });
  return domain;
}

/** Deletes a domain and everything that hangs off it: zone, records, forwards, DS, certificates, … */
export function deleteDomainCascade(store: Store, events: Events, domain: DomainRow): void {
  const id = domain.id;
  const zone = store.zones.byKey(domain.name);
  if (zone !== undefined) {
    store.zones.delete(zone.id);
    store.records.deleteWhere((r) => r.zone === domain.name);
    for (const p of store.primaryServers.all()) {
      if (p.linked_secondary_zones.includes(domain.name)) {
        store.primaryServers.update(p, {
          linked_secondary_zones: p.linked_secondary_zones.filter((z) => z !== domain.name),
        });
      }
    }
  }
  store.emailForwards.deleteWhere((f) => f.domain_id === id);
  store.dsRecords.deleteWhere((r) => r.domain_id === id);
  const certs = store.certificates.deleteWhere((c) => c.domain_id === id);
  const certIds = new Set(certs.map((c) => c.id));
  store.certificatePurchases.deleteWhere((p) => certIds.has(p.certificate_id));
  store.certificateRenewals.deleteWhere(
    (r) => certIds.has(r.old_certificate_id) || certIds.has(r.new_certificate_id),
  );
  store.pushes.deleteWhere((p) => p.domain_id === id);
  const orders = store.orders.deleteWhere((o) => o.domain_id === id);
  const orderIds = new Set(orders.map((o) => o.id));
  const changes = store.registrantChanges.deleteWhere((c) => c.domain_id === id);
  const changeIds = new Set(changes.map((c) => c.id));
  store.jobs.deleteWhere((j) =>
    j.kind === "order"
      ? orderIds.has(j.ref_id)
      : j.kind === "registrant_change"
        ? changeIds.has(j.ref_id)
        : certIds.has(j.ref_id),
  );
  store.platformMessages.deleteWhere((m) => m.resource === `domain:${id}`);
  store.metadata.deleteWhere((m) => m.resource === `domain:${id}`);
  store.domains.delete(id);
  events.emit(domain.account_id, "domain.delete", { domain: domainView(domain) });
  if (zone !== undefined) events.emit(domain.account_id, "zone.delete", { zone: zoneView(zone) });
}
