/**
 * The one way an API client is built from resolved settings (`settings.ts`): for the resources
 * (`runtime.ts`), the functions (`provider/functions/runtime.ts`, for the SDK and the plugin) and the
 * CLI (`cli/command.ts`). Every client so gets the same retries (`dnsimple:maxRetries`), the same
 * progress and request-log hooks (`dnsimple:requestLog`, `dnsimple:progressInterval`), its
 * credentials registered as secrets (scrubbed from every message) and the v1 credentials
 * (`dnsimple:v1Email`, `dnsimple:v1Token`, `dnsimple:v1BaseUrl`). `settings-declarations.test.ts`
 * fails when a client is constructed anywhere else in `provider/` or `sdk/`.
 */
import { createClient, type DnsimpleClient } from "../client";
import { registerSecrets } from "./engine-log";
import { clientHooks } from "./progress";
import { type ProviderSettings, requireToken } from "./settings";

/** What differs between the users of a client: who they are, and a CLI's own retry count. */
export interface ClientPurpose {
  /** Appended to the user agent: `pulumi`, `pulumi-function`, a CLI command's name. */
  readonly userAgentSuffix: string;
  /** Overrides `dnsimple:maxRetries` (a CLI option). */
  readonly maxRetries?: number | undefined;
}

/**
 * The client the settings describe.
 * @throws {MissingSettingError} without a token.
 * @example
 * const api = clientFromSettings(resolveSettings(undefined), { userAgentSuffix: "pulumi" });
 */
export function clientFromSettings(settings: ProviderSettings, purpose: ClientPurpose): DnsimpleClient {
  registerSecrets([settings.token, settings.v1Token]);
  const token = requireToken(settings);
  const v1Token = settings.v1Token ?? token;
  return createClient({
    token,
    ...(settings.baseUrl !== undefined ? { baseUrl: settings.baseUrl } : {}),
    sandbox: settings.sandbox,
    userAgentSuffix: purpose.userAgentSuffix,
    retry: { maxRetries: purpose.maxRetries ?? settings.maxRetries },
    hooks: clientHooks(settings),
    ...(settings.v1Email
      ? {
          v1: {
            email: settings.v1Email,
            token: v1Token,
            ...(settings.v1BaseUrl !== undefined ? { baseUrl: settings.v1BaseUrl } : {}),
          },
        }
      : {}),
  });
}
