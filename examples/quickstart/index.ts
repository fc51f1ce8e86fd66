/**
 * Quickstart: a domain with a web record and an email forward, a webhook, and secondary DNS (a
 * secondary zone linked to a primary server). Every resource here works on a domain that is only
 * hosted by the service; DNSSEC and DS records need a registered domain (see ../dnssec). Run it
 * against the local emulator with `bash scripts/demo`, or against your account after
 * `pulumi config set` (see README.md).
 */
import * as pulumi from "@pulumi/pulumi";
import * as dnsimple from "pulumi-dnsimple-dynamic";

const config = new pulumi.Config();
const domainName = config.get("domainName") ?? "pulumi-quickstart.com";
const secondaryName = config.get("secondaryZone") ?? "pulumi-quickstart.net";

const domain = new dnsimple.Domain("quickstart", { name: domainName });

const www = new dnsimple.ZoneRecord("quickstart-www", {
  zoneName: domain.name,
  name: "www",
  type: "A",
  content: "192.0.2.10",
  ttl: 600,
});

const forward = new dnsimple.EmailForward("quickstart-sales", {
  domain: domain.name,
  aliasName: "sales",
  destinationEmail: "sales-team@example.org",
});

const webhook = new dnsimple.Webhook("quickstart-events", { url: "https://hooks.example.org/dnsimple" });

const zone = new dnsimple.SecondaryZone("quickstart-secondary", { name: secondaryName });

const primary = new dnsimple.PrimaryServer("quickstart-primary", {
  name: "ns1.example.org",
  ip: "192.0.2.53",
  linkedZones: [zone.name],
});

export const domainId = domain.domainId;
export const domainState = domain.state;
export const unicodeName = domain.unicodeName;
export const wwwFqdn = www.fqdn;
export const salesAddress = forward.aliasEmail;
export const forwardActive = forward.active;
export const webhookSuppressedAt = webhook.suppressedAt;
export const secondaryZoneId = zone.zoneId;
export const secondaryZoneLastTransferredAt = zone.lastTransferredAt;
export const primaryServerId = primary.primaryServerId;
export const primaryLinkedZones = primary.linkedZones;
