/**
 * Stored rows. Each row keeps the service's snake_case field names so views are cheap; fields the
 * API never shows (passwords, internal flags) are dropped by the views in `views.ts`.
 */

export interface AccountRow {
  id: number;
  email: string;
  name: string;
  plan_identifier: string;
  /** What a push's `new_account_identifier` names: the account's email or its id as text. */
  identifier: string;
  outstanding_payments: boolean;
  created_at: string;
  updated_at: string;
}

export interface UserRow {
  id: number;
  email: string;
  password: string;
  account_ids: number[];
  /** The v1 API token, used as `X-Service-Token: email:token`. */
  v1_token: string;
  referral_token: string;
  default_contact_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface TokenRow {
  id: number;
  token: string;
  /** Account token: one account. */
  account_id: number | null;
  /** User token: every account of the user. */
  user_id: number | null;
  scope: string | null;
  created_at: string;
}

export interface DomainRow {
  id: number;
  account_id: number;
  registrant_id: number | null;
  name: string;
  unicode_name: string;
  state: string;
  auto_renew: boolean;
  private_whois: boolean;
  trustee: boolean;
  expires_on: string | null;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
  /** v1 domain token. */
  token: string;
  transfer_lock: boolean;
  dnssec_enabled: boolean;
  dnssec_created_at: string | null;
  dnssec_updated_at: string | null;
  name_servers: string[];
  registry_name_servers: { name: string; ip: string }[];
  /** v1 lock state after a transfer-out authorization. */
  transfer_out_authorized: boolean;
}

export interface ZoneRow {
  id: number;
  account_id: number;
  name: string;
  reverse: boolean;
  secondary: boolean;
  last_transferred_at: string | null;
  active: boolean;
  created_at: string;
  updated_at: string;
}

export interface RecordRow {
  id: number;
  account_id: number;
  zone: string;
  parent_id: number | null;
  name: string;
  content: string;
  ttl: number;
  priority: number | null;
  type: string;
  regions: string[];
  system_record: boolean;
  created_at: string;
  updated_at: string;
}

export interface ContactRow {
  id: number;
  account_id: number;
  label: string;
  first_name: string;
  last_name: string;
  job_title: string;
  organization_name: string;
  email: string;
  phone: string;
  fax: string;
  address1: string;
  address2: string;
  city: string;
  state_province: string;
  postal_code: string;
  country: string;
  created_at: string;
  updated_at: string;
}

export interface DsRow {
  id: number;
  account_id: number;
  domain_id: number;
  algorithm: string;
  digest: string | null;
  digest_type: string | null;
  keytag: string | null;
  public_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface EmailForwardRow {
  id: number;
  account_id: number;
  domain_id: number;
  alias_email: string;
  destination_email: string;
  active: boolean;
  created_at: string;
  updated_at: string;
}

export interface PushRow {
  id: number;
  domain_id: number;
  /** Target account. */
  account_id: number;
  from_account_id: number;
  contact_id: number | null;
  state: "pending" | "accepted" | "rejected";
  accepted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CertificateRow {
  id: number;
  account_id: number;
  domain_id: number;
  contact_id: number | null;
  name: string;
  common_name: string;
  years: number;
  csr: string | null;
  state: string;
  auto_renew: boolean;
  alternate_names: string[];
  authority_identifier: string;
  signature_algorithm: string;
  private_key: string | null;
  server_pem: string | null;
  approver_email: string | null;
  approver_emails: string[] | null;
  configured_at: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string | null;
  expires_on: string | null;
}

export interface CertificatePurchaseRow {
  id: number;
  account_id: number;
  certificate_id: number;
  auto_renew: boolean;
  created_at: string;
  updated_at: string;
}

export interface CertificateRenewalRow {
  id: number;
  account_id: number;
  old_certificate_id: number;
  new_certificate_id: number;
  state: string;
  auto_renew: boolean;
  created_at: string;
  updated_at: string;
}

export type OrderKind = "registration" | "transfer" | "renewal" | "restore";

export interface OrderRow {
  id: number;
  kind: OrderKind;
  account_id: number;
  domain_id: number;
  domain_name: string;
  registrant_id: number | null;
  period: number;
  state: string;
  auto_renew: boolean;
  whois_privacy: boolean;
  trustee: boolean;
  status_description: string | null;
  created_at: string;
  updated_at: string;
}

/** A change of a registered domain's registrant (`/registrar/registrant_changes`). */
export interface RegistrantChangeRow {
  id: number;
  account_id: number;
  domain_id: number;
  contact_id: number;
  /** `new` → `pending` → `completed`; `cancelling` → `cancelled` when cancelled. */
  state: "new" | "pending" | "cancelling" | "cancelled" | "completed";
  extended_attributes: Record<string, string>;
  registry_owner_change: boolean;
  irt_lock_lifted_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface PrimaryServerRow {
  id: number;
  account_id: number;
  name: string;
  ip: string;
  port: number;
  linked_secondary_zones: string[];
  created_at: string;
  updated_at: string;
}

export interface WebhookRow {
  id: number;
  account_id: number;
  url: string;
  suppressed_at: string | null;
  consecutive_failures: number;
  created_at: string;
}

export interface ChargeRow {
  id: number;
  account_id: number;
  invoiced_at: string;
  total_amount: string;
  balance_amount: string;
  reference: string;
  state: string;
  items: {
    description: string;
    amount: string;
    product_id: number | null;
    product_type: string;
    product_reference: string | null;
  }[];
}

export interface PlatformMessageRow {
  id: number;
  owner_type: string;
  owner_id: number;
  account_id: number;
  resource: string;
  title: string | null;
  message: string | null;
  url: string | null;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface MetadataRow {
  id: number;
  owner_type: string;
  owner_id: number;
  account_id: number;
  resource: string;
  key: string;
  value: string;
  created_at: string;
  updated_at: string;
}

export interface TemplateRow {
  id: number;
  account_id: number;
  user_id: number | null;
  name: string;
  short_name: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface SubscriptionRow {
  id: number;
  user_id: number;
  plan_name: string;
  state: string;
  domain_limit: number;
  created_at: string;
  updated_at: string;
}

export interface OAuthCodeRow {
  id: number;
  code: string;
  client_id: string;
  client_secret: string;
  redirect_uri: string;
  state: string;
  account_id: number;
  scope: string | null;
  /** Epoch milliseconds. */
  expires_at_ms: number;
  used: boolean;
}

/** A pending state change: at `due_at_ms` the job moves its subject on (see `jobs.ts`). */
export interface JobRow {
  id: number;
  kind: "order" | "certificate" | "certificate_renewal" | "registrant_change";
  ref_id: number;
  due_at_ms: number;
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
