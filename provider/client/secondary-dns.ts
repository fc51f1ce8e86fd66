/** Secondary DNS (public beta): primary servers and secondary zones. */
import { z } from "zod";
import type { AccountId } from "./domains";
import { ITERATE_PAGE_SIZE, paginate, pagingQuery } from "./pagination";
import { path } from "./path";
import { type ListOptions, type Page, serviceObject } from "./schemas";
import type { Transport } from "./transport";
import { ZoneSchema, type Zone } from "./zones";

/** A primary server; `linked_secondary_zones` holds zone names. */
export const PrimaryServerSchema = serviceObject({
  account_id: z.number().int(),
  name: z.string(),
  ip: z.string(),
  port: z.number().int(),
  linked_secondary_zones: z.array(z.string()),
});
/** A primary server. */
export type PrimaryServer = z.infer<typeof PrimaryServerSchema>;

/** Body of primary server creation. */
export interface PrimaryServerInput {
  name: string;
  ip: string;
  port?: number;
}

/** `client.secondaryDns`. */
export class SecondaryDnsApi {
  constructor(private readonly t: Transport) {}

  /**
   * One page of primary servers (sort keys `id`, `name`).
   *
   * @example
   * const { data } = await client.secondaryDns.listPrimaries(1);
   */
  async listPrimaries(account: AccountId, options?: ListOptions): Promise<Page<PrimaryServer>> {
    return this.t.page(path`/${account}/secondary_dns/primaries`, PrimaryServerSchema, pagingQuery(options));
  }

  /**
   * Every primary server, 100 per request.
   *
   * @example
   * for await (const p of client.secondaryDns.iteratePrimaries(1)) console.log(p.name);
   */
  iteratePrimaries(account: AccountId, options?: Pick<ListOptions, "sort">): AsyncGenerator<PrimaryServer> {
    return paginate((page) => this.listPrimaries(account, { ...options, page, perPage: ITERATE_PAGE_SIZE }));
  }

  /**
   * Creates a primary server. An ambiguous failure is not resent: it fails as an unknown outcome,
   * which the provider settles with the kind's one identity (see `domains.create`).
   *
   * @example
   * await client.secondaryDns.createPrimary(1, { name: "primary", ip: "192.0.2.10", port: 53 });
   */
  async createPrimary(account: AccountId, input: PrimaryServerInput): Promise<PrimaryServer> {
    return this.t.data("POST", path`/${account}/secondary_dns/primaries`, PrimaryServerSchema, {
      body: input,
    });
  }

  /**
   * One primary server.
   *
   * @example
   * const p = await client.secondaryDns.getPrimary(1, 4);
   */
  async getPrimary(account: AccountId, id: number): Promise<PrimaryServer> {
    return this.t.data("GET", path`/${account}/secondary_dns/primaries/${id}`, PrimaryServerSchema);
  }

  /**
   * Deletes a primary server.
   *
   * @example
   * await client.secondaryDns.deletePrimary(1, 4);
   */
  async deletePrimary(account: AccountId, id: number): Promise<void> {
    await this.t.call("DELETE", path`/${account}/secondary_dns/primaries/${id}`);
  }

  /**
   * Links a secondary zone to a primary server (PUT; idempotent).
   *
   * @example
   * const p = await client.secondaryDns.linkPrimary(1, 4, "secondary.example");
   */
  async linkPrimary(account: AccountId, id: number, zone: string): Promise<PrimaryServer> {
    return this.t.data("PUT", path`/${account}/secondary_dns/primaries/${id}/link`, PrimaryServerSchema, {
      body: { zone },
    });
  }

  /**
   * Unlinks a secondary zone from a primary server.
   *
   * @example
   * const p = await client.secondaryDns.unlinkPrimary(1, 4, "secondary.example");
   */
  async unlinkPrimary(account: AccountId, id: number, zone: string): Promise<PrimaryServer> {
    return this.t.data("PUT", path`/${account}/secondary_dns/primaries/${id}/unlink`, PrimaryServerSchema, {
      body: { zone },
    });
  }

  /**
   * Creates a secondary zone (delete it with `client.domains.delete`). An ambiguous failure is not
   * resent: it fails as an unknown outcome (see `domains.create`).
   *
   * @example
   * const zone = await client.secondaryDns.createZone(1, { name: "secondary.example" });
   */
  async createZone(account: AccountId, input: { name: string }): Promise<Zone> {
    return this.t.data("POST", path`/${account}/secondary_dns/zones`, ZoneSchema, {
      body: { name: input.name },
    });
  }
}
