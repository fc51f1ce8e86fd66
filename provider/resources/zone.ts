import { z } from "zod";
import type { Zone } from "../client";
import { type ResourceContext, type ResourceDefinition, type State } from "./framework/define-resource";
import { domainName } from "./framework/fields";
import { orUndefinedWhenGone } from "./framework/lookup";
import { canonicalDomainName } from "./names";

function zoneOutputs(zone: Zone): State {
  return {
    zoneId: zone.id,
    active: zone.active ?? null,
    reverse: zone.reverse,
    secondary: zone.secondary,
    lastTransferredAt: zone.last_transferred_at ?? null,
    createdAt: zone.created_at,
    updatedAt: zone.updated_at,
  };
}

async function currentZone({ client, account }: ResourceContext, name: unknown): Promise<Zone | undefined> {
  return orUndefinedWhenGone(client.zones.get(account, canonicalDomainName(String(name))));
}

function missingZone(name: string, account: string): Error {
  return new Error(
    `name: there is no zone ${name} in account ${account}. A Zone never creates a zone: zones come ` +
      `with a Domain (or a SecondaryZone); declare that first and give its name to the Zone`,
  );
}

/**
 * The DNS service of a zone that exists (a zone comes with a `Domain` or a `SecondaryZone`): its
 * outputs, and whether the service's name servers answer for it (`active`). A Zone never creates
 * or deletes a zone. Turning the service on or off changes an object this resource did not make,
 * so it takes `adopt: true`; without it the Zone only reads (and refuses to differ). Destroy
 * puts back the activation it found when it adopted the zone.
 */
export const zoneResource: ResourceDefinition = {
  kind: "Zone",
  inputs: {
    name: domainName(),
    /** Whether the zone's DNS service is on; left out, the service decides. */
    active: z.boolean().optional(),
  },
  replaceOnChange: ["name"],
  normalize: { name: (v) => canonicalDomainName(String(v)) },

  async create(ctx, inputs) {
    const name = canonicalDomainName(String(inputs.name));
    const zone = await currentZone(ctx, name);
    if (!zone) throw missingZone(name, ctx.account);
    if (typeof inputs.active === "boolean" && zone.active !== inputs.active) {
      throw new Error(
        `active: the DNS service of ${name} is ${zone.active ? "on" : "off"} and this Zone would turn it ` +
          `${inputs.active ? "on" : "off"}; the zone was not made by this Zone resource. To manage its ` +
          `activation, set \`adopt: true\` (destroy then puts back what it found)`,
      );
    }
    return { id: String(zone.id), outs: { ...zoneOutputs(zone), activeFound: null } };
  },

  // Identity: the name; exactly one zone has it.
  async findMatching(ctx, inputs) {
    const zone = await currentZone(ctx, inputs.name);
    if (!zone) return [];
    return [
      {
        id: String(zone.id),
        outs: { ...zoneOutputs(zone), activeFound: zone.active ?? null },
        createdAt: zone.created_at,
      },
    ];
  },

  async read(ctx, id, state) {
    const zone = await currentZone(ctx, state.name);
    // A zone of the same name made since is another object: ours is gone.
    if (!zone || String(zone.id) !== id) return undefined;
    return zoneOutputs(zone);
  },

  async update(ctx, _id, olds, news) {
    const name = canonicalDomainName(String(news.name));
    const zone = await currentZone(ctx, name);
    if (!zone) throw missingZone(name, ctx.account);
    const adopted = typeof olds.activeFound === "boolean";
    const activeFound = adopted ? olds.activeFound : (zone.active ?? null);
    if (typeof news.active !== "boolean" || zone.active === news.active) {
      return { ...zoneOutputs(zone), activeFound: adopted ? activeFound : null };
    }
    if (!adopted && news.adopt !== true) {
      throw new Error(
        `active: turning the DNS service of ${name} ${news.active ? "on" : "off"} changes a zone this ` +
          `Zone did not make; set \`adopt: true\` on it to manage the activation`,
      );
    }
    const changed = await ctx.client.zones.setActive(ctx.account, name, news.active);
    return { ...zoneOutputs(changed), activeFound };
  },

  async delete(ctx, _id, state) {
    if (typeof state.activeFound !== "boolean") return; // never changed anything
    const name = canonicalDomainName(String(state.name));
    const zone = await currentZone(ctx, name);
    if (zone && zone.active !== state.activeFound) {
      await ctx.client.zones.setActive(ctx.account, name, state.activeFound);
    }
  },
};
