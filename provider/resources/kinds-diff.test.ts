/**
 * Every kind's declared diff, as a table a person can check against the API reference: which
 * changes replace the object, which the API makes in place, and which spellings the service
 * rewrites so that they are no change at all. The table is written out, not derived from the
 * definitions, so a definition that drifts from it fails here.
 */
import { providerFor, resourceKinds } from "./index";
import { configureRuntime, resetRuntime } from "./framework/runtime";
import { UNKNOWN } from "./framework/unknown";

beforeEach(() => configureRuntime({ get: (key) => ({ "dnsimple:account": "1" })[key] }));
afterAll(() => resetRuntime());

type Props = Record<string, unknown>;
interface KindSpec {
  /** A complete, valid declaration. */
  valid: Props;
  /** A changed value per input that replaces the object. */
  replaces: Props;
  /** A changed value per input that the API (or the provider alone) changes in place. */
  inPlace: Props;
  /** Other spellings of the valid values that the service treats as the same. */
  same: Props[];
  /** Whether a replacement must delete the old object first (for the first `replaces` change). */
  deleteFirst?: boolean;
}

const DS = "a".repeat(64);
const KINDS: Record<string, KindSpec> = {
  Domain: {
    valid: { name: "example.com" },
    replaces: { name: "other.com" },
    inPlace: { allowDeleteRegistered: true },
    same: [{ name: "EXAMPLE.com." }],
  },
  DsRecord: {
    valid: { domain: "example.com", algorithm: "13", digest: DS, digestType: "2", keytag: "1234" },
    replaces: { domain: "other.com", algorithm: "8", digest: "b".repeat(64), digestType: "3", keytag: "1" },
    inPlace: {},
    same: [{ domain: "Example.com.", digest: DS.toUpperCase() }],
  },
  EmailForward: {
    valid: { domain: "example.com", aliasName: "sales", destinationEmail: "team@example.org" },
    replaces: { domain: "other.com", aliasName: "info", destinationEmail: "other@example.org" },
    inPlace: {},
    same: [{ domain: "EXAMPLE.COM", aliasName: "Sales", destinationEmail: "Team@Example.org" }],
    deleteFirst: false,
  },
  Webhook: {
    valid: { url: "https://hooks.example.com/a" },
    replaces: { url: "https://hooks.example.com/b" },
    inPlace: {},
    same: [],
  },
  SecondaryZone: {
    valid: { name: "example.com" },
    replaces: { name: "other.com" },
    inPlace: {},
    same: [{ name: "Example.COM." }],
  },
  PrimaryServer: {
    valid: { name: "primary", ip: "2001:db8::1", port: 53, linkedZones: ["a.com", "b.com"] },
    replaces: { name: "secondary", ip: "2001:db8::2", port: 5353 },
    inPlace: { linkedZones: ["a.com"] },
    same: [{ ip: "2001:DB8::1", linkedZones: ["B.com.", "a.com", "A.COM"] }],
    deleteFirst: false,
  },
  Contact: {
    valid: {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      phone: "+44.2071234567",
      address1: "1 Street",
      city: "London",
      stateProvince: "London",
      postalCode: "N1",
      country: "GB",
    },
    replaces: {},
    inPlace: { firstName: "Augusta", country: "FR", label: "work", fax: "+44.2071234568" },
    same: [{ country: "gb", label: "", jobTitle: "", organizationName: "", fax: "", address2: "" }],
  },
  ZoneRecord: {
    valid: { zoneName: "example.com", name: "www", type: "TXT", content: "v=spf1 -all", ttl: 3600 },
    replaces: { zoneName: "other.com", type: "SPF" },
    inPlace: { name: "web", content: "v=spf1 +all", ttl: 60, priority: 10, regions: ["SV1"] },
    same: [{ zoneName: "EXAMPLE.com.", name: "WWW.", type: "txt", content: '"v=spf1 -all"' }],
  },
  ZoneRecords: {
    valid: {
      zoneName: "example.com",
      records: [
        { name: "www", type: "TXT", content: "v=spf1 -all" },
        { name: "", type: "MX", content: "mx.example.com", priority: 10 },
      ],
    },
    replaces: { zoneName: "other.com" },
    inPlace: { records: [{ name: "www", type: "TXT", content: "v=spf1 -all" }], authoritative: true },
    same: [
      {
        zoneName: "Example.COM.",
        records: [
          { name: "WWW.", type: "txt", content: '"v=spf1 -all"' },
          { name: "@", type: "mx", content: "MX.example.com.", priority: 10 },
        ],
      },
    ],
  },
  Dnssec: {
    valid: { domain: "example.com" },
    replaces: { domain: "other.com" },
    inPlace: {},
    same: [{ domain: "Example.com." }],
  },
  DomainRegistration: {
    valid: { domain: "example.com", registrantId: "5", autoRenew: false, whoisPrivacy: false },
    replaces: { domain: "other.com" },
    inPlace: { registrantId: "6", autoRenew: true, whoisPrivacy: true, timeoutSeconds: 60 },
    same: [{ domain: "Example.COM", registrantId: 5, orderAgain: false, goneFromAccount: false }],
  },
  DomainTransfer: {
    valid: {
      domain: "example.com",
      registrantId: "5",
      authCode: "code",
      autoRenew: false,
      whoisPrivacy: false,
    },
    replaces: { domain: "other.com" },
    inPlace: { registrantId: "6", authCode: "other-code", autoRenew: true, pollIntervalSeconds: 5 },
    same: [{ domain: "example.com.", registrantId: 5 }],
  },
  LetsEncryptCertificate: {
    valid: {
      domain: "example.com",
      name: "www",
      alternateNames: ["a.example.com", "b.example.com"],
      signatureAlgorithm: "ECDSA",
      autoRenew: false,
    },
    replaces: {
      domain: "other.com",
      name: "api",
      alternateNames: ["a.example.com"],
      signatureAlgorithm: "RSA",
      autoRenew: true,
    },
    inPlace: { timeoutSeconds: 60 },
    same: [
      {
        domain: "EXAMPLE.com",
        name: "WWW",
        alternateNames: ["B.example.com", "a.example.com"],
        signatureAlgorithm: "ecdsa",
      },
    ],
  },
  DomainPush: {
    valid: { domain: "example.com", targetAccount: "team@example.org" },
    replaces: { domain: "other.com", targetAccount: "other@example.org" },
    inPlace: {},
    same: [{ domain: "Example.com", targetAccount: "TEAM@example.org" }],
  },
  DomainPushAnswer: {
    valid: { pushId: "1", accept: true, contactId: "2" },
    replaces: { pushId: "3", accept: false, contactId: "4" },
    inPlace: {},
    same: [{ pushId: 1, contactId: 2 }],
  },
  PlatformMessage: {
    valid: {
      resource: "domain:1",
      title: "Hi",
      message: "text",
      url: "https://x.example",
      expiresAt: "2030-01-01T00:00:00Z",
    },
    replaces: { resource: "domain:2" },
    inPlace: { title: "Bye", message: "other", url: "https://y.example", expiresAt: "2031-01-01T00:00:00Z" },
    same: [{ expiresAt: "2030-01-01 00:00:00.000000 UTC +00:00" }],
  },
  PlatformMetadata: {
    valid: { resource: "domain:1", key: "k", value: "v" },
    replaces: { resource: "record:1", key: "other" },
    inPlace: { value: "w" },
    same: [],
  },
  NameServerDelegation: {
    valid: { domain: "example.com", nameServers: ["ns1.example.net", "ns2.example.net"] },
    replaces: { domain: "other.com" },
    inPlace: { nameServers: ["ns1.example.net"] },
    same: [{ domain: "Example.com.", nameServers: ["NS1.example.net.", "ns2.EXAMPLE.net"] }],
  },
  DomainDelegation: {
    valid: { domain: "example.com", nameServers: ["ns1.example.net", "ns2.example.net"] },
    replaces: { domain: "other.com" },
    inPlace: { nameServers: ["ns1.example.net"] },
    same: [{ domain: "Example.com.", nameServers: ["NS1.example.net.", "ns2.EXAMPLE.net"] }],
  },
  Template: {
    valid: { name: "Mail", shortName: "mail", description: "records for mail" },
    replaces: {},
    inPlace: { name: "Mail 2", shortName: "mail2", description: "other" },
    same: [],
  },
  Zone: {
    valid: { name: "example.com", active: true },
    replaces: { name: "example.net" },
    inPlace: { active: false },
    same: [{ name: "EXAMPLE.com." }],
  },
  RegistryNameServer: {
    valid: { domain: "example.com", name: "ns1.example.com", ip: "2001:db8::1" },
    replaces: { domain: "example.net", name: "ns2.example.com" },
    inPlace: { ip: "192.0.2.1" },
    same: [{ domain: "EXAMPLE.com", name: "NS1.example.com.", ip: "2001:DB8::1" }],
  },
  // One-shot actions (issue 16): every input runs the action again; only orderAgain is local.
  DomainRenewal: {
    valid: { domain: "example.com", years: 1, triggers: "2025" },
    replaces: { domain: "other.com", years: 2, premiumPrice: "12.00", triggers: "2026" },
    inPlace: { orderAgain: true },
    same: [{ domain: "EXAMPLE.com." }],
  },
  DomainRestore: {
    valid: { domain: "example.com" },
    replaces: { domain: "other.com", premiumPrice: "40.00", triggers: 1 },
    inPlace: { orderAgain: true },
    same: [{ domain: "Example.COM" }],
  },
  DomainTransferOutAuthorization: {
    valid: { domain: "example.com", triggers: { at: 1 } },
    replaces: { domain: "other.com", triggers: { at: 2 } },
    inPlace: {},
    same: [{ domain: "EXAMPLE.com." }],
  },
  LetsEncryptCertificateRenewal: {
    valid: { domain: "example.com", certificateId: "7" },
    replaces: {
      domain: "other.com",
      certificateId: "8",
      autoRenew: true,
      signatureAlgorithm: "RSA",
      triggers: 2,
    },
    inPlace: { orderAgain: true },
    same: [{ domain: "EXAMPLE.com.", certificateId: 7 }],
  },
  OAuthAccessToken: {
    valid: { clientId: "app", clientSecret: "s", code: "c", redirectUri: "https://app.test/cb", state: "x" },
    replaces: {
      clientId: "other",
      clientSecret: "t",
      code: "d",
      redirectUri: "https://b.test/cb",
      state: "y",
    },
    inPlace: {},
    same: [],
  },
  LegacyDomain: {
    valid: { name: "example.com" },
    replaces: { name: "other.com" },
    inPlace: {},
    same: [{ name: "EXAMPLE.com." }],
  },
  LegacyDomainRegistration: {
    valid: { domain: "example.com", registrantId: "7" },
    replaces: { domain: "other.com", registrantId: "8", extendedAttributes: { x: "y" }, triggers: 1 },
    inPlace: { orderAgain: true },
    same: [{ domain: "EXAMPLE.com.", registrantId: 7 }],
  },
  LegacyDomainTransfer: {
    valid: { domain: "example.com", registrantId: "7", authCode: "code" },
    replaces: { domain: "other.com", registrantId: "8", authCode: "other", triggers: 1 },
    inPlace: { orderAgain: true },
    same: [{ domain: "EXAMPLE.com." }],
  },
  LegacyDomainRenewal: {
    valid: { domain: "example.com", renewWhoisPrivacy: false },
    replaces: { domain: "other.com", renewWhoisPrivacy: true, triggers: 1 },
    inPlace: { orderAgain: true },
    same: [{ domain: "EXAMPLE.com." }],
  },
  LegacyDomainTransferOut: {
    valid: { domain: "example.com" },
    replaces: { domain: "other.com", triggers: 1 },
    inPlace: {},
    same: [{ domain: "EXAMPLE.com." }],
  },
  LegacyDomainTokenReset: {
    valid: { domain: "example.com" },
    replaces: { domain: "other.com", triggers: 1 },
    inPlace: {},
    same: [{ domain: "EXAMPLE.com." }],
  },
  LegacyCertificatePurchase: {
    valid: { domain: "example.com", name: "www", contactId: "7" },
    replaces: { domain: "other.com", name: "*", contactId: "8", csr: "CSR", triggers: 1 },
    inPlace: { orderAgain: true },
    same: [{ domain: "EXAMPLE.com.", contactId: 7 }],
  },
  LegacyCertificateConfiguration: {
    valid: { domain: "example.com", certificateId: "7" },
    replaces: { domain: "other.com", certificateId: "8", triggers: 1 },
    inPlace: {},
    same: [{ certificateId: 7 }],
  },
  LegacyCertificateSubmission: {
    valid: { domain: "example.com", certificateId: "7", approverEmail: "admin@example.com" },
    replaces: { domain: "other.com", certificateId: "8", approverEmail: "ops@example.com", triggers: 1 },
    inPlace: {},
    same: [{ certificateId: 7 }],
  },
  LegacySubscription: {
    valid: {
      plan: "Silver",
      creditCard: {
        number: "4111",
        firstName: "A",
        lastName: "B",
        billingAddress: "1 St",
        billingZip: "1",
        month: "1",
        year: "2030",
        cvv: "1",
      },
    },
    replaces: { plan: "Gold", triggers: 1 },
    inPlace: { orderAgain: true },
    same: [],
  },
  LegacyUser: {
    valid: { email: "a@example.com", password: "pw" },
    replaces: { email: "b@example.com", password: "other", triggers: 1 },
    inPlace: {},
    same: [],
  },
};

const state = (props: Props) => ({ ...props, accountId: "1" });

describe("every kind's declared diff", () => {
  it("covers every registered kind", () => {
    expect([...resourceKinds].sort()).toEqual(Object.keys(KINDS).sort());
  });

  describe.each(Object.entries(KINDS))("%s", (kind, spec) => {
    const provider = () => providerFor(kind);

    it("accepts the valid declaration, and sees no change against itself", async () => {
      const { inputs, failures } = await provider().check!({}, spec.valid);
      expect(failures).toEqual([]);
      expect(await provider().diff!("1", state(inputs), inputs)).toEqual({ changes: false });
    });

    it("replaces on exactly the inputs the API cannot change", async () => {
      for (const [key, value] of Object.entries(spec.replaces)) {
        const result = await provider().diff!("1", state(spec.valid), { ...spec.valid, [key]: value });
        expect({ key, replaces: result.replaces }).toEqual({ key, replaces: [key] });
      }
    });

    it("changes the other inputs in place", async () => {
      for (const [key, value] of Object.entries(spec.inPlace)) {
        const result = await provider().diff!("1", state(spec.valid), { ...spec.valid, [key]: value });
        expect({ key, result }).toEqual({ key, result: { changes: true } });
      }
    });

    it("sees no change in what the service rewrites", async () => {
      for (const spelling of spec.same) {
        expect(await provider().diff!("1", state(spec.valid), { ...spec.valid, ...spelling })).toEqual({
          changes: false,
        });
        expect(await provider().diff!("1", state({ ...spec.valid, ...spelling }), spec.valid)).toEqual({
          changes: false,
        });
      }
    });

    it("treats any input unknown at preview as a change", async () => {
      for (const key of Object.keys(spec.valid)) {
        const result = await provider().diff!("1", state(spec.valid), { ...spec.valid, [key]: UNKNOWN });
        expect(result.changes).toBe(true);
      }
    });
  });
});

describe("replacement order per kind", () => {
  const diff = (kind: string, olds: Props, news: Props) => providerFor(kind).diff!("1", state(olds), news);

  it("deletes an email forward first only when the new one keeps the same alias", async () => {
    const old = KINDS.EmailForward!.valid;
    expect(await diff("EmailForward", old, { ...old, destinationEmail: "x@example.org" })).toMatchObject({
      deleteBeforeReplace: true,
    });
    expect(
      await diff("EmailForward", old, { ...old, aliasName: "SALES", destinationEmail: "x@example.org" }),
    ).toMatchObject({
      deleteBeforeReplace: true,
    });
    expect(await diff("EmailForward", old, { ...old, aliasName: "info" })).toMatchObject({
      deleteBeforeReplace: false,
    });
    expect(await diff("EmailForward", old, { ...old, domain: "other.com" })).toMatchObject({
      deleteBeforeReplace: false,
    });
  });

  it("deletes a primary server first only when the new one keeps its name", async () => {
    const old = KINDS.PrimaryServer!.valid;
    expect(await diff("PrimaryServer", old, { ...old, ip: "192.0.2.1" })).toMatchObject({
      deleteBeforeReplace: true,
    });
    expect(await diff("PrimaryServer", old, { ...old, name: "other" })).toMatchObject({
      deleteBeforeReplace: false,
    });
  });

  it("deletes a CNAME (or a record becoming one) first when it keeps its name", async () => {
    const cname = { zoneName: "example.com", name: "www", type: "CNAME", content: "a.example.net" };
    const a = { ...cname, type: "A", content: "192.0.2.1" };
    expect(await diff("ZoneRecord", cname, { ...cname, zoneName: "other.com" })).toMatchObject({
      deleteBeforeReplace: false,
    });
    expect(await diff("ZoneRecord", cname, a)).toMatchObject({ deleteBeforeReplace: true });
    expect(await diff("ZoneRecord", a, { ...cname, name: "WWW." })).toMatchObject({
      deleteBeforeReplace: true,
    });
    expect(await diff("ZoneRecord", a, { ...cname, name: "web" })).toMatchObject({
      deleteBeforeReplace: false,
    });
    expect(await diff("ZoneRecord", a, { ...a, type: "AAAA", content: "2001:db8::1" })).toMatchObject({
      deleteBeforeReplace: false,
    });
    const alias = { ...cname, type: "ALIAS", name: "" };
    expect(await diff("ZoneRecord", alias, { ...alias, type: "TXT", content: "x" })).toMatchObject({
      deleteBeforeReplace: true,
    });
  });
});
