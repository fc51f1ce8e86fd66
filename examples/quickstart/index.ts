/**
 * Quickstart: a domain with its DNS zone. Run it against the local emulator with
 * `bash scripts/demo`, or against your account after `pulumi config set` (see the README).
 */
import * as pulumi from "@pulumi/pulumi";
import * as dnsimple from "pulumi-dnsimple-dynamic";

const config = new pulumi.Config();
const domainName = config.get("domainName") ?? "pulumi-quickstart.com";

const domain = new dnsimple.Domain("quickstart", { name: domainName });

export const domainId = domain.domainId;
export const accountId = domain.accountId;
export const name = domain.name;
export const unicodeName = domain.unicodeName;
export const state = domain.state;
export const autoRenew = domain.autoRenew;
export const createdAt = domain.createdAt;
