/**
 * Delegation of a registered domain to other name servers, the same rules through either API:
 * `DomainDelegation` (API v2) and `NameServerDelegation` (legacy v1).
 */
import { z } from "zod";
import {
  AlreadyExistsError,
  type ResourceContext,
  type ResourceDefinition,
} from "./framework/define-resource";
import { domainName } from "./framework/fields";
import { canonicalDomainName } from "./names";
import { deleteIgnoringGone, orUndefinedWhenGone } from "./framework/lookup";

/** The service's own name servers today: what destroying a delegation restores. */
export const SERVICE_NAME_SERVERS: ReadonlyArray<string> = [
  "ns1.dnsimple.com",
  "ns2.dnsimple-edge.net",
  "ns3.dnsimple.com",
  "ns4.dnsimple-edge.org",
];

/**
 * Every name server of the service, today's and the older ns1–ns4.dnsimple.com that domains
 * delegated before the change still list (and the recorded answers show).
 */
const ANY_SERVICE_NAME_SERVER: ReadonlySet<string> = new Set([
  ...SERVICE_NAME_SERVERS,
  "ns2.dnsimple.com",
  "ns4.dnsimple.com",
]);

/** A list of the service's own name servers only, in any order or mix of sets: hosted delegation. */
function onServiceNameServers(list: unknown): boolean {
  return (
    Array.isArray(list) &&
    list.length > 0 &&
    list.every((x) => ANY_SERVICE_NAME_SERVER.has(canonicalDomainName(String(x))))
  );
}

const hostName = () => domainName().transform((v) => canonicalDomainName(v));

function sameList(a: unknown, b: ReadonlyArray<string>): boolean {
  return (
    Array.isArray(a) && a.length === b.length && a.every((x, i) => canonicalDomainName(String(x)) === b[i])
  );
}

/** What differs between the two APIs' delegation. */
export interface DelegationApi {
  readonly kind: string;
  /** Most name servers the API accepts. */
  readonly maxServers: number;
  /** The API's name, for messages. */
  readonly api: string;
  get(ctx: ResourceContext, domain: string): Promise<string[]>;
  set(ctx: ResourceContext, domain: string, nameServers: string[]): Promise<string[]>;
}

/**
 * Delegation of a domain registered with the service to other name servers. Changes in place;
 * destroy restores what was there before (the service's own name servers, or the delegation it
 * adopted). A domain already delegated elsewhere is taken over only with `adopt`.
 */
export function delegationResource(api: DelegationApi): ResourceDefinition {
  return {
    kind: api.kind,
    inputs: {
      domain: domainName(),
      nameServers: z
        .array(hostName())
        .min(1, "must list at least one name server")
        .max(api.maxServers, `accepts at most ${api.maxServers} name servers (${api.api})`),
    },
    replaceOnChange: ["domain"],
    normalize: {
      domain: (v) => canonicalDomainName(String(v)),
      nameServers: (v) => (Array.isArray(v) ? v.map((x) => canonicalDomainName(String(x))) : v),
    },

    async create(ctx, inputs) {
      const domain = canonicalDomainName(String(inputs.domain));
      const previous = await api.get(ctx, domain);
      // A delegation elsewhere is someone's (even one identical to the declaration): only
      // `adopt: true` takes it over. Similarity is not proof of ownership.
      if (!onServiceNameServers(previous)) {
        throw new AlreadyExistsError(
          `${domain} is already delegated to ${previous.join(", ")}, not by this stack. To manage that ` +
            `delegation with Pulumi, set \`adopt: true\` on this ${api.kind}: destroy then puts ` +
            "those name servers back.",
        );
      }
      const now = await api.set(ctx, domain, inputs.nameServers as string[]);
      return { id: domain, outs: { nameServers: now, previousNameServers: previous } };
    },

    // The delegation in place, when the domain is not on the service's name servers (`adopt`).
    async findMatching(ctx, inputs) {
      const domain = canonicalDomainName(String(inputs.domain));
      const current = await orUndefinedWhenGone(api.get(ctx, domain));
      if (!current || onServiceNameServers(current)) return [];
      return [{ id: domain, outs: { nameServers: current, previousNameServers: current } }];
    },

    async read(ctx, id, state) {
      const current = await orUndefinedWhenGone(api.get(ctx, id));
      if (!current) return undefined;
      // Back on the service's own name servers (whichever set): the delegation is gone.
      if (onServiceNameServers(current) && !onServiceNameServers(state.nameServers)) return undefined;
      return { nameServers: sameList(state.nameServers, current) ? state.nameServers : current };
    },

    async update(ctx, id, olds, news) {
      const now = await api.set(ctx, id, news.nameServers as string[]);
      return {
        nameServers: sameList(news.nameServers, now) ? news.nameServers : now,
        ...(olds.previousNameServers !== undefined ? { previousNameServers: olds.previousNameServers } : {}),
      };
    },

    // Puts back what was there before: the service's name servers (today's set), or the
    // delegation this resource adopted.
    async delete(ctx, id, state) {
      const previous = state.previousNameServers;
      const restore =
        Array.isArray(previous) && previous.length > 0 && !onServiceNameServers(previous)
          ? previous.map(String)
          : [...SERVICE_NAME_SERVERS];
      await deleteIgnoringGone(() => api.set(ctx, id, restore));
    },
  };
}

/**
 * Delegation of a domain registered with the service to other name servers through API v2
 * (what `@pulumi/dnsimple` calls `DomainDelegation`).
 */
export const domainDelegationResource: ResourceDefinition = delegationResource({
  kind: "DomainDelegation",
  maxServers: 13,
  api: "API v2",
  get: (ctx, domain) => ctx.client.registrar.getDelegation(ctx.account, domain),
  set: (ctx, domain, nameServers) => ctx.client.registrar.setDelegation(ctx.account, domain, nameServers),
});
