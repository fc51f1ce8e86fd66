import { z } from "zod";
import { isNotFound } from "../client";
import type { Domain } from "../client";
import { type ResourceDefinition, type State } from "./framework/define-resource";
import { domainName } from "./framework/fields";
import { canonicalDomainName } from "./names";

/** The outputs of a Domain, from the service's object. */
export function domainOutputs(domain: Domain): State {
  return {
    domainId: domain.id,
    accountId: String(domain.account_id),
    registrantId: domain.registrant_id ?? null,
    unicodeName: domain.unicode_name,
    state: domain.state,
    autoRenew: domain.auto_renew,
    privateWhois: domain.private_whois,
    trustee: domain.trustee ?? null,
    expiresAt: domain.expires_at ?? null,
    createdAt: domain.created_at,
    updatedAt: domain.updated_at,
  };
}

/**
 * A domain (and its DNS zone) in the account. Creating adds it as hosted; deleting removes the
 * zone and everything in it. A registered domain is only deleted with `allowDeleteRegistered`:
 * a registration is money and cannot be undone.
 */
export const domainResource: ResourceDefinition = {
  kind: "Domain",
  inputs: {
    name: domainName(),
    allowDeleteRegistered: z.boolean().optional(),
  },
  replaceOnChange: ["name"],
  localOnly: ["allowDeleteRegistered"],
  normalize: { name: (v) => canonicalDomainName(String(v)) },

  async create({ client, account }, inputs) {
    const domain = await client.domains.create(account, { name: canonicalDomainName(String(inputs.name)) });
    return { id: String(domain.id), outs: domainOutputs(domain) };
  },

  // The service finds a domain by name as well as by id: a create whose answer was lost stays in
  // state under its name until the next `up` confirms it.
  naturalId: (inputs) => canonicalDomainName(String(inputs.name)),

  // Identity: the name, unique across the service.
  refusesDuplicates: true,
  async findMatching({ client, account }, inputs) {
    try {
      const domain = await client.domains.get(account, canonicalDomainName(String(inputs.name)));
      return [{ id: String(domain.id), outs: domainOutputs(domain), createdAt: domain.created_at }];
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
};
