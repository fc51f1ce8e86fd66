/**
 * Secondary DNS: the service serves zones it transfers (AXFR/IXFR) from your own primary name
 * servers. Declares the secondary zones and the primaries they are transferred from.
 */
import * as pulumi from "@pulumi/pulumi";
import * as dnsimple from "pulumi-dnsimple-dynamic";

interface Primary {
  /** A name for the server (any label; its host name reads best). */
  name: string;
  ip: string;
  port?: number;
}

const config = new pulumi.Config();
const zoneNames = config.getObject<string[]>("zones") ?? ["example-secondary.com", "example-secondary.net"];
const primaries = config.getObject<Primary[]>("primaries") ?? [
  { name: "ns1.primary.example.org", ip: "192.0.2.53" },
  { name: "ns2.primary.example.org", ip: "2001:db8::53", port: 5353 },
];

const zones = zoneNames.map((name) => new dnsimple.SecondaryZone(name, { name }));

// Every primary may serve every zone: the service tries them in turn.
const servers = primaries.map(
  (p) =>
    new dnsimple.PrimaryServer(p.name, {
      name: p.name,
      ip: p.ip,
      port: p.port ?? 53,
      linkedZones: zones.map((z) => z.name),
    }),
);

export const secondaryZones = zones.map((z) => z.name);
export const lastTransfers = zones.map((z) => z.lastTransferredAt);
export const primaryServers = servers.map((s) => ({ id: s.primaryServerId, linkedZones: s.linkedZones }));
