/** Certificates of a domain, including Let's Encrypt orders, issuance and renewals. */
import { z } from "zod";
import type { AccountId, DomainRef } from "./domains";
import { ITERATE_PAGE_SIZE, paginate, pagingQuery } from "./pagination";
import { path } from "./path";
import { DateOnly, DateTime, type ListOptions, type Page, serviceObject } from "./schemas";
import type { Transport } from "./transport";

/** A certificate. `contact_id` is deprecated but still sent. */
export const CertificateSchema = serviceObject({
  domain_id: z.number().int(),
  contact_id: z.number().int().nullable().optional(),
  name: z.string(),
  common_name: z.string(),
  years: z.number().int(),
  csr: z.string().nullable(),
  state: z.string(),
  auto_renew: z.boolean(),
  alternate_names: z.array(z.string()),
  authority_identifier: z.string(),
  expires_at: DateTime.nullable(),
  expires_on: DateOnly.nullable().optional(),
});
/** A certificate. */
export type Certificate = z.infer<typeof CertificateSchema>;

/** The PEM certificate with its chain. */
export const CertificateBundleSchema = z.looseObject({
  server: z.string(),
  root: z.string().nullable(),
  chain: z.array(z.string()),
});
/** The PEM certificate with its chain. */
export type CertificateBundle = z.infer<typeof CertificateBundleSchema>;

/** The PEM private key. */
export const CertificatePrivateKeySchema = z.looseObject({ private_key: z.string() });
/** The PEM private key. */
export type CertificatePrivateKey = z.infer<typeof CertificatePrivateKeySchema>;

/** A Let's Encrypt purchase order. */
export const CertificatePurchaseSchema = serviceObject({
  certificate_id: z.number().int(),
  state: z.string(),
  auto_renew: z.boolean(),
});
/** A Let's Encrypt purchase order. */
export type CertificatePurchase = z.infer<typeof CertificatePurchaseSchema>;

/** A Let's Encrypt renewal order. */
export const CertificateRenewalSchema = serviceObject({
  old_certificate_id: z.number().int(),
  new_certificate_id: z.number().int(),
  state: z.string(),
  auto_renew: z.boolean(),
});
/** A Let's Encrypt renewal order. */
export type CertificateRenewal = z.infer<typeof CertificateRenewalSchema>;

/** Order body (all optional): defaults `auto_renew` false, `name` `www`, no alternate names, ECDSA. */
export interface LetsencryptPurchaseInput {
  auto_renew?: boolean;
  name?: string;
  alternate_names?: string[];
  signature_algorithm?: "ECDSA" | "RSA";
}

/** Renewal order body (all optional). */
export interface LetsencryptRenewalInput {
  auto_renew?: boolean;
  signature_algorithm?: "ECDSA" | "RSA";
}

/** `client.certificates`. */
export class CertificatesApi {
  constructor(private readonly t: Transport) {}

  /**
   * One page of certificates (sort keys `id`, `common_name`, `expiration`).
   *
   * @example
   * const { data } = await client.certificates.list(1, "example.com");
   */
  async list(account: AccountId, domain: DomainRef, options?: ListOptions): Promise<Page<Certificate>> {
    return this.t.page(
      path`/${account}/domains/${domain}/certificates`,
      CertificateSchema,
      pagingQuery(options),
    );
  }

  /**
   * Every certificate, 100 per request.
   *
   * @example
   * for await (const c of client.certificates.iterate(1, "example.com")) console.log(c.common_name);
   */
  iterate(
    account: AccountId,
    domain: DomainRef,
    options?: Pick<ListOptions, "sort">,
  ): AsyncGenerator<Certificate> {
    return paginate((page) => this.list(account, domain, { ...options, page, perPage: ITERATE_PAGE_SIZE }));
  }

  /**
   * One certificate.
   *
   * @example
   * const c = await client.certificates.get(1, "example.com", 101967);
   */
  async get(account: AccountId, domain: DomainRef, id: number): Promise<Certificate> {
    return this.t.data("GET", path`/${account}/domains/${domain}/certificates/${id}`, CertificateSchema);
  }

  /**
   * The issued PEM certificate with root and chain; 428 when not issued.
   *
   * @example
   * const { server, chain } = await client.certificates.download(1, "example.com", 101967);
   */
  async download(account: AccountId, domain: DomainRef, id: number): Promise<CertificateBundle> {
    return this.t.data(
      "GET",
      path`/${account}/domains/${domain}/certificates/${id}/download`,
      CertificateBundleSchema,
    );
  }

  /**
   * The PEM private key; 428 when not present.
   *
   * @example
   * const { private_key } = await client.certificates.privateKey(1, "example.com", 101967);
   */
  async privateKey(account: AccountId, domain: DomainRef, id: number): Promise<CertificatePrivateKey> {
    return this.t.data(
      "GET",
      path`/${account}/domains/${domain}/certificates/${id}/private_key`,
      CertificatePrivateKeySchema,
    );
  }

  /**
   * Orders a Let's Encrypt certificate (not retried after an ambiguous failure: an order cannot
   * be told apart from an earlier one).
   *
   * @example
   * const order = await client.certificates.purchaseLetsencrypt(1, "example.com", { name: "www" });
   */
  async purchaseLetsencrypt(
    account: AccountId,
    domain: DomainRef,
    input: LetsencryptPurchaseInput = {},
  ): Promise<CertificatePurchase> {
    return this.postLetsencrypt(account, domain, "", CertificatePurchaseSchema, input);
  }

  /**
   * Issues an ordered certificate (202; the certificate is `requesting`).
   *
   * @example
   * const cert = await client.certificates.issueLetsencrypt(1, "example.com", order.id);
   */
  async issueLetsencrypt(account: AccountId, domain: DomainRef, purchaseId: number): Promise<Certificate> {
    return this.postLetsencrypt(account, domain, path`/${purchaseId}/issue`, CertificateSchema);
  }

  /**
   * Orders the renewal of a Let's Encrypt certificate.
   *
   * @example
   * const renewal = await client.certificates.purchaseLetsencryptRenewal(1, "example.com", 101967);
   */
  async purchaseLetsencryptRenewal(
    account: AccountId,
    domain: DomainRef,
    certificateId: number,
    input: LetsencryptRenewalInput = {},
  ): Promise<CertificateRenewal> {
    return this.postLetsencrypt(
      account,
      domain,
      path`/${certificateId}/renewals`,
      CertificateRenewalSchema,
      input,
    );
  }

  /**
   * Issues a renewed certificate (202; the new certificate is `requesting`).
   *
   * @example
   * const cert = await client.certificates.issueLetsencryptRenewal(1, "example.com", 101967, renewal.id);
   */
  async issueLetsencryptRenewal(
    account: AccountId,
    domain: DomainRef,
    certificateId: number,
    renewalId: number,
  ): Promise<Certificate> {
    return this.postLetsencrypt(
      account,
      domain,
      path`/${certificateId}/renewals/${renewalId}/issue`,
      CertificateSchema,
    );
  }

  /**
   * POST `/{account}/domains/{domain}/certificates/letsencrypt` followed by `below` (built with
   * `path`, so its ids are encoded), with `input` as the body when given.
   */
  private postLetsencrypt<S extends z.ZodType>(
    account: AccountId,
    domain: DomainRef,
    below: string,
    schema: S,
    input?: object,
  ): Promise<z.output<S>> {
    const letsencrypt = path`/${account}/domains/${domain}/certificates/letsencrypt`;
    return this.t.data("POST", letsencrypt + below, schema, input === undefined ? {} : { body: input });
  }
}
