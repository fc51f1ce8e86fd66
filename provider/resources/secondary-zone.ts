import type { Zone } from "../client";
import { type ResourceDefinition, type State } from "./framework/define-resource";
import { domainName } from "./framework/fields";
import { deleteIgnoringGone, orUndefinedWhenGone } from "./framework/lookup";
import { canonicalDomainName } from "./names";

export function secondaryZoneOutputs(zone: Zone): State {
  return {
    zoneId: zone.id,
    reverse: zone.reverse,
    secondary: zone.secondary,
    lastTransferredAt: zone.last_transferred_at ?? null,
    createdAt: zone.created_at,
    updatedAt: zone.updated_at,
  };
}

/**
 * A secondary zone: the service serves it from transfers off your primary servers. Deleting it
 * goes through the domain delete, as the API prescribes.
 */
export const secondaryZoneResource: ResourceDefinition = {
  kind: "SecondaryZone",
  inputs: { name: domainName() },
  replaceOnChange: ["name"],
  normalize: { name: (v) => canonicalDomainName(String(v)) },

  async create({ client, account }, inputs) {
    const zone = await client.secondaryDns.createZone(account, {
      name: canonicalDomainName(String(inputs.name)),
    });
    return { id: String(zone.id), outs: secondaryZoneOutputs(zone) };
  },

  // Identity: the name. A primary (hosted) zone of that name cannot be adopted as secondary.
  refusesDuplicates: true,
  async findMatching({ client, account }, inputs) {
    const zone = await orUndefinedWhenGone(
      client.zones.get(account, canonicalDomainName(String(inputs.name))),
    );
    if (!zone) return [];
    if (!zone.secondary) {
      throw new Error(
        `${zone.name} exists as a primary (hosted) zone in account ${account}, not as a secondary zone: ` +
          `it cannot be created or adopted as one`,
      );
    }
    return [{ id: String(zone.id), outs: secondaryZoneOutputs(zone), createdAt: zone.created_at }];
  },

  async read({ client, account }, id, state) {
    const zone = await orUndefinedWhenGone(
      client.zones.get(account, canonicalDomainName(String(state.name))),
    );
    // A zone of the same name created since is another object: ours is gone.
    if (!zone || String(zone.id) !== id) return undefined;
    return secondaryZoneOutputs(zone);
  },

  async delete({ client, account }, _id, state) {
    await deleteIgnoringGone(() => client.domains.delete(account, canonicalDomainName(String(state.name))));
  },
};
