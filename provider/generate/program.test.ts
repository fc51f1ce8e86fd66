import type { Contact, DelegationSignerRecord, Domain, EmailForward, ZoneRecord } from "../client";
import { identifier, writeProgram } from "./program";
import type { AccountSnapshot, DomainSnapshot } from "./snapshot";

const T = "2024-01-01T00:00:00Z";
const domain = (id: number, name: string): Domain =>
  ({ id, account_id: 1, name, unicode_name: name, state: "hosted", created_at: T, updated_at: T }) as Domain;
const record = (id: number, zone: string, fields: Partial<ZoneRecord>): ZoneRecord => ({
  id,
  zone_id: zone,
  parent_id: null,
  name: "",
  content: "",
  ttl: 3600,
  priority: null,
  type: "A",
  system_record: false,
  created_at: T,
  updated_at: T,
  ...fields,
});

function snapshotOf(domains: DomainSnapshot[], extra: Partial<AccountSnapshot> = {}): AccountSnapshot {
  return {
    account: "1",
    domains,
    secondaryZones: [],
    contacts: [],
    webhooks: [],
    primaryServers: [],
    ...extra,
  };
}

const shop: DomainSnapshot = {
  domain: domain(1, "shop.example"),
  records: [
    record(12, "shop.example", { name: "www", type: "CNAME", content: "shop.example" }),
    record(11, "shop.example", { name: "", type: "TXT", content: 'v=spf1 "quoted" \\ ~all', ttl: 300 }),
    record(13, "shop.example", { name: "", type: "MX", content: "mx.example.net", priority: 10 }),
  ],
  forwards: [
    {
      id: 5,
      domain_id: 1,
      alias_email: "sales@shop.example",
      destination_email: "t@example.org",
    } as EmailForward,
  ],
  dsRecords: [
    {
      id: 7,
      algorithm: "13",
      digest: "ABC",
      digest_type: "2",
      keytag: "2371",
      public_key: null,
    } as DelegationSignerRecord,
  ],
  dnssecEnabled: true,
};

describe("writeProgram", () => {
  it("declares every object with adopt: true, records as one ZoneRecords, strings escaped", () => {
    const { files, resources } = writeProgram(snapshotOf([shop]));
    const index = files.get("index.ts")!;
    expect(index).toContain('new dnsimple.Domain("shop.example", { name: "shop.example", adopt: true });');
    expect(index).toContain('new dnsimple.ZoneRecords("shop.example-records", {');
    // JSON escaping keeps quotes and backslashes of TXT contents.
    expect(index).toContain(String.raw`content: "v=spf1 \"quoted\" \\ ~all", ttl: 300 }`);
    expect(index).toContain('{ name: "", type: "MX", content: "mx.example.net", ttl: 3600, priority: 10 }');
    expect(index).toContain(
      'new dnsimple.EmailForward("shop.example-forward-sales", { domain: shop_example.name, aliasName: "sales", destinationEmail: "t@example.org", adopt: true });',
    );
    expect(index).toContain(
      'new dnsimple.DsRecord("shop.example-ds-2371", { domain: shop_example.name, algorithm: "13", digest: "ABC", digestType: "2", keytag: "2371", adopt: true });',
    );
    expect(index).toContain(
      'new dnsimple.Dnssec("shop.example-dnssec", { domain: shop_example.name, adopt: true });',
    );
    expect(resources).toBe(5);
    expect((index.match(/adopt: true[ ,]/g) ?? []).length).toBe(5);
  });

  it("is stable: the same objects read in another order give the same files, byte for byte", () => {
    const reversed: DomainSnapshot = { ...shop, records: [...shop.records].reverse() };
    const other: DomainSnapshot = {
      ...shop,
      domain: domain(2, "other.example"),
      forwards: [],
      dsRecords: [],
      dnssecEnabled: false,
    };
    const a = writeProgram(snapshotOf([other, shop]));
    const b = writeProgram(snapshotOf([other, reversed]));
    expect([...b.files.entries()]).toEqual([...a.files.entries()]);
  });

  it("past five domains, writes one file per domain and imports it", () => {
    const many = Array.from({ length: 6 }, (_, i) => ({ ...shop, domain: domain(i, `d${i}.example`) }));
    const { files } = writeProgram(snapshotOf(many));
    expect([...files.keys()].filter((f) => f.startsWith("domains/")).sort()).toEqual(
      many.map((d) => `domains/${identifier(d.domain.name)}.ts`).sort(),
    );
    expect(files.get("index.ts")).toContain('import "./domains/d0_example";');
  });

  it("reads webhook URLs from secret config and never writes them", () => {
    const url = "https://chat.example.com/services/T00/B00/sEcReT";
    const { files, secrets } = writeProgram(snapshotOf([], { webhooks: [{ id: 42, url }] }));
    const text = [...files.values()].join("\n");
    expect(text).not.toContain("sEcReT");
    expect(text).toContain(
      'new dnsimple.Webhook("webhook-42", { url: config.requireSecret("webhook42Url"), adopt: true });',
    );
    expect(secrets).toEqual([{ key: "webhook42Url", what: "the URL of webhook 42 (chat.example.com)" }]);
  });

  it("reads contacts' personal data from secret config, writing only what is not personal", () => {
    const contact = {
      id: 3,
      account_id: 1,
      label: "ops",
      first_name: "Ada",
      last_name: "L",
      job_title: null,
      organization_name: "Acme",
      email: "ada@example.org",
      phone: "+1.5555550100",
      fax: null,
      address1: "1 Main",
      address2: null,
      city: "X",
      state_province: "IL",
      postal_code: "62701",
      country: "US",
      created_at: T,
      updated_at: T,
    } as Contact;
    const { files, secrets } = writeProgram(snapshotOf([], { contacts: [contact] }));
    const index = files.get("index.ts")!;
    for (const personal of ["Ada", "ada@example.org", "+1.5555550100", "1 Main", "62701"])
      expect(index).not.toContain(personal);
    expect(index).toContain(
      'const contact3 = config.requireSecretObject<Record<string, string>>("contact3");',
    );
    expect(index).toContain(
      'new dnsimple.Contact("contact-3", { label: "ops", organizationName: "Acme", firstName: contact3.apply((c) => c.firstName), lastName: contact3.apply((c) => c.lastName), email: contact3.apply((c) => c.email), phone: contact3.apply((c) => c.phone), address1: contact3.apply((c) => c.address1), city: contact3.apply((c) => c.city), stateProvince: contact3.apply((c) => c.stateProvince), postalCode: contact3.apply((c) => c.postalCode), country: "US", adopt: true });',
    );
    expect(secrets).toEqual([
      {
        key: "contact3",
        what: "the personal data of contact 3",
        shape:
          '{"firstName":"<first name>","lastName":"<last name>","email":"<e-mail>","phone":"<phone>","address1":"<address line 1>","city":"<city>","stateProvince":"<state or province>","postalCode":"<postal code>"}',
      },
    ]);
  });

  it("makes identifiers of any name", () => {
    expect(identifier("bücher.example")).toBe("b_cher_example");
    expect(identifier("1password.com")).toBe("_1password_com");
  });
});

describe("records check would refuse", () => {
  it("are written as the zone holds them, each with a comment saying why check refuses it", () => {
    const zone: DomainSnapshot = {
      domain: domain(3, "odd.example"),
      records: [
        record(31, "odd.example", { name: "", type: "TXT", content: "v=spf1 -all " }),
        record(32, "odd.example", { name: "www", type: "A", content: "192.0.2.1" }),
      ],
      forwards: [],
      dsRecords: [],
      dnssecEnabled: false,
    };
    const text = [...writeProgram(snapshotOf([zone])).files.values()].join("\n");
    const lines = text.split("\n");
    const txt = lines.findIndex((l) => l.trim().startsWith("{") && l.includes('"v=spf1 -all "'));
    expect(lines[txt - 1]).toMatch(
      /^\s*\/\/ check refuses this record's content: content must not start or end with whitespace/,
    );
    const a = lines.findIndex((l) => l.trim().startsWith("{") && l.includes('"192.0.2.1"'));
    expect(lines[a - 1]).not.toMatch(/check refuses/);
  });
});
