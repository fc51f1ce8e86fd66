/**
 * v2 domains: list (filters, sort, pagination), create (with its zone), get by name or id, delete
 * (cascading), and domain research status.
 */
import { randomUUID } from "node:crypto";
import { param, type Ctx, type RouteRegistry } from "../context";
import {
  createDomain,
  deleteDomainCascade,
  findDomain,
  normalizeDomainName,
  tldOf,
  validateNewDomainName,
} from "../domain-ops";
import { asObject, badRequest, noContent, ok, type Reply } from "../http";
import { paginate, sortRows } from "../listing";
import type { DomainRow } from "../model";
import { domainView } from "../views";

function listDomains(ctx: Ctx): Reply {
  const nameLike = ctx.query.get("name_like");
  const registrantRaw = ctx.query.get("registrant_id");
  let registrantId: number | null = null;
  if (registrantRaw !== null && registrantRaw !== "") {
    if (!/^\d+$/.test(registrantRaw)) throw badRequest(`Invalid registrant_id \`${registrantRaw}\``);
    registrantId = Number(registrantRaw);
  }
  const needle = nameLike?.toLowerCase() ?? null;
  const rows = ctx.store.domains.filter(
    (d) =>
      d.account_id === ctx.accountId &&
      (needle === null || d.name.includes(needle)) &&
      (registrantId === null || d.registrant_id === registrantId),
  );
  const sorted = sortRows<DomainRow>(
    ctx.query,
    rows,
    {
      id: (d) => d.id,
      name: (d) => d.name,
      expiration: (d) => d.expires_at,
      expires_on: (d) => d.expires_on,
    },
    "name:asc",
  );
  return paginate(ctx.query, sorted, (d) => domainView(d));
}

function createDomainRoute(ctx: Ctx): Reply {
  const body = asObject(ctx.body);
  if (body === null) throw badRequest("Request body must be a JSON object");
  const name = validateNewDomainName(ctx.store, body["name"]);
  const domain = createDomain(ctx.store, ctx.events, ctx.accountId, name);
  return ok(domainView(domain), 201);
}

function getDomain(ctx: Ctx): Reply {
  return ok(domainView(findDomain(ctx, param(ctx, "domain"))));
}

function deleteDomain(ctx: Ctx): Reply {
  deleteDomainCascade(ctx.store, ctx.events, findDomain(ctx, param(ctx, "domain")));
  return noContent();
}

function researchStatus(ctx: Ctx): Reply {
  const raw = ctx.query.get("domain");
  if (raw === null || raw.trim() === "") throw badRequest("Missing required parameter: domain");
  const requestId = randomUUID();
  const name = normalizeDomainName(raw);
  if (name === null) {
    return {
      status: 400,
      body: {
        data: {
          request_id: requestId,
          domain: raw,
          availability: "unknown",
          errors: [`'${raw}': Invalid domain name`],
        },
      },
    };
  }
  const reg = ctx.store.settings.registrar;
  if (reg.unsupported_tlds.includes(tldOf(name))) {
    return ok({
      request_id: requestId,
      domain: name,
      availability: "unknown",
      errors: ["TLD not supported for registration"],
    });
  }
  const taken = reg.taken.includes(name) || ctx.store.domains.byKey(name)?.state === "registered";
  return ok({
    request_id: requestId,
    domain: name,
    availability: taken ? "unavailable" : "available",
    errors: [],
  });
}

export function registerDomainRoutes(r: RouteRegistry): void {
  r.add("GET", "/v2/:account/domains", listDomains);
  r.add("POST", "/v2/:account/domains", createDomainRoute);
  r.add("GET", "/v2/:account/domains/research/status", researchStatus);
  r.add("GET", "/v2/:account/domains/:domain", getDomain);
  r.add("DELETE", "/v2/:account/domains/:domain", deleteDomain);
}
