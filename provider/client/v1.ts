/**
 * Legacy API v1: objects wrapped under a type key (`{domain: {...}}`), lists as arrays of wrapped
 * objects, no account segment, and `X-Service-Token: <email>:<token>` instead of a bearer token.
 * The methods unwrap the objects.
 */
import { z } from "zod";
import { path } from "./path";
import { DateTime, serviceObject } from "./schemas";
import type { Transport } from "./transport";

const Id = z.number().int();

/** A v1 domain. */
export const V1DomainSchema = serviceObject({
  user_id: Id.nullable(),
  registrant_id: Id.nullable(),
  name: z.string(),
  unicode_name: z.string(),
  token: z.string().nullable().optional(),
  state: z.string(),
  language: z.string().nullable().optional(),
  lockable: z.boolean().optional(),
  auto_renew: z.boolean(),
  whois_protected: z.boolean().optional(),
  record_count: z.number().int().optional(),
  service_count: z.number().int().optional(),
  expires_on: z.string().nullable(),
});
/** A v1 domain. */
export type V1Domain = z.infer<typeof V1DomainSchema>;

/** A v1 DNS template. */
export const V1TemplateSchema = serviceObject({
  user_id: Id.nullable(),
  name: z.string(),
  short_name: z.string(),
  description: z.string().nullable(),
});
/** A v1 DNS template. */
export type V1Template = z.infer<typeof V1TemplateSchema>;

/** A v1 service. */
export const V1ServiceSchema = serviceObject({
  name: z.string(),
  short_name: z.string(),
  description: z.string().nullable(),
});
/** A v1 service. */
export type V1Service = z.infer<typeof V1ServiceSchema>;

/** A v1 certificate (`purchased` → `configured` → `submitted` → `issued`). */
export const V1CertificateSchema = serviceObject({
  domain_id: Id,
  contact_id: Id.nullable(),
  name: z.string(),
  state: z.string(),
  csr: z.string().nullable(),
  ssl_certificate: z.string().nullable(),
  private_key: z.string().nullable().optional(),
  approver_email: z.string().nullable(),
  approver_emails: z.array(z.string()).optional(),
  configured_at: DateTime.nullable().optional(),
  expires_on: z.string().nullable(),
});
/** A v1 certificate. */
export type V1Certificate = z.infer<typeof V1CertificateSchema>;

/** A v1 subscription. */
export const V1SubscriptionSchema = serviceObject({
  user_id: Id.nullable(),
  plan_name: z.string(),
  state: z.string(),
  domain_limit: z.number().int(),
});
/** A v1 subscription. */
export type V1Subscription = z.infer<typeof V1SubscriptionSchema>;

/** A v1 user (token fields vary by era: `single_access_token` or `api_token`). */
export const V1UserSchema = serviceObject({
  email: z.string(),
  referral_token: z.string().nullable().optional(),
  single_access_token: z.string().nullable().optional(),
  default_contact_id: Id.nullable().optional(),
  domain_count: z.number().int().optional(),
  domain_limit: z.number().int().optional(),
  login_count: z.number().int().optional(),
  failed_login_count: z.number().int().optional(),
  unsubscribed_at: DateTime.nullable().optional(),
});
/** A v1 user. */
export type V1User = z.infer<typeof V1UserSchema>;

/** A v1 transfer order (shape beyond these fields not given). */
export const V1TransferOrderSchema = z.looseObject({
  id: Id,
  domain_id: Id.optional(),
  state: z.string().optional(),
  created_at: DateTime.optional(),
  updated_at: DateTime.optional(),
});
/** A v1 transfer order. */
export type V1TransferOrder = z.infer<typeof V1TransferOrderSchema>;

/** A registry (glue) name server. */
export const V1RegistryNameServerSchema = z.looseObject({ name: z.string(), ip: z.string() });
/** A registry name server. */
export type V1RegistryNameServer = z.infer<typeof V1RegistryNameServerSchema>;

/** Availability check: 404 means available, 200 taken; both carry this body. */
export const V1DomainCheckSchema = z.looseObject({
  name: z.string(),
  status: z.string(),
  price: z.string().optional(),
  currency: z.string().optional(),
  currency_symbol: z.string().optional(),
  minimum_number_of_years: z.number().int().optional(),
});
/** Availability check result, with `available` derived from the status code. */
export type V1DomainCheck = z.infer<typeof V1DomainCheckSchema> & { available: boolean };

/** `{key: T}`. */
export function wrapped<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.looseObject({ [key]: item } as { [P in K]: T });
}
/** `[{key: T}, ...]`. */
export function wrappedList<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.array(wrapped(key, item));
}

export const V1DomainEnvelope = wrapped("domain", V1DomainSchema);
export const V1DomainListSchema = wrappedList("domain", V1DomainSchema);
export const V1TemplateEnvelope = wrapped("dns_template", V1TemplateSchema);
export const V1TemplateListSchema = wrappedList("dns_template", V1TemplateSchema);
export const V1ServiceEnvelope = wrapped("service", V1ServiceSchema);
export const V1ServiceListSchema = wrappedList("service", V1ServiceSchema);
export const V1CertificateEnvelope = wrapped("certificate", V1CertificateSchema);
export const V1CertificateListSchema = wrappedList("certificate", V1CertificateSchema);
export const V1SubscriptionEnvelope = wrapped("subscription", V1SubscriptionSchema);
export const V1UserEnvelope = wrapped("user", V1UserSchema);
export const V1TransferOrderEnvelope = wrapped("transfer_order", V1TransferOrderSchema);
export const V1NameServersSchema = z.array(z.string());
/** The transfer-out order body is not specified; any JSON object is accepted. */
export const V1TransferOutSchema = z.looseObject({});

/** Credit card for a v1 subscription; never logged. */
export interface V1CreditCard {
  number: string;
  first_name: string;
  last_name: string;
  billing_address: string;
  billing_zip: string;
  month: string;
  year: string;
  cvv: string;
}

/** `client.v1` (requires the `v1` client option, except `createUser`). */
export class V1Api {
  constructor(
    private readonly t: Transport,
    private readonly hasCredentials: boolean,
  ) {}

  private auth(): void {
    if (!this.hasCredentials) {
      throw new TypeError(
        "client.v1: set the v1 option { email, token } to call authenticated v1 operations",
      );
    }
  }

  /**
   * Every domain.
   *
   * @example
   * const domains = await client.v1.listDomains();
   */
  async listDomains(): Promise<V1Domain[]> {
    this.auth();
    return (await this.t.call("GET", "/domains", V1DomainListSchema)).map((w) => w.domain);
  }

  /**
   * Adds a hosted domain. An ambiguous failure is not resent: it fails as an unknown outcome (see
   * `domains.create`).
   *
   * @example
   * const d = await client.v1.createDomain({ name: "example.com" });
   */
  async createDomain(input: { name: string }): Promise<V1Domain> {
    this.auth();
    return (
      await this.t.call("POST", "/domains", V1DomainEnvelope, { body: { domain: { name: input.name } } })
    ).domain;
  }

  /**
   * A domain by name or id.
   *
   * @example
   * const d = await client.v1.getDomain("example.com");
   */
  async getDomain(domain: string | number): Promise<V1Domain> {
    this.auth();
    return (await this.t.call("GET", path`/domains/${domain}`, V1DomainEnvelope)).domain;
  }

  /**
   * Deletes a domain (not at the registry). The answer's body is ignored (it will become empty).
   *
   * @example
   * await client.v1.deleteDomain("example.com");
   */
  async deleteDomain(domain: string | number): Promise<void> {
    this.auth();
    await this.t.call("DELETE", path`/domains/${domain}`);
  }

  /**
   * Issues a new domain token.
   *
   * @example
   * const d = await client.v1.resetDomainToken("example.com");
   */
  async resetDomainToken(domain: string | number): Promise<V1Domain> {
    this.auth();
    return (await this.t.call("POST", path`/domains/${domain}/token`, V1DomainEnvelope, { body: {} })).domain;
  }

  /**
   * Availability: `available` is true when the service answers 404.
   *
   * @example
   * const { available, price } = await client.v1.checkDomain("example.com");
   */
  async checkDomain(name: string): Promise<V1DomainCheck> {
    this.auth();
    const res = await this.t.send({
      method: "GET",
      path: path`/domains/${name}/check`,
      schema: V1DomainCheckSchema,
      successStatuses: [404],
    });
    return { ...res.data, available: res.status === 404 };
  }

  /**
   * Registers a domain.
   *
   * @example
   * const d = await client.v1.registerDomain({ name: "example.com", registrant_id: 2 });
   */
  async registerDomain(input: {
    name: string;
    registrant_id: number;
    extended_attribute?: Record<string, string>;
  }): Promise<V1Domain> {
    this.auth();
    const body: Record<string, unknown> = {
      domain: { name: input.name, registrant_id: input.registrant_id },
    };
    if (input.extended_attribute) body["extended_attribute"] = input.extended_attribute;
    return (await this.t.call("POST", "/domain_registrations", V1DomainEnvelope, { body })).domain;
  }

  /**
   * Transfers a domain in.
   *
   * @example
   * const order = await client.v1.transferDomain({ name: "example.com", registrant_id: 2, authinfo: "x" });
   */
  async transferDomain(input: {
    name: string;
    registrant_id: number;
    authinfo?: string;
    extended_attribute?: Record<string, string>;
  }): Promise<V1TransferOrder> {
    this.auth();
    const body: Record<string, unknown> = {
      domain: { name: input.name, registrant_id: input.registrant_id },
    };
    if (input.authinfo !== undefined) body["transfer_order"] = { authinfo: input.authinfo };
    if (input.extended_attribute) body["extended_attribute"] = input.extended_attribute;
    return (await this.t.call("POST", "/domain_transfers", V1TransferOrderEnvelope, { body })).transfer_order;
  }

  /**
   * Renews a domain for the minimum period.
   *
   * @example
   * const d = await client.v1.renewDomain({ name: "example.com" });
   */
  async renewDomain(input: { name: string; renew_whois_privacy?: boolean }): Promise<V1Domain> {
    this.auth();
    return (
      await this.t.call("POST", "/domain_renewals", V1DomainEnvelope, {
        body: { domain: { name: input.name, renew_whois_privacy: input.renew_whois_privacy ?? false } },
      })
    ).domain;
  }

  /**
   * Unlocks the domain and sends the authorization code (201 transfer-out order).
   *
   * @example
   * await client.v1.transferOut("example.com");
   */
  async transferOut(domain: string | number): Promise<Record<string, unknown>> {
    this.auth();
    return this.t.call("POST", path`/domains/${domain}/transfer_outs`, V1TransferOutSchema, {
      retryMode: "idempotent",
    });
  }

  /**
   * Delegated name servers.
   *
   * @example
   * const ns = await client.v1.getNameServers("example.com");
   */
  async getNameServers(domain: string | number): Promise<string[]> {
    this.auth();
    return this.t.call("GET", path`/domains/${domain}/name_servers`, V1NameServersSchema);
  }

  /**
   * Changes delegation (up to 6 servers); returns the new list. Idempotent.
   *
   * @example
   * await client.v1.setNameServers("example.com", ["ns1.example.net", "ns2.example.net"]);
   */
  async setNameServers(domain: string | number, servers: string[]): Promise<string[]> {
    this.auth();
    if (servers.length > 6) throw new RangeError("v1 accepts at most 6 name servers");
    const name_servers: Record<string, string> = {};
    servers.forEach((s, i) => (name_servers[`ns${i + 1}`] = s));
    return this.t.call("POST", path`/domains/${domain}/name_servers`, V1NameServersSchema, {
      body: { name_servers },
      retryMode: "idempotent",
    });
  }

  /**
   * Registers a glue name server at the registry.
   *
   * @example
   * await client.v1.registerNameServer("example.com", { name: "ns1.example.com", ip: "192.0.2.1" });
   */
  async registerNameServer(
    domain: string | number,
    input: { name: string; ip: string },
  ): Promise<V1RegistryNameServer> {
    this.auth();
    return this.t.call("POST", path`/domains/${domain}/registry_name_servers`, V1RegistryNameServerSchema, {
      body: { name_server: input },
    });
  }

  /**
   * Removes a glue name server.
   *
   * @example
   * await client.v1.deregisterNameServer("example.com", "ns1.example.com");
   */
  async deregisterNameServer(domain: string | number, name: string): Promise<void> {
    this.auth();
    await this.t.call("DELETE", path`/domains/${domain}/registry_name_servers/${name}`);
  }

  /**
   * Every template.
   *
   * @example
   * const templates = await client.v1.listTemplates();
   */
  async listTemplates(): Promise<V1Template[]> {
    this.auth();
    return (await this.t.call("GET", "/templates", V1TemplateListSchema)).map((w) => w.dns_template);
  }

  /**
   * Creates a template. An ambiguous failure is not resent: it fails as an unknown outcome (see
   * `domains.create`).
   *
   * @example
   * await client.v1.createTemplate({ name: "Mail", short_name: "mail" });
   */
  async createTemplate(input: {
    name: string;
    short_name: string;
    description?: string;
  }): Promise<V1Template> {
    this.auth();
    return (await this.t.call("POST", "/templates", V1TemplateEnvelope, { body: { dns_template: input } }))
      .dns_template;
  }

  /**
   * A template by id or short name.
   *
   * @example
   * const t = await client.v1.getTemplate("google-apps");
   */
  async getTemplate(template: string | number): Promise<V1Template> {
    this.auth();
    return (await this.t.call("GET", path`/templates/${template}`, V1TemplateEnvelope)).dns_template;
  }

  /**
   * Updates a template.
   *
   * @example
   * await client.v1.updateTemplate(3, { name: "Mail", short_name: "mail", description: "MX" });
   */
  async updateTemplate(
    template: string | number,
    input: { name: string; short_name: string; description?: string },
  ): Promise<V1Template> {
    this.auth();
    return (
      await this.t.call("PUT", path`/templates/${template}`, V1TemplateEnvelope, {
        body: { dns_template: input },
      })
    ).dns_template;
  }

  /**
   * Deletes a template (the answer's body is ignored).
   *
   * @example
   * await client.v1.deleteTemplate(3);
   */
  async deleteTemplate(template: string | number): Promise<void> {
    this.auth();
    await this.t.call("DELETE", path`/templates/${template}`);
  }

  /**
   * Every service.
   *
   * @example
   * const services = await client.v1.listServices();
   */
  async listServices(): Promise<V1Service[]> {
    this.auth();
    return (await this.t.call("GET", "/services", V1ServiceListSchema)).map((w) => w.service);
  }

  /**
   * A service by id.
   *
   * @example
   * const s = await client.v1.getService(1);
   */
  async getService(id: number): Promise<V1Service> {
    this.auth();
    return (await this.t.call("GET", path`/services/${id}`, V1ServiceEnvelope)).service;
  }

  /**
   * Certificates of a domain.
   *
   * @example
   * const certs = await client.v1.listCertificates("example.com");
   */
  async listCertificates(domain: string | number): Promise<V1Certificate[]> {
    this.auth();
    return (await this.t.call("GET", path`/domains/${domain}/certificates`, V1CertificateListSchema)).map(
      (w) => w.certificate,
    );
  }

  /**
   * One certificate.
   *
   * @example
   * const c = await client.v1.getCertificate("example.com", 4576);
   */
  async getCertificate(domain: string | number, id: number): Promise<V1Certificate> {
    this.auth();
    return (await this.t.call("GET", path`/domains/${domain}/certificates/${id}`, V1CertificateEnvelope))
      .certificate;
  }

  /**
   * Purchases a certificate (state `purchased`). `name`: `*` wildcard, `""` root, else a label.
   *
   * @example
   * const c = await client.v1.purchaseCertificate("example.com", { name: "www", contact_id: 2 });
   */
  async purchaseCertificate(
    domain: string | number,
    input: { name: string; contact_id: number; csr?: string },
  ): Promise<V1Certificate> {
    this.auth();
    return (
      await this.t.call("POST", path`/domains/${domain}/certificates`, V1CertificateEnvelope, {
        body: { certificate: input },
      })
    ).certificate;
  }

  /**
   * Configures a purchased certificate (state `configured`, `approver_emails` listed).
   *
   * @example
   * const c = await client.v1.configureCertificate("example.com", 4576);
   */
  async configureCertificate(domain: string | number, id: number): Promise<V1Certificate> {
    this.auth();
    return (
      await this.t.call("PUT", path`/domains/${domain}/certificates/${id}/configure`, V1CertificateEnvelope)
    ).certificate;
  }

  /**
   * Submits a configured certificate with an approver email (state `submitted`).
   *
   * @example
   * const c = await client.v1.submitCertificate("example.com", 4576, "admin@example.com");
   */
  async submitCertificate(
    domain: string | number,
    id: number,
    approverEmail: string,
  ): Promise<V1Certificate> {
    this.auth();
    return (
      await this.t.call("PUT", path`/domains/${domain}/certificates/${id}/submit`, V1CertificateEnvelope, {
        body: { certificate: { approver_email: approverEmail } },
      })
    ).certificate;
  }

  /**
   * The subscription; 402 (`payment_required`) when there is none.
   *
   * @example
   * const s = await client.v1.getSubscription();
   */
  async getSubscription(): Promise<V1Subscription> {
    this.auth();
    return (await this.t.call("GET", "/subscription", V1SubscriptionEnvelope)).subscription;
  }

  /**
   * Subscribes to a plan (money is spent). Not retried after an ambiguous failure: a subscription
   * that exists is not proof that this request made it (`LegacySubscription` proves it by when
   * it was made).
   *
   * @example
   * await client.v1.createSubscription({ plan: "Silver", credit_card: { ... } });
   */
  async createSubscription(input: { plan: string; credit_card: V1CreditCard }): Promise<V1Subscription> {
    this.auth();
    return (
      await this.t.call("POST", "/subscription", V1SubscriptionEnvelope, { body: { subscription: input } })
    ).subscription;
  }

  /**
   * Signs up a user; called without credentials. Not retried after an ambiguous failure.
   *
   * @example
   * const u = await client.v1.createUser({ email: "a@example.com", password: "pw", password_confirmation: "pw" });
   */
  async createUser(input: {
    email: string;
    password: string;
    password_confirmation: string;
  }): Promise<V1User> {
    return (await this.t.call("POST", "/users", V1UserEnvelope, { auth: false, body: { user: input } })).user;
  }
}
