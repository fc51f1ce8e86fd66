/** Identity (`/whoami`) and accounts (`/accounts`). */
import { z } from "zod";
import { serviceObject } from "./schemas";
import type { Transport } from "./transport";

/** An account. `name` is not in the OpenAPI description but every recorded answer has it. */
export const AccountSchema = serviceObject({
  email: z.string(),
  name: z.string().optional(),
  plan_identifier: z.string(),
});
/** An account. */
export type Account = z.infer<typeof AccountSchema>;
/** The accounts of a token (a list the service does not page); one schema, so one envelope. */
const AccountListSchema = z.array(AccountSchema);

/** A user. */
export const UserSchema = serviceObject({
  email: z.string(),
});
/** A user. */
export type User = z.infer<typeof UserSchema>;

/** `whoami`: an account token yields `account`, a user token or basic auth yields `user`. */
export const IdentitySchema = z.looseObject({
  account: AccountSchema.nullable(),
  user: UserSchema.nullable(),
});
/** The authenticated identity. */
export type Identity = z.infer<typeof IdentitySchema>;

/** `client.identity`. */
export class IdentityApi {
  constructor(private readonly t: Transport) {}

  /**
   * Who the credentials belong to.
   *
   * @example
   * const { account, user } = await client.identity.whoami();
   */
  async whoami(): Promise<Identity> {
    return this.t.data("GET", "/whoami", IdentitySchema);
  }
}

/** `client.accounts`. */
export class AccountsApi {
  constructor(private readonly t: Transport) {}

  /**
   * The accounts the credentials can access (no pagination).
   *
   * @example
   * const accounts = await client.accounts.list();
   */
  async list(): Promise<Account[]> {
    return this.t.data("GET", "/accounts", AccountListSchema);
  }
}
