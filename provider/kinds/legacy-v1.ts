/**
 * What the legacy API v1 kinds share (NameServerDelegation, Template, RegistryNameServer and the
 * v1 one-shot actions): the v1 API. They need the v1 credentials `dnsimple:v1Email` and
 * `dnsimple:v1Token` (or DNSIMPLE_V1_EMAIL / DNSIMPLE_V1_TOKEN); the account is the v1 user's.
 */
import type { V1Api } from "../client";
import type { ResourceContext } from "../framework/definition";
import { getSettings } from "../framework/runtime";
import { MissingSettingError } from "../framework/settings";

/** The v1 API, or a clear error naming the settings when its credentials are missing. */
export function v1Of(ctx: ResourceContext): V1Api {
  if (!getSettings().v1Email) {
    throw new MissingSettingError(
      "dnsimple:v1Email",
      "DNSIMPLE_V1_EMAIL",
      "dnsimple:v1Email <email> (and `pulumi config set --secret dnsimple:v1Token <v1 token>`)",
    );
  }
  return ctx.client.v1;
}
