import { z } from "zod";
import { ServiceId } from "../client";
import { emailAddress } from "../framework/fields";
import { numericIds, secret } from "../framework/kind";
import { oneShot } from "./one-shot";

/**
 * Signs up a v1 user, once (no credentials needed for the request itself). The password is a
 * secret input; the new user's API token is the secret output `apiToken`.
 */
export const legacyUserResource = oneShot({
  kind: "LegacyUser",
  docs: {
    summary: "Signs up a v1 user, once. `apiToken` (the new user's v1 token) is a secret output.",
    example: [
      "const cfg = new pulumi.Config();",
      'const user = new dnsimple.LegacyUser("ops", { email: "ops@example.com", password: cfg.requireSecret("password") });',
      "export const userId = user.userId;",
    ].join("\n"),
  },
  examples: {
    valid: { email: "a@example.com", password: "pw" },
    replaces: { email: "b@example.com", password: "other", triggers: 1 },
    invalid: [["email", "not an e-mail address", { email: "not-an-email" }]],
  },
  review: { noun: ["v1 user", "v1 users"], masks: { email: "email" } },

  inputs: {
    email: emailAddress().describe("The new user's e-mail address."),
    password: secret(z.string().min(1, "password must not be empty")).describe("The new user's password."),
  },
  outputs: {
    userId: ServiceId.describe("The new user's id."),
    apiToken: secret(z.string().nullable()).describe("The user's v1 API token."),
    domainLimit: z
      .number()
      .nullable()
      .describe("How many domains the user may have; null when the service does not say."),
  },
  ids: numericIds,
  describe: (inputs) => `the sign-up of ${inputs.email}`,
  spendsMoney: false,

  async run(ctx, inputs) {
    const u = await ctx.client.v1.createUser({
      email: inputs.email,
      password: inputs.password,
      password_confirmation: inputs.password,
    });
    return {
      id: u.id,
      outs: { userId: u.id, apiToken: u.single_access_token ?? null, domainLimit: u.domain_limit ?? null },
    };
  },
});
