/**
 * Every kind's own check rules, as a table: a declaration that breaks one rule, and the exact
 * failure a person reads in `pulumi preview` (`property: reason`). The valid declarations are
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
const FORWARD = validOf("EmailForward");
const TEMPLATE = validOf("Template");
const NAME_SERVER = validOf("RegistryNameServer");
const DELEGATION = validOf("NameServerDelegation");
const CERTIFICATE = validOf("LetsEncryptCertificate");
const METADATA = validOf("PlatformMetadata");
const TRANSFER = validOf("DomainTransfer");
const PRIMARY = validOf("PrimaryServer");

/** A kind, a declaration of it, and its failures as `property: reason`, as the preview prints them. */
type Row = [kind: string, props: Record<string, unknown>, failures: string[]];
const refusals: Record<string, Array<[props: Record<string, unknown>, failures: string[]]>> = {
  DsRecord: [
    [{ ...DS, digest: "xyz" }, ["digest: digest must be hexadecimal"]],
    // Hexadecimal from the first character to the last.
    [{ ...DS, digest: `g${"a".repeat(63)}` }, ["digest: digest must be hexadecimal"]],
    [{ ...DS, digest: `${"a".repeat(63)}g` }, ["digest: digest must be hexadecimal"]],
    [{ ...DS, keytag: 65536 }, ["keytag: keytag must be between 0 and 65535"]],
    [{ ...DS, keytag: 65535 }, []],
    [{ domain: "example.com", algorithm: "13", publicKey: "" }, ["publicKey: publicKey must not be empty"]],
    [
      { domain: "example.com", algorithm: "13" },
      ["digest: give digest, digestType and keytag (DS data) or publicKey (KEY data)"],
    ],
    [{ domain: "example.com", algorithm: "13", publicKey: "AwEAAa" }, []],
    [
      { domain: "example.com", algorithm: "13", keytag: "1" },
      ["digest: digest is required with DS data", "digestType: digestType is required with DS data"],
    ],
    [
      { domain: "example.com", algorithm: "13", digestType: "1" },
      ["digest: digest is required with DS data", "keytag: keytag is required with DS data"],
    ],
    [{ ...DS, digestType: "4" }, ["digest: a digest of type 4 has 96 hex digits, got 64"]],
    [{ ...DS, digestType: "1", digest: "b".repeat(40) }, []],
  ],
  EmailForward: [
    [{ ...FORWARD, aliasName: "" }, ["aliasName: aliasName must not be empty"]],
    [
      { ...FORWARD, aliasName: "a@example.com" },
      ["aliasName: aliasName is the local part only: `john`, not `john@example.com`"],
    ],
    [{ ...FORWARD, aliasName: "a b" }, ["aliasName: aliasName must not contain spaces"]],
  ],
  Contact: [
    [{ ...CONTACT, country: "GBR" }, ["country: must be an ISO 3166 two-letter country code such as US"]],
    [
      { ...CONTACT, organizationName: "Acme" },
      ["jobTitle: jobTitle is required when organizationName is set"],
    ],
    [{ ...CONTACT, organizationName: "Acme", jobTitle: "CTO" }, []],
    [{ ...CONTACT, organizationName: "" }, []],
  ],
  Template: [
    [{ ...TEMPLATE, name: "" }, ["name: name must not be empty"]],
    [
      { ...TEMPLATE, shortName: "Mail" },
      ["shortName: must be lower-case letters, digits, - and _ (e.g. mail-setup)"],
    ],
    [{ ...TEMPLATE, shortName: "m".repeat(65) }, [expect.stringMatching(/^shortName: /)]],
    [{ ...TEMPLATE, shortName: "m".repeat(64) }, []],
  ],
  RegistryNameServer: [
    [
      { ...NAME_SERVER, name: "ns1.example.net" },
      ["name: a registry name server must be inside the domain, e.g. ns1.example.com"],
    ],
    [
      { ...NAME_SERVER, name: "example.com" },
      ["name: a registry name server must be inside the domain, e.g. ns1.example.com"],
    ],
    [{ ...NAME_SERVER, domain: "Example.com", name: "NS1.example.COM." }, []],
  ],
  NameServerDelegation: [
    [{ ...DELEGATION, nameServers: [] }, ["nameServers: must list at least one name server"]],
    [
      { ...DELEGATION, nameServers: ["a", "b", "c", "d", "e", "f", "g"].map((n) => `${n}.example.net`) },
      ["nameServers: accepts at most 6 name servers (legacy v1 API)"],
    ],
  ],
  LetsEncryptCertificate: [
    [{ ...CERTIFICATE, name: "a.b" }, [`name: must be a host label such as "www", "*" or "" (the apex)`]],
    [{ ...CERTIFICATE, name: "" }, []],
    [{ ...CERTIFICATE, name: "*" }, []],
    [{ ...CERTIFICATE, signatureAlgorithm: "DSA" }, ["signatureAlgorithm: must be ECDSA or RSA"]],
    // Inside an input: no property (the engine would print {<nil>}), the path first in the reason.
    [{ ...CERTIFICATE, alternateNames: [""] }, [expect.stringMatching(/^: alternateNames\[0\]: /)]],
  ],
  PlatformMetadata: [
    [{ ...METADATA, key: "" }, ["key: key must not be empty"]],
    [
      { ...METADATA, resource: "zone:1" },
      ["resource: must be domain:<id>, record:<id> or platform_connection:<id>"],
    ],
  ],
  DomainTransfer: [[{ ...TRANSFER, authCode: "" }, ["authCode: authCode must not be empty"]]],
  DomainPushAnswer: [
    [{ pushId: "1" }, ["contactId: contactId is required to accept a push (the new registrant)"]],
    [{ pushId: "1", accept: false }, []],
  ],
  PrimaryServer: [
    [
      { ...PRIMARY, linkedZones: ["not a zone"] },
      [expect.stringMatching(/^: linkedZones\[0\]: must be a valid domain name: "not a zone"/)],
    ],
  ],
};
const rows: Row[] = Object.entries(refusals).flatMap(([kind, cases]) =>
  cases.map(([props, failures]): Row => [kind, props, failures]),
);

describe("every kind's check rules", () => {
  it.each(rows)("%s %j", async (kind, props, failures) => {
    const { failures: found } = await providerFor(kind).check!({}, props);
    expect((found ?? []).map((f) => `${f.property}: ${f.reason}`)).toEqual(failures);
  });
});
