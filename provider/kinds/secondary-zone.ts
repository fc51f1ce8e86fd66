import { domainOnly, idOnly, zoneOf } from "../framework/imports";
import { ServiceId, ZoneSchema, type Zone } from "../client";
import { domainName } from "../framework/fields";
import { defineResource, numericIds } from "../framework/kind";
import { outputsFrom, serviceFields, stampDocs } from "../framework/outputs-from";
import { deleteIgnoringGone, orUndefinedWhenGone } from "../framework/lookup";
import { canonicalDomainName } from "../dns/domain-names";
import { str } from "../framework/review-text";

const outputs = serviceFields(ZoneSchema, {
  zoneId: ServiceId.describe("The service's id of the zone."),
  reverse: "Whether the zone is a reverse zone.",
  secondary: "Whether the zone is secondary (always true for this kind).",
  lastTransferredAt:
    "When the zone was last transferred from a primary server; null before the first transfer.",
  ...stampDocs("the zone"),
});

export const secondaryZoneOutputs = outputsFrom<Zone>()(outputs, { zoneId: (zone) => zone.id });

/**
 * A secondary zone: the service serves it from transfers off your primary servers. Deleting it
 * goes through the domain delete, as the API prescribes.
 */
export const secondaryZoneResource = defineResource({
  kind: "SecondaryZone",
  docs: {
    summary:
      "A secondary zone, served by the service from transfers off your primary servers. Link it to a\n" +
      "{@link PrimaryServer} with `linkedZones`.",
    example: [
      'const zone = new dnsimple.SecondaryZone("secondary", { name: "example.net" });',
      'new dnsimple.PrimaryServer("primary", { name: "ns1", ip: "192.0.2.10", linkedZones: [zone.name] });',
    ].join("\n"),
  },
  examples: {
    valid: { name: "example.com" },
    replaces: { name: "other.com" },
    invalid: [
      ["name", "empty label", { name: "sec..net" }],
      ["name", "underscore in a label", { name: "bad_zone.net" }],
      ["name", "boolean instead of a name", { name: true }],
    ],
  },
  review: {
    risks: {
      delete: (ch, say) => [
        "delete",
        `Deletes the secondary zone ${say.code(str(ch.before?.name))}: the service stops serving it.`,
      ],
    },
    section: "secondary",
    noun: ["secondary zone", "secondary zones"],
    label: (p) => str(p.name),
  },

  inputs: { name: domainName().describe("The zone name, e.g. `example.com`.") },
  outputs,
  ids: numericIds,
  imports: {
    forms: [domainOnly("zone"), idOnly("zoneId", "1234")],
    async locate(ctx, target) {
      const zone = await zoneOf(ctx, target);
      return zone?.secondary ? { id: zone.id, state: { name: zone.name } } : undefined;
    },
    declared: (_ctx, { state }) => ({ inputs: { name: state.name } }),
  },
  replaceOnChange: ["name"],

  async create({ client, account }, inputs) {
    const zone = await client.secondaryDns.createZone(account, { name: canonicalDomainName(inputs.name) });
    return { id: zone.id, outs: secondaryZoneOutputs(zone) };
  },

  // Identity: the name. A primary (hosted) zone of that name cannot be adopted as secondary.
  refusesDuplicates: true,
  async findMatching({ client, account }, inputs) {
    const zone = await orUndefinedWhenGone(client.zones.get(account, canonicalDomainName(inputs.name)));
    if (!zone) return [];
    if (!zone.secondary) {
      throw new Error(
        `${zone.name} exists as a primary (hosted) zone in account ${account}, not as a secondary zone: ` +
          `it cannot be created or adopted as one`,
      );
    }
    return [{ id: zone.id, outs: secondaryZoneOutputs(zone), createdAt: zone.created_at }];
  },

  async read({ client, account }, id, state) {
    const zone = await orUndefinedWhenGone(client.zones.get(account, canonicalDomainName(state.name)));
    // A zone of the same name created since is another object: ours is gone.
    if (!zone || zone.id !== id) return undefined;
    return secondaryZoneOutputs(zone);
  },

  async delete({ client, account }, _id, state) {
    await deleteIgnoringGone(() => client.domains.delete(account, canonicalDomainName(state.name)));
  },
});
