/**
 * The client of a command-line tool (`generate-program`, `export-zone-file`): its token and
 * address from the environment, `undefined` when there is no token (the command says so).
 *
 * @example
 * ```ts
 * const client = clientFromEnvironment(process.env, "export-zone-file");
 * ```
 */
import { createClient, type DnsimpleClient } from "./client";

export function clientFromEnvironment(
  env: Record<string, string | undefined>,
  command: string,
): DnsimpleClient | undefined {
  const token = env.DNSIMPLE_TOKEN;
  if (!token) return undefined;
  return createClient({
    token,
    ...(env.DNSIMPLE_BASE_URL ? { baseUrl: env.DNSIMPLE_BASE_URL } : {}),
    sandbox: env.DNSIMPLE_SANDBOX === "true",
    userAgentSuffix: command,
  });
}
