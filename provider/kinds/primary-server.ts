import { z } from "zod";
import { byIdAlone, declaredFrom } from "../framework/imports";
import { ServiceId, PrimaryServerSchema, type DnsimpleClient, type PrimaryServer } from "../client";
import { domainName, ipAddress, nonEmptyString, port } from "../framework/fields";
import { defineResource, type Found, numericIds } from "../framework/kind";
import { outputsFrom, serviceFields, stampDocs } from "../framework/outputs-from";
import { deleteIgnoringGone, orUndefinedWhenGone } from "../framework/lookup";
import { PartialCreateError } from "../framework/partial";
import { invalidateCollection, readFromCollection } from "../framework/read-cache";
import { canonicalDomainName } from "../dns/domain-names";
import { type Props, str } from "../framework/review-text";

const collectionKey = (account: string) => `primaries:${account}`;

/** Zone lists compare as sets of canonical names. */
const zoneSet = (zones: ReadonlyArray<string>): string[] =>
  [...new Set(zones.map((z) => canonicalDomainName(z)))].sort();

const outputs = serviceFields(PrimaryServerSchema, {
  primaryServerId: ServiceId.describe("The service's id of the primary server."),
  name: "The server's name.",
  ip: "The server's IPv4 or IPv6 address.",
  port: "The server's port.",
  linkedZones: z.array(z.string()).describe("The linked secondary zones, sorted."),
  ...stampDocs("the server"),
});

export const primaryServerOutputs = outputsFrom<PrimaryServer>()(outputs, {
  primaryServerId: (server) => server.id,
  linkedZones: (server) => zoneSet(server.linked_secondary_zones),
});

/** Links and unlinks until the server's secondary zones are exactly `wanted`; returns the server. */
async function reconcileLinks(
  client: DnsimpleClient,
  account: string,
  server: PrimaryServer,
  wanted: string[],
): Promise<PrimaryServer> {
  let current = server;
  const have = zoneSet(server.linked_secondary_zones);
  for (const zone of have.filter((z) => !wanted.includes(z))) {
    current = await client.secondaryDns.unlinkPrimary(account, server.id, zone);
  }
  for (const zone of wanted.filter((z) => !have.includes(z))) {
    current = await client.secondaryDns.linkPrimary(account, server.id, zone);
  }
  return current;
}

/**
 * A primary name server the service transfers secondary zones from. Name, address and port
 * cannot change in place (a change replaces it); the linked secondary zones are linked and
 * unlinked in place.
 */
export const primaryServerResource = defineResource({
  kind: "PrimaryServer",
  docs: {
    summary: "A primary name server the service transfers secondary zones from.",
    example: [
      'const zone = new dnsimple.SecondaryZone("secondary", { name: "example.net" });',
      'const primary = new dnsimple.PrimaryServer("primary", {',
      '  name: "ns1.example.net",',
      '  ip: "192.0.2.10",',
      "  linkedZones: [zone.name],",
      "});",
    ].join("\n"),
  },
  examples: {
    valid: { name: "ns1.example.com", ip: "2001:db8::1", port: 53, linkedZones: ["a.com", "b.com"] },
    replaces: { name: "secondary", ip: "2001:db8::2", port: 5353 },
    inPlace: { linkedZones: ["a.com"] },
    same: [{ ip: "2001:DB8::1", linkedZones: ["B.com.", "a.com", "A.COM"] }],
    invalid: [
      ["ip", "IPv4 octet over 255", { ip: "999.1.1.1" }],
      ["ip", "malformed IPv6", { ip: "fe80::zz" }],
      ["ip", "empty address", { ip: "" }],
      ["ip", "host name instead of an address", { ip: "ns1.example.com" }],
      ["port", "port 0", { port: 0 }],
      ["port", "port 65536", { port: 65536 }],
      ["port", "port as a string", { port: "53" }],
      ["port", "fractional port", { port: 53.5 }],
      ["name", "empty name", { name: "" }],
      ["linkedZones[0]", "bad zone name in the list", { linkedZones: ["bad zone"] }],
      [
        "linkedZones",
        "a string instead of a list",
        {
          linkedZones: "secondary.bad-input.net",
        },
      ],
    ],
  },
  review: {
    risks: {
      // Zones unlinked from a primary stop receiving transfers.
      change: (ch, say) => {
        if (ch.op !== "update") return [];
        const zones = (p: Props | undefined) =>
          new Set(Array.isArray(p?.linkedZones) ? p.linkedZones.map(String) : []);
        const was = zones(ch.before);
        const now = zones(ch.after);
        const dropped = [...was].filter((z) => !now.has(z));
        return dropped.length > 0
          ? [
              [
                "secondary",
                `Unlinks ${dropped.map((z) => say.code(z)).join(", ")} from ${say.code(str(ch.after?.name))}: their zone transfers from it stop.`,
              ],
            ]
          : [];
      },
    },
    section: "secondary",
    noun: ["primary server", "primary servers"],
    label: (p) => str(p.name),
  },

  inputs: {
    name: nonEmptyString("name").describe("A name for the server."),
    ip: ipAddress().describe("IPv4 or IPv6 address."),
    port: port().default(53).describe("Port, 1–65535; default 53."),
    linkedZones: z
      .array(domainName())
      .default([])
      .describe("Secondary zones transferred from this server; changed in place by linking and unlinking."),
  },
  outputs,
  info: { inputs: [], of: primaryServerOutputs },
  ids: numericIds,
  imports: {
    ...byIdAlone("primaryServerId", "7"),
    declared: (_ctx, { outs }) => ({ inputs: declaredFrom(outs, ["name", "ip", "port", "linkedZones"]) }),
  },
  replaceOnChange: ["name", "ip", "port"],
  normalize: { linkedZones: zoneSet, ip: (v) => v.toLowerCase() },

  async create({ client, account }, inputs) {
    invalidateCollection(collectionKey(account));
    const server = await client.secondaryDns.createPrimary(account, {
      name: inputs.name,
      ip: inputs.ip,
      port: inputs.port,
    });
    const wanted = zoneSet(inputs.linkedZones);
    let linked = server;
    try {
      linked = await reconcileLinks(client, account, server, wanted);
    } catch (error) {
      // The server exists: keep it in state with the links it really has, so the next `up`
      // links the rest instead of creating a second server.
      const actual = await orUndefinedWhenGone(client.secondaryDns.getPrimary(account, server.id));
      throw new PartialCreateError(
        `primary server ${inputs.name} was created but linking its zones failed: ${error instanceof Error ? error.message : `${error}`}`,
        { id: `${server.id}`, outs: primaryServerOutputs(actual ?? server) },
      );
    }
    return { id: server.id, outs: primaryServerOutputs(linked) };
  },

  // Identity: the name, unique in the account (address and port must match too, or the
  // existing server is not the one declared and cannot be adopted as it).
  refusesDuplicates: true,
  async findMatching({ client, account }, inputs) {
    const matching: Array<Found<typeof outputs, number>> = [];
    for await (const s of client.secondaryDns.iteratePrimaries(account)) {
      if (s.name === inputs.name) {
        matching.push({ id: s.id, outs: primaryServerOutputs(s), createdAt: s.created_at });
      }
    }
    return matching;
  },

  // A name exists once per account: a new address or port for the same name replaces delete-first.
  deleteBeforeReplace: (olds, news) => olds.name === news.name,

  async read({ client, account }, id) {
    const server =
      (await readFromCollection(collectionKey(account), `${id}`, () =>
        client.secondaryDns.iteratePrimaries(account),
      )) ?? (await orUndefinedWhenGone(client.secondaryDns.getPrimary(account, id)));
    return server ? primaryServerOutputs(server) : undefined;
  },

  async update({ client, account }, id, _olds, news) {
    invalidateCollection(collectionKey(account));
    const server = await client.secondaryDns.getPrimary(account, id);
    return primaryServerOutputs(await reconcileLinks(client, account, server, zoneSet(news.linkedZones)));
  },

  async delete({ client, account }, id) {
    invalidateCollection(collectionKey(account));
    await deleteIgnoringGone(() => client.secondaryDns.deletePrimary(account, id));
  },
});
