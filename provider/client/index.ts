/**
 * The internal DNSimple API client: typed methods per API group, zod-validated answers, typed
 * errors, retries with backoff, rate-limit pacing and pagination.
 *
 * @example
 * import { createClient, isNotFound } from "./client";
 * const client = createClient({ token, baseUrl: "http://127.0.0.1:8080/v2" });
 * const d = await client.domains.create(1, { name: "example.com" });
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
