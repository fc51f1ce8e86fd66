/**
 * A program with one-shot resources and the listing functions of issue 16: a renewal that runs
 * again when the `trigger` config changes, a v1 token reset whose new token is a secret output,
 * and v2 and v1 listings read in the program's process.
 */
import * as pulumi from "@pulumi/pulumi";
import * as dnsimple from "pulumi-dnsimple-dynamic";

export = async () => {
  const config = new pulumi.Config();
  const domain = config.require("domain");
  const renewal = new dnsimple.DomainRenewal("renewal", {
    domain,
    years: 1,
    triggers: config.get("trigger") ?? "first",
  });
  const reset = new dnsimple.LegacyDomainTokenReset("token", { domain });
  const domains = await dnsimple.listDomains({ nameLike: domain });
  const legacy = await dnsimple.listLegacyDomains();
  return {
    renewalId: renewal.renewalId,
    renewalState: renewal.renewalState,
    domainToken: reset.domainToken,
    domainStates: domains.map((d) => d.state),
    legacyNames: legacy.map((d) => d.name),
    legacyFields: Object.keys(legacy[0] ?? {}).sort(),
  };
};
