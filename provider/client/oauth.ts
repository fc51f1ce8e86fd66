/** OAuth authorization-code exchange (no credentials; the answer is not wrapped in `data`). */
import { z } from "zod";
import type { Transport } from "./transport";

/** The token exchange result. */
export const OAuthTokenSchema = z.looseObject({
  access_token: z.string(),
  token_type: z.string(),
  scope: z.string().nullable(),
  account_id: z.number().int(),
});
/** The token exchange result. */
export type OAuthToken = z.infer<typeof OAuthTokenSchema>;

/** Body of the exchange. */
export interface OAuthExchangeInput {
  client_id: string;
  client_secret: string;
  code: string;
  redirect_uri: string;
  state: string;
  grant_type?: "authorization_code";
  code_verifier?: string;
}

/** `client.oauth`. */
export class OAuthApi {
  constructor(private readonly t: Transport) {}

  /**
   * Swaps an authorization code for an access token. Codes are single-use, so this is never
   * retried after an ambiguous failure. Errors carry `{error, error_description}` in `body`.
   *
   * @example
   * const { access_token } = await client.oauth.exchangeToken({ client_id, client_secret, code, redirect_uri, state });
   */
  async exchangeToken(input: OAuthExchangeInput): Promise<OAuthToken> {
    return this.t.call("POST", "/oauth/access_token", OAuthTokenSchema, {
      auth: false,
      body: { grant_type: "authorization_code", ...input },
    });
  }
}
