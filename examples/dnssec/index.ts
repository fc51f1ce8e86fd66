/**
 * DNSSEC for domains registered with the service, the two ways the chain of trust reaches the
 * parent zone (the registry of the TLD):
 *
 * - `signedDomain`: the service hosts the zone and signs it (`Dnssec`); because it is also the
 *   registrar, it publishes the DS record at the registry itself.
 * - `externalDomain`: another DNS operator serves and signs the zone; you publish that operator's
 *   DS records at the registry through the service (`DsRecord`). During a key rollover list the old
 *   and the new key's DS record, then remove the old one.
 *
 * Both domains must already be registered with the service (see ../domain-registration): a
 * registry takes DS records only from the domain's registrar.
 */
import * as pulumi from "@pulumi/pulumi";
import * as dnsimple from "pulumi-dnsimple-dynamic";

interface DsData {
  keytag: string;
  /** DNSSEC algorithm number: 13 ECDSAP256SHA256, 8 RSASHA256, 15 Ed25519. */
  algorithm: string;
  /** 2 SHA-256, 4 SHA-384. */
  digestType: string;
  digest: string;
}

const config = new pulumi.Config();
const signedDomain = config.get("signedDomain") ?? "example-signed.com";
const externalDomain = config.get("externalDomain") ?? "example-external.com";
// What your DNS operator shows for its key signing key (`dig DNSKEY <zone> | dnssec-dsfromkey -f - <zone>`).
const dsRecords = config.getObject<DsData[]>("dsRecords") ?? [
  {
    keytag: "2371",
    algorithm: "13",
    digestType: "2",
    digest: "1F987CC6583E92DF0890718C42FD5E2D7D56D1E1E2BCD1F3D8E3A6B4C3D2E1F0",
  },
];

const signing = new dnsimple.Dnssec("signed", { domain: signedDomain });

const published = dsRecords.map(
  (ds) => new dnsimple.DsRecord(`ds-${externalDomain}-${ds.keytag}`, { domain: externalDomain, ...ds }),
);

export const signingEnabled = signing.enabled;
export const signingActive = signing.active;
export const dsRecordIds = published.map((ds) => ds.dsRecordId);
