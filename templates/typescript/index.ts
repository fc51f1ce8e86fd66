/**
 * A domain and its web records. `pulumi preview` shows what would change, `pulumi up` makes it.
 * Settings: `dnsimple:token` (secret) and `dnsimple:account` in stack config, as `pulumi new` asked.
 * Types are checked by `npm run typecheck`, not at every command (tsconfig.json: `noCheck`).
 */
import * as pulumi from "@pulumi/pulumi";
import * as dnsimple from "pulumi-dnsimple-dynamic";

const config = new pulumi.Config();
const domainName = config.require("domain");

const domain = new dnsimple.Domain("domain", { name: domainName });

const records = new dnsimple.ZoneRecords("web", {
  zoneName: domain.name,
  records: [
    { name: "", type: "A", content: "192.0.2.10", ttl: 3600 },
    { name: "www", type: "CNAME", content: domainName, ttl: 3600 },
  ],
});

export const domainId = domain.domainId;
export const recordCount = records.recordCount;
