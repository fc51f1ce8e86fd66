/**
 * Everything the client modules export, public or not: for the tests only. The provider's other
 * layers import the public `index.ts` (test/unit/layers.test.ts), which is also what
 * `pulumi-dnsimple-dynamic/client` exports; this module is not part of the package's exports.
 */
export * from "./client";
export * from "./errors";
export * from "./retry";
export * from "./path";
export * from "./schemas";
export * from "./pagination";
export * from "./transport";
export * from "./created-since";
export * from "./identity";
export * from "./domains";
export * from "./dnssec";
export * from "./ds-records";
export * from "./email-forwards";
export * from "./pushes";
export * from "./certificates";
export * from "./registrar";
export * from "./secondary-dns";
export * from "./webhooks";
export * from "./platform";
export * from "./billing";
export * from "./oauth";
export * from "./contacts";
export * from "./zones";
export * from "./v1";
