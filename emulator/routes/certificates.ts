/**
 * v2 certificates: list, get, download (428 until issued), private key, and the Let's Encrypt flow:
 * purchase (order defaults) → issue (202, `requesting`) → `issued` after the configured delay;
 * renewal purchase → renewal issue → the new certificate is issued after the delay.
 * The CA segment is `letsencrypt`; `publicca` is accepted as an alias (the contract's placeholder).
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { param, type Ctx, type RouteRegistry } from "../context";
import { findDomain } from "../domain-ops";
import type { Events } from "../events";
import { HttpError, Input, badRequest, notFound, ok, type Reply } from "../http";
import type { Jobs } from "../jobs";
import { paginate, sortRows } from "../listing";
import type { CertificateRow } from "../model";
import { now, type Store } from "../store";
import { certificateView } from "../views";
import { addCharge } from "./billing";

const LABEL = /^(?:\*|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)$/;

function pem(kind: string, bytes: number): string {
  const b64 = randomBytes(bytes).toString("base64");
  const lines = b64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${kind}-----\n${lines.join("\n")}\n-----END ${kind}-----\n`;
}

function findCert(ctx: Ctx, domainId: number, ref: string): CertificateRow {
  const c = /^\d+$/.test(ref) ? ctx.store.certificates.get(Number(ref)) : undefined;
  if (c === undefined || c.domain_id !== domainId || c.account_id !== ctx.accountId)
    throw notFound("Certificate", ref);
  return c;
}

/** Moves a requesting certificate to issued (job handler). */
export function issueCertificate(store: Store, events: Events, certId: number): void {
  const c = store.certificates.get(certId);
  if (c === undefined || c.state !== "requesting") return;
  const t = new Date();
  const expires = new Date(t.getTime() + 90 * 86_400_000);
  const iso = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, "Z");
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  store.certificates.update(c, {
    private_key: privateKey.export({ type: "sec1", format: "pem" }).toString(),
    csr: pem("CERTIFICATE REQUEST", 600),
    server_pem: pem("CERTIFICATE", 1200),
    state: "issued",
    expires_at: iso(expires),
    expires_on: iso(expires).slice(0, 10),
    updated_at: iso(t),
  });
  events.emit(c.account_id, "certificate.issue", { certificate: certificateView(c) });
}

function readOrder(
  body: unknown,
  withName: boolean,
): { auto_renew: boolean; name: string; alternate_names: string[]; signature_algorithm: string } {
  const input = new Input(body);
  const autoRenew = input.bool("auto_renew") ?? false;
  let name = "www";
  let alternate: string[] = [];
  if (withName) {
    const n = input.str("name");
    if (n !== undefined) {
      if (n !== "" && !LABEL.test(n.toLowerCase())) input.fail("name", "is invalid");
      name = n.toLowerCase();
    }
    alternate = input.strArray("alternate_names") ?? [];
  }
  const algo = (input.str("signature_algorithm") ?? "ECDSA").toUpperCase();
  if (algo !== "ECDSA" && algo !== "RSA") input.fail("signature_algorithm", "is not included in the list");
  input.done();
  return { auto_renew: autoRenew, name, alternate_names: alternate, signature_algorithm: algo };
}

function purchase(ctx: Ctx): Reply {
  const d = findDomain(ctx, param(ctx, "domain"));
  const o = readOrder(ctx.body, true);
  const t = now();
  const cert = ctx.store.certificates.insert({
    account_id: ctx.accountId,
    domain_id: d.id,
    contact_id: d.registrant_id,
    name: o.name,
    common_name: o.name === "" ? d.name : `${o.name}.${d.name}`,
    years: 1,
    csr: null,
    state: "new",
    auto_renew: o.auto_renew,
    alternate_names: o.alternate_names,
    authority_identifier: "letsencrypt",
    signature_algorithm: o.signature_algorithm,
    private_key: null,
    server_pem: null,
    approver_email: null,
    approver_emails: null,
    configured_at: null,
    created_at: t,
    updated_at: t,
    expires_at: null,
    expires_on: null,
  });
  const p = ctx.store.certificatePurchases.insert({
    id: cert.id,
    account_id: ctx.accountId,
    certificate_id: cert.id,
    auto_renew: o.auto_renew,
    created_at: t,
    updated_at: t,
  });
  return ok(
    {
      id: p.id,
      certificate_id: cert.id,
      state: cert.state,
      auto_renew: p.auto_renew,
      created_at: t,
      updated_at: t,
    },
    201,
  );
}

function startIssue(ctx: Ctx, cert: CertificateRow): void {
  ctx.store.certificates.update(cert, { state: "requesting", csr: null, updated_at: now() });
}

function issue(ctx: Ctx): Reply {
  const d = findDomain(ctx, param(ctx, "domain"));
  const ref = param(ctx, "purchase");
  const p = /^\d+$/.test(ref) ? ctx.store.certificatePurchases.get(Number(ref)) : undefined;
  if (p === undefined || p.account_id !== ctx.accountId) throw notFound("Certificate", ref);
  const cert = findCert(ctx, d.id, String(p.certificate_id));
  if (cert.state !== "new") throw badRequest(`Certificate ${cert.id} is already ${cert.state}`);
  startIssue(ctx, cert);
  addCharge(
    ctx.store,
    ctx.accountId,
    `Purchase Certificate ${cert.common_name}`,
    0,
    "certificate-purchase",
    cert.id,
    String(cert.id),
  );
  completeAtOnceOrSchedule(ctx, "certificate", cert.id);
  return ok(certificateView(ctx.store.certificates.get(cert.id) ?? cert), 202);
}

/**
 * Issuance with `delays.certificate` 0 (the default: every pending operation completes at once)
 * is done in the request, so the 202 answer is the issued certificate with its `csr` and
 * `expires_at` (the shape of `getCertificate/success.http`); with a delay the answer is the
 * recorded `requesting` one (`issueLetsencryptCertificate/success.http`: csr and expires null)
 * and the job issues it later. The Terraform provider keeps the issue answer as the resource's
 * state and its acceptance tests check `csr` and `expires_at` are set.
 */
function completeAtOnceOrSchedule(ctx: Ctx, kind: "certificate" | "certificate_renewal", id: number): void {
  const job = ctx.jobs.schedule(kind, id, ctx.store.settings.delays.certificate);
  if (ctx.store.settings.delays.certificate <= 0) ctx.jobs.runDue(job.due_at_ms);
}

function renewalView(r: {
  id: number;
  old_certificate_id: number;
  new_certificate_id: number;
  state: string;
  auto_renew: boolean;
  created_at: string;
  updated_at: string;
}): Record<string, unknown> {
  return {
    id: r.id,
    old_certificate_id: r.old_certificate_id,
    new_certificate_id: r.new_certificate_id,
    state: r.state,
    auto_renew: r.auto_renew,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

function purchaseRenewal(ctx: Ctx): Reply {
  const d = findDomain(ctx, param(ctx, "domain"));
  const old = findCert(ctx, d.id, param(ctx, "certificate"));
  if (old.state !== "issued")
    throw badRequest(`Certificate ${old.id} cannot be renewed because it is not issued`);
  const o = readOrder(ctx.body, false);
  const t = now();
  const fresh = ctx.store.certificates.insert({
    ...old,
    id: ctx.store.certificates.nextId(),
    state: "new",
    csr: null,
    private_key: null,
    server_pem: null,
    auto_renew: o.auto_renew,
    signature_algorithm: o.signature_algorithm,
    created_at: t,
    updated_at: t,
    expires_at: null,
    expires_on: null,
  });
  const r = ctx.store.certificateRenewals.insert({
    account_id: ctx.accountId,
    old_certificate_id: old.id,
    new_certificate_id: fresh.id,
    state: "new",
    auto_renew: o.auto_renew,
    created_at: t,
    updated_at: t,
  });
  return ok(renewalView(r), 201);
}

function issueRenewal(ctx: Ctx): Reply {
  const d = findDomain(ctx, param(ctx, "domain"));
  const old = findCert(ctx, d.id, param(ctx, "certificate"));
  const ref = param(ctx, "renewal");
  const r = /^\d+$/.test(ref) ? ctx.store.certificateRenewals.get(Number(ref)) : undefined;
  if (r === undefined || r.old_certificate_id !== old.id || r.account_id !== ctx.accountId)
    throw notFound("Certificate renewal", ref);
  const fresh = findCert(ctx, d.id, String(r.new_certificate_id));
  if (r.state !== "new") throw badRequest(`Certificate renewal ${r.id} is already ${r.state}`);
  startIssue(ctx, fresh);
  ctx.store.certificateRenewals.update(r, { state: "renewing", updated_at: now() });
  completeAtOnceOrSchedule(ctx, "certificate_renewal", r.id);
  return ok(certificateView(ctx.store.certificates.get(fresh.id) ?? fresh), 202);
}

/** Registers the routes and the job handlers that finish issuance. */
export function registerCertificateRoutes(r: RouteRegistry, jobs: Jobs, events: Events, store: Store): void {
  jobs.register("certificate", (id) => issueCertificate(store, events, id));
  jobs.register("certificate_renewal", (id) => {
    const renewal = store.certificateRenewals.get(id);
    if (renewal === undefined) return;
    issueCertificate(store, events, renewal.new_certificate_id);
    store.certificateRenewals.update(renewal, { state: "renewed", updated_at: now() });
    const old = store.certificates.get(renewal.old_certificate_id);
    if (old) store.certificates.update(old, { auto_renew: false });
  });
  r.add("GET", "/v2/:account/domains/:domain/certificates", (ctx) => {
    const d = findDomain(ctx, param(ctx, "domain"));
    const rows = ctx.store.certificates.filter((c) => c.domain_id === d.id && c.account_id === ctx.accountId);
    const sorted = sortRows<CertificateRow>(
      ctx.query,
      rows,
      {
        id: (c) => c.id,
        common_name: (c) => c.common_name,
        expiration: (c) => c.expires_at,
        expires_on: (c) => c.expires_on,
      },
      "id:asc",
    );
    return paginate(ctx.query, sorted, certificateView);
  });
  r.add("GET", "/v2/:account/domains/:domain/certificates/:certificate", (ctx) => {
    const d = findDomain(ctx, param(ctx, "domain"));
    return ok(certificateView(findCert(ctx, d.id, param(ctx, "certificate"))));
  });
  r.add("GET", "/v2/:account/domains/:domain/certificates/:certificate/download", (ctx) => {
    const d = findDomain(ctx, param(ctx, "domain"));
    const c = findCert(ctx, d.id, param(ctx, "certificate"));
    if (c.state !== "issued" || c.server_pem === null)
      throw new HttpError(428, { message: "Certificate not issued" });
    return ok({ server: c.server_pem, root: null, chain: [pem("CERTIFICATE", 900)] });
  });
  r.add("GET", "/v2/:account/domains/:domain/certificates/:certificate/private_key", (ctx) => {
    const d = findDomain(ctx, param(ctx, "domain"));
    const c = findCert(ctx, d.id, param(ctx, "certificate"));
    if (c.private_key === null) throw new HttpError(428, { message: "Private key not present" });
    return ok({ private_key: c.private_key });
  });
  for (const ca of ["letsencrypt", "publicca"]) {
    r.add("POST", `/v2/:account/domains/:domain/certificates/${ca}`, purchase);
    r.add("POST", `/v2/:account/domains/:domain/certificates/${ca}/:purchase/issue`, issue);
    r.add("POST", `/v2/:account/domains/:domain/certificates/${ca}/:certificate/renewals`, purchaseRenewal);
    r.add(
      "POST",
      `/v2/:account/domains/:domain/certificates/${ca}/:certificate/renewals/:renewal/issue`,
      issueRenewal,
    );
  }
}
