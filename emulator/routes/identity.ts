/**
 * v2 identity: whoami, accounts, and the OAuth authorization-code exchange.
 */
import { randomBytes } from "node:crypto";
import type { Ctx, RouteRegistry } from "../context";
import { asObject, ok, type Reply } from "../http";
import { now } from "../store";
import { accountView, userView } from "../views";

function whoami(ctx: Ctx): Reply {
  const p = ctx.principal;
  if (p?.kind === "account" && p.account) return ok({ user: null, account: accountView(p.account) });
  return ok({ user: p?.user ? userView(p.user) : null, account: null });
}

function listAccounts(ctx: Ctx): Reply {
  const ids = ctx.principal?.accountIds ?? [];
  const rows = ids
    .map((id) => ctx.store.accounts.get(id))
    .filter((a) => a !== undefined)
    .sort((a, b) => a.id - b.id);
  return ok(rows.map(accountView));
}

function oauthError(status: number, error: string, description: string): Reply {
  return { status, body: { error, error_description: description } };
}

/** `POST /v2/oauth/access_token`: single-use, expiring codes bound to a client, redirect URI and state. */
function exchangeCode(ctx: Ctx): Reply {
  const body = asObject(ctx.body);
  if (body === null) return oauthError(400, "invalid_request", "The request body must be a JSON object");
  const field = (k: string): string | null => {
    const v = body[k];
    return typeof v === "string" && v !== "" ? v : null;
  };
  for (const k of ["grant_type", "client_id", "client_secret", "code"]) {
    if (field(k) === null) return oauthError(400, "invalid_request", `Missing required parameter: ${k}`);
  }
  if (field("grant_type") !== "authorization_code") {
    return oauthError(
      400,
      "invalid_request",
      'Unsupported grant type: only "authorization_code" is supported',
    );
  }
  const code = ctx.store.oauthCodes.byKey(field("code") as string);
  if (code === undefined || code.used || code.expires_at_ms <= Date.now()) {
    return oauthError(
      400,
      "invalid_grant",
      "The provided authorization grant is invalid, expired, revoked or was issued to another client",
    );
  }
  // A code issued to another client is a 400 (the contract: "client mismatch"); the 401
  // `invalid_client` is kept for the right client presenting a wrong secret.
  if (code.client_id !== field("client_id")) {
    return oauthError(
      400,
      "invalid_grant",
      "The provided authorization grant is invalid, expired, revoked or was issued to another client",
    );
  }
  if (code.client_secret !== field("client_secret")) {
    return oauthError(401, "invalid_client", "Client authentication failed");
  }
  if (code.redirect_uri !== "" && field("redirect_uri") !== code.redirect_uri) {
    return oauthError(
      400,
      "invalid_grant",
      'Invalid "redirect_uri": value doesn\'t match the "redirect_uri" in the authorization request',
    );
  }
  if (code.state !== "" && field("state") !== code.state) {
    return oauthError(
      400,
      "invalid_request",
      'Invalid "state": value doesn\'t match the "state" in the authorization request',
    );
  }
  ctx.store.oauthCodes.update(code, { used: true });
  const accessToken = randomBytes(24).toString("base64url");
  ctx.store.tokens.insert({
    token: accessToken,
    account_id: code.account_id,
    user_id: null,
    scope: code.scope,
    created_at: now(),
  });
  return {
    status: 200,
    body: { access_token: accessToken, token_type: "Bearer", scope: code.scope, account_id: code.account_id },
  };
}

export function registerIdentityRoutes(r: RouteRegistry): void {
  r.add("GET", "/v2/whoami", whoami);
  r.add("GET", "/v2/accounts", listAccounts);
  r.add("POST", "/v2/oauth/access_token", exchangeCode, "none");
}
