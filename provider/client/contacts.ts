/** Contacts of an account. */
import { z } from "zod";
import type { AccountId } from "./domains";
import { ITERATE_PAGE_SIZE, paginate, pagingQuery } from "./pagination";
import { path } from "./path";
import { type ListOptions, type Page, serviceObject } from "./schemas";
import type { Transport } from "./transport";

/** A contact. Optional text fields come back as `""`. */
export const ContactSchema = serviceObject({
  account_id: z.number().int(),
  label: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  job_title: z.string().nullable(),
  organization_name: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  fax: z.string().nullable(),
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  state_province: z.string(),
  postal_code: z.string(),
  country: z.string(),
});
/** A contact. */
export type Contact = z.infer<typeof ContactSchema>;

/** Body of contact creation. */
export interface ContactInput {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address1: string;
  city: string;
  state_province: string;
  postal_code: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  label?: string;
  address2?: string | null;
  fax?: string | null;
  organization_name?: string;
  /** Required when `organization_name` is set. */
  job_title?: string;
}

/** `client.contacts`. */
export class ContactsApi {
  constructor(private readonly t: Transport) {}

  /**
   * One page of contacts (sort keys `id`, `label`, `email`).
   *
   * @example
   * const { data } = await client.contacts.list(1);
   */
  async list(account: AccountId, options?: ListOptions): Promise<Page<Contact>> {
    return this.t.page(path`/${account}/contacts`, ContactSchema, pagingQuery(options));
  }

  /**
   * Every contact, 100 per request.
   *
   * @example
   * for await (const c of client.contacts.iterate(1)) console.log(c.email);
   */
  iterate(account: AccountId, options?: Pick<ListOptions, "sort">): AsyncGenerator<Contact> {
    return paginate((page) => this.list(account, { ...options, page, perPage: ITERATE_PAGE_SIZE }));
  }

  /**
   * Creates a contact. Contacts have no natural key, so an ambiguous failure is not retried.
   *
   * @example
   * await client.contacts.create(1, { first_name: "Ada", ... });
   */
  async create(account: AccountId, input: ContactInput): Promise<Contact> {
    return this.t.data("POST", path`/${account}/contacts`, ContactSchema, { body: input });
  }

  /**
   * One contact.
   *
   * @example
   * const c = await client.contacts.get(1, 7);
   */
  async get(account: AccountId, id: number): Promise<Contact> {
    return this.t.data("GET", path`/${account}/contacts/${id}`, ContactSchema);
  }

  /**
   * Updates a contact (PATCH, all fields optional).
   *
   * @example
   * await client.contacts.update(1, 7, { label: "Billing" });
   */
  async update(account: AccountId, id: number, input: Partial<ContactInput>): Promise<Contact> {
    return this.t.data("PATCH", path`/${account}/contacts/${id}`, ContactSchema, { body: input });
  }

  /**
   * Deletes a contact; 400 when it is in use.
   *
   * @example
   * await client.contacts.delete(1, 7);
   */
  async delete(account: AccountId, id: number): Promise<void> {
    await this.t.call("DELETE", path`/${account}/contacts/${id}`);
  }
}
