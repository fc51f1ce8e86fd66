/**
 * Delegation of a registered domain to other name servers through the legacy v1 API (needs the v1
 * credentials `dnsimple:v1Email` and `dnsimple:v1Token`; the account is the v1 user's).
 */
import { defineDelegation } from "./delegation";
import { v1Of } from "./legacy-v1";

/**
 * Delegation of a domain registered with the service to other name servers, through the legacy v1
 * API (1 to 6 servers). See `defineDelegation`; `DomainDelegation` is the API v2 one.
 */
export const nameServerDelegationResource = defineDelegation(
  {
    kind: "NameServerDelegation",
    noun: ["name server delegation", "name server delegations"],
    maxServers: 6,
    api: "legacy v1 API",
    get: (ctx, domain) => v1Of(ctx).getNameServers(domain),
    set: (ctx, domain, nameServers) => v1Of(ctx).setNameServers(domain, nameServers),
  },
  {
    summary: [
      "Delegates a registered domain to other name servers (legacy v1 API: needs `dnsimple:v1Email`",
      "and `dnsimple:v1Token`). Destroy restores the service's own name servers.",
    ].join("\n"),
    example:
      'new dnsimple.NameServerDelegation("ns", { domain: "example.com", nameServers: ["ns1.example.net", "ns2.example.net"] });',
  },
);
