/**
 * Every kind's own check rules, as a table: a declaration that breaks one rule, and the exact
 * failure a person reads in `pulumi preview` (property and reason). The valid declarations are
 * the kinds' examples (`examples.valid` in each definition); each row changes only what it names.
 */
import { allDefinitions } from "./index";
import { providerFor } from "../dynamic";
import { useAccount } from "../../test/kinds-support";

useAccount("1");

/** A kind's valid example declaration (its definition's `examples.valid`). */
const validOf = (kind: string) => allDefinitions().find((d) => d.kind === kind)!.schema!.examples.valid;
const DS = validOf("DsRecord");
const CONTACT = validOf("Contact");

type Row = [
  kind: string,
  props: Record<string, unknown>,
  failures: Array<{ property: string; reason: string }>,
];
const rows: Row[] = [
  ["DsRecord", { ...DS, digest: "xyz" }, [{ property: "digest", reason: "digest must be hexadecimal" }]],
  // Hexadecimal from the first character to the last.
  [
    "DsRecord",
    { ...DS, digest: `g${"a".repeat(63)}` },
    [{ property: "digest", reason: "digest must be hexadecimal" }],
  ],
  [
    "DsRecord",
    { ...DS, digest: `${"a".repeat(63)}g` },
    [{ property: "digest", reason: "digest must be hexadecimal" }],
  ],
  [
    "DsRecord",
    { ...DS, keytag: 65536 },
    [{ property: "keytag", reason: "keytag must be between 0 and 65535" }],
  ],
  ["DsRecord", { ...DS, keytag: 65535 }, []],
  [
    "DsRecord",
    { domain: "example.com", algorithm: "13", publicKey: "" },
    [{ property: "publicKey", reason: "publicKey must not be empty" }],
  ],
  [
    "DsRecord",
    { domain: "example.com", algorithm: "13" },
    [{ property: "digest", reason: "give digest, digestType and keytag (DS data) or publicKey (KEY data)" }],
  ],
  ["DsRecord", { domain: "example.com", algorithm: "13", publicKey: "AwEAAa" }, []],
  [
    "DsRecord",
    { domain: "example.com", algorithm: "13", keytag: "1" },
    [
      { property: "digest", reason: "digest is required with DS data" },
      { property: "digestType", reason: "digestType is required with DS data" },
    ],
  ],
  [
    "DsRecord",
    { domain: "example.com", algorithm: "13", digestType: "1" },
    [
      { property: "digest", reason: "digest is required with DS data" },
      { property: "keytag", reason: "keytag is required with DS data" },
    ],
  ],
  [
    "DsRecord",
    { ...DS, digestType: "4" },
    [{ property: "digest", reason: "a digest of type 4 has 96 hex digits, got 64" }],
  ],
  ["DsRecord", { ...DS, digestType: "1", digest: "b".repeat(40) }, []],
  [
    "EmailForward",
    { domain: "example.com", aliasName: "", destinationEmail: "a@example.org" },
    [{ property: "aliasName", reason: "aliasName must not be empty" }],
  ],
  [
    "EmailForward",
    { domain: "example.com", aliasName: "a@example.com", destinationEmail: "a@example.org" },
    [{ property: "aliasName", reason: "aliasName is the local part only: `john`, not `john@example.com`" }],
  ],
  [
    "EmailForward",
    { domain: "example.com", aliasName: "a b", destinationEmail: "a@example.org" },
    [{ property: "aliasName", reason: "aliasName must not contain spaces" }],
  ],
  [
    "Contact",
    { ...CONTACT, country: "GBR" },
    [{ property: "country", reason: "must be an ISO 3166 two-letter country code such as US" }],
  ],
  [
    "Contact",
    { ...CONTACT, organizationName: "Acme" },
    [{ property: "jobTitle", reason: "jobTitle is required when organizationName is set" }],
  ],
  ["Contact", { ...CONTACT, organizationName: "Acme", jobTitle: "CTO" }, []],
  ["Contact", { ...CONTACT, organizationName: "" }, []],
  ["Template", { name: "", shortName: "mail" }, [{ property: "name", reason: "name must not be empty" }]],
  [
    "Template",
    { name: "Mail", shortName: "Mail" },
    [{ property: "shortName", reason: "must be lower-case letters, digits, - and _ (e.g. mail-setup)" }],
  ],
  [
    "Template",
    { name: "Mail", shortName: "m".repeat(65) },
    [{ property: "shortName", reason: expect.any(String) }],
  ],
  ["Template", { name: "Mail", shortName: "m".repeat(64) }, []],
  [
    "RegistryNameServer",
    { domain: "example.com", name: "ns1.example.net", ip: "192.0.2.1" },
    [{ property: "name", reason: "a registry name server must be inside the domain, e.g. ns1.example.com" }],
  ],
  [
    "RegistryNameServer",
    { domain: "example.com", name: "example.com", ip: "192.0.2.1" },
    [{ property: "name", reason: "a registry name server must be inside the domain, e.g. ns1.example.com" }],
  ],
  ["RegistryNameServer", { domain: "Example.com", name: "NS1.example.COM.", ip: "192.0.2.1" }, []],
  [
    "NameServerDelegation",
    { domain: "example.com", nameServers: [] },
    [{ property: "nameServers", reason: "must list at least one name server" }],
  ],
  [
    "NameServerDelegation",
    {
      domain: "example.com",
      nameServers: [
        "a.example.net",
        "b.example.net",
        "c.example.net",
        "d.example.net",
        "e.example.net",
        "f.example.net",
        "g.example.net",
      ],
    },
    [{ property: "nameServers", reason: "accepts at most 6 name servers (legacy v1 API)" }],
  ],
  [
    "LetsEncryptCertificate",
    { domain: "example.com", name: "a.b" },
    [{ property: "name", reason: 'must be a host label such as "www", "*" or "" (the apex)' }],
  ],
  ["LetsEncryptCertificate", { domain: "example.com", name: "" }, []],
  ["LetsEncryptCertificate", { domain: "example.com", name: "*" }, []],
  [
    "LetsEncryptCertificate",
    { domain: "example.com", signatureAlgorithm: "DSA" },
    [{ property: "signatureAlgorithm", reason: "must be ECDSA or RSA" }],
  ],
  [
    "LetsEncryptCertificate",
    { domain: "example.com", alternateNames: [""] },
    // Inside an input: no property (the engine would print {<nil>}), the path first in the reason.
    [{ property: "", reason: expect.stringMatching(/^alternateNames\[0\]: /) }],
  ],
  [
    "PlatformMetadata",
    { resource: "domain:1", key: "", value: "v" },
    [{ property: "key", reason: "key must not be empty" }],
  ],
  [
    "PlatformMetadata",
    { resource: "zone:1", key: "k", value: "v" },
    [{ property: "resource", reason: "must be domain:<id>, record:<id> or platform_connection:<id>" }],
  ],
  [
    "DomainTransfer",
    { domain: "example.com", registrantId: "5", authCode: "" },
    [{ property: "authCode", reason: "authCode must not be empty" }],
  ],
  [
    "DomainPushAnswer",
    { pushId: "1" },
    [{ property: "contactId", reason: "contactId is required to accept a push (the new registrant)" }],
  ],
  ["DomainPushAnswer", { pushId: "1", accept: false }, []],
  [
    "PrimaryServer",
    { name: "p", ip: "192.0.2.1", linkedZones: ["not a zone"] },
    [
      {
        property: "",
        reason: expect.stringMatching(/^linkedZones\[0\]: must be a valid domain name: "not a zone"/),
      },
    ],
  ],
];

describe("every kind's check rules", () => {
  it.each(rows)("%s %j", async (kind, props, failures) => {
    expect((await providerFor(kind).check!({}, props)).failures).toEqual(failures);
  });
});
