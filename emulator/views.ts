/**
 * Row → wire shape for API v2, field order as in the service's recorded responses.
 */
import type {
  AccountRow,
  CertificateRow,
  ContactRow,
  DomainRow,
  DsRow,
  EmailForwardRow,
  OrderRow,
  PrimaryServerRow,
  PushRow,
  RecordRow,
  UserRow,
  WebhookRow,
  ZoneRow,
} from "./model";

export function accountView(a: AccountRow): Record<string, unknown> {
  return {
    id: a.id,
    email: a.email,
    name: a.name,
    plan_identifier: a.plan_identifier,
    created_at: a.created_at,
    updated_at: a.updated_at,
  };
}

export function userView(u: UserRow): Record<string, unknown> {
  return { id: u.id, email: u.email, created_at: u.created_at, updated_at: u.updated_at };
}

/** Domain, with `trustee` in every answer (create, get, list, events), as the current service sends it. */
export function domainView(d: DomainRow): Record<string, unknown> {
  return {
    id: d.id,
    account_id: d.account_id,
    registrant_id: d.registrant_id,
    name: d.name,
    unicode_name: d.unicode_name,
    state: d.state,
    auto_renew: d.auto_renew,
    private_whois: d.private_whois,
    trustee: d.trustee,
    expires_on: d.expires_on,
    expires_at: d.expires_at,
    created_at: d.created_at,
    updated_at: d.updated_at,
  };
}

/** Zone, with `active` in every answer (secondary zones included), as the current service sends it. */
export function zoneView(z: ZoneRow): Record<string, unknown> {
  return {
    id: z.id,
    account_id: z.account_id,
    name: z.name,
    reverse: z.reverse,
    secondary: z.secondary,
    last_transferred_at: z.last_transferred_at,
    active: z.active,
    created_at: z.created_at,
    updated_at: z.updated_at,
  };
}

export function recordView(r: RecordRow): Record<string, unknown> {
  return {
    id: r.id,
    zone_id: r.zone,
    parent_id: r.parent_id,
    name: r.name,
    content: r.content,
    ttl: r.ttl,
    priority: r.priority,
    type: r.type,
    regions: r.regions,
    system_record: r.system_record,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export function contactView(c: ContactRow): Record<string, unknown> {
  return {
    id: c.id,
    account_id: c.account_id,
    label: c.label,
    first_name: c.first_name,
    last_name: c.last_name,
    job_title: c.job_title,
    organization_name: c.organization_name,
    email: c.email,
    phone: c.phone,
    fax: c.fax,
    address1: c.address1,
    address2: c.address2,
    city: c.city,
    state_province: c.state_province,
    postal_code: c.postal_code,
    country: c.country,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

export function dnssecView(d: DomainRow): Record<string, unknown> {
  return {
    enabled: d.dnssec_enabled,
    active: d.dnssec_enabled,
    created_at: d.dnssec_created_at ?? d.created_at,
    updated_at: d.dnssec_updated_at ?? d.updated_at,
  };
}

export function dsView(r: DsRow): Record<string, unknown> {
  return {
    id: r.id,
    domain_id: r.domain_id,
    algorithm: r.algorithm,
    digest: r.digest,
    digest_type: r.digest_type,
    keytag: r.keytag,
    public_key: r.public_key,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

export function emailForwardView(f: EmailForwardRow): Record<string, unknown> {
  return {
    id: f.id,
    domain_id: f.domain_id,
    alias_email: f.alias_email,
    destination_email: f.destination_email,
    active: f.active,
    created_at: f.created_at,
    updated_at: f.updated_at,
  };
}

export function pushView(p: PushRow): Record<string, unknown> {
  return {
    id: p.id,
    domain_id: p.domain_id,
    contact_id: p.contact_id,
    account_id: p.account_id,
    created_at: p.created_at,
    updated_at: p.updated_at,
    accepted_at: p.accepted_at,
  };
}

export function certificateView(c: CertificateRow): Record<string, unknown> {
  return {
    id: c.id,
    domain_id: c.domain_id,
    contact_id: c.contact_id,
    name: c.name,
    common_name: c.common_name,
    years: c.years,
    csr: c.csr,
    state: c.state,
    auto_renew: c.auto_renew,
    alternate_names: c.alternate_names,
    authority_identifier: c.authority_identifier,
    created_at: c.created_at,
    updated_at: c.updated_at,
    expires_at: c.expires_at,
    expires_on: c.expires_on,
  };
}

export function orderView(o: OrderRow): Record<string, unknown> {
  switch (o.kind) {
    case "registration":
      return {
        id: o.id,
        domain_id: o.domain_id,
        registrant_id: o.registrant_id,
        period: o.period,
        state: o.state,
        auto_renew: o.auto_renew,
        whois_privacy: o.whois_privacy,
        trustee: o.trustee,
        created_at: o.created_at,
        updated_at: o.updated_at,
      };
    case "transfer":
      return {
        id: o.id,
        domain_id: o.domain_id,
        registrant_id: o.registrant_id,
        state: o.state,
        auto_renew: o.auto_renew,
        whois_privacy: o.whois_privacy,
        trustee: o.trustee,
        status_description: o.status_description,
        created_at: o.created_at,
        updated_at: o.updated_at,
      };
    case "renewal":
      return {
        id: o.id,
        domain_id: o.domain_id,
        period: o.period,
        state: o.state,
        created_at: o.created_at,
        updated_at: o.updated_at,
      };
    case "restore":
      return {
        id: o.id,
        domain_id: o.domain_id,
        state: o.state,
        created_at: o.created_at,
        updated_at: o.updated_at,
      };
  }
}

export function primaryServerView(p: PrimaryServerRow): Record<string, unknown> {
  return {
    id: p.id,
    account_id: p.account_id,
    name: p.name,
    ip: p.ip,
    port: p.port,
    linked_secondary_zones: p.linked_secondary_zones,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}

export function webhookView(w: WebhookRow): Record<string, unknown> {
  return { id: w.id, url: w.url, suppressed_at: w.suppressed_at };
}
