/** Zones and zone records. */
import { z } from "zod";
import type { AccountId } from "./domains";
import { createStatusError, isNotFound, type ApiError } from "./errors";
import { ITERATE_PAGE_SIZE, paginate, pagingQuery } from "./pagination";
import { path } from "./path";
import { DateTime, type ListOptions, type Page, serviceObject } from "./schemas";
import type { Transport } from "./transport";

/** A zone. `active` is missing from secondary-zone creation answers. */
export const ZoneSchema = serviceObject({
  account_id: z.number().int(),
  name: z.string(),
  reverse: z.boolean(),
  secondary: z.boolean(),
  last_transferred_at: DateTime.nullable(),
  active: z.boolean().optional(),
});
/** A zone. */
export type Zone = z.infer<typeof ZoneSchema>;

/** The zone file text. */
export const ZoneFileSchema = z.looseObject({ zone: z.string() });
/** Whether the zone (or record) is on every name server. */
export const ZoneDistributionSchema = z.looseObject({ distributed: z.boolean() });

/** A zone record; `zone_id` is the zone name, `name` is relative (`""` for the apex). */
export const ZoneRecordSchema = serviceObject({
  zone_id: z.string(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  content: z.string(),
  ttl: z.number().int(),
  priority: z.number().int().nullable(),
  type: z.string(),
  regions: z.array(z.string()).optional(),
  system_record: z.boolean(),
});
/** A zone record. */
export type ZoneRecord = z.infer<typeof ZoneRecordSchema>;

/** Body of record creation. */
export interface ZoneRecordInput {
  name: string;
  type: string;
  content: string;
  ttl?: number;
  priority?: number;
  regions?: string[];
}
/** Body of record update (all optional; the type cannot change). */
export type ZoneRecordUpdate = Partial<Omit<ZoneRecordInput, "type">>;

/** One update of a batch: the record's id and the fields to change. */
export type ZoneRecordBatchUpdate = ZoneRecordUpdate & { id: number };

/** Body of `POST /{account}/zones/{zone}/batch`: applied all or nothing. */
export interface ZoneRecordBatch {
  creates?: ZoneRecordInput[];
  updates?: ZoneRecordBatchUpdate[];
  deletes?: Array<{ id: number }>;
}

export const ZoneRecordBatchResultSchema = z.looseObject({
  creates: z.array(ZoneRecordSchema),
  updates: z.array(ZoneRecordSchema),
  deletes: z.array(z.looseObject({ id: z.number().int() })),
});
/** What a batch did: the records created and updated (in request order), the ids deleted. */
export type ZoneRecordBatchResult = z.infer<typeof ZoneRecordBatchResultSchema>;

const BatchItemErrorSchema = z.looseObject({
  index: z.number().int().nonnegative(),
  message: z.string(),
  errors: z.record(z.string(), z.union([z.array(z.string()), z.string()])).optional(),
});
/** One failed operation of a refused batch: its index in its list, the message, field errors. */
export type BatchItemError = z.infer<typeof BatchItemErrorSchema>;
const BatchErrorBodySchema = z.looseObject({
  message: z.string().optional(),
  errors: z.looseObject({
    creates: z.array(BatchItemErrorSchema).optional(),
    updates: z.array(BatchItemErrorSchema).optional(),
    deletes: z.array(BatchItemErrorSchema).optional(),
  }),
});

/** The failed operations of a batch the service refused (400), per list; `undefined` when the body names none. */
export function batchItemErrors(
  body: unknown,
): { creates: BatchItemError[]; updates: BatchItemError[]; deletes: BatchItemError[] } | undefined {
  const parsed = BatchErrorBodySchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { creates = [], updates = [], deletes = [] } = parsed.data.errors;
  if (creates.length + updates.length + deletes.length === 0) return undefined;
  return { creates, updates, deletes };
}

/** Each failed operation of a refused batch as an error of its own, by its index in its list. */
export interface BatchOperationErrors {
  creates: Map<number, ApiError>;
  updates: Map<number, ApiError>;
  deletes: Map<number, ApiError>;
}

/**
 * The operations a batch refusal (400) names, each with the error a single request of it would
 * have had: the service's message and field errors, the batch request's method, URL, request id
 * and retries. `undefined` when the refusal names no operation (refused as a whole).
 *
 * @example
 * const failed = batchOperationErrors(error);
 * if (failed) for (const [index, own] of failed.creates) console.log(index, own.message);
 */
export function batchOperationErrors(error: ApiError): BatchOperationErrors | undefined {
  if (error.status !== 400) return undefined;
  const failed = batchItemErrors(error.body);
  if (!failed) return undefined;
  const own = (item: BatchItemError): [number, ApiError] => [
    item.index,
    createStatusError({
      status: 400,
      method: error.method,
      url: error.url,
      requestId: error.requestId,
      body: { message: item.message, ...(item.errors !== undefined ? { errors: item.errors } : {}) },
      retries: error.retries,
    }),
  ];
  return {
    creates: new Map(failed.creates.map(own)),
    updates: new Map(failed.updates.map(own)),
    deletes: new Map(failed.deletes.map(own)),
  };
}

/** Filters of record lists. */
export interface ZoneRecordListOptions extends ListOptions {
  nameLike?: string;
  /** Exact name; `""` is the apex. */
  name?: string;
  type?: string;
}

/** `client.zones`, with `client.zones.records`. */
export class ZonesApi {
  /** Records of a zone. */
  readonly records: ZoneRecordsApi;

  constructor(private readonly t: Transport) {
    this.records = new ZoneRecordsApi(t);
  }

  /**
   * One page of zones.
   *
   * @example
   * const { data } = await client.zones.list(1, { nameLike: "example" });
   */
  async list(account: AccountId, options?: ListOptions & { nameLike?: string }): Promise<Page<Zone>> {
    return this.t.page(path`/${account}/zones`, ZoneSchema, {
      ...pagingQuery(options),
      name_like: options?.nameLike,
    });
  }

  /**
   * Every zone, 100 per request.
   *
   * @example
   * for await (const z of client.zones.iterate(1)) console.log(z.name);
   */
  iterate(account: AccountId, options?: { sort?: string; nameLike?: string }): AsyncGenerator<Zone> {
    return paginate((page) => this.list(account, { ...options, page, perPage: ITERATE_PAGE_SIZE }));
  }

  /**
   * One zone by name.
   *
   * @example
   * const zone = await client.zones.get(1, "example.com");
   */
  async get(account: AccountId, zone: string): Promise<Zone> {
    return this.t.data("GET", path`/${account}/zones/${zone}`, ZoneSchema);
  }

  /**
   * Turns the zone's DNS service on (true) or off (false): whether the service's name servers
   * answer for it. Returns the zone.
   *
   * @example
   * const zone = await client.zones.setActive(1, "example.com", false);
   */
  async setActive(account: AccountId, zone: string, active: boolean): Promise<Zone> {
    return this.t.data(active ? "PUT" : "DELETE", path`/${account}/zones/${zone}/activation`, ZoneSchema);
  }

  /**
   * The zone file.
   *
   * @example
   * const text = await client.zones.file(1, "example.com");
   */
  async file(account: AccountId, zone: string): Promise<string> {
    return (await this.t.data("GET", path`/${account}/zones/${zone}/file`, ZoneFileSchema)).zone;
  }

  /**
   * Whether the zone is on every name server.
   *
   * @example
   * const ok = await client.zones.distribution(1, "example.com");
   */
  async distribution(account: AccountId, zone: string): Promise<boolean> {
    return (await this.t.data("GET", path`/${account}/zones/${zone}/distribution`, ZoneDistributionSchema))
      .distributed;
  }
}

/** `client.zones.records`. */
export class ZoneRecordsApi {
  constructor(private readonly t: Transport) {}

  /**
   * One page of records.
   *
   * @example
   * const { data } = await client.zones.records.list(1, "example.com", { type: "A" });
   */
  async list(account: AccountId, zone: string, options?: ZoneRecordListOptions): Promise<Page<ZoneRecord>> {
    return this.t.page(path`/${account}/zones/${zone}/records`, ZoneRecordSchema, {
      ...pagingQuery(options),
      name_like: options?.nameLike,
      name: options?.name,
      type: options?.type,
    });
  }

  /**
   * Every record, 100 per request.
   *
   * @example
   * for await (const r of client.zones.records.iterate(1, "example.com")) console.log(r.type);
   */
  iterate(
    account: AccountId,
    zone: string,
    options?: Omit<ZoneRecordListOptions, "page" | "perPage">,
  ): AsyncGenerator<ZoneRecord> {
    return paginate((page) => this.list(account, zone, { ...options, page, perPage: ITERATE_PAGE_SIZE }));
  }

  /**
   * Creates a record. Like every create, it is not sent again after an ambiguous failure (lost
   * answer, 5xx): the error's `outcomeUnknown` is true, and the provider settles it by reading the
   * zone back (`zone-record-batcher.ts`).
   *
   * @example
   * await client.zones.records.create(1, "example.com", { name: "www", type: "A", content: "192.0.2.1" });
   */
  async create(account: AccountId, zone: string, input: ZoneRecordInput): Promise<ZoneRecord> {
    return this.t.data("POST", path`/${account}/zones/${zone}/records`, ZoneRecordSchema, { body: input });
  }

  /**
   * Creates, updates and deletes records of one zone in one request, all or nothing. A refusal is
   * a 400 whose body names each failed operation by its index (see {@link batchItemErrors}). Not
   * sent again after an ambiguous failure, as a create (see {@link create}).
   *
   * @example
   * const { creates } = await client.zones.records.batch(1, "example.com", {
   *   creates: [{ name: "www", type: "A", content: "192.0.2.1" }],
   *   deletes: [{ id: 5 }],
   * });
   */
  async batch(account: AccountId, zone: string, batch: ZoneRecordBatch): Promise<ZoneRecordBatchResult> {
    return this.t.data("POST", path`/${account}/zones/${zone}/batch`, ZoneRecordBatchResultSchema, {
      body: batch,
    });
  }

  /**
   * One record.
   *
   * @example
   * const r = await client.zones.records.get(1, "example.com", 5);
   */
  async get(account: AccountId, zone: string, id: number): Promise<ZoneRecord> {
    return this.t.data("GET", path`/${account}/zones/${zone}/records/${id}`, ZoneRecordSchema);
  }

  /**
   * Updates a record (PATCH).
   *
   * @example
   * await client.zones.records.update(1, "example.com", 5, { ttl: 600 });
   */
  async update(account: AccountId, zone: string, id: number, input: ZoneRecordUpdate): Promise<ZoneRecord> {
    return this.t.data("PATCH", path`/${account}/zones/${zone}/records/${id}`, ZoneRecordSchema, {
      body: input,
    });
  }

  /**
   * Deletes a record.
   *
   * @example
   * await client.zones.records.delete(1, "example.com", 5);
   */
  async delete(account: AccountId, zone: string, id: number): Promise<void> {
    await this.t.call("DELETE", path`/${account}/zones/${zone}/records/${id}`);
  }

  /**
   * Whether the record is on every name server.
   *
   * @example
   * const ok = await client.zones.records.distribution(1, "example.com", 5);
   */
  async distribution(account: AccountId, zone: string, id: number): Promise<boolean> {
    return (
      await this.t.data(
        "GET",
        path`/${account}/zones/${zone}/records/${id}/distribution`,
        ZoneDistributionSchema,
      )
    ).distributed;
  }
}

/** A zone by name, or `undefined` on 404. */
export async function findZone(zones: ZonesApi, account: AccountId, name: string): Promise<Zone | undefined> {
  try {
    return await zones.get(account, name);
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw e;
  }
}
