import { z } from "zod";
import { domainOnly, idOnly, zoneOf } from "../framework/imports";
import { ServiceId, ZoneSchema, type Zone } from "../client";
import type { ResourceContext } from "../framework/definition";
import { domainName } from "../framework/fields";
import { defineResource, numericIds } from "../framework/kind";
import { outputsFrom, serviceFields, stampDocs } from "../framework/outputs-from";
import { orUndefinedWhenGone } from "../framework/lookup";
import { canonicalDomainName } from "../dns/domain-names";
import { str } from "../framework/review-text";

const outputs = serviceFields(ZoneSchema, {
  zoneId: ServiceId.describe("The service's numeric id of the zone."),
  reverse: "Whether the zone is a reverse-DNS zone.",
  secondary: "Whether the zone is a secondary zone.",
  lastTransferredAt: "When a secondary zone was last transferred from its primary; null otherwise.",
  /** Set by create, adopt and update; a read leaves the one in state as it is. */
  activeFound: z
    .boolean()
    .nullable()
    .optional()
    .describe("The activation found when the zone was adopted (put back on destroy); null when not adopted."),
  ...stampDocs("the zone"),
  /** The service's answer; the input of the same name (`active`) is this when left out. */
  active: z.boolean().nullable().describe("Whether the zone's DNS service is on."),
});

/** What the service says of the zone: every output but `activeFound`, which is this resource's own. */
const zoneOutputs = outputsFrom<Zone>()(outputs, { zoneId: (zone) => zone.id });

async function currentZone({ client, account }: ResourceContext, name: string): Promise<Zone | undefined> {
  return orUndefinedWhenGone(client.zones.get(account, canonicalDomainName(name)));
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
export const zoneResource = defineResource({
  kind: "Zone",
  docs: {
    summary:
      "A zone's DNS service and details. A Zone never creates or deletes a zone; it reads one that\n" +
      "exists and, with `adopt: true`, turns its DNS service on or off (destroy puts back what it found).",
    example: [
      'const domain = new dnsimple.Domain("example", { name: "example.com" });',
      'const zone = new dnsimple.Zone("example", { name: domain.name });',
      "export const zoneActive = zone.active;",
    ].join("\n"),
  },
  examples: {
    valid: { name: "example.com", active: true },
    replaces: { name: "example.net" },
    inPlace: { active: false },
    invalid: [
      ["name", "path characters in the name", { name: "bad-input.com/records" }],
      ["active", "string instead of a boolean", { active: "yes" }],
    ],
  },
  review: {
    risks: {
      // A Zone never deletes its zone; it puts back the activation it found when it adopted it.
      delete: (ch, say) => {
        const found = ch.outputs?.activeFound;
        return typeof found === "boolean" && found !== ch.outputs?.active
          ? [
              "delegation",
              `Turns the DNS service of ${say.code(str(ch.before?.name))} ${found ? "on" : "off"} again, as it was when adopted.`,
            ]
          : null;
      },
      // Its DNS service turned off: its name servers stop answering.
      change: (ch, say) =>
        ch.after?.active === false && ch.before?.active !== false
          ? [
              [
                "delegation",
                `Turns the DNS service of ${say.code(str(ch.after?.name))} off: the service's name servers stop answering for the zone.`,
              ],
            ]
          : [],
    },
    section: "domain",
    noun: ["Zone", "Zones"],
    verbs: { create: "read", delete: "released" },
    zone: "name",
    label: (p) => str(p.name),
    fields: ["name", "active", "adopt"],
  },

  inputs: {
    name: domainName().describe("The name of a zone that exists (made by a `Domain` or a `SecondaryZone`)."),
    // Nullable for the output's type only: `check` takes null for "left out".
    active: z
      .boolean()
      .nullable()
      .optional()
      .describe(
        "Whether the service's name servers answer for the zone (its DNS service is on). Left out, the\n" +
          "service decides and the value is an output. Changing it takes `adopt: true`: the zone is not\n" +
          "this resource's own.",
      ),
  },
  outputs,
  ids: numericIds,
  imports: {
    forms: [domainOnly("zone", true), idOnly("zoneId", "1234")],
    async locate(ctx, target) {
      const zone = await zoneOf(ctx, target);
      return zone && { id: zone.id, state: { name: zone.name } };
    },
    // As adopt records it: the activation found, which destroy puts back.
    declared: (_ctx, { state, outs }) => ({
      inputs: { name: state.name },
      outs: { activeFound: outs.active ?? null },
    }),
  },
  replaceOnChange: ["name"],

  async create(ctx, inputs) {
    const name = canonicalDomainName(inputs.name);
    const zone = await currentZone(ctx, name);
    if (!zone) throw missingZone(name, ctx.account);
    if (typeof inputs.active === "boolean" && zone.active !== inputs.active) {
      throw new Error(
        `active: the DNS service of ${name} is ${zone.active ? "on" : "off"} and this Zone would turn it ` +
          `${inputs.active ? "on" : "off"}; the zone was not made by this Zone resource. To manage its ` +
          `activation, set \`adopt: true\` (destroy then puts back what it found)`,
      );
    }
    return { id: zone.id, outs: { ...zoneOutputs(zone), activeFound: null } };
  },

  // Identity: the name; exactly one zone has it.
  async findMatching(ctx, inputs) {
    const zone = await currentZone(ctx, inputs.name);
    if (!zone) return [];
    return [
      {
        id: zone.id,
        outs: { ...zoneOutputs(zone), activeFound: zone.active ?? null },
        createdAt: zone.created_at,
      },
    ];
  },

  async read(ctx, id, state) {
    const zone = await currentZone(ctx, state.name);
    // A zone of the same name made since is another object: ours is gone.
    if (!zone || zone.id !== id) return undefined;
    return zoneOutputs(zone);
  },

  async update(ctx, _id, olds, news) {
    const name = canonicalDomainName(news.name);
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
    const name = canonicalDomainName(state.name);
    const zone = await currentZone(ctx, name);
    if (zone && zone.active !== state.activeFound) {
      await ctx.client.zones.setActive(ctx.account, name, state.activeFound);
    }
  },
});
