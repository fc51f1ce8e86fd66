/**
 * Legacy API v1 resources: NameServerDelegation, Template and RegistryNameServer. They need the
 * v1 credentials `dnsimple:v1Email` and `dnsimple:v1Token` (or DNSIMPLE_V1_EMAIL /
 * DNSIMPLE_V1_TOKEN); the account is the v1 user's.
 */
import { z } from "zod";
import type { V1Api, V1Template } from "../client";
import { type ResourceContext, type ResourceDefinition, type State } from "./framework/define-resource";
import { delegationResource } from "./delegation";
import { domainName, ipAddress } from "./framework/fields";
import { getSettings } from "./framework/runtime";
import { MissingSettingError } from "./framework/settings";
import { canonicalDomainName } from "./names";
import { deleteIgnoringGone, hasStatus, orUndefinedWhenGone } from "./framework/lookup";

/** The v1 API, or a clear error naming the settings when its credentials are missing. */
export function v1Of(ctx: ResourceContext): V1Api {
  if (!getSettings().v1Email) {
    throw new MissingSettingError(
      "dnsimple:v1Email",
      "DNSIMPLE_V1_EMAIL",
      "dnsimple:v1Email <email> (and `pulumi config set --secret dnsimple:v1Token <v1 token>`)",
    );
  }
  return ctx.client.v1;
}

/**
 * Delegation of a domain registered with the service to other name servers, through the legacy v1
 * API (1 to 6 servers). See `delegationResource`; `DomainDelegation` is the API v2 one.
 */
export const nameServerDelegationResource: ResourceDefinition = delegationResource({
  kind: "NameServerDelegation",
  maxServers: 6,
  api: "legacy v1 API",
  get: (ctx, domain) => v1Of(ctx).getNameServers(domain),
  set: (ctx, domain, nameServers) => v1Of(ctx).setNameServers(domain, nameServers),
});

function templateOutputs(t: V1Template): State {
  return {
    templateId: t.id,
    name: t.name,
    shortName: t.short_name,
    description: t.description ?? "",
    createdAt: t.created_at,
    updatedAt: t.updated_at,
  };
}

/** A DNS template (legacy v1). Name, short name and description change in place. */
export const templateResource: ResourceDefinition = {
  kind: "Template",
  inputs: {
    name: z.string().min(1, "name must not be empty"),
    shortName: z
      .string()
      .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "must be lower-case letters, digits, - and _ (e.g. mail-setup)"),
    description: z.string().optional(),
  },
  replaceOnChange: [],
  normalize: { description: (v) => (v === "" ? undefined : v) },

  async create(ctx, inputs) {
    const t = await v1Of(ctx).createTemplate({
      name: String(inputs.name),
      short_name: String(inputs.shortName),
      ...(inputs.description !== undefined ? { description: String(inputs.description) } : {}),
    });
    return { id: String(t.id), outs: templateOutputs(t) };
  },

  // Identity: the short name, unique in the account.
  refusesDuplicates: true,
  async findMatching(ctx, inputs) {
    const t = await orUndefinedWhenGone(v1Of(ctx).getTemplate(String(inputs.shortName)));
    return t ? [{ id: String(t.id), outs: templateOutputs(t), createdAt: t.created_at }] : [];
  },

  async read(ctx, id) {
    const t = await orUndefinedWhenGone(v1Of(ctx).getTemplate(Number(id)));
    return t ? templateOutputs(t) : undefined;
  },

  async update(ctx, id, _olds, news) {
    const t = await v1Of(ctx).updateTemplate(Number(id), {
      name: String(news.name),
      short_name: String(news.shortName),
      description: String(news.description ?? ""),
    });
    return templateOutputs(t);
  },

  async delete(ctx, id) {
    await deleteIgnoringGone(() => v1Of(ctx).deleteTemplate(Number(id)));
  },
};

/**
 * A glue record at the registry (legacy v1): a name server inside a domain registered with the
 * service, with its IP address. The IP changes in place (registering the name again); the name
 * or the domain replaces. v1 has no way to read glue records back, so refresh only notices the
 * domain going away.
 */
export const registryNameServerResource: ResourceDefinition = {
  kind: "RegistryNameServer",
  inputs: {
    domain: domainName(),
    name: domainName(),
    ip: ipAddress(),
  },
  replaceOnChange: ["domain", "name"],
  normalize: {
    domain: (v) => canonicalDomainName(String(v)),
    name: (v) => canonicalDomainName(String(v)),
    ip: (v) => String(v).toLowerCase(),
  },

  refine(inputs) {
    const domain = canonicalDomainName(String(inputs.domain));
    const name = canonicalDomainName(String(inputs.name));
    if (!name.endsWith(`.${domain}`)) {
      return [
        { property: "name", reason: `a registry name server must be inside the domain, e.g. ns1.${domain}` },
      ];
    }
    return [];
  },

  async create(ctx, inputs) {
    const domain = canonicalDomainName(String(inputs.domain));
    const current = await v1Of(ctx).getDomain(domain);
    if (current.state !== "registered") {
      throw new Error(
        `${domain} must be registered with the service to hold registry name servers (it is ${current.state})`,
      );
    }
    const ns = await v1Of(ctx).registerNameServer(domain, {
      name: canonicalDomainName(String(inputs.name)),
      ip: String(inputs.ip),
    });
    return { id: `${domain}/${ns.name}`, outs: { registeredName: ns.name } };
  },

  async read(ctx, _id, state) {
    const domain = await orUndefinedWhenGone(v1Of(ctx).getDomain(canonicalDomainName(String(state.domain))));
    if (!domain || domain.state !== "registered") return undefined;
    return {};
  },

  async update(ctx, _id, olds, news) {
    const ns = await v1Of(ctx).registerNameServer(canonicalDomainName(String(olds.domain)), {
      name: canonicalDomainName(String(news.name)),
      ip: String(news.ip),
    });
    return { registeredName: ns.name };
  },

  async delete(ctx, _id, state) {
    try {
      await deleteIgnoringGone(() =>
        v1Of(ctx).deregisterNameServer(
          canonicalDomainName(String(state.domain)),
          canonicalDomainName(String(state.name)),
        ),
      );
    } catch (error) {
      // 400 "not registered": already gone.
      if (!hasStatus(error, 400)) throw error;
    }
  },
};
