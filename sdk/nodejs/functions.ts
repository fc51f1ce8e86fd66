/**
 * Plain async functions over the service, for use inside a Pulumi program (or any Node program).
 * They run in the program's process: settings come from the stack config `dnsimple:*` (read raw,
 * so secret values are neither logged nor warned about) or the environment (`DNSIMPLE_TOKEN`,
 * `DNSIMPLE_ACCOUNT`, `DNSIMPLE_BASE_URL`, `DNSIMPLE_SANDBOX`), the same as the resources. The
 * token is never logged or put into results or error messages.
 *
 * They are read-only: calling them during `preview` changes nothing. Each is defined once, in
 * provider/functions/definitions.ts; their wrappers here are generated from those definitions
 * (functions.generated.ts), as the plugin's invokes and the reference (docs/functions.md) are.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * const check = await dnsimple.checkDomain("example.com");
 * if (check.available) { ... }
 * ```
 */
export * from "./functions.generated";
/** Exported for the tests, not from the package. */
export { infoOf } from "../../provider/functions/info";
