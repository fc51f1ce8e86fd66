/**
 * The programs behind the review fixtures: for each scenario, the baseline that `up` creates and
 * the changed program that `pulumi preview --json` compares with it. Together they add, change,
 * delete and replace every resource kind (a kind whose inputs all force replacement shows its
 * change as a replacement; `account` moves replace any kind). Declarations are those of the
 * generic e2e program (`test/e2e/programs/generic`): `{ $ref: "name.output" }` takes an output.
 */
import type { RunningEmulator } from "../../emulator";

type Declaration = {
  type: string;
  name: string;
  args: Record<string, unknown>;
  options?: Record<string, unknown>;
};

export interface Scenario {
  /** Fixture file name (`fixtures/<name>.json`) and expected Markdown (`expected/<name>.md`). */
  name: string;
  project: string;
  stack: string;
  token: string;
  seed: Record<string, unknown>;
  /** Looks up what the programs need from the seeded emulator (ids). */
  prepare?(emulator: RunningEmulator): Promise<Record<string, string>>;
  /** Runs before the baseline program `index` is brought up (from the second one on). */
  beforeBaseline?(emulator: RunningEmulator, index: number): Promise<void>;
  /** Programs brought up one after the other (usually one). */
  baseline(context?: Record<string, string>): Declaration[][];
  between?(emulator: RunningEmulator, context?: Record<string, string>): Promise<void>;
  /** Run `pulumi refresh` before the preview (what changed outside Pulumi shows in the preview). */
  refresh?: boolean;
  changed(context?: Record<string, string>): Declaration[];
  /** Store the fixture gzipped (large previews). */
  gzip?: boolean;
  /** The changed program is invalid: the preview fails (non-zero exit) and reports why. */
  fails?: boolean;
}

const ref = (value: string) => ({ $ref: value });

/** Personal data of the contacts in the programs: must never reach a summary. */
const PEOPLE = {
  ada: {
    label: "owner",
    firstName: "Adaline",
    lastName: "Quuxwright",
    email: "adaline.quuxwright@personal.example",
    phone: "+44.2071234567",
    address1: "12 Zyxwvut Row",
    city: "Lowerbridgeton",
    stateProvince: "Greater Qualmshire",
    postalCode: "N1 9QQ",
    country: "GB",
  },
  grace: {
    label: "billing",
    firstName: "Gracelyn",
    lastName: "Hopsworthy",
    email: "gracelyn.h@personal.example",
    phone: "+1.7035550177",
    address1: "7 Compilerquay Lane",
    city: "Arlingmoorton",
    stateProvince: "Virginia North",
    postalCode: "VA 22201-QX",
    country: "US",
  },
  linus: {
    label: "tech",
    firstName: "Linnea",
    lastName: "Torvaldsdottir",
    email: "linnea.t@personal.example",
    phone: "+358.912345678",
    fax: "+358.912345679",
    address1: "3 Kernelkatu",
    address2: "Apartment 42b",
    city: "Helsingborgby",
    stateProvince: "Uusimaaland",
    postalCode: "FI-00100-KK",
    country: "FI",
  },
  margaret: {
    label: "legal",
    firstName: "Margarethe",
    lastName: "Hamiltonne",
    email: "margarethe.h@personal.example",
    phone: "+1.6175550199",
    address1: "1 Apollo Guidanceway",
    city: "Cambridgetown",
    stateProvince: "Massachusettsia",
    postalCode: "MA 02139-ZZ",
    country: "US",
  },
} as const;

const TOKENS = {
  records: "review-records-token-1a2b",
  mail: "review-mail-token-3c4d",
  secondary: "review-secondary-token-5e6f",
  registrar: "review-registrar-token-7a8b",
  platform: "review-platform-token-9c0d",
  large: "review-large-token-e1f2",
  sets: "review-sets-token-c5d6",
  none: "review-none-token-a3b4",
  actions: "review-actions-token-d7e8",
};
const AUTH_CODES = ["auth-sekrit-incoming-55a1", "auth-sekrit-moving-66b2", "auth-sekrit-moved-77c3"];
/** Secrets of the one-shot actions' programs. */
const ACTION_SECRETS = {
  clientSecret: "oauth-sekrit-client-88d3",
  codes: ["oauth-sekrit-code-1-99e4", "oauth-sekrit-code-2-aaf5", "oauth-sekrit-code-3-bb06"],
  authCodes: ["auth-sekrit-v1-one-cc17", "auth-sekrit-v1-two-dd28", "auth-sekrit-v1-three-ee39"],
  passwords: ["pw-sekrit-user-one-ff4a", "pw-sekrit-user-two-005b", "pw-sekrit-user-three-116c"],
  cardNumber: "4111111111111111",
};

/** Values a summary must never contain: tokens, auth codes and every personal datum. */
export const FORBIDDEN_VALUES: string[] = [
  ...Object.values(TOKENS),
  ...AUTH_CODES,
  "dev-v1-token",
  ...Object.values(PEOPLE).flatMap((p) =>
    Object.entries(p)
      .filter(([k]) => !["label", "country"].includes(k))
      .map(([, v]) => String(v)),
  ),
  "+1.7035550188", // Gracelyn's new phone number
  ACTION_SECRETS.clientSecret,
  ...ACTION_SECRETS.codes,
  ...ACTION_SECRETS.authCodes,
  ...ACTION_SECRETS.passwords,
  ACTION_SECRETS.cardNumber,
];

/** A user token reaching accounts 1, 2 and 3 (account moves, pushes). */
function seedUsers(token: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    accounts: [
      { id: 2, email: "target@example.org" },
      { id: 3, email: "other@example.org" },
    ],
    users: [{ email: "ops@example.org", password: "pw", accounts: [1, 2, 3], token }],
    ...extra,
  };
}

const record = (
  name: string,
  zone: string,
  host: string,
  type: string,
  content: string,
  extra: Record<string, unknown> = {},
): Declaration => ({
  type: "ZoneRecord",
  name,
  args: { zoneName: ref(`${zone}.name`), name: host, type, content, ...extra },
});

// ---------------------------------------------------------------------------------------------

const records: Scenario = {
  name: "records",
  project: "dns",
  stack: "production",
  token: TOKENS.records,
  seed: seedUsers(TOKENS.records),
  baseline: () => [
    [
      { type: "Domain", name: "corp", args: { name: "acme-corp.com" } },
      record("apex", "corp", "", "A", "192.0.2.10"),
      record("www", "corp", "www", "CNAME", "acme-corp.com"),
      record("mx1", "corp", "", "MX", "mx1.mailhost.net", { priority: 10 }),
      record("mx2", "corp", "", "MX", "mx2.mailhost.net", { priority: 20 }),
      record("spf", "corp", "", "TXT", "v=spf1 include:mailhost.net -all"),
      record("caa", "corp", "", "CAA", '0 issue "letsencrypt.org"'),
      record("api", "corp", "api", "A", "192.0.2.20", { ttl: 600 }),
      record("blog", "corp", "blog", "CNAME", "blogs.hosting.example"),
      record("lab", "corp", "lab", "NS", "ns1.labdns.net"),
      record("old", "corp", "legacy", "TXT", "google-site-verification=abc123"),
      record("move", "corp", "files", "A", "192.0.2.40", { account: "1" }),
    ],
  ],
  changed: () => [
    { type: "Domain", name: "corp", args: { name: "acme-corp.com" } },
    record("apex", "corp", "", "A", "192.0.2.11"),
    record("www", "corp", "www", "CNAME", "acme-corp.com", { ttl: 300 }),
    record("mx1", "corp", "", "MX", "mx1.newmail.net", { priority: 5 }),
    record("spf", "corp", "", "TXT", "v=spf1 include:newmail.net -all"),
    record("caa", "corp", "", "CAA", '0 issue "letsencrypt.org"'),
    record("blog", "corp", "blog", "A", "192.0.2.30"),
    record("lab", "corp", "lab", "NS", "ns1.labdns.net"),
    record("lab2", "corp", "lab", "NS", "ns2.labdns.net"),
    record("status", "corp", "status", "CNAME", "acme.statuspage.example"),
    record("dmarc", "corp", "_dmarc", "TXT", "v=DMARC1; p=quarantine"),
    record("move", "corp", "files", "A", "192.0.2.40", { account: "2" }),
    { type: "Domain", name: "net", args: { name: "acme-corp.net" } },
    record("netApex", "net", "", "ALIAS", "acme-corp.com"),
    record("netWww", "net", "www", "CNAME", "www.acme-corp.com"),
  ],
};

const mail: Scenario = {
  name: "mail-dnssec",
  project: "dns",
  stack: "production",
  token: TOKENS.mail,
  seed: seedUsers(TOKENS.mail),
  baseline: () => [
    [
      { type: "Domain", name: "mailDomain", args: { name: "acme-mail.com" } },
      { type: "Domain", name: "sec", args: { name: "acme-sec.com" } },
      { type: "Domain", name: "sec2", args: { name: "acme-sec2.com" } },
      { type: "Domain", name: "sec3", args: { name: "acme-sec3.com" } },
      fwd("sales", "sales", "team@acme-corp.com"),
      fwd("info", "info", "frontdesk@acme-corp.com"),
      fwd("billing", "billing", "accounts@acme-corp.com"),
      ds("ksk", "sec", "2371"),
      ds("oldKey", "sec", "1999"),
      { type: "Dnssec", name: "signSec", args: { domain: ref("sec.name") } },
      { type: "Dnssec", name: "signSec2", args: { domain: ref("sec2.name") } },
    ],
  ],
  changed: () => [
    { type: "Domain", name: "mailDomain", args: { name: "acme-mail.com" } },
    { type: "Domain", name: "sec", args: { name: "acme-sec.com" } },
    { type: "Domain", name: "sec2", args: { name: "acme-sec2.com" } },
    { type: "Domain", name: "sec3", args: { name: "acme-sec3.com" } },
    fwd("sales", "sales", "sales-team@acme-corp.com"),
    fwd("billing", "invoices", "accounts@acme-corp.com"),
    fwd("support", "support", "helpdesk@acme-corp.com"),
    ds("ksk", "sec", "2372"),
    ds("newKey", "sec3", "4242"),
    { type: "Dnssec", name: "signSec", args: { domain: ref("mailDomain.name") } },
    { type: "Dnssec", name: "signSec3", args: { domain: ref("sec3.name") } },
  ],
};

function fwd(name: string, alias: string, destination: string): Declaration {
  return {
    type: "EmailForward",
    name,
    args: { domain: ref("mailDomain.name"), aliasName: alias, destinationEmail: destination },
  };
}

function ds(name: string, domain: string, keytag: string): Declaration {
  const digest = (keytag + "e2".repeat(32)).slice(0, 64);
  return {
    type: "DsRecord",
    name,
    args: { domain: ref(`${domain}.name`), algorithm: "13", digestType: "2", keytag, digest },
  };
}

const secondary: Scenario = {
  name: "secondary-webhooks-contacts",
  project: "dns",
  stack: "staging",
  token: TOKENS.secondary,
  seed: seedUsers(TOKENS.secondary),
  baseline: () => [
    [
      { type: "SecondaryZone", name: "szA", args: { name: "acme-sec-a.net" } },
      { type: "SecondaryZone", name: "szB", args: { name: "acme-sec-b.net" } },
      { type: "SecondaryZone", name: "szC", args: { name: "acme-sec-c.net" } },
      primary("p1", "ns1.acme-primary.net", "198.51.100.1", ["szA"]),
      primary("p2", "ns2.acme-primary.net", "198.51.100.2", ["szB"]),
      primary("p3", "ns3.acme-primary.net", "198.51.100.3", ["szC"]),
      { type: "Webhook", name: "audit", args: { url: "https://hooks.acme-corp.com/dnsimple/audit" } },
      {
        type: "Webhook",
        name: "chat",
        args: { url: "https://chat.example.com/services/T00/B00/XyZsEcReTpAtH" },
      },
      { type: "Webhook", name: "old", args: { url: "https://old-hooks.acme-corp.com/events" } },
      { type: "Contact", name: "owner", args: PEOPLE.ada },
      { type: "Contact", name: "billing", args: PEOPLE.grace },
      { type: "Contact", name: "legal", args: PEOPLE.margaret },
      { type: "Zone", name: "zA", args: { name: ref("szA.name") } },
      {
        type: "Zone",
        name: "zB",
        args: { name: "acme-sec-b.net", adopt: true },
        options: { dependsOn: ["szB"] },
      },
      { type: "Zone", name: "zC", args: { name: ref("szC.name") } },
    ],
  ],
  changed: () => [
    { type: "SecondaryZone", name: "szA", args: { name: "acme-sec-a.net" } },
    { type: "SecondaryZone", name: "szC", args: { name: "acme-sec-c2.net" } },
    { type: "SecondaryZone", name: "szD", args: { name: "acme-sec-d.net" } },
    primary("p1", "ns1.acme-primary.net", "198.51.100.1", ["szA", "szD"]),
    primary("p2", "ns2.acme-primary.net", "198.51.100.22", []),
    primary("p4", "ns4.acme-primary.net", "198.51.100.4", ["szC"]),
    { type: "Webhook", name: "audit", args: { url: "https://audit.partner.example/dnsimple" } },
    {
      type: "Webhook",
      name: "chat",
      args: { url: "https://chat.example.com/services/T00/B00/NeWsEcReTtOkEn" },
    },
    { type: "Webhook", name: "metrics", args: { url: "https://metrics.acme-corp.com/hooks/dns" } },
    { type: "Contact", name: "billing", args: { ...PEOPLE.grace, phone: "+1.7035550188", jobTitle: "CFO" } },
    { type: "Contact", name: "tech", args: PEOPLE.linus },
    { type: "Contact", name: "legal", args: { ...PEOPLE.margaret, account: "2" } },
    { type: "Zone", name: "zB", args: { name: "acme-sec-b.net", adopt: true, active: false } },
    { type: "Zone", name: "zC", args: { name: ref("szC.name") } },
    { type: "Zone", name: "zD", args: { name: ref("szD.name") } },
  ],
};

function primary(name: string, host: string, ip: string, zones: string[]): Declaration {
  return {
    type: "PrimaryServer",
    name,
    args: { name: host, ip, linkedZones: zones.map((z) => ref(`${z}.name`)) },
  };
}

const FAST = { timeoutSeconds: 20, pollIntervalSeconds: 0.05 };

const registrar: Scenario = {
  name: "registrar-domains-certificates",
  project: "dns",
  stack: "production",
  token: TOKENS.registrar,
  seed: seedUsers(TOKENS.registrar, {
    contacts: [{ account: 1, id: 10, firstName: "Seed", lastName: "Contact", email: "seed@example.org" }],
    domains: [
      { account: 1, name: "acme-brand.com", state: "registered", registrantId: 10, expiresOn: "2030-01-01" },
      { account: 1, name: "acme-legacy.com", state: "registered", registrantId: 10, expiresOn: "2030-01-01" },
    ],
    registrar: { premium: { "acme-premium.io": "1200.00" } },
  }),
  baseline: () => [
    [
      { type: "Contact", name: "owner", args: PEOPLE.ada },
      reg("main", "acme-new.com"),
      reg("retired", "acme-retired.com"),
      reg("typo", "acme-typo.com"),
      xfer("moving", "acme-moving.com", 1),
      xfer("moved", "acme-moved.com", 2),
      xfer("swap", "acme-swap-a.com", 2),
      { type: "Domain", name: "brand", args: { name: "acme-brand.com", adopt: true } },
      {
        type: "Domain",
        name: "legacy",
        args: { name: "acme-legacy.com", adopt: true, allowDeleteRegistered: true },
      },
      { type: "Domain", name: "hosted", args: { name: "acme-hosted.com" } },
      { type: "Domain", name: "blogDomain", args: { name: "acme-blog.com" } },
      { type: "Domain", name: "certZone", args: { name: "acme-cert.com" } },
      cert("www", "www", ["alt.acme-cert.com"]),
      cert("shop", "shop", []),
      cert("api", "api", []),
    ],
  ],
  changed: () => [
    { type: "Contact", name: "owner", args: PEOPLE.ada },
    reg("main", "acme-new.com", { autoRenew: true, whoisPrivacy: true }),
    reg("typo", "acme-right.com"),
    reg("premium", "acme-premium.io", { premiumPrice: "1200.00" }),
    xfer("moving", "acme-moving.com", 1, { whoisPrivacy: true }),
    xfer("incoming", "acme-incoming.com", 0, { autoRenew: true }),
    xfer("swap", "acme-swap-b.com", 2),
    {
      type: "Domain",
      name: "hosted",
      args: { name: "acme-hosted.com", allowDeleteRegistered: true },
    },
    { type: "Domain", name: "blogDomain", args: { name: "acme-journal.com" } },
    { type: "Domain", name: "docs", args: { name: "acme-docs.com" } },
    { type: "Domain", name: "certZone", args: { name: "acme-cert.com" } },
    cert("www", "www", ["alt.acme-cert.com", "static.acme-cert.com"]),
    cert("api", "api", [], { timeoutSeconds: 60 }),
    cert("docs", "docs", []),
  ],
};

function reg(name: string, domain: string, extra: Record<string, unknown> = {}): Declaration {
  return {
    type: "DomainRegistration",
    name,
    args: { domain, registrantId: ref("owner.contactId"), ...FAST, ...extra },
  };
}

function xfer(name: string, domain: string, code: number, extra: Record<string, unknown> = {}): Declaration {
  return {
    type: "DomainTransfer",
    name,
    args: { domain, registrantId: ref("owner.contactId"), authCode: AUTH_CODES[code], ...FAST, ...extra },
  };
}

function cert(
  name: string,
  host: string,
  alternates: string[],
  extra: Record<string, unknown> = {},
): Declaration {
  return {
    type: "LetsEncryptCertificate",
    name,
    args: {
      domain: ref("certZone.name"),
      name: host,
      ...(alternates.length > 0 ? { alternateNames: alternates } : {}),
      ...FAST,
      ...extra,
    },
  };
}

const V1_DOMAINS = ["acme-v1a.com", "acme-v1b.com", "acme-v1c.com", "acme-v1d.com", "acme-v1e.com"];
/** Registered domains delegated through API v2 (`DomainDelegation`). */
const V2_DELEGATED = ["acme-v2a.com", "acme-v2b.com", "acme-v2c.com", "acme-v2d.com", "acme-v2e.com"];

const platform: Scenario = {
  name: "pushes-platform-legacy",
  project: "dns",
  stack: "production",
  token: TOKENS.platform,
  seed: seedUsers(TOKENS.platform, {
    contacts: [
      { account: 1, id: 10, firstName: "Seed", lastName: "One", email: "one@example.org" },
      { account: 2, id: 20, firstName: "Seed", lastName: "Two", email: "two@example.org" },
      { account: 3, id: 30, firstName: "Seed", lastName: "Three", email: "three@example.org" },
    ],
    domains: [...V1_DOMAINS, ...V2_DELEGATED].map((name) => ({
      account: 1,
      name,
      state: "registered",
      registrantId: 10,
      expiresOn: "2030-01-01",
    })),
  }),
  async prepare(emulator) {
    const ids: Record<string, string> = {};
    for (const name of V1_DOMAINS.slice(0, 2)) {
      const response = await fetch(`${emulator.v2Url}/1/domains/${name}`, {
        headers: { authorization: `Bearer ${TOKENS.platform}` },
      });
      ids[name] = `domain:${((await response.json()) as { data: { id: number } }).data.id}`;
    }
    return ids;
  },
  baseline: (ids = {}) => [
    [
      { type: "Domain", name: "gift1", args: { name: "acme-gift1.com" } },
      { type: "Domain", name: "gift2", args: { name: "acme-gift2.com" } },
      { type: "Domain", name: "gift3", args: { name: "acme-gift3.com" } },
      push("push1", "gift1", "target@example.org"),
      answer("accept1", "push1", 2, { contactId: 20 }),
      push("push2", "gift2", "target@example.org"),
      answer("reject2", "push2", 2, { accept: false }),
      ...platformAndLegacy(ids, false),
    ],
  ],
  changed: (ids = {}) => [
    { type: "Domain", name: "gift1", args: { name: "acme-gift1.com" } },
    { type: "Domain", name: "gift2", args: { name: "acme-gift2.com" } },
    { type: "Domain", name: "gift3", args: { name: "acme-gift3.com" } },
    push("push1", "gift1", "other@example.org"),
    answer("accept1", "push1", 3, { contactId: 30 }),
    push("push3", "gift3", "target@example.org"),
    answer("accept3", "push3", 2, { contactId: 20 }),
    ...platformAndLegacy(ids, true),
  ],
};

function push(name: string, domain: string, target: string): Declaration {
  return { type: "DomainPush", name, args: { domain: ref(`${domain}.name`), targetAccount: target } };
}

function answer(
  name: string,
  pushName: string,
  account: number,
  extra: Record<string, unknown>,
): Declaration {
  return { type: "DomainPushAnswer", name, args: { account, pushId: ref(`${pushName}.pushId`), ...extra } };
}

function platformAndLegacy(ids: Record<string, string>, changed: boolean): Declaration[] {
  const [a, b] = [ids["acme-v1a.com"], ids["acme-v1b.com"]];
  const c = changed;
  return [
    {
      type: "PlatformMessage",
      name: "notice",
      args: {
        resource: a,
        title: c ? "Maintenance moved to Sunday" : "Maintenance on Saturday",
        url: "https://status.acme-corp.com",
      },
    },
    ...(c ? [] : [{ type: "PlatformMessage", name: "launch", args: { resource: a, title: "Launch week" } }]),
    ...(c
      ? [{ type: "PlatformMessage", name: "freeze", args: { resource: a, title: "Change freeze" } }]
      : []),
    { type: "PlatformMessage", name: "owner", args: { resource: c ? b : a, title: "Owned by the web team" } },
    {
      type: "PlatformMetadata",
      name: "team",
      args: { resource: a, key: "team", value: c ? "platform" : "dns" },
    },
    ...(c
      ? []
      : [{ type: "PlatformMetadata", name: "cost", args: { resource: a, key: "cost-center", value: "42" } }]),
    ...(c
      ? [{ type: "PlatformMetadata", name: "tier", args: { resource: a, key: "tier", value: "gold" } }]
      : []),
    {
      type: "PlatformMetadata",
      name: "contact",
      args: { resource: a, key: c ? "on-call" : "contact", value: "dns-team" },
    },
    {
      type: "NameServerDelegation",
      name: "delegA",
      args: {
        domain: "acme-v1a.com",
        nameServers: c
          ? ["ns1.acme-dns.net", "ns2.acme-dns.net", "ns3.acme-dns.net"]
          : ["ns1.acme-dns.net", "ns2.acme-dns.net"],
      },
    },
    ...(c
      ? []
      : [
          {
            type: "NameServerDelegation",
            name: "delegB",
            args: { domain: "acme-v1b.com", nameServers: ["ns1.acme-dns.net", "ns2.acme-dns.net"] },
          },
        ]),
    ...(c
      ? [
          {
            type: "NameServerDelegation",
            name: "delegC",
            args: { domain: "acme-v1c.com", nameServers: ["ns1.acme-dns.net", "ns2.acme-dns.net"] },
          },
        ]
      : []),
    {
      type: "NameServerDelegation",
      name: "delegD",
      args: {
        domain: c ? "acme-v1e.com" : "acme-v1d.com",
        nameServers: ["ns1.acme-dns.net", "ns2.acme-dns.net"],
      },
    },
    {
      type: "DomainDelegation",
      name: "v2A",
      args: {
        domain: "acme-v2a.com",
        nameServers: c
          ? ["ns1.acme-dns.net", "ns2.acme-dns.net", "ns3.acme-dns.net"]
          : ["ns1.acme-dns.net", "ns2.acme-dns.net"],
      },
    },
    ...(c
      ? [
          {
            type: "DomainDelegation",
            name: "v2C",
            args: { domain: "acme-v2d.com", nameServers: ["ns1.acme-dns.net", "ns2.acme-dns.net"] },
          },
        ]
      : [
          {
            type: "DomainDelegation",
            name: "v2B",
            args: { domain: "acme-v2b.com", nameServers: ["ns1.acme-dns.net", "ns2.acme-dns.net"] },
          },
        ]),
    {
      type: "DomainDelegation",
      name: "v2D",
      args: {
        domain: c ? "acme-v2e.com" : "acme-v2c.com",
        nameServers: ["ns1.acme-dns.net", "ns2.acme-dns.net"],
      },
    },
    {
      type: "Template",
      name: "mailTpl",
      args: { name: "Mail", shortName: "mail", description: c ? "MX and SPF" : "MX" },
    },
    ...(c ? [] : [{ type: "Template", name: "oldTpl", args: { name: "Old", shortName: "old-tpl" } }]),
    ...(c
      ? [
          {
            type: "Template",
            name: "webTpl",
            args: { name: "Web", shortName: "web", description: "A and www" },
          },
        ]
      : []),
    {
      type: "Template",
      name: "sharedTpl",
      args: { name: "Shared", shortName: "shared", ...(c ? { account: "2" } : {}) },
    },
    {
      type: "RegistryNameServer",
      name: "glue1",
      args: { domain: "acme-v1a.com", name: "ns1.acme-v1a.com", ip: c ? "192.0.2.54" : "192.0.2.53" },
    },
    ...(c
      ? []
      : [
          {
            type: "RegistryNameServer",
            name: "glue2",
            args: { domain: "acme-v1a.com", name: "ns2.acme-v1a.com", ip: "192.0.2.55" },
          },
        ]),
    ...(c
      ? [
          {
            type: "RegistryNameServer",
            name: "glue3",
            args: { domain: "acme-v1c.com", name: "ns1.acme-v1c.com", ip: "192.0.2.56" },
          },
        ]
      : []),
    {
      type: "RegistryNameServer",
      name: "glue4",
      args: { domain: "acme-v1b.com", name: c ? "ns9.acme-v1b.com" : "ns4.acme-v1b.com", ip: "192.0.2.57" },
    },
  ];
}

/** 700 records, then 1,000 changes: 300 TTL changes, 200 new addresses, 200 deletes, 300 adds. */
const large: Scenario = {
  name: "large-1000",
  project: "dns",
  stack: "production",
  token: TOKENS.large,
  seed: seedUsers(TOKENS.large),
  gzip: true,
  baseline: () => [
    [
      { type: "Domain", name: "big", args: { name: "acme-big.com" } },
      ...Array.from({ length: 700 }, (_, i) =>
        record(`h${i}`, "big", `host${i}`, "A", `10.0.${i >> 8}.${i & 255}`),
      ),
    ],
  ],
  changed: () => [
    { type: "Domain", name: "big", args: { name: "acme-big.com" } },
    ...Array.from({ length: 300 }, (_, i) =>
      record(`h${i}`, "big", `host${i}`, "A", `10.0.${i >> 8}.${i & 255}`, { ttl: 300 }),
    ),
    ...Array.from({ length: 200 }, (_, k) => {
      const i = 300 + k;
      return record(`h${i}`, "big", `host${i}`, "A", `10.1.${i >> 8}.${i & 255}`);
    }),
    ...Array.from({ length: 300 }, (_, i) =>
      i % 3 === 0
        ? record(`t${i}`, "big", `svc${i}`, "TXT", `service-id=${i}`)
        : i % 3 === 1
          ? record(`t${i}`, "big", `v6-${i}`, "AAAA", `2001:db8::${i.toString(16)}`)
          : record(`t${i}`, "big", `alias${i}`, "CNAME", `host${i}.acme-big.com`),
    ),
  ],
};

const none: Scenario = {
  name: "no-changes",
  project: "dns",
  stack: "production",
  token: TOKENS.none,
  seed: seedUsers(TOKENS.none),
  baseline: () => [
    [
      { type: "Domain", name: "corp", args: { name: "acme-corp.com" } },
      record("apex", "corp", "", "A", "192.0.2.10"),
    ],
  ],
  changed: () => [
    { type: "Domain", name: "corp", args: { name: "acme-corp.com" } },
    record("apex", "corp", "", "A", "192.0.2.10"),
  ],
};

/** A preview that fails: bad input is refused by `check`, before any API call. */
const failed: Scenario = {
  name: "preview-failed",
  project: "dns",
  stack: "production",
  token: TOKENS.none,
  seed: seedUsers(TOKENS.none),
  fails: true,
  baseline: () => [[{ type: "Domain", name: "corp", args: { name: "acme-corp.com" } }]],
  changed: () => [
    { type: "Domain", name: "corp", args: { name: "acme-corp.com" } },
    record("apex", "corp", "", "A", "not-an-address"),
    record("www", "corp", "www", "CNAME", "acme-corp.com"),
  ],
};

/** A `ZoneRecords` of the zone `zone` (a domain of the program) with these records (list or map). */
const recordSet = (
  name: string,
  zone: string,
  records: Record<string, unknown> | unknown[],
  extra: Record<string, unknown> = {},
): Declaration => ({
  type: "ZoneRecords",
  name,
  args: { zoneName: ref(`${zone}.name`), records, ...extra },
});

const WEB_BEFORE = {
  apex: { name: "", type: "A", content: "192.0.2.10" },
  www: { name: "www", type: "CNAME", content: "acme-set.com" },
  api: { name: "api", type: "A", content: "192.0.2.20", ttl: 600 },
  docs: { name: "docs", type: "CNAME", content: "docs.hosting.example" },
  legacy: { name: "legacy", type: "TXT", content: "google-site-verification=abc123" },
};
const MAIL_BEFORE = [
  { type: "MX", content: "mx1.mailhost.net", priority: 10 },
  { type: "MX", content: "mx2.mailhost.net", priority: 20 },
  { type: "TXT", content: "v=spf1 include:mailhost.net -all" },
];
const STRICT = [
  { type: "A", content: "192.0.2.60" },
  { name: "www", type: "CNAME", content: "acme-set-auth.com" },
];

/**
 * Record sets (`ZoneRecords`): a map changed key by key (new address at the apex, a TTL, a key
 * removed, a type changed, a key added), a list whose MX host changes (a new record, the old one
 * removed), a set moved to another zone (replaced), one removed, one created authoritative, and an
 * authoritative set whose zone got a record by hand (refreshed: the preview removes it).
 */
const sets: Scenario = {
  name: "zone-records",
  project: "dns",
  stack: "production",
  token: TOKENS.sets,
  seed: seedUsers(TOKENS.sets),
  baseline: () => [
    [
      { type: "Domain", name: "setZone", args: { name: "acme-set.com" } },
      { type: "Domain", name: "oldZone", args: { name: "acme-set-old.com" } },
      { type: "Domain", name: "newZone", args: { name: "acme-set-new.com" } },
      { type: "Domain", name: "authZone", args: { name: "acme-set-auth.com" } },
      recordSet("web", "setZone", WEB_BEFORE),
      recordSet("mail", "setZone", MAIL_BEFORE),
      recordSet("retired", "setZone", [
        { name: "old1", type: "A", content: "192.0.2.50" },
        { name: "old2", type: "TXT", content: "retired" },
      ]),
      recordSet("lab", "oldZone", [
        { name: "lab", type: "NS", content: "ns1.labdns.net" },
        { name: "status", type: "CNAME", content: "acme.statuspage.example" },
      ]),
      recordSet("strict", "authZone", STRICT, { authoritative: true }),
    ],
  ],
  // A record made by hand in the authoritative zone: the refresh shows it, the preview removes it.
  async between(emulator) {
    const response = await fetch(`${emulator.v2Url}/1/zones/acme-set-auth.com/records`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKENS.sets}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "handmade", type: "TXT", content: "made-by-hand", ttl: 3600 }),
    });
    if (!response.ok) throw new Error(`adding a record by hand failed: ${response.status}`);
  },
  refresh: true,
  changed: () => [
    { type: "Domain", name: "setZone", args: { name: "acme-set.com" } },
    { type: "Domain", name: "oldZone", args: { name: "acme-set-old.com" } },
    { type: "Domain", name: "newZone", args: { name: "acme-set-new.com" } },
    { type: "Domain", name: "authZone", args: { name: "acme-set-auth.com" } },
    { type: "Domain", name: "freshZone", args: { name: "acme-set-fresh.com" } },
    recordSet("web", "setZone", {
      apex: { name: "", type: "A", content: "192.0.2.11" },
      www: { name: "www", type: "CNAME", content: "acme-set.com", ttl: 300 },
      docs: { name: "docs", type: "A", content: "192.0.2.30" },
      legacy: WEB_BEFORE.legacy,
      shop: { name: "shop", type: "CNAME", content: "shops.hosting.example" },
    }),
    recordSet("mail", "setZone", [
      { type: "MX", content: "mx1.newmail.net", priority: 10 },
      ...MAIL_BEFORE.slice(1),
    ]),
    recordSet("lab", "newZone", [
      { name: "lab", type: "NS", content: "ns1.labdns.net" },
      { name: "status", type: "CNAME", content: "acme.statuspage.example" },
    ]),
    recordSet("strict", "authZone", [...STRICT, { name: "api", type: "A", content: "192.0.2.61" }], {
      authoritative: true,
    }),
    recordSet(
      "fresh",
      "freshZone",
      [
        { type: "A", content: "192.0.2.70" },
        { name: "www", type: "CNAME", content: "acme-set-fresh.com" },
      ],
      { authoritative: true },
    ),
  ],
};

// ---------------------------------------------------------------------------------------------
// One-shot actions: each kind run twice by the baseline; the changed program forgets one (nothing
// undone), runs the other again (a new `triggers`) and runs a third for the first time.

const ACTIONS_HOSTED = "acme-actions.com";
/** The hosted zone as the Domain resource's output: what acts on it waits until it exists. */
const HOSTED_REF = ref("hosted.name");
const ACTIONS_REGISTERED = ["acme-actions-reg1.com", "acme-actions-reg2.com", "acme-actions-reg3.com"];
const ACTIONS_EXPIRED = ["acme-actions-exp1.com", "acme-actions-exp2.com", "acme-actions-exp3.com"];
const ACTIONS_CONTACT = 70;

/** Three declarations of one action kind: `old` (forgotten), `again` (run again) and `new`. */
type ActionArgs = (i: number) => Record<string, unknown>;
const ACTION_PROGRAMS: Array<[kind: string, args: ActionArgs, extra?: (i: number) => Declaration[]]> = [
  ["DomainRenewal", (i) => ({ domain: ACTIONS_REGISTERED[i], years: 1 })],
  ["DomainRestore", (i) => ({ domain: ACTIONS_EXPIRED[i] })],
  ["DomainTransferOutAuthorization", (i) => ({ domain: ACTIONS_REGISTERED[i] })],
  [
    "LetsEncryptCertificateRenewal",
    (i) => ({ domain: HOSTED_REF, certificateId: ref(`cert${i}.certificateId`) }),
    (i) => [
      {
        type: "LetsEncryptCertificate",
        name: `cert${i}`,
        args: { domain: HOSTED_REF, name: `renew${i}`, pollIntervalSeconds: 0.05 },
      },
    ],
  ],
  [
    "OAuthAccessToken",
    (i) => ({
      clientId: "acme-app",
      clientSecret: ACTION_SECRETS.clientSecret,
      code: ACTION_SECRETS.codes[i],
      redirectUri: "https://app.acme-corp.com/cb",
      state: "acme-state",
    }),
  ],
  [
    "LegacyDomainRegistration",
    (i) => ({ domain: `acme-actions-new${i}.com`, registrantId: String(ACTIONS_CONTACT) }),
  ],
  [
    "LegacyDomainTransfer",
    (i) => ({
      domain: `acme-actions-in${i}.com`,
      registrantId: String(ACTIONS_CONTACT),
      authCode: ACTION_SECRETS.authCodes[i],
    }),
  ],
  ["LegacyDomainRenewal", (i) => ({ domain: ACTIONS_REGISTERED[i] })],
  ["LegacyDomainTransferOut", (i) => ({ domain: ACTIONS_REGISTERED[i] })],
  ["LegacyDomainTokenReset", (i) => ({ domain: ACTIONS_REGISTERED[i] })],
  [
    "LegacyCertificatePurchase",
    (i) => ({ domain: HOSTED_REF, name: `v1cert${i}`, contactId: String(ACTIONS_CONTACT) }),
  ],
  [
    "LegacyCertificateConfiguration",
    (i) => ({ domain: HOSTED_REF, certificateId: ref(`purchaseC${i}.certificateId`) }),
    (i) => [
      {
        type: "LegacyCertificatePurchase",
        name: `purchaseC${i}`,
        args: { domain: HOSTED_REF, name: `conf${i}`, contactId: String(ACTIONS_CONTACT) },
      },
    ],
  ],
  [
    "LegacyCertificateSubmission",
    (i) => ({
      domain: HOSTED_REF,
      certificateId: ref(`purchaseS${i}.certificateId`),
      approverEmail: `admin@${ACTIONS_HOSTED}`,
    }),
    (i) => [
      {
        type: "LegacyCertificatePurchase",
        name: `purchaseS${i}`,
        args: { domain: HOSTED_REF, name: `sub${i}`, contactId: String(ACTIONS_CONTACT) },
      },
      {
        type: "LegacyCertificateConfiguration",
        name: `configureS${i}`,
        args: { domain: HOSTED_REF, certificateId: ref(`purchaseS${i}.certificateId`) },
      },
    ],
  ],
  [
    "LegacySubscription",
    () => ({
      plan: "Silver",
      creditCard: {
        number: ACTION_SECRETS.cardNumber,
        firstName: "Acme",
        lastName: "Billing",
        billingAddress: "1 Main St",
        billingZip: "12345",
        month: "12",
        year: "2030",
        cvv: "123",
      },
    }),
  ],
  ["LegacyUser", (i) => ({ email: `user${i}@acme-corp.com`, password: ACTION_SECRETS.passwords[i] })],
];

function actionDeclarations(phase: "baseline" | "changed"): Declaration[] {
  const out: Declaration[] = [{ type: "Domain", name: "hosted", args: { name: ACTIONS_HOSTED } }];
  for (const [kind, args, extra] of ACTION_PROGRAMS) {
    const key = kind.charAt(0).toLowerCase() + kind.slice(1);
    const instances: Array<[name: string, i: number, triggers: string]> =
      phase === "baseline"
        ? [
            [`${key}Old`, 0, "2026"],
            [`${key}Again`, 1, "2026"],
          ]
        : [
            [`${key}Again`, 1, "2027"],
            [`${key}New`, 2, "2027"],
          ];
    for (const [name, i, triggers] of instances) {
      out.push(...(extra?.(i) ?? []));
      out.push({ type: kind, name, args: { ...args(i), triggers } });
    }
  }
  // A hosted domain through v1: one forgotten, one renamed (replaced), one new.
  if (phase === "baseline") {
    out.push({ type: "LegacyDomain", name: "v1Old", args: { name: "acme-v1-old.com" } });
    out.push({ type: "LegacyDomain", name: "v1Renamed", args: { name: "acme-v1-before.com" } });
  } else {
    out.push({ type: "LegacyDomain", name: "v1Renamed", args: { name: "acme-v1-after.com" } });
    out.push({ type: "LegacyDomain", name: "v1New", args: { name: "acme-v1-new.com" } });
  }
  return out;
}

const actions: Scenario = {
  name: "one-shot-actions",
  project: "dns",
  stack: "production",
  token: TOKENS.actions,
  seed: seedUsers(TOKENS.actions, {
    contacts: [
      { account: 1, id: ACTIONS_CONTACT, firstName: "Seed", lastName: "Owner", email: "o@example.org" },
    ],
    domains: [
      ...ACTIONS_REGISTERED.map((name) => ({
        account: 1,
        name,
        state: "registered",
        registrantId: ACTIONS_CONTACT,
        expiresOn: "2030-01-01",
      })),
      ...ACTIONS_EXPIRED.map((name) => ({
        account: 1,
        name,
        state: "expired",
        registrantId: ACTIONS_CONTACT,
        expiresOn: "2020-01-01",
      })),
    ],
    oauthCodes: ACTION_SECRETS.codes.map((code) => ({
      code,
      clientId: "acme-app",
      clientSecret: ACTION_SECRETS.clientSecret,
      redirectUri: "https://app.acme-corp.com/cb",
      state: "acme-state",
      accountId: 1,
    })),
  }),
  // A user has one subscription at a time: the first baseline subscribes once, the subscription is
  // then cancelled behind Pulumi's back, and the second baseline subscribes again.
  baseline: () => {
    const all = actionDeclarations("baseline");
    return [all.filter((d) => d.name !== "legacySubscriptionAgain"), all];
  },
  async beforeBaseline(emulator, index) {
    if (index > 0) emulator.app.store.subscriptions.deleteWhere(() => true);
  },
  changed: () => actionDeclarations("changed"),
};

export const SCENARIOS: Scenario[] = [
  records,
  mail,
  secondary,
  registrar,
  platform,
  large,
  none,
  failed,
  sets,
  actions,
];
