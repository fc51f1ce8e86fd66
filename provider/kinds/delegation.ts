/**
 * Delegation of a registered domain to other name servers, the same rules through either API:
 * `DomainDelegation` (API v2, domain-delegation.ts) and `NameServerDelegation` (legacy v1,
 * name-server-delegation.ts). Shared by both kinds (`defineDelegation`); neither is defined here.
 */
import { z } from "zod";
import { domainOnly } from "../framework/imports";
import type { ResourceContext } from "../framework/definition";
import { AlreadyExistsError } from "../framework/ownership";
import { domainName } from "../framework/fields";
import { defineResource, type KindDocs, type KindExamples, stringIds } from "../framework/kind";
import { str } from "../framework/review-text";
import { canonicalDomainName } from "../dns/domain-names";
import { deleteIgnoringGone, orUndefinedWhenGone } from "../framework/lookup";

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
function onServiceNameServers(list: ReadonlyArray<string> | undefined): boolean {
  return (
    Array.isArray(list) &&
    list.length > 0 &&
    list.every((x) => ANY_SERVICE_NAME_SERVER.has(canonicalDomainName(x)))
  );
}

const hostName = () =>
  domainName()
    .transform((v) => canonicalDomainName(v))
    .pipe(z.string());

function sameList(a: ReadonlyArray<string>, b: ReadonlyArray<string>): boolean {
  return Array.isArray(a) && a.length === b.length && a.every((x, i) => canonicalDomainName(x) === b[i]);
}

/** What differs between the two APIs' delegation. */
export interface DelegationApi {
  readonly kind: string;
  /**
   * Declarations wrong in one property (see `KindExamples.invalid`) beyond the empty list and the
   * list over `maxServers` every delegation refuses; the other examples are shared.
   */
  readonly invalidExamples?: KindExamples["invalid"];
  /** Singular and plural noun of the review's headline. */
  readonly noun: readonly [string, string];
  /** Most name servers the API accepts. */
  readonly maxServers: number;
  /** The API's name, for messages. */
  readonly api: string;
  get(ctx: ResourceContext, domain: string): Promise<string[]>;
  set(ctx: ResourceContext, domain: string, nameServers: string[]): Promise<string[]>;
}

const outputs = {
  nameServers: z.array(z.string()).describe("The name servers the domain is delegated to."),
  // Absent from a read: the one in state stays.
  previousNameServers: z
    .array(z.string())
    .optional()
    .describe("The name servers before this resource delegated the domain."),
};

/**
 * Delegation of a domain registered with the service to other name servers, through `api`.
 * Changes in place; destroy restores what was there before (the service's own name servers, or
 * the delegation it adopted). A domain already delegated elsewhere is taken over only with
 * `adopt`. Its id is the domain's name.
 */
export function defineDelegation(api: DelegationApi, docs: KindDocs) {
  return defineResource({
    kind: api.kind,
    docs,
    examples: {
      valid: { domain: "example.com", nameServers: ["ns1.example.net", "ns2.example.net"] },
      replaces: { domain: "other.com" },
      inPlace: { nameServers: ["ns1.example.net"] },
      same: [{ domain: "Example.com.", nameServers: ["NS1.example.net.", "ns2.EXAMPLE.net"] }],
      invalid: [
        ["nameServers", "empty list", { nameServers: [] }],
        [
          "nameServers",
          `more than ${api.maxServers} name servers`,
          { nameServers: Array.from({ length: api.maxServers + 1 }, (_, i) => `ns${i + 1}.example.net`) },
        ],
        ...(api.invalidExamples ?? []),
      ],
    },
    review: {
      risks: {
        delete: (ch, say) => [
          "delegation",
          `Gives ${say.code(str(ch.before?.domain))} back the service's name servers at the registry: every lookup of the domain moves.`,
        ],
        change: (ch, say) =>
          ch.op === "delete"
            ? []
            : [
                [
                  "delegation",
                  `Delegates ${say.code(str(ch.after?.domain))} at the registry to ${say.code(say.value("nameServers", "after"))}${ch.before ? ` (was ${say.code(say.value("nameServers", "before"))})` : ""}: every lookup of the domain goes there.`,
                ],
              ],
      },
      section: "delegation",
      noun: api.noun,
      label: (p) => str(p.domain),
      fields: ["domain", "nameServers"],
    },
    inputs: {
      domain: domainName().describe("A domain registered with the service."),
      nameServers: z
        .array(hostName())
        .min(1, "must list at least one name server")
        .max(api.maxServers, `accepts at most ${api.maxServers} name servers (${api.api})`)
        .describe(`1 to ${api.maxServers} name server host names. Changes in place.`),
    },
    outputs,
    ids: stringIds,
    imports: {
      // The bridged provider's DomainDelegation is this package's (API v2).
      forms: [domainOnly("domain", api.kind === "DomainDelegation")],
      locate: async (_ctx, { domain = "" }) => ({ id: domain, state: { domain } }),
      // As adopt records it: destroy puts the delegation found back.
      declared: (_ctx, { state, outs }) => ({
        inputs: { domain: state.domain, nameServers: outs.nameServers },
        outs: { previousNameServers: outs.nameServers },
      }),
    },
    replaceOnChange: ["domain"],
    normalize: {
      nameServers: (v) => v.map((x) => canonicalDomainName(x)),
    },

    async create(ctx, inputs) {
      const domain = canonicalDomainName(inputs.domain);
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
      const now = await api.set(ctx, domain, inputs.nameServers);
      return { id: domain, outs: { nameServers: now, previousNameServers: previous } };
    },

    // The delegation in place, when the domain is not on the service's name servers (`adopt`).
    async findMatching(ctx, inputs) {
      const domain = canonicalDomainName(inputs.domain);
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
      const now = await api.set(ctx, id, news.nameServers);
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
          ? [...previous]
          : [...SERVICE_NAME_SERVERS];
      await deleteIgnoringGone(() => api.set(ctx, id, restore));
    },
  });
}
