/**
 * The check of the settings that reach the service: the first time a provider process needs the
 * service it asks `GET /whoami` who the token belongs to (and, for a user token, `GET /accounts`
 * which accounts it reaches), once, so that a wrong token, a token of another account and a base
 * URL where nothing answers fail `pulumi preview` naming the setting, not `up` after the merge.
 * `dnsimple:verifyCredentials false` turns it off. The answer is kept for the process (keyed by
 * endpoint, token and account, so a second `configure` with the same settings asks nothing).
 * Messages never hold the token. See docs/operations.md, "The check of credentials".
 */
import { createHash } from "node:crypto";
import {
  type DnsimpleClient,
  type Identity,
  isApiError,
  isConnectionError,
  PRODUCTION_BASE_URL,
  SANDBOX_BASE_URL,
} from "../client";
import type { ProviderSettings } from "./settings";

/** A setting the service refused, or an endpoint where it does not answer; names the setting. */
export class CredentialsError extends Error {
  override readonly name = "CredentialsError";
}

const BASE_URL = "dnsimple:baseUrl (or DNSIMPLE_BASE_URL)";
const TOKEN = "dnsimple:token (or DNSIMPLE_TOKEN)";
const ACCOUNT = "dnsimple:account (or DNSIMPLE_ACCOUNT)";
const TURN_OFF = "`dnsimple:verifyCredentials false` previews without the service";

/** The API base URL the settings name, and in what words to point at it. */
function endpointOf(settings: ProviderSettings): { url: string; words: string } {
  const url = (settings.baseUrl ?? (settings.sandbox ? SANDBOX_BASE_URL : PRODUCTION_BASE_URL)).replace(
    /\/+$/,
    "",
  );
  const words =
    settings.baseUrl !== undefined
      ? `the API base URL ${url} (${BASE_URL})`
      : `the ${settings.sandbox ? "sandbox" : "production"} API ${url} (${BASE_URL} sets another)`;
  return { url, words };
}

/**
 * The hint an API error gets when a setting is its likely cause: the token for a 401, the base
 * URL for a request nothing answered. Any other error comes back as it was.
 *
 * @example
 * throw explainSettingError(error, getSettings()); // "401 Authentication failed (POST /v2/1/domains): the service refused dnsimple:token ..."
 */
export function explainSettingError(error: unknown, settings: ProviderSettings): unknown {
  if (!isApiError(error) || error instanceof CredentialsError) return error;
  if (error.code === "unauthorized") {
    error.message =
      `${error.message}: the service refused the API token, ${TOKEN}: it is mistyped, revoked or ` +
      `expired, or made for another endpoint than ${endpointOf(settings).words}`;
  } else if (isConnectionError(error) && error.sent === false) {
    error.message = `${error.message}: check ${endpointOf(settings).words}`;
  }
  return error;
}

/** What a token reaches: its account (an account token), or its user's accounts (a user token). */
type Reach = { kind: "account"; id: string; email: string } | { kind: "user"; email: string };

/** Why a whoami could not be read, in words naming the setting (an error of no request as it was). */
function unreadable(error: unknown, settings: ProviderSettings): unknown {
  if (!isApiError(error)) return error;
  const { words } = endpointOf(settings);
  const { message } = error;
  if (isApiError(error) && error.code === "unauthorized") {
    return new CredentialsError(
      `The service refused the API token, ${TOKEN}, at ${words}: ${message}. The token is mistyped, ` +
        `revoked or expired, or made for another endpoint (a sandbox token works only with ` +
        `dnsimple:sandbox true); set a valid one with \`pulumi config set --secret dnsimple:token <token>\``,
    );
  }
  if (isConnectionError(error)) {
    return new CredentialsError(
      `Nothing answered the check of credentials at ${words}: ${message}. Check the URL (it ends ` +
        `in /v2) and the network; ${TURN_OFF}`,
    );
  }
  if (isApiError(error) && (error.code === "not_found" || error.code === "response_validation")) {
    return new CredentialsError(
      `${words[0]!.toUpperCase()}${words.slice(1)} does not answer as DNSimple's API v2 does: ${message}. ` +
        `Is it the API's base URL, ending in /v2?`,
    );
  }
  return new CredentialsError(
    `The check of credentials (GET /whoami at ${words}) failed: ${message}; ${TURN_OFF}`,
  );
}

/**
 * The check, for one provider process: {@link CredentialCheck.verify} asks the service once, the
 * first time, and answers every later call from what it learned.
 *
 * @example
 * const check = new CredentialCheck();
 * await check.verify(getClient, getSettings(), "1234"); // throws CredentialsError naming the setting
 */
export class CredentialCheck {
  private readonly reaches = new Map<string, Promise<Reach>>();
  private readonly accountLists = new Map<string, Promise<string[]>>();

  /** Forget what was learned (tests). */
  reset(): void {
    this.reaches.clear();
    this.accountLists.clear();
  }

  /**
   * Resolves when the token works at the endpoint and reaches `account` (any account when it is
   * undefined, as at a preview where the account is not known yet).
   * @throws {CredentialsError} naming the setting to fix.
   */
  async verify(
    client: () => DnsimpleClient,
    settings: ProviderSettings,
    account: string | undefined,
  ): Promise<void> {
    const key = this.keyOf(settings);
    let reach = this.reaches.get(key);
    if (!reach) {
      reach = this.ask(client).catch((error: unknown) => {
        throw unreadable(error, settings);
      });
      this.reaches.set(key, reach);
    }
    const known = await reach;
    if (account === undefined) return;
    const source = account === settings.account ? ACCOUNT : "the resource's `account` input";
    if (known.kind === "account") {
      if (known.id === account) return;
      throw new CredentialsError(
        `Account ${account} (${source}) is not the account of the API token, ${TOKEN}: it is an ` +
          `account token of account ${known.id} (${known.email}). Use a token of account ${account}, ` +
          `or set the account to ${known.id}`,
      );
    }
    let list = this.accountLists.get(key);
    if (!list) {
      list = client()
        .accounts.list()
        .then((accounts) => accounts.map((a) => `${a.id}`))
        .catch((error: unknown) => {
          throw unreadable(error, settings);
        });
      this.accountLists.set(key, list);
    }
    const accounts = await list;
    if (accounts.includes(account)) return;
    throw new CredentialsError(
      `Account ${account} (${source}) is not among the accounts the API token, ${TOKEN}, reaches: ` +
        `it is a user token of ${known.email}, reaching ${accounts.length > 0 ? `account ${accounts.join(", ")}` : "no account"}`,
    );
  }

  private async ask(client: () => DnsimpleClient): Promise<Reach> {
    const identity: Identity = await client().identity.whoami();
    if (identity.account) {
      return { kind: "account", id: `${identity.account.id}`, email: identity.account.email };
    }
    return { kind: "user", email: identity.user?.email ?? "an unknown user" };
  }

  /** The endpoint and a digest of the token: what the answer depends on, without the token. */
  private keyOf(settings: ProviderSettings): string {
    const digest = createHash("sha256")
      .update(settings.token ?? "")
      .digest("hex");
    return `${endpointOf(settings).url} ${digest}`;
  }
}
