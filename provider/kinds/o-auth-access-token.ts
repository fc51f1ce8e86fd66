import { z } from "zod";
import { ServiceId } from "../client";
import { nonEmptyString } from "../framework/fields";
import { secret, stringIds } from "../framework/kind";
import { oneShot } from "./one-shot";

/**
 * Swaps an OAuth authorization code for an access token, once (codes are single-use). The token
 * is a secret output; the SDK marks it so. The id is `tokenAccountId@time of the exchange`.
 */
export const oauthAccessTokenResource = oneShot({
  kind: "OAuthAccessToken",
  docs: {
    summary: [
      "Swaps an OAuth authorization code for an access token, once (codes are single-use; a new code",
      "replaces the resource). `accessToken` is a secret output.",
    ].join("\n"),
    example: [
      "const cfg = new pulumi.Config();",
      'const token = new dnsimple.OAuthAccessToken("app", {',
      '  clientId: "my-app", clientSecret: cfg.requireSecret("clientSecret"), code: cfg.requireSecret("code"),',
      '  redirectUri: "https://app.example.com/callback", state: "xyz",',
      "});",
      "export const accessToken = token.accessToken; // a secret",
    ].join("\n"),
  },
  examples: {
    valid: { clientId: "app", clientSecret: "s", code: "c", redirectUri: "https://app.test/cb", state: "x" },
    replaces: {
      clientId: "other",
      clientSecret: "t",
      code: "d",
      redirectUri: "https://b.test/cb",
      state: "y",
    },
    invalid: [["clientSecret", "missing", { clientSecret: undefined }]],
  },
  review: { noun: ["OAuth token exchange", "OAuth token exchanges"] },

  inputs: {
    clientId: nonEmptyString("clientId").describe("The OAuth application's client id."),
    clientSecret: secret(nonEmptyString("clientSecret")).describe("The OAuth application's client secret."),
    code: secret(nonEmptyString("code")).describe("The authorization code (single-use)."),
    redirectUri: z.string().describe("The redirect URI, as in the authorization request."),
    state: z.string().describe("The `state` value, as in the authorization request."),
  },
  outputs: {
    accessToken: secret(z.string()).describe("The access token."),
    tokenType: z.string().describe("The token's type, as the service gives it (e.g. `bearer`)."),
    scope: z.string().nullable().describe("The token's scope; null when the service gives none."),
    tokenAccountId: ServiceId.describe("The account the token acts for."),
  },
  ids: stringIds,
  describe: () => "the authorization-code exchange",
  spendsMoney: false,

  async run({ client }, inputs, mark) {
    const token = await client.oauth.exchangeToken({
      client_id: inputs.clientId,
      client_secret: inputs.clientSecret,
      code: inputs.code,
      redirect_uri: inputs.redirectUri,
      state: inputs.state,
    });
    return {
      id: `${token.account_id}@${mark.since.toISOString()}`,
      outs: {
        accessToken: token.access_token,
        tokenType: token.token_type,
        scope: token.scope,
        tokenAccountId: token.account_id,
      },
    };
  },
});
