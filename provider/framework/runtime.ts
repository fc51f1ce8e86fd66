/**
 * Per-process state of the provider: the settings handed to `configure` and the one API client
 * built from them. Lives only in Pulumi's provider process; nothing here is serialized.
 */
import type { DnsimpleClient } from "../client";
import { clientFromSettings } from "./client-factory";
import { saveCompiledCodeSoon } from "./compiled-code";
import { CredentialCheck } from "./credentials";
import { type ConfigSource, type ProviderSettings, resolveSettings } from "./settings";

let settings: ProviderSettings | undefined;
let client: DnsimpleClient | undefined;
// Kept across `configure` calls: its answers are keyed by the settings they depend on.
const credentials = new CredentialCheck();

/**
 * Called by both adapters' `configure` (every provider stub's, the plugin's); the last call wins
 * (all carry the same config). The provider's compiled code is written once the call returns.
 */
export function configureRuntime(config: ConfigSource | undefined): void {
  settings = resolveSettings(config);
  client = undefined;
  saveCompiledCodeSoon();
}

export function getSettings(): ProviderSettings {
  settings ??= resolveSettings(undefined);
  return settings;
}

/** The API client, built on first use so that `check` and `diff` never need a token. */
export function getClient(): DnsimpleClient {
  client ??= clientFromSettings(getSettings(), { userAgentSuffix: "pulumi" });
  return client;
}

/**
 * The check of credentials (`credentials.ts`), once per provider process and account: resolves
 * when the token works and reaches `account` (or any account, when it is not known yet), at once
 * when `dnsimple:verifyCredentials` is false.
 * @throws {CredentialsError} naming the setting to fix.
 */
export async function verifyCredentials(account: string | undefined): Promise<void> {
  const s = getSettings();
  if (!s.verifyCredentials) return;
  await credentials.verify(getClient, s, account);
}

/** For tests: forget settings, client and what the check of credentials learned. */
export function resetRuntime(): void {
  settings = undefined;
  client = undefined;
  credentials.reset();
}
