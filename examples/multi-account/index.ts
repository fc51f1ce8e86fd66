/**
 * Two accounts from one program: a production and a staging account, reached with one user token
 * (an account token reaches only its own account). Every resource names its account with
 * `account`, so nothing depends on the stack's default `dnsimple:account`. Moving a resource to
 * the other account replaces it: created there, deleted here.
 */
import * as pulumi from "@pulumi/pulumi";
import * as dnsimple from "pulumi-dnsimple-dynamic";

interface Environment {
  /** The account id (`dnsimple.listAccounts()` lists those the token reaches). */
  account: string;
  domain: string;
  webIpv4: string;
}

const config = new pulumi.Config();
const environments: Record<string, Environment> = {
  production: config.requireObject<Environment>("production"),
  staging: config.requireObject<Environment>("staging"),
};

const sites = Object.entries(environments).map(([env, { account, domain: name, webIpv4 }]) => {
  const domain = new dnsimple.Domain(`${env}-domain`, { account, name });
  const web = new dnsimple.ZoneRecord(`${env}-www`, {
    account,
    zoneName: domain.name,
    name: "www",
    type: "A",
    content: webIpv4,
  });
  return { env, account: domain.accountId, domain: domain.name, www: web.fqdn };
});

// Functions run in the program and use the same settings: the accounts this token reaches.
export const reachableAccounts = dnsimple.listAccounts().then((accounts) => accounts.map((a) => a.id));
export const environmentsByName = Object.fromEntries(sites.map((s) => [s.env, s]));
