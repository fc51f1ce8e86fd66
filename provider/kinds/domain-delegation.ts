import { defineDelegation } from "./delegation";

/**
 * Delegation of a domain registered with the service to other name servers through API v2
 * (what `@pulumi/dnsimple` calls `DomainDelegation`). The rules are delegation.ts's, shared with
 * the legacy v1 `NameServerDelegation`.
 */
export const domainDelegationResource = defineDelegation(
  {
    kind: "DomainDelegation",
    noun: ["domain delegation", "domain delegations"],
    invalidExamples: [["domain", "path characters in the domain", { domain: "bad-input.com/x" }]],
    maxServers: 13,
    api: "API v2",
    get: (ctx, domain) => ctx.client.registrar.getDelegation(ctx.account, domain),
    set: (ctx, domain, nameServers) => ctx.client.registrar.setDelegation(ctx.account, domain, nameServers),
  },
  {
    summary:
      "Delegates a domain registered with the service to other name servers at the registry (API v2).\n" +
      "A domain already delegated elsewhere is taken over only with `adopt: true`. Destroy puts back\n" +
      "what was there: the service's own name servers, or the delegation it adopted.",
    example:
      'new dnsimple.DomainDelegation("ns", { domain: "example.com", nameServers: ["ns1.example.net", "ns2.example.net"] });',
  },
);
