// A program written against @pulumi/dnsimple's API (its classes, argument and output names, its
// functions), as a team using the bridged provider would have it; only the import line names
// pulumi-dnsimple-dynamic/compat. The emulator holds example.com, the registered
// compat-delegated.com and contact 10 beforehand.
import * as pulumi from "@pulumi/pulumi";
import * as dnsimple from "pulumi-dnsimple-dynamic/compat";

const domain = new dnsimple.Domain("shop", { name: "compat-shop.com" });

const apex = new dnsimple.ZoneRecord("apex", {
  zoneName: domain.name,
  name: "",
  value: "192.0.2.80",
  type: dnsimple.RecordTypes.A,
});
new dnsimple.ZoneRecord("www", {
  zoneName: domain.name,
  name: "www",
  value: "compat-shop.com",
  type: dnsimple.RecordTypes.CNAME,
  ttl: 600,
});
new dnsimple.ZoneRecord("mx", {
  zoneName: domain.name,
  name: "",
  value: "mx.mail.example.net",
  type: "MX",
  priority: 10,
});

new dnsimple.EmailForward("sales", {
  domain: domain.name,
  aliasName: "sales",
  destinationEmail: "team@example.org",
});

const zone = new dnsimple.Zone("shopZone", { name: domain.name });

const registered = new dnsimple.RegisteredDomain("brand", {
  name: "compat-brand.com",
  contactId: 10,
  autoRenewEnabled: true,
  transferLockEnabled: true,
  timeouts: { create: "2m" },
});

new dnsimple.DsRecord("brandDs", {
  domain: registered.name,
  algorithm: "13",
  digest: "1F987CC6583E92DF0890718C42FD5E2D7D56D1E1E2BCD1F3D8E3A6B4C3D2E1F0",
  digestType: "2",
  keyTag: "2371",
});

new dnsimple.DomainDelegation("delegated", {
  domain: "compat-delegated.com",
  nameServers: ["ns1.example.org", "ns2.example.com"],
});

const certificate = new dnsimple.LetsEncryptCertificate("cert", {
  domainId: domain.name,
  name: "www",
  autoRenew: false,
  alternateNames: ["docs.compat-shop.com"],
});

const existing = dnsimple.getZoneOutput({ name: "example.com" });
const check = dnsimple.getRegistrantChangeCheckOutput({ domainId: registered.name, contactId: "10" });

export const apexName = apex.qualifiedName;
export const apexValue = apex.value;
export const zoneActive = zone.active;
export const registeredContact = registered.contactId;
export const transferLocked = registered.transferLockEnabled;
export const certificateDomain = certificate.domainId;
export const existingZone = pulumi.interpolate`${existing.name} ${existing.id}`;
export const ownerChange = check.registryOwnerChange;
