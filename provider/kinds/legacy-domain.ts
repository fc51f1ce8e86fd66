import { domainName } from "../framework/fields";
import { domainOnly, idOnly } from "../framework/imports";
import { defineResource, numericIds } from "../framework/kind";
import { deleteIgnoringGone, orUndefinedWhenGone } from "../framework/lookup";
import { domainOutputShape, domainOutputs } from "./legacy-shared";
import { v1Of } from "./legacy-v1";
import { canonicalDomainName } from "../dns/domain-names";
import { str, zoneReplaced } from "../framework/review-text";

/** A hosted domain through API v1 (desired state): destroy deletes it (not at the registry). */
export const legacyDomainResource = defineResource({
  kind: "LegacyDomain",
  docs: {
    summary: [
      "A hosted domain through API v1 (desired state). Destroy deletes it from the account, not at",
      "the registry. `adopt: true` takes over the v1 domain of that name.",
    ].join("\n"),
    example: [
      'const d = new dnsimple.LegacyDomain("old", { name: "example.com" });',
      "export const legacyId = d.domainId;",
    ].join("\n"),
  },
  examples: {
    valid: { name: "example.com" },
    replaces: { name: "other.com" },
    invalid: [["name", "spaces in the name", { name: "bad domain" }]],
  },
  review: {
    risks: {
      delete: (ch, say) => [
        "delete",
        `Deletes the zone ${say.code(str(ch.before?.name))} (through API v1) with every record, forward, DS record and certificate in it.`,
      ],
      replace: zoneReplaced,
    },
    section: "domain",
    noun: ["zone (v1)", "zones (v1)"],
    zone: "name",
    label: (p) => str(p.name),
  },

  inputs: { name: domainName().describe("The domain name.") },
  outputs: domainOutputShape,
  ids: numericIds,
  imports: {
    forms: [domainOnly("domain"), idOnly("domainId", "1234")],
    async locate(ctx, { domain, id }) {
      const d = await orUndefinedWhenGone(v1Of(ctx).getDomain(domain ?? id ?? ""));
      return d && { id: d.id, state: { name: d.name } };
    },
    declared: (_ctx, { state }) => ({ inputs: { name: state.name } }),
  },
  replaceOnChange: ["name"],
  refusesDuplicates: true,

  async create(ctx, inputs) {
    const d = await v1Of(ctx).createDomain({ name: canonicalDomainName(inputs.name) });
    return { id: d.id, outs: domainOutputs(d), createdAt: d.created_at };
  },

  async findMatching(ctx, inputs) {
    const wanted = canonicalDomainName(inputs.name);
    return (await v1Of(ctx).listDomains())
      .filter((d) => d.name === wanted)
      .map((d) => ({ id: d.id, outs: domainOutputs(d), createdAt: d.created_at }));
  },

  async read(ctx, id) {
    const d = await orUndefinedWhenGone(v1Of(ctx).getDomain(id));
    return d ? domainOutputs(d) : undefined;
  },

  async delete(ctx, id) {
    await deleteIgnoringGone(() => v1Of(ctx).deleteDomain(id));
  },
});
