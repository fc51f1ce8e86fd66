/**
 * Glue records at the registry through the legacy v1 API (needs the v1 credentials
 * `dnsimple:v1Email` and `dnsimple:v1Token`, or DNSIMPLE_V1_EMAIL / DNSIMPLE_V1_TOKEN; the account
 * is the v1 user's).
 */
import { z } from "zod";
import { domainName, ipAddress } from "../framework/fields";
import { defineResource, stringIds } from "../framework/kind";
import { deleteIgnoringGone, hasStatus, orUndefinedWhenGone } from "../framework/lookup";
import { v1Of } from "./legacy-v1";
import { canonicalDomainName } from "../dns/domain-names";
import { str } from "../framework/review-text";

/**
 * A glue record at the registry (legacy v1): a name server inside a domain registered with the
 * service, with its IP address. The IP changes in place (registering the name again); the name
 * or the domain replaces. v1 has no way to read glue records back, so refresh only notices the
 * domain going away.
 */
export const registryNameServerResource = defineResource({
  kind: "RegistryNameServer",
  notImportable:
    "a glue record is read from the state it was registered with (its host name and addresses): nothing finds one by an id alone",
  docs: {
    summary: [
      "A glue record at the registry (legacy v1 API: needs `dnsimple:v1Email` and `dnsimple:v1Token`).",
      "The domain must be registered with the service.",
    ].join("\n"),
    example:
      'new dnsimple.RegistryNameServer("ns1", { domain: "example.com", name: "ns1.example.com", ip: "192.0.2.53" });',
  },
  examples: {
    valid: { domain: "example.com", name: "ns1.example.com", ip: "2001:db8::1" },
    replaces: { domain: "example.net", name: "ns2.example.com" },
    inPlace: { ip: "192.0.2.1" },
    same: [{ domain: "EXAMPLE.com", name: "NS1.example.com.", ip: "2001:DB8::1" }],
    invalid: [["ip", "not an address", { ip: "256.256.256.256" }]],
  },
  review: {
    risks: {
      delete: (ch, say) => [
        "delegation",
        `Removes the glue record ${say.code(str(ch.before?.name))} at the registry: a delegation to it stops resolving.`,
      ],
      change: (ch, say) =>
        ch.op === "delete"
          ? []
          : [
              [
                "delegation",
                `Glue record ${say.code(str(ch.after?.name))} → ${say.code(str(ch.after?.ip))} at the registry${ch.before ? ` (was ${say.code(`${str(ch.before.name)} → ${str(ch.before.ip)}`)})` : ""}.`,
              ],
            ],
    },
    section: "delegation",
    noun: ["glue record", "glue records"],
    label: (p) => str(p.name),
  },

  inputs: {
    domain: domainName().describe("A domain registered with the service."),
    name: domainName().describe("The name server's host name inside the domain, e.g. `ns1.example.com`."),
    ip: ipAddress().describe("Its IPv4 or IPv6 address."),
  },
  outputs: {
    registeredName: z.string().describe("The host name as the registry holds it."),
  },
  ids: stringIds,
  replaceOnChange: ["domain", "name"],
  normalize: {
    ip: (v) => v.toLowerCase(),
  },

  refine(inputs) {
    const domain = canonicalDomainName(inputs.domain);
    const name = canonicalDomainName(inputs.name);
    if (!name.endsWith(`.${domain}`)) {
      return [
        { property: "name", reason: `a registry name server must be inside the domain, e.g. ns1.${domain}` },
      ];
    }
    return [];
  },

  async create(ctx, inputs) {
    const domain = canonicalDomainName(inputs.domain);
    const current = await v1Of(ctx).getDomain(domain);
    if (current.state !== "registered") {
      throw new Error(
        `${domain} must be registered with the service to hold registry name servers (it is ${current.state})`,
      );
    }
    const ns = await v1Of(ctx).registerNameServer(domain, {
      name: canonicalDomainName(inputs.name),
      ip: inputs.ip,
    });
    return { id: `${domain}/${ns.name}`, outs: { registeredName: ns.name } };
  },

  async read(ctx, _id, state) {
    const domain = await orUndefinedWhenGone(v1Of(ctx).getDomain(canonicalDomainName(state.domain)));
    if (!domain || domain.state !== "registered") return undefined;
    // Glue records cannot be read back: what create or update recorded stays.
    return { registeredName: state.registeredName! };
  },

  async update(ctx, _id, olds, news) {
    const ns = await v1Of(ctx).registerNameServer(canonicalDomainName(olds.domain), {
      name: canonicalDomainName(news.name),
      ip: news.ip,
    });
    return { registeredName: ns.name };
  },

  async delete(ctx, _id, state) {
    try {
      await deleteIgnoringGone(() =>
        v1Of(ctx).deregisterNameServer(canonicalDomainName(state.domain), canonicalDomainName(state.name)),
      );
    } catch (error) {
      // 400 "not registered": already gone.
      if (!hasStatus(error, 400)) throw error;
    }
  },
});
