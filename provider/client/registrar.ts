/**
 * Registrar: availability, prices, registration, transfer, renewal, restore, transfer out, and
 * registrant changes (`/registrar/registrant_changes`).
 */
import { z } from "zod";
import type { AccountId, DomainRef } from "./domains";
import { ITERATE_PAGE_SIZE, paginate, pagingQuery } from "./pagination";
import { path } from "./path";
import { DateOnly, dataOf, type ListOptions, type Page, serviceObject } from "./schemas";
import type { Transport } from "./transport";

/** Availability of a name. */
export const DomainCheckSchema = z.looseObject({
  domain: z.string(),
  available: z.boolean(),
  premium: z.boolean(),
  trustee: z.boolean().optional(),
});
/** Availability of a name. */
export type DomainCheck = z.infer<typeof DomainCheckSchema>;
/** A domain's delegation: its name servers' names. */
const NameServersSchema = z.array(z.string());

/** Premium price for one action (deprecated operation). */
export const DomainPremiumPriceSchema = z.looseObject({ premium_price: z.string(), action: z.string() });
/** Premium price for one action. */
export type DomainPremiumPrice = z.infer<typeof DomainPremiumPriceSchema>;

/** Prices of a name; amounts are JSON numbers. */
export const DomainPricesSchema = z.looseObject({
  domain: z.string(),
  premium: z.boolean(),
  registration_price: z.number(),
  renewal_price: z.number(),
  transfer_price: z.number(),
  restore_price: z.number().optional(),
  trustee_price: z.number().nullable().optional(),
});
/** Prices of a name. */
export type DomainPrices = z.infer<typeof DomainPricesSchema>;

/** The transfer lock of a registered domain. */
export const TransferLockSchema = z.looseObject({ enabled: z.boolean() });

/** What a registration and a transfer order both say: the domain, its registrant, the state and the options. */
const domainOrderFields = {
  domain_id: z.number().int(),
  registrant_id: z.number().int(),
  state: z.string(),
  auto_renew: z.boolean(),
  whois_privacy: z.boolean(),
  trustee: z.boolean().optional(),
};

/** A registration order. */
export const DomainRegistrationSchema = serviceObject({ ...domainOrderFields, period: z.number().int() });
/** A registration order. */
export type DomainRegistration = z.infer<typeof DomainRegistrationSchema>;

/** A transfer order. */
export const DomainTransferSchema = serviceObject({
  ...domainOrderFields,
  status_description: z.string().nullable().optional(),
});
/** A transfer order. */
export type DomainTransfer = z.infer<typeof DomainTransferSchema>;

/** A renewal order. */
export const DomainRenewalSchema = serviceObject({
  domain_id: z.number().int(),
  period: z.number().int(),
  state: z.string(),
});
/** A renewal order. */
export type DomainRenewal = z.infer<typeof DomainRenewalSchema>;

/** A restore order. */
export const DomainRestoreSchema = serviceObject({
  domain_id: z.number().int(),
  state: z.string(),
});
/** A restore order. */
export type DomainRestore = z.infer<typeof DomainRestoreSchema>;

/** States of a registrant change; `new` and `pending` are still open. */
export const REGISTRANT_CHANGE_STATES = ["new", "pending", "cancelling", "cancelled", "completed"] as const;
/** A registrant change's state. */
export type RegistrantChangeState = (typeof REGISTRANT_CHANGE_STATES)[number];
const OPEN_STATES = ["new", "pending"] as const satisfies ReadonlyArray<RegistrantChangeState>;
/** The open states: the change may still complete or be cancelled. */
export const OPEN_REGISTRANT_CHANGE_STATES: ReadonlyArray<string> = OPEN_STATES;

/**
 * A registrant change: moving a registered domain to another contact as its registrant. Changes
 * that are a change of owner at the registry (`registry_owner_change`) may stay `new`/`pending`
 * for days; `irt_lock_lifted_by` is when the 60-day inter-registrar transfer lock that follows
 * ends. `state` stays a string: a state the service adds later must not break reading.
 */
export const RegistrantChangeSchema = serviceObject({
  account_id: z.number().int(),
  contact_id: z.number().int(),
  domain_id: z.number().int(),
  state: z.string(),
  extended_attributes: z.record(z.string(), z.string()).nullable(),
  registry_owner_change: z.boolean(),
  irt_lock_lifted_by: DateOnly.nullable(),
});
/** A registrant change. */
export type RegistrantChange = z.infer<typeof RegistrantChangeSchema>;

/** One TLD-specific attribute a registry asks for, with its allowed values when it has a list. */
export const ExtendedAttributeSchema = z.looseObject({
  name: z.string(),
  title: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  required: z.boolean(),
  options: z
    .array(
      z.looseObject({
        title: z.string().nullable().optional(),
        value: z.string(),
        description: z.string().nullable().optional(),
      }),
    )
    .optional(),
});
/** One TLD-specific attribute. */
export type ExtendedAttribute = z.infer<typeof ExtendedAttributeSchema>;

/** What a registrant change of this domain to this contact requires. */
export const RegistrantChangeCheckSchema = z.looseObject({
  domain_id: z.number().int(),
  contact_id: z.number().int(),
  extended_attributes: z.array(ExtendedAttributeSchema),
  registry_owner_change: z.boolean(),
});
/** What a registrant change requires. */
export type RegistrantChangeCheck = z.infer<typeof RegistrantChangeCheckSchema>;

/** Body of a registrant-change check. */
export interface RegistrantChangeCheckInput {
  /** The domain's name or id. */
  domain_id: string | number;
  /** The new registrant's contact id. */
  contact_id: string | number;
}

/** Body of a registrant change. */
export interface RegistrantChangeInput extends RegistrantChangeCheckInput {
  /** TLD-specific attributes the check lists as required. */
  extended_attributes?: Record<string, string>;
}

/** Filters and paging of the registrant-change list. */
export interface RegistrantChangeListOptions extends ListOptions {
  /** One state; the service lists only the open ones (`new`, `pending`) when omitted. */
  state?: RegistrantChangeState;
  domainId?: number;
  contactId?: number;
}

/** Registration body. */
export interface RegisterDomainInput {
  registrant_id: number;
  whois_privacy?: boolean;
  auto_renew?: boolean;
  trustee?: boolean;
  linked_provider?: string;
  extended_attributes?: Record<string, string>;
  /** Required (as price confirmation) only for premium names. */
  premium_price?: string;
}

/** Transfer body. */
export interface TransferDomainInput {
  registrant_id: number;
  auth_code?: string;
  whois_privacy?: boolean;
  auto_renew?: boolean;
  trustee?: boolean;
  extended_attributes?: Record<string, string>;
  premium_price?: string;
}

/** Renewal body. */
export interface RenewDomainInput {
  /** Years; the TLD's default when omitted. */
  period?: number;
  premium_price?: string;
}

/** The registrar's orders of a domain, by the path segment that holds them. */
type RegistrarOrders = "registrations" | "transfers" | "renewals" | "restores";

/** `client.registrar`. Orders charge the account and are never resent after an ambiguous failure. */
export class RegistrarApi {
  constructor(private readonly t: Transport) {}

  /**
   * Whether a name can be registered.
   *
   * @example
   * const { available, premium } = await client.registrar.check(1, "example.com");
   */
  check(account: AccountId, domain: string): Promise<DomainCheck> {
    return this.t.data("GET", path`/${account}/registrar/domains/${domain}/check`, DomainCheckSchema);
  }

  /**
   * Premium price of a name for an action; 400 when it is not premium.
   *
   * @deprecated The service replaced this operation by {@link RegistrarApi.prices}.
   * @example
   * const { premium_price } = await client.registrar.premiumPrice(1, "ruby.codes", "registration");
   */
  premiumPrice(
    account: AccountId,
    domain: string,
    action: "registration" | "renewal" | "transfer" = "registration",
  ): Promise<DomainPremiumPrice> {
    return this.t.data(
      "GET",
      path`/${account}/registrar/domains/${domain}/premium_price`,
      DomainPremiumPriceSchema,
      { query: { action } },
    );
  }

  /**
   * Registration, renewal, transfer and restore prices of a name (public preview).
   *
   * @example
   * const prices = await client.registrar.prices(1, "bingo.pizza");
   */
  prices(account: AccountId, domain: string): Promise<DomainPrices> {
    return this.t.data("GET", path`/${account}/registrar/domains/${domain}/prices`, DomainPricesSchema);
  }

  /**
   * Registers a name (201 done or 202 pending).
   *
   * @example
   * const reg = await client.registrar.register(1, "example.com", { registrant_id: 2 });
   */
  register(account: AccountId, domain: string, input: RegisterDomainInput): Promise<DomainRegistration> {
    return this.placeOrder(account, domain, "registrations", DomainRegistrationSchema, input);
  }

  /**
   * A registration order.
   *
   * @example
   * const reg = await client.registrar.getRegistration(1, "example.com", 1);
   */
  getRegistration(account: AccountId, domain: string, id: number): Promise<DomainRegistration> {
    return this.order("GET", account, domain, "registrations", id, DomainRegistrationSchema);
  }

  /**
   * Transfers a name in (201 or 202; may take up to 7 days).
   *
   * @example
   * const tr = await client.registrar.transfer(1, "example.com", { registrant_id: 2, auth_code: "x" });
   */
  transfer(account: AccountId, domain: string, input: TransferDomainInput): Promise<DomainTransfer> {
    return this.placeOrder(account, domain, "transfers", DomainTransferSchema, input);
  }

  /**
   * A transfer order.
   *
   * @example
   * const tr = await client.registrar.getTransfer(1, "example.com", 361);
   */
  getTransfer(account: AccountId, domain: string, id: number): Promise<DomainTransfer> {
    return this.order("GET", account, domain, "transfers", id, DomainTransferSchema);
  }

  /**
   * Cancels an in-progress transfer (202 with the transfer, still `transferring`).
   *
   * @example
   * await client.registrar.cancelTransfer(1, "example.com", 361);
   */
  cancelTransfer(account: AccountId, domain: string, id: number): Promise<DomainTransfer> {
    return this.order("DELETE", account, domain, "transfers", id, DomainTransferSchema);
  }

  /**
   * Renews a name.
   *
   * @example
   * const r = await client.registrar.renew(1, "example.com", { period: 1 });
   */
  renew(account: AccountId, domain: string, input: RenewDomainInput = {}): Promise<DomainRenewal> {
    return this.placeOrder(account, domain, "renewals", DomainRenewalSchema, input);
  }

  /**
   * A renewal order.
   *
   * @example
   * const r = await client.registrar.getRenewal(1, "example.com", 1);
   */
  getRenewal(account: AccountId, domain: string, id: number): Promise<DomainRenewal> {
    return this.order("GET", account, domain, "renewals", id, DomainRenewalSchema);
  }

  /**
   * Restores an expired name whose registration lapsed.
   *
   * @example
   * const r = await client.registrar.restore(1, "example.com");
   */
  restore(
    account: AccountId,
    domain: string,
    input: { premium_price?: string } = {},
  ): Promise<DomainRestore> {
    return this.placeOrder(account, domain, "restores", DomainRestoreSchema, input);
  }

  /**
   * A restore order.
   *
   * @example
   * const r = await client.registrar.getRestore(1, "example.com", 43);
   */
  getRestore(account: AccountId, domain: string, id: number): Promise<DomainRestore> {
    return this.order("GET", account, domain, "restores", id, DomainRestoreSchema);
  }

  /** Places an order of a domain: POST `/{account}/registrar/domains/{domain}/{orders}` with `input`. */
  private placeOrder<S extends z.ZodType>(
    account: AccountId,
    domain: string,
    orders: RegistrarOrders,
    schema: S,
    input: object,
  ): Promise<z.output<S>> {
    return this.t.data("POST", path`/${account}/registrar/domains/${domain}/${orders}`, schema, {
      body: input,
    });
  }

  /** Reads (GET) or cancels (DELETE) the order `id`: `/{account}/registrar/domains/{domain}/{orders}/{id}`. */
  private order<S extends z.ZodType>(
    method: "GET" | "DELETE",
    account: AccountId,
    domain: string,
    orders: RegistrarOrders,
    id: number,
    schema: S,
  ): Promise<z.output<S>> {
    return this.t.data(method, path`/${account}/registrar/domains/${domain}/${orders}/${id}`, schema);
  }

  /**
   * Unlocks the name and sends the authorization code to the administrative contact (204).
   * Sending it twice is harmless, so it is retried like an idempotent request.
   *
   * @example
   * await client.registrar.authorizeTransferOut(1, "example.com");
   */
  async authorizeTransferOut(account: AccountId, domain: DomainRef): Promise<void> {
    await this.t.call(
      "POST",
      path`/${account}/registrar/domains/${domain}/authorize_transfer_out`,
      undefined,
      { retryMode: "idempotent" },
    );
  }

  /**
   * Turns auto-renewal on (204).
   *
   * @example
   * await client.registrar.enableAutoRenewal(1, "example.com");
   */
  async enableAutoRenewal(account: AccountId, domain: DomainRef): Promise<void> {
    await this.t.call("PUT", path`/${account}/registrar/domains/${domain}/auto_renewal`);
  }

  /**
   * The name servers the domain is delegated to at the registry.
   *
   * @example
   * const servers = await client.registrar.getDelegation(1, "example.com");
   */
  async getDelegation(account: AccountId, domain: DomainRef): Promise<string[]> {
    return this.t.data("GET", path`/${account}/registrar/domains/${domain}/delegation`, NameServersSchema);
  }

  /**
   * Delegates the domain to these name servers at the registry; returns the delegation.
   *
   * @example
   * await client.registrar.setDelegation(1, "example.com", ["ns1.example.net", "ns2.example.net"]);
   */
  async setDelegation(account: AccountId, domain: DomainRef, nameServers: string[]): Promise<string[]> {
    return this.t.data("PUT", path`/${account}/registrar/domains/${domain}/delegation`, NameServersSchema, {
      body: nameServers,
    });
  }

  /**
   * Whether the domain is locked against transfers away.
   *
   * @example
   * const locked = await client.registrar.getTransferLock(1, "example.com");
   */
  async getTransferLock(account: AccountId, domain: DomainRef): Promise<boolean> {
    return (
      await this.t.data(
        "GET",
        path`/${account}/registrar/domains/${domain}/transfer_lock`,
        TransferLockSchema,
      )
    ).enabled;
  }

  /**
   * Locks (true) or unlocks (false) the domain against transfers away; returns the new setting.
   *
   * @example
   * await client.registrar.setTransferLock(1, "example.com", true);
   */
  async setTransferLock(account: AccountId, domain: DomainRef, enabled: boolean): Promise<boolean> {
    return (
      await this.t.data(
        enabled ? "POST" : "DELETE",
        path`/${account}/registrar/domains/${domain}/transfer_lock`,
        TransferLockSchema,
      )
    ).enabled;
  }

  /**
   * Turns auto-renewal off (204).
   *
   * @example
   * await client.registrar.disableAutoRenewal(1, "example.com");
   */
  async disableAutoRenewal(account: AccountId, domain: DomainRef): Promise<void> {
    await this.t.call("DELETE", path`/${account}/registrar/domains/${domain}/auto_renewal`);
  }

  /**
   * Turns WHOIS privacy on for a registered domain (`PUT .../whois_privacy`).
   *
   * @example
   * await client.registrar.enableWhoisPrivacy(1, "example.com");
   */
  async enableWhoisPrivacy(account: AccountId, domain: DomainRef): Promise<void> {
    await this.t.call("PUT", path`/${account}/registrar/domains/${domain}/whois_privacy`);
  }

  /**
   * Turns WHOIS privacy off for a registered domain (`DELETE .../whois_privacy`).
   *
   * @example
   * await client.registrar.disableWhoisPrivacy(1, "example.com");
   */
  async disableWhoisPrivacy(account: AccountId, domain: DomainRef): Promise<void> {
    await this.t.call("DELETE", path`/${account}/registrar/domains/${domain}/whois_privacy`);
  }

  /**
   * What changing the registrant of a domain to a contact requires: the TLD's extended
   * attributes and whether it is a change of owner at the registry. Reads only, so it is retried
   * like a GET. 404 names the missing domain or contact.
   *
   * @example
   * const { extended_attributes } = await client.registrar.checkRegistrantChange(1, {
   *   domain_id: "example.com", contact_id: 2,
   * });
   */
  checkRegistrantChange(
    account: AccountId,
    input: RegistrantChangeCheckInput,
  ): Promise<RegistrantChangeCheck> {
    return this.t.data(
      "POST",
      path`/${account}/registrar/registrant_changes/check`,
      RegistrantChangeCheckSchema,
      { body: { domain_id: input.domain_id, contact_id: input.contact_id }, retryMode: "idempotent" },
    );
  }

  /**
   * Starts a registrant change: 201 when it completed at once, 202 while it is `new`/`pending`.
   * Not retried after an ambiguous failure (a second change would be a second order): look for
   * it with `findOpenRegistrantChange`, as the domain resources do.
   *
   * @example
   * const change = await client.registrar.createRegistrantChange(1, { domain_id: "example.com", contact_id: 2 });
   */
  createRegistrantChange(account: AccountId, input: RegistrantChangeInput): Promise<RegistrantChange> {
    return this.t.data("POST", path`/${account}/registrar/registrant_changes`, RegistrantChangeSchema, {
      body: input,
    });
  }

  /**
   * A registrant change.
   *
   * @example
   * const change = await client.registrar.getRegistrantChange(1, 101);
   */
  getRegistrantChange(account: AccountId, id: number): Promise<RegistrantChange> {
    return this.t.data("GET", path`/${account}/registrar/registrant_changes/${id}`, RegistrantChangeSchema);
  }

  /**
   * One page of registrant changes (only open ones unless `state` says otherwise).
   *
   * @example
   * const page = await client.registrar.listRegistrantChanges(1, { domainId: 5, state: "completed" });
   */
  listRegistrantChanges(
    account: AccountId,
    options?: RegistrantChangeListOptions,
  ): Promise<Page<RegistrantChange>> {
    return this.t.page(path`/${account}/registrar/registrant_changes`, RegistrantChangeSchema, {
      ...pagingQuery(options),
      state: options?.state,
      domain_id: options?.domainId,
      contact_id: options?.contactId,
    });
  }

  /**
   * Every registrant change matching the filters, page by page.
   *
   * @example
   * for await (const change of client.registrar.iterateRegistrantChanges(1, { domainId: 5 })) { ... }
   */
  iterateRegistrantChanges(
    account: AccountId,
    options?: Omit<RegistrantChangeListOptions, "page" | "perPage">,
  ): AsyncGenerator<RegistrantChange> {
    return paginate((page) =>
      this.listRegistrantChanges(account, { ...options, page, perPage: ITERATE_PAGE_SIZE }),
    );
  }

  /**
   * The open (`new` or `pending`) registrant change of a domain to a contact, if there is one.
   * `domain` may be a name: it is resolved to the id the list filters by.
   *
   * @example
   * const open = await client.registrar.findOpenRegistrantChange(1, "example.com", 2);
   */
  async findOpenRegistrantChange(
    account: AccountId,
    domain: string | number,
    contactId: number,
  ): Promise<RegistrantChange | undefined> {
    const domainId =
      typeof domain === "number" || /^\d+$/.test(domain)
        ? Number(domain)
        : (
            await this.t.call(
              "GET",
              path`/${account}/domains/${domain}`,
              dataOf(z.looseObject({ id: z.number().int() })),
            )
          ).data.id;
    for (const state of OPEN_STATES) {
      for await (const change of this.iterateRegistrantChanges(account, { domainId, contactId, state })) {
        if (change.domain_id === domainId && change.contact_id === contactId) return change;
      }
    }
    return undefined;
  }

  /**
   * Cancels a registrant change: `undefined` when it was cancelled at once (204), the change in
   * state `cancelling` when the registry still has to confirm (202).
   *
   * @example
   * await client.registrar.cancelRegistrantChange(1, 101);
   */
  async cancelRegistrantChange(account: AccountId, id: number): Promise<RegistrantChange | undefined> {
    const body = (await this.t.call(
      "DELETE",
      path`/${account}/registrar/registrant_changes/${id}`,
      dataOf(RegistrantChangeSchema).optional(),
    )) as { data: RegistrantChange } | undefined;
    return body?.data;
  }
}
