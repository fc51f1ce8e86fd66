/**
 * `pulumi-dnsimple-dynamic/compat`: the names of `@pulumi/dnsimple` (classes, arguments, outputs,
 * defaults, functions) on this package's resources, so that a program written for the bridged
 * provider runs after changing its import line:
 *
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic/compat"; // was "@pulumi/dnsimple"
 * ```
 *
 * Switching an existing stack without deleting anything: see docs/migrating.md.
 */
export * from "./resources";
export * from "./functions";
export { UnsupportedArgumentError } from "./translate";
