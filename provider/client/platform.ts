/**
 * Platform API (private beta): add-on messages and key/value metadata on resources. Timestamps
 * here are textual date-times (e.g. `Wed, 29 Jun 2010 12:45:05.015709000 UTC +00:00`), not ISO 8601.
 */
import { z } from "zod";
import type { AccountId } from "./domains";
import { path } from "./path";
import { ITERATE_PAGE_SIZE, collect, paginate } from "./pagination";
import { listOf, type Pagination } from "./schemas";
import type { Transport } from "./transport";

/** A resource reference: `domain:<id>`, `record:<id>` or `platform_connection:<id>`. */
export type PlatformResource = string;

/**
 * An object of the platform API: its id, its owner, the account and the resource it is on, the
 * fields given, and its textual timestamps (not the ISO 8601 ones of `serviceObject`).
 */
function platformObject<Fields extends z.ZodRawShape>(fields: Fields) {
  return z.looseObject({
    id: z.number().int(),
    owner_type: z.string(),
    owner_id: z.number().int(),
    account_id: z.number().int(),
    resource: z.string(),
    ...fields,
    created_at: z.string(),
    updated_at: z.string(),
  });
}

/** A platform message. */
export const PlatformMessageSchema = platformObject({
  title: z.string().nullable(),
  message: z.string().nullable(),
  url: z.string().nullable(),
  expires_at: z.string().nullable(),
});
/** A platform message. */
export type PlatformMessage = z.infer<typeof PlatformMessageSchema>;

/** A metadata entry; writing an existing key on the same resource replaces its value. */
export const PlatformMetadataSchema = platformObject({ key: z.string(), value: z.string() });
/** A metadata entry. */
export type PlatformMetadata = z.infer<typeof PlatformMetadataSchema>;

/**
 * Every item of a list the service may paginate: pages are read until the last one; an answer
 * without `pagination` is the whole list.
 */
async function allPages<T>(
  fetchPage: (page: number) => Promise<{ data: T[]; pagination?: Pagination | undefined }>,
): Promise<T[]> {
  const first = await fetchPage(1);
  const firstPagination = first.pagination;
  if (firstPagination === undefined) return first.data;
  const pages = paginate<T>(async (page) => {
    const res = page === 1 ? first : await fetchPage(page);
    // A later page without pagination ends the walk.
    return {
      data: res.data,
      pagination: res.pagination ?? { ...firstPagination, current_page: page, total_pages: page },
    };
  });
  return collect(pages);
}

/** Body of message creation and update. */
export interface PlatformMessageInput {
  resource: PlatformResource;
  url?: string;
  title?: string;
  message?: string;
  /** ISO 8601 date-time. */
  expires_at?: string;
}

/** `client.platform.messages`. */
export class PlatformMessagesApi {
  constructor(private readonly t: Transport) {}

  /**
   * Every message of the account: every page is read, 100 per request.
   *
   * @example
   * const messages = await client.platform.messages.list(1);
   */
  async list(account: AccountId): Promise<PlatformMessage[]> {
    return allPages((page) =>
      this.t.call("GET", path`/${account}/platform/messages`, listOf(PlatformMessageSchema), {
        query: { page, per_page: ITERATE_PAGE_SIZE },
      }),
    );
  }

  /**
   * One message.
   *
   * @example
   * const m = await client.platform.messages.get(1, 5);
   */
  async get(account: AccountId, id: number): Promise<PlatformMessage> {
    return this.t.data("GET", path`/${account}/platform/messages/${id}`, PlatformMessageSchema);
  }

  /**
   * Creates a message (201). Not retried after an ambiguous failure.
   *
   * @example
   * await client.platform.messages.create(1, { resource: "domain:1", title: "Hi" });
   */
  async create(account: AccountId, input: PlatformMessageInput): Promise<PlatformMessage> {
    return this.t.data("POST", path`/${account}/platform/messages`, PlatformMessageSchema, { body: input });
  }

  /**
   * Updates a message (200). The contract gives the verb and path as those of create with the
   * message id "in the parameters"; the id is sent both as the last path segment and in the body.
   * Replaying the same update is harmless, so it is retried like an idempotent request.
   *
   * @example
   * await client.platform.messages.update(1, 5, { resource: "domain:1", title: "Updated" });
   */
  async update(account: AccountId, id: number, input: PlatformMessageInput): Promise<PlatformMessage> {
    return this.t.data("POST", path`/${account}/platform/messages/${id}`, PlatformMessageSchema, {
      body: { ...input, id },
      retryMode: "idempotent",
    });
  }

  /**
   * Deletes a message (irreversible).
   *
   * @example
   * await client.platform.messages.delete(1, 5);
   */
  async delete(account: AccountId, id: number): Promise<void> {
    await this.t.call("DELETE", path`/${account}/platform/messages/${id}`);
  }
}

/** `client.platform.metadata`. */
export class PlatformMetadataApi {
  constructor(private readonly t: Transport) {}

  /**
   * Every metadata entry of a resource: every page is read, 100 per request.
   *
   * @example
   * const entries = await client.platform.metadata.list(1, "domain:1");
   */
  async list(account: AccountId, resource: PlatformResource): Promise<PlatformMetadata[]> {
    return allPages((page) =>
      this.t.call("GET", path`/${account}/platform/metadata/${resource}`, listOf(PlatformMetadataSchema), {
        query: { page, per_page: ITERATE_PAGE_SIZE },
      }),
    );
  }

  /**
   * One entry.
   *
   * @example
   * const e = await client.platform.metadata.get(1, "domain:1", 9);
   */
  async get(account: AccountId, resource: PlatformResource, id: number): Promise<PlatformMetadata> {
    return this.t.data("GET", path`/${account}/platform/metadata/${resource}/${id}`, PlatformMetadataSchema);
  }

  /**
   * Sets a key on a resource (an existing key is replaced, so a replay is harmless and the call
   * is retried like an idempotent request).
   *
   * @example
   * await client.platform.metadata.set(1, "domain:1", { key: "team", value: "ops" });
   */
  async set(
    account: AccountId,
    resource: PlatformResource,
    input: { key: string; value: string },
  ): Promise<PlatformMetadata> {
    return this.t.data("POST", path`/${account}/platform/metadata/${resource}`, PlatformMetadataSchema, {
      body: { resource, key: input.key, value: input.value },
      retryMode: "idempotent",
    });
  }

  /**
   * Deletes an entry (irreversible).
   *
   * @example
   * await client.platform.metadata.delete(1, "domain:1", 9);
   */
  async delete(account: AccountId, resource: PlatformResource, id: number): Promise<void> {
    await this.t.call("DELETE", path`/${account}/platform/metadata/${resource}/${id}`);
  }
}

/** `client.platform`. */
export class PlatformApi {
  readonly messages: PlatformMessagesApi;
  readonly metadata: PlatformMetadataApi;
  constructor(t: Transport) {
    this.messages = new PlatformMessagesApi(t);
    this.metadata = new PlatformMetadataApi(t);
  }
}
