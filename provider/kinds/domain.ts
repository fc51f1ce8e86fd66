import { z } from "zod";
import { domainOnly, idOnly } from "../framework/imports";
import { orUndefinedWhenGone } from "../framework/lookup";
import { ServiceId, isNotFound } from "../client";
import { DomainSchema, type Domain } from "../client";
import { domainName } from "../framework/fields";
import { defineResource, stringIds } from "../framework/kind";
import { outputsFrom, serviceFields, stampDocs } from "../framework/outputs-from";
import { canonicalDomainName } from "../dns/domain-names";
import { str, zoneReplaced } from "../framework/review-text";

const outputs = serviceFields(DomainSchema, {
  domainId: ServiceId.describe("The service's numeric id of the domain."),
  registrantId: "The registrant contact, or null for a hosted-only domain.",
  unicodeName: "The name in Unicode.",
  state: "`hosted`, `registered` or `expired`.",
  autoRenew: "Whether the registration renews automatically.",
  privateWhois: "Whether WHOIS privacy is on for the registration.",
  trustee: z
    .boolean()
    .nullable()
    .describe(
      "Whether the service's trustee service holds the registration (TLDs that need a local\n" +
        "presence); null when not said.",
    ),
  expiresAt: "When the registration expires; null for a hosted-only domain.",
  ...stampDocs("the domain"),
});

/** The outputs of a Domain, from the service's object. */
export const domainOutputs = outputsFrom<Domain>()(outputs, { domainId: (domain) => domain.id });

/**
 * A domain (and its DNS zone) in the account. Creating adds it as hosted; deleting removes the
 * zone and everything in it. A registered domain is only deleted with `allowDeleteRegistered`:
 * a registration is money and cannot be undone. Its id is the service's numeric id, or its name
 * while a create whose answer was lost is unconfirmed (`naturalId`): string ids.
 */
export const domainResource = defineResource({
  kind: "Domain",
  docs: {
    summary: "A domain and its DNS zone in the account.",
    example: [
      'const domain = new dnsimple.Domain("example", { name: "example.com" });',
      "export const domainId = domain.domainId;",
    ].join("\n"),
  },
  examples: {
    valid: { name: "example.com" },
    replaces: { name: "other.com" },
    inPlace: { allowDeleteRegistered: true },
    invalid: [
      ["name", "empty name", { name: "" }],
      ["name", "spaces in the name", { name: "not a domain.com" }],
      ["name", "label starting with a hyphen", { name: "-bad-.com" }],
      ["name", "a number instead of a string", { name: 42 }],
      ["name", "not fully qualified", { name: "localhost" }],
      ["name", "numeric top-level domain", { name: "example.123" }],
      ["name", "label over 63 characters", { name: `${"a".repeat(64)}.com` }],
      ["name", "missing", { name: undefined }],
      ["allowDeleteRegistered", "string instead of boolean", { allowDeleteRegistered: "yes" }],
      ["account", "non-numeric account", { account: "acme" }],
      ["adopt", "string instead of boolean", { adopt: "true" }],
      ["nmae", "unknown property (typo)", { nmae: "typo.com" }],
      ["name", "a path after the name", { name: "a.com/../../1/domains" }],
      ["name", "a query after the name", { name: "a.com?x=1" }],
    ],
  },
  review: {
    risks: {
      delete: (ch, say) => {
        const name = say.code(str(ch.before?.name));
        const registered = str(ch.outputs?.state) === "registered";
        if (registered && ch.before?.allowDeleteRegistered !== true)
          return [
            "blocked",
            `${name} is a registered domain: \`pulumi up\` will refuse to delete it (the guard). ` +
              "Set `allowDeleteRegistered: true` to delete it, or `pulumi state delete` to stop managing it.",
          ];
        if (registered)
          return [
            "delete",
            `Deletes the registered domain ${name} (\`allowDeleteRegistered: true\`): the registration, paid for, cannot be undone; the zone goes with every record, forward, DS record and certificate in it.`,
          ];
        return [
          "delete",
          `Deletes the zone ${name} with every record, forward, DS record and certificate in it.`,
        ];
      },
      replace: zoneReplaced,
    },
    section: "domain",
    noun: ["zone", "zones"],
    zone: "name",
    label: (p) => str(p.name),
    fields: ["name", "allowDeleteRegistered", "adopt"],
  },

  inputs: {
    name: domainName().describe("The domain name, e.g. `example.com`; internationalised names are accepted."),
    allowDeleteRegistered: z
      .boolean()
      .optional()
      .describe(
        "Allow `pulumi destroy` (or a replacement) to delete a domain that is registered with the service.\n" +
          "Off by default: a registration is money and cannot be undone.",
      ),
  },
  outputs,
  info: { inputs: ["name"], of: (domain: Domain) => ({ name: domain.name, ...domainOutputs(domain) }) },
  ids: stringIds,
  imports: {
    forms: [domainOnly("domain", true), idOnly("domainId", "1234")],
    async locate({ client, account }, { domain, id }) {
      const found = await orUndefinedWhenGone(client.domains.get(account, domain ?? id ?? ""));
      return found && { id: `${found.id}`, state: { name: found.name } };
    },
    declared: (_ctx, { state }) => ({ inputs: { name: state.name } }),
  },
  replaceOnChange: ["name"],
  localOnly: ["allowDeleteRegistered"],

  async create({ client, account }, inputs) {
    const domain = await client.domains.create(account, { name: canonicalDomainName(inputs.name) });
    return { id: `${domain.id}`, outs: domainOutputs(domain) };
  },

  // The service finds a domain by name as well as by id: a create whose answer was lost stays in
  // state under its name until the next `up` confirms it.
  naturalId: (inputs) => canonicalDomainName(inputs.name),

  // Identity: the name, unique across the service.
  refusesDuplicates: true,
  async findMatching({ client, account }, inputs) {
    try {
      const domain = await client.domains.get(account, canonicalDomainName(inputs.name));
      return [{ id: `${domain.id}`, outs: domainOutputs(domain), createdAt: domain.created_at }];
    } catch (error) {
      if (isNotFound(error)) return [];
      throw error;
    }
  },

  async read({ client, account }, id) {
    try {
      return domainOutputs(await client.domains.get(account, id));
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  },

  async delete({ client, account }, id, state) {
    let current: Domain;
    try {
      current = await client.domains.get(account, id);
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    if (current.state === "registered" && state.allowDeleteRegistered !== true) {
      throw new Error(
        `Domain ${current.name} is registered with the service; deleting it would give up the registration. ` +
          `Set allowDeleteRegistered: true on the resource (and run \`pulumi up\`) to delete it, ` +
          `or remove it from the stack with \`pulumi state delete\` to keep it.`,
      );
    }
    try {
      await client.domains.delete(account, id);
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  },
});
