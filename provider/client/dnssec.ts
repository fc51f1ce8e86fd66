/** DNSSEC on a domain: get, enable, disable. */
import { z } from "zod";
import type { AccountId, DomainRef } from "./domains";
import { path } from "./path";
import { Stamps } from "./schemas";
import type { Transport } from "./transport";

/** DNSSEC status of a domain. */
export const DnssecSchema = z.looseObject({
  enabled: z.boolean(),
  active: z.boolean().optional(),
  ...Stamps,
});
/** DNSSEC status of a domain. */
export type Dnssec = z.infer<typeof DnssecSchema>;

/** `client.dnssec`. */
export class DnssecApi {
  constructor(private readonly t: Transport) {}

  /**
   * DNSSEC status.
   *
   * @example
   * const { enabled } = await client.dnssec.get(1, "example.com");
   */
  async get(account: AccountId, domain: DomainRef): Promise<Dnssec> {
    return this.t.data("GET", path`/${account}/domains/${domain}/dnssec`, DnssecSchema);
  }

  /**
   * Enables signing. Enabling signing that is on answers 201 with the status as it is, so after an
   * ambiguous failure the request is sent again like an idempotent one. Whether signing that is
   * on is this program's to manage is the resource's question, not the request's.
   *
   * @example
   * await client.dnssec.enable(1, "example.com");
   */
  async enable(account: AccountId, domain: DomainRef): Promise<Dnssec> {
    return this.t.data("POST", path`/${account}/domains/${domain}/dnssec`, DnssecSchema, {
      retryMode: "idempotent",
    });
  }

  /**
   * Disables signing; 428 (`precondition_required`) when it is not enabled.
   *
   * @example
   * await client.dnssec.disable(1, "example.com");
   */
  async disable(account: AccountId, domain: DomainRef): Promise<void> {
    await this.t.call("DELETE", path`/${account}/domains/${domain}/dnssec`);
  }
}
