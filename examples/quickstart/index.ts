/**
 * Quickstart: a domain with a DS record and an email forward, a webhook, and secondary DNS
 * (a secondary zone linked to a primary server). Run it against the local emulator with
 * `bash scripts/demo`, or against your account after `pulumi config set` (see the README).
 */
import * as pulumi from "@pulumi/pulumi";
import * as dnsimple from "pulumi-dnsimple-dynamic";

const config = new pulumi.Config();
const domainName = config.get("domainName") ?? "pulumi-quickstart.com";
const secondaryName = config.get("secondaryZone") ?? "pulumi-quickstart.net";

const domain = new dnsimple.Domain("quickstart", { name: domainName });

const ds = new dnsimple.DsRecord("quickstart-ds", {
  domain: domain.name,
  algorithm: "13",
  digestType: "2",
  keytag: "2371",
  digest: "1f987cc6583e92df0890718c42fd5e2d7d56d1e1e2bcd1f3d8e3a6b4c3d2e1f0",
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
export const dsRecordId = ds.dsRecordId;
export const salesAddress = forward.aliasEmail;
export const forwardActive = forward.active;
export const webhookSuppressedAt = webhook.suppressedAt;
export const secondaryZoneId = zone.zoneId;
export const secondaryZoneLastTransferredAt = zone.lastTransferredAt;
export const primaryServerId = primary.primaryServerId;
export const primaryLinkedZones = primary.linkedZones;
