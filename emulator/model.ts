/**
 * Stored rows. Each row keeps the service's snake_case field names so views are cheap; fields the
 * API never shows (passwords, internal flags) are dropped by the views in `views.ts`. Fields are
 * read-only: a row changes through its table (`store.domains.update(row, changes)`), which is what
 * gets the change saved.
 */

/** Changes to a row being put together before `table.update` (or a new row before `insert`). */
export type Changes<T> = { -readonly [K in keyof T]?: T[K] };

export interface AccountRow {
  readonly id: number;
  readonly email: string;
  readonly name: string;
  readonly plan_identifier: string;
  /** What a push's `new_account_identifier` names: the account's email or its id as text. */
  readonly identifier: string;
  readonly outstanding_payments: boolean;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface UserRow {
  readonly id: number;
  readonly email: string;
  readonly password: string;
  readonly account_ids: readonly number[];
  /** The v1 API token, used as `X-Service-Token: email:token`. */
  readonly v1_token: string;
  readonly referral_token: string;
  readonly default_contact_id: number | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface TokenRow {
  readonly id: number;
  readonly token: string;
  /** Account token: one account. */
  readonly account_id: number | null;
  /** User token: every account of the user. */
  readonly user_id: number | null;
  readonly scope: string | null;
  readonly created_at: string;
}

export interface DomainRow {
  readonly id: number;
  readonly account_id: number;
  readonly registrant_id: number | null;
  readonly name: string;
  readonly unicode_name: string;
  readonly state: string;
  readonly auto_renew: boolean;
  readonly private_whois: boolean;
  readonly trustee: boolean;
  readonly expires_on: string | null;
  readonly expires_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  /** v1 domain token. */
  readonly token: string;
  readonly transfer_lock: boolean;
  readonly dnssec_enabled: boolean;
  readonly dnssec_created_at: string | null;
  readonly dnssec_updated_at: string | null;
  readonly name_servers: readonly string[];
  readonly registry_name_servers: readonly { readonly name: string; readonly ip: string }[];
  /** v1 lock state after a transfer-out authorization. */
  readonly transfer_out_authorized: boolean;
}

export interface ZoneRow {
  readonly id: number;
  readonly account_id: number;
  readonly name: string;
  readonly reverse: boolean;
  readonly secondary: boolean;
  readonly last_transferred_at: string | null;
  readonly active: boolean;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface RecordRow {
  readonly id: number;
  readonly account_id: number;
  readonly zone: string;
  readonly parent_id: number | null;
  readonly name: string;
  readonly content: string;
  readonly ttl: number;
  readonly priority: number | null;
  readonly type: string;
  readonly regions: readonly string[];
  readonly system_record: boolean;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface ContactRow {
  readonly id: number;
  readonly account_id: number;
  readonly label: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly job_title: string;
  readonly organization_name: string;
  readonly email: string;
  readonly phone: string;
  readonly fax: string;
  readonly address1: string;
  readonly address2: string;
  readonly city: string;
  readonly state_province: string;
  readonly postal_code: string;
  readonly country: string;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface DsRow {
  readonly id: number;
  readonly account_id: number;
  readonly domain_id: number;
  readonly algorithm: string;
  readonly digest: string | null;
  readonly digest_type: string | null;
  readonly keytag: string | null;
  readonly public_key: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface EmailForwardRow {
  readonly id: number;
  readonly account_id: number;
  readonly domain_id: number;
  readonly alias_email: string;
  readonly destination_email: string;
  readonly active: boolean;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface PushRow {
  readonly id: number;
  readonly domain_id: number;
  /** Target account. */
  readonly account_id: number;
  readonly from_account_id: number;
  readonly contact_id: number | null;
  readonly state: "pending" | "accepted" | "rejected";
  readonly accepted_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface CertificateRow {
  readonly id: number;
  readonly account_id: number;
  readonly domain_id: number;
  readonly contact_id: number | null;
  readonly name: string;
  readonly common_name: string;
  readonly years: number;
  readonly csr: string | null;
  readonly state: string;
  readonly auto_renew: boolean;
  readonly alternate_names: readonly string[];
  readonly authority_identifier: string;
  readonly signature_algorithm: string;
  readonly private_key: string | null;
  readonly server_pem: string | null;
  readonly approver_email: string | null;
  readonly approver_emails: readonly string[] | null;
  readonly configured_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
  readonly expires_at: string | null;
  readonly expires_on: string | null;
}

export interface CertificatePurchaseRow {
  readonly id: number;
  readonly account_id: number;
  readonly certificate_id: number;
  readonly auto_renew: boolean;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface CertificateRenewalRow {
  readonly id: number;
  readonly account_id: number;
  readonly old_certificate_id: number;
  readonly new_certificate_id: number;
  readonly state: string;
  readonly auto_renew: boolean;
  readonly created_at: string;
  readonly updated_at: string;
}

export type OrderKind = "registration" | "transfer" | "renewal" | "restore";

export interface OrderRow {
  readonly id: number;
  readonly kind: OrderKind;
  readonly account_id: number;
  readonly domain_id: number;
  readonly domain_name: string;
  readonly registrant_id: number | null;
  readonly period: number;
  readonly state: string;
  readonly auto_renew: boolean;
  readonly whois_privacy: boolean;
  readonly trustee: boolean;
  readonly status_description: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

/** A change of a registered domain's registrant (`/registrar/registrant_changes`). */
export interface RegistrantChangeRow {
  readonly id: number;
  readonly account_id: number;
  readonly domain_id: number;
  readonly contact_id: number;
  /** `new` → `pending` → `completed`; `cancelling` → `cancelled` when cancelled. */
  readonly state: "new" | "pending" | "cancelling" | "cancelled" | "completed";
  readonly extended_attributes: Record<string, string>;
  readonly registry_owner_change: boolean;
  readonly irt_lock_lifted_by: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface PrimaryServerRow {
  readonly id: number;
  readonly account_id: number;
  readonly name: string;
  readonly ip: string;
  readonly port: number;
  readonly linked_secondary_zones: readonly string[];
  readonly created_at: string;
  readonly updated_at: string;
}

export interface WebhookRow {
  readonly id: number;
  readonly account_id: number;
  readonly url: string;
  readonly suppressed_at: string | null;
  readonly consecutive_failures: number;
  readonly created_at: string;
}

export interface ChargeRow {
  readonly id: number;
  readonly account_id: number;
  readonly invoiced_at: string;
  readonly total_amount: string;
  readonly balance_amount: string;
  readonly reference: string;
  readonly state: string;
  readonly items: {
    description: string;
    amount: string;
    product_id: number | null;
    product_type: string;
    product_reference: string | null;
  }[];
}

export interface PlatformMessageRow {
  readonly id: number;
  readonly owner_type: string;
  readonly owner_id: number;
  readonly account_id: number;
  readonly resource: string;
  readonly title: string | null;
  readonly message: string | null;
  readonly url: string | null;
  readonly expires_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface MetadataRow {
  readonly id: number;
  readonly owner_type: string;
  readonly owner_id: number;
  readonly account_id: number;
  readonly resource: string;
  readonly key: string;
  readonly value: string;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface TemplateRow {
  readonly id: number;
  readonly account_id: number;
  readonly user_id: number | null;
  readonly name: string;
  readonly short_name: string;
  readonly description: string;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface SubscriptionRow {
  readonly id: number;
  readonly user_id: number;
  readonly plan_name: string;
  readonly state: string;
  readonly domain_limit: number;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface OAuthCodeRow {
  readonly id: number;
  readonly code: string;
  readonly client_id: string;
  readonly client_secret: string;
  readonly redirect_uri: string;
  readonly state: string;
  readonly account_id: number;
  readonly scope: string | null;
  /** Epoch milliseconds. */
  readonly expires_at_ms: number;
  readonly used: boolean;
}

/** A pending state change: at `due_at_ms` the job moves its subject on (see `jobs.ts`). */
export interface JobRow {
  readonly id: number;
  readonly kind: "order" | "certificate" | "certificate_renewal" | "registrant_change";
  readonly ref_id: number;
  readonly due_at_ms: number;
}

/** Delays in milliseconds before pending operations complete. */
export interface Delays {
  registration: number;
  transfer: number;
  renewal: number;
  restore: number;
  certificate: number;
  /** A registrant change that is a change of owner: half of it `new`, half `pending`. */
  registrant_change: number;
}

/** Deterministic registrar answers, set by the admin surface or a seed file. */
export interface RegistrarSettings {
  /** Names that are registered elsewhere: check says unavailable, register is a 400. */
  taken: string[];
  /** Premium names and their price (a decimal string). */
  premium: Record<string, string>;
  /** TLDs (without the dot) the registrar does not support. */
  unsupported_tlds: string[];
  /**
   * Registries that take longer than `delays.registration`: milliseconds a registration of a
   * name under the suffix (`"com.br"`, `"eu"`; the longest matching suffix wins) stays pending.
   * The service answers such a registration `new`/`registering` and completes it when the registry
   * does (api-spec.md, "Version 2 registrations, ...": 202 when pending completion); the
   * Terraform provider's acceptance suite relies on a `.com.br` registration with trustee not
   * completing within its 20-second timeouts (`TestAccRegisteredDomainResource_AsyncRegistration`).
   */
  registration_delays: Record<string, number>;
}

/** The zone-record batch endpoint (`POST /v2/:account/zones/:zone/batch`). */
export interface BatchSettings {
  /** Most operations (creates + updates + deletes) one request may carry; more is a 400. */
  max_items: number;
  /** Plan identifiers that may use it; `null`: every plan. Other accounts get a 403. */
  plans: string[] | null;
}

/** Everything that is persisted. */
export interface Settings {
  delays: Delays;
  registrar: RegistrarSettings;
  batch: BatchSettings;
}

export const DEFAULT_BATCH: BatchSettings = { max_items: 1000, plans: null };

export const DEFAULT_DELAYS: Delays = {
  registration: 0,
  transfer: 0,
  renewal: 0,
  restore: 0,
  certificate: 0,
  registrant_change: 0,
};
