/**
 * One hand-made object of every kind that `pulumi import` takes, made at the emulator through the
 * client as someone would make it by hand, with what names it (for every id form of the kind's
 * table, provider/framework/imports.ts) and how a program declares it. The integration
 * test (test/integration/imports.test.ts), the e2e test (test/e2e/imports.test.ts) and the bench
 * (bench/imports.ts) run the round trips on these; a unit test holds the list against the kinds.
 */
import type { DnsimpleClient } from "../provider/client";
import type { ImportTarget } from "../provider/framework/imports";

/** What a case made: what names it, and the declaration of it a program writes. */
export interface MadeObject {
  readonly target: ImportTarget;
  /** The id Pulumi keeps for it after the import (the id a create would have given). */
  readonly id: string;
  readonly declaration: Readonly<Record<string, unknown>>;
}

export interface ImportCase {
  readonly kind: string;
  /** Makes the object (each case under its own names, so the cases share one account). */
  make(client: DnsimpleClient, account: number): Promise<MadeObject>;
}

/** The domain every case's objects live under, made first (a hosted domain, or a registered one). */
export const IMPORT_DOMAIN = "import-cases.com";
export const IMPORT_REGISTERED = "import-registered.com";
/** A second registered domain, delegated through the legacy API (a domain has one delegation). */
export const IMPORT_REGISTERED_V1 = "import-registered-v1.com";

/** The emulator seed the cases need: a registered domain and its registrant. */
export const IMPORT_SEED = {
  contacts: [{ account: 1, id: 10, firstName: "Reg", lastName: "Owner", email: "owner@example.org" }],
  domains: [IMPORT_REGISTERED, IMPORT_REGISTERED_V1].map((name) => ({
    account: 1,
    name,
    state: "registered",
    registrantId: 10,
    expiresOn: "2030-01-01",
  })),
};

const DIGEST = "1f987cc6583e92df0890718c42fd5e2d7d56d1e1e2bcd1f3d8e3a6b4c3d2e1f0";

async function hostedDomain(client: DnsimpleClient, account: number, name = IMPORT_DOMAIN) {
  return (
    (await client.domains.get(account, name).catch(() => undefined)) ??
    client.domains.create(account, { name })
  );
}

export const IMPORT_CASES: ReadonlyArray<ImportCase> = [
  {
    kind: "Domain",
    async make(client, account) {
      const domain = await client.domains.create(account, { name: "import-domain.com" });
      return {
        target: { domain: domain.name, id: domain.id },
        id: `${domain.id}`,
        declaration: { name: domain.name },
      };
    },
  },
  {
    kind: "ZoneRecord",
    async make(client, account) {
      const zone = (await hostedDomain(client, account)).name;
      const record = await client.zones.records.create(account, zone, {
        name: "www",
        type: "A",
        content: "192.0.2.10",
        ttl: 600,
      });
      return {
        target: { domain: zone, id: record.id },
        id: `${record.id}`,
        declaration: { zoneName: zone, name: "www", type: "A", content: "192.0.2.10", ttl: 600 },
      };
    },
  },
  {
    kind: "EmailForward",
    async make(client, account) {
      const domain = (await hostedDomain(client, account)).name;
      const forward = await client.emailForwards.create(account, domain, {
        alias_name: "sales",
        destination_email: "team@example.org",
      });
      return {
        target: { domain, id: forward.id },
        id: `${forward.id}`,
        declaration: { domain, aliasName: "sales", destinationEmail: "team@example.org" },
      };
    },
  },
  {
    kind: "DsRecord",
    async make(client, account) {
      const ds = await client.dsRecords.create(account, IMPORT_REGISTERED, {
        algorithm: "13",
        digest: DIGEST,
        digest_type: "2",
        keytag: "2371",
      });
      return {
        target: { domain: IMPORT_REGISTERED, id: ds.id },
        id: `${ds.id}`,
        declaration: {
          domain: IMPORT_REGISTERED,
          algorithm: "13",
          digest: DIGEST,
          digestType: "2",
          keytag: "2371",
        },
      };
    },
  },
  {
    kind: "Contact",
    async make(client, account) {
      const values = {
        label: "Billing",
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.org",
        phone: "+1.5555550100",
        address1: "1 Main St",
        city: "Springfield",
        stateProvince: "IL",
        postalCode: "62701",
        country: "US",
      };
      const contact = await client.contacts.create(account, {
        label: values.label,
        first_name: values.firstName,
        last_name: values.lastName,
        email: values.email,
        phone: values.phone,
        address1: values.address1,
        city: values.city,
        state_province: values.stateProvince,
        postal_code: values.postalCode,
        country: values.country,
      });
      return { target: { id: contact.id }, id: `${contact.id}`, declaration: values };
    },
  },
  {
    kind: "Webhook",
    async make(client, account) {
      const webhook = await client.webhooks.create(account, { url: "https://hooks.example.com/import" });
      return {
        target: { id: webhook.id },
        id: `${webhook.id}`,
        declaration: { url: "https://hooks.example.com/import" },
      };
    },
  },
  {
    kind: "SecondaryZone",
    async make(client, account) {
      const zone = await client.secondaryDns.createZone(account, { name: "import-secondary.net" });
      return {
        target: { domain: zone.name, id: zone.id },
        id: `${zone.id}`,
        declaration: { name: zone.name },
      };
    },
  },
  {
    kind: "PrimaryServer",
    async make(client, account) {
      const server = await client.secondaryDns.createPrimary(account, {
        name: "import-ns1",
        ip: "192.0.2.53",
        port: 53,
      });
      return {
        target: { id: server.id },
        id: `${server.id}`,
        declaration: { name: "import-ns1", ip: "192.0.2.53", port: 53 },
      };
    },
  },
  {
    kind: "Zone",
    async make(client, account) {
      const domain = await client.domains.create(account, { name: "import-zone.com" });
      const zone = await client.zones.get(account, domain.name);
      return {
        target: { domain: zone.name, id: zone.id },
        id: `${zone.id}`,
        declaration: { name: zone.name },
      };
    },
  },
  {
    kind: "Dnssec",
    async make(client, account) {
      const domain = await client.domains.create(account, { name: "import-dnssec.com" });
      await client.dnssec.enable(account, domain.name);
      return { target: { domain: domain.name }, id: domain.name, declaration: { domain: domain.name } };
    },
  },
  {
    kind: "DomainDelegation",
    async make(client, account) {
      const servers = ["ns1.other-dns.example", "ns2.other-dns.example"];
      await client.registrar.setDelegation(account, IMPORT_REGISTERED, servers);
      return {
        target: { domain: IMPORT_REGISTERED },
        id: IMPORT_REGISTERED,
        declaration: { domain: IMPORT_REGISTERED, nameServers: servers },
      };
    },
  },
  {
    kind: "NameServerDelegation",
    async make(client) {
      const servers = ["ns1.legacy-dns.example", "ns2.legacy-dns.example"];
      await client.v1.setNameServers(IMPORT_REGISTERED_V1, servers);
      return {
        target: { domain: IMPORT_REGISTERED_V1 },
        id: IMPORT_REGISTERED_V1,
        declaration: { domain: IMPORT_REGISTERED_V1, nameServers: servers },
      };
    },
  },
  {
    kind: "LegacyDomain",
    async make(client) {
      const domain = await client.v1.createDomain({ name: "import-legacy.com" });
      return {
        target: { domain: domain.name, id: domain.id },
        id: `${domain.id}`,
        declaration: { name: domain.name },
      };
    },
  },
  {
    kind: "Template",
    async make(client) {
      const template = await client.v1.createTemplate({ name: "Mail setup", short_name: "import-mail" });
      return {
        target: { id: template.id },
        id: `${template.id}`,
        declaration: { name: "Mail setup", shortName: "import-mail" },
      };
    },
  },
  {
    kind: "DomainRegistration",
    async make(client, account) {
      const domain = await client.domains.get(account, IMPORT_REGISTERED);
      return {
        target: { domain: IMPORT_REGISTERED, id: 1234 },
        id: IMPORT_REGISTERED,
        declaration: {
          domain: IMPORT_REGISTERED,
          registrantId: domain.registrant_id,
          autoRenew: domain.auto_renew,
          whoisPrivacy: domain.private_whois,
        },
      };
    },
  },
  {
    kind: "LetsEncryptCertificate",
    async make(client, account) {
      const domain = (await hostedDomain(client, account)).name;
      const order = await client.certificates.purchaseLetsencrypt(account, domain, {
        name: "secure",
        auto_renew: false,
        signature_algorithm: "ECDSA",
      });
      const cert = await client.certificates.issueLetsencrypt(account, domain, order.id);
      return {
        target: { domain, id: cert.id },
        id: `${cert.id}`,
        declaration: { domain, name: "secure", autoRenew: false },
      };
    },
  },
];
