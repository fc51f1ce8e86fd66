/**
 * What `generate-program` reads of an account: its domains with their zone records (the
 * service's system records left out), email forwards, DS records and DNSSEC state, and the
 * account's contacts, webhooks, secondary zones and primary servers. Reads only; paced by the
 * client like every request of the provider.
 */
import type {
  Contact,
  DnsimpleClient,
  Domain,
  DelegationSignerRecord,
  EmailForward,
  PrimaryServer,
  Webhook,
  Zone,
  ZoneRecord,
} from "../client";
import { isNotFound } from "../client";

export interface DomainSnapshot {
  readonly domain: Domain;
  readonly records: ZoneRecord[];
  readonly forwards: EmailForward[];
  readonly dsRecords: DelegationSignerRecord[];
  readonly dnssecEnabled: boolean;
}

export interface AccountSnapshot {
  readonly account: string;
  readonly domains: DomainSnapshot[];
  readonly secondaryZones: Zone[];
  readonly contacts: Contact[];
  readonly webhooks: Webhook[];
  readonly primaryServers: PrimaryServer[];
}

export interface ReadOptions {
  /** Only these domains (names); all by default. */
  readonly domains?: ReadonlyArray<string>;
  /** Called as the reading goes, for a progress line. */
  readonly progress?: (message: string) => void;
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** Reads everything `generate-program` writes, domains in name order. */
export async function readAccount(
  client: DnsimpleClient,
  account: string,
  options: ReadOptions = {},
): Promise<AccountSnapshot> {
  const progress = options.progress ?? (() => undefined);
  const wanted = options.domains ? new Set(options.domains.map((d) => d.toLowerCase())) : undefined;
  progress("reading zones and domains");
  const zones = await all(client.zones.iterate(account));
  const secondary = new Set(zones.filter((z) => z.secondary).map((z) => z.name));
  const domains = (await all(client.domains.iterate(account)))
    .filter((d) => !wanted || wanted.has(d.name))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (wanted) {
    const missing = [...wanted].filter((name) => !domains.some((d) => d.name === name));
    if (missing.length > 0) throw new Error(`--domains: not in account ${account}: ${missing.join(", ")}`);
  }
  const snapshots: DomainSnapshot[] = [];
  const primaryDomains = domains.filter((d) => !secondary.has(d.name));
  for (const [i, domain] of primaryDomains.entries()) {
    const records = (await all(client.zones.records.iterate(account, domain.name))).filter(
      (r) => !r.system_record,
    );
    const forwards = await all(client.emailForwards.iterate(account, domain.name));
    const dsRecords = await all(client.dsRecords.iterate(account, domain.name));
    const dnssec = await client.dnssec.get(account, domain.name).catch((error: unknown) => {
      if (isNotFound(error)) return undefined;
      throw error;
    });
    snapshots.push({ domain, records, forwards, dsRecords, dnssecEnabled: dnssec?.enabled === true });
    progress(
      `read ${i + 1}/${primaryDomains.length} ${domain.name}: ${records.length} records, ` +
        `${forwards.length} forwards, ${dsRecords.length} DS records`,
    );
  }
  progress("reading contacts, webhooks, secondary zones and primary servers");
  const secondaryZones = zones
    .filter((z) => z.secondary && (!wanted || wanted.has(z.name)))
    .sort((a, b) => a.name.localeCompare(b.name));
  const linked = new Set(secondaryZones.map((z) => z.name));
  const primaryServers = (await all(client.secondaryDns.iteratePrimaries(account)))
    .filter((p) => !wanted || p.linked_secondary_zones.some((z) => linked.has(z)))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return {
    account,
    domains: snapshots,
    secondaryZones,
    contacts: wanted ? [] : (await all(client.contacts.iterate(account))).sort((a, b) => a.id - b.id),
    webhooks: wanted ? [] : (await client.webhooks.list(account)).sort((a, b) => a.id - b.id),
    primaryServers,
  };
}

/** How many objects a snapshot holds (each record counts). */
export function objectCount(s: AccountSnapshot): number {
  return (
    s.domains.reduce(
      (n, d) => n + 1 + d.records.length + d.forwards.length + d.dsRecords.length + (d.dnssecEnabled ? 1 : 0),
      0,
    ) +
    s.secondaryZones.length +
    s.contacts.length +
    s.webhooks.length +
    s.primaryServers.length
  );
}
