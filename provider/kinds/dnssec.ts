import { z } from "zod";
import { domainOnly } from "../framework/imports";
import { DnssecSchema, type Dnssec } from "../client";
import { AlreadyExistsError } from "../framework/ownership";
import { domainRef } from "../framework/fields";
import { defineResource, stringIds } from "../framework/kind";
import { outputsFrom, serviceFields } from "../framework/outputs-from";
import { deleteIgnoringGone, hasStatus, orUndefinedWhenGone } from "../framework/lookup";
import { canonicalDomainRef } from "../dns/domain-names";
import { orders, type Reason, str } from "../framework/review-text";

const outputs = serviceFields(DnssecSchema, {
  enabled: "True while signing is enabled.",
  active: z
    .boolean()
    .nullable()
    .describe("Whether the signed zone is active at the registry (null when the service does not say)."),
  createdAt: "When signing was enabled.",
  updatedAt: "When the service last changed the signing.",
});

const dnssecOutputs = outputsFrom<Dnssec>()(outputs, {});

export const dnssecResource = defineResource({
  kind: "Dnssec",
  docs: {
    summary:
      "DNSSEC signing of a domain's zone. Creating enables signing; destroying disables it. Signing " +
      "that is already on (enabled by hand, say) is taken over only with `adopt: true`.",
    example: [
      'const domain = new dnsimple.Domain("example", { name: "example.com" });',
      'new dnsimple.Dnssec("signing", { domain: domain.name });',
    ].join("\n"),
  },
  examples: {
    valid: { domain: "example.com" },
    replaces: { domain: "other.com" },
    invalid: [["domain", "bad domain name", { domain: "nope" }]],
  },
  review: {
    risks: {
      delete: (ch, say) => [
        "DNSSEC",
        `Turns DNSSEC signing of ${say.code(ch.zone)} off: while a DS record is still published at the registry, validating resolvers reject the zone. Remove the DS records first.`,
      ],
      change: (ch, say) => {
        if (!orders(ch)) return [];
        const reasons: Reason[] = [
          [
            "DNSSEC",
            `Turns DNSSEC signing of ${say.code(ch.zone)} on: publish a matching DS record at the registry, and only then.`,
          ],
        ];
        const was = str(ch.before?.domain).toLowerCase();
        if (ch.op === "replace" && was !== "" && was !== ch.zone)
          reasons.push([
            "DNSSEC",
            `Turns it off for ${say.code(was)}: while a DS record of it is published, validating resolvers reject that zone.`,
          ]);
        return reasons;
      },
    },
    section: "dnssec",
    noun: ["zone", "zones"],
    verbs: {
      create: "signed (DNSSEC on)",
      delete: "unsigned (DNSSEC off)",
      replace: "signed instead of another",
    },
    title: "DNSSEC signing of",
    zone: "domain",
    label: (p) => str(p.domain),
  },

  inputs: { domain: domainRef().describe("The domain (name or numeric id) whose zone is signed.") },
  outputs,
  ids: stringIds,
  imports: {
    forms: [domainOnly("domain")],
    locate: async (_ctx, { domain = "" }) => ({ id: domain, state: { domain } }),
    declared: (_ctx, { state }) => ({ inputs: { domain: state.domain } }),
  },
  replaceOnChange: ["domain"],

  async create({ client, account }, inputs) {
    const domain = canonicalDomainRef(inputs.domain);
    // Enabling is idempotent at the service: without this look, signing someone turned on by hand
    // would become this stack's, and its destroy would turn it off.
    const current = await orUndefinedWhenGone(client.dnssec.get(account, domain));
    if (current?.enabled) {
      throw new AlreadyExistsError(
        `DNSSEC is already enabled for ${domain}, and not by this stack. To manage it with Pulumi, set ` +
          `\`adopt: true\` on this resource (see the README, "Adopting existing objects").`,
      );
    }
    const status = await client.dnssec.enable(account, domain);
    return { id: domain, outs: dnssecOutputs(status) };
  },

  // Identity: the domain (signing is on or off): one per domain, so a second is refused (by
  // `create` above: enabling is idempotent at the service).
  refusesDuplicates: true,
  async findMatching({ client, account }, inputs) {
    const domain = canonicalDomainRef(inputs.domain);
    const status = await orUndefinedWhenGone(client.dnssec.get(account, domain));
    return status?.enabled ? [{ id: domain, outs: dnssecOutputs(status), createdAt: status.created_at }] : [];
  },

  async read({ client, account }, id) {
    const status = await orUndefinedWhenGone(client.dnssec.get(account, id));
    // Disabled outside Pulumi: the resource (signing) is gone.
    return status?.enabled ? dnssecOutputs(status) : undefined;
  },

  async delete({ client, account }, id) {
    try {
      await deleteIgnoringGone(() => client.dnssec.disable(account, id));
    } catch (error) {
      // 428: not enabled, so already in the state destroy wants.
      if (!hasStatus(error, 428)) throw error;
    }
  },
});
