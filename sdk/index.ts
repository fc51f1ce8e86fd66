/**
 * pulumi-dnsimple-dynamic: DNSimple resources for Pulumi programs, in pure TypeScript.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * new dnsimple.Domain("example", { name: "example.com" });
 * ```
 */
export { type CommonArgs } from "./common";
export { Domain, type DomainArgs } from "./domain";
