/**
 * A run of the emulator under the OpenAPI check: the typed client calls every operation it has
 * that sends a body (its requests are checked against the description too), the conformance cases
 * run, every remaining route of the emulator is called, and a zone with a few hundred records is
 * written, paged and read back. Every answer of API v2 is checked. Shared by the integration test
 * and `bench/openapi.ts`, which records the figures.
 */
import { createClient, type DnsimpleClient } from "../../provider/client";
import type { ObservedExchange, RunningEmulator } from "../../emulator";
import { runConformance, type ConformanceReport } from "./conformance-cases";
import { OpenApiDocument, ResponseTally, type OpenApiViolation } from "./openapi-check";

/** What one run measured. */
export interface OpenApiRunReport {
  tally: ResponseTally;
  /** Every `METHOD pattern` of API v2 the emulator serves, and those the run called. */
  routes: string[];
  routesCalled: Set<string>;
  /** Operations of the description that some route of the emulator serves. */
  operationsServed: Set<string>;
  /** Requests the client sent, and the violations no exception covers. */
  clientRequestsChecked: number;
  clientRequestViolations: (OpenApiViolation & { request: string })[];
  conformance: ConformanceReport;
}

const A = 1;

const PERSON = {
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.com",
  phone: "+18001234567",
  address1: "1 Main Street",
  city: "Rome",
  state_province: "RM",
  postal_code: "00100",
  country: "IT",
};

/** Calls every client operation that sends a body (and the reads around them). */
async function clientScenario(c: DnsimpleClient, emu: RunningEmulator): Promise<void> {
  const admin = (method: string, p: string, body?: unknown): Promise<Response> =>
    fetch(`${emu.url}/__admin${p}`, {
      method,
      headers: { "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  await admin("POST", "/accounts", { id: 2, email: "target@example.com", token: "target-token" });
  const owner = await c.contacts.create(A, PERSON);
  await c.contacts.update(A, owner.id, { label: "owner", fax: "+18007654321" });
  const other = await c.contacts.create(A, { ...PERSON, first_name: "Grace", email: "grace@example.com" });
  const d = await c.domains.create(A, { name: "client.example" });
  await c.zones.records.create(A, "client.example", {
    name: "www",
    type: "A",
    content: "127.0.0.1",
    ttl: 600,
  });
  const mx = await c.zones.records.create(A, "client.example", {
    name: "",
    type: "MX",
    content: "mx.example.net",
    priority: 10,
    regions: ["global"],
  });
  await c.zones.records.update(A, "client.example", mx.id, { ttl: 300, priority: 20 });
  await c.emailForwards.create(A, "client.example", {
    alias_name: "info",
    destination_email: "team@example.org",
  });
  await c.dsRecords.create(A, "client.example", {
    algorithm: "13",
    digest: "684a1f049d7d082b7f98691657da5a65764913df7f065f6f8c36edf62d66ca03",
    digest_type: "2",
    keytag: "2371",
  });
  await c.webhooks.create(A, { url: "https://hooks.example.com/dns" });
  const primary = await c.secondaryDns.createPrimary(A, { name: "ns-primary", ip: "192.0.2.1", port: 53 });
  await c.secondaryDns.createZone(A, { name: "secondary.example" });
  await c.secondaryDns.linkPrimary(A, primary.id, "secondary.example");
  await c.secondaryDns.unlinkPrimary(A, primary.id, "secondary.example");
  await c.secondaryDns.deletePrimary(A, primary.id);
  const www = await c.zones.records.create(A, "client.example", {
    name: "api",
    type: "A",
    content: "127.0.0.2",
  });
  await c.zones.records.batch(A, "client.example", {
    creates: [{ name: "batch", type: "TXT", content: "made in a batch" }],
    updates: [{ id: www.id, content: "127.0.0.3" }],
    deletes: [{ id: mx.id }],
  });
  await c.registrar.register(A, "bought.example", {
    registrant_id: owner.id,
    whois_privacy: true,
    auto_renew: true,
  });
  await c.registrar.transfer(A, "moved.example", { registrant_id: owner.id, auth_code: "x-auth" });
  await c.registrar.renew(A, "bought.example", { period: 1 });
  await c.registrar.checkRegistrantChange(A, { domain_id: "bought.example", contact_id: other.id });
  await c.registrar.createRegistrantChange(A, { domain_id: "bought.example", contact_id: other.id });
  const purchase = await c.certificates.purchaseLetsencrypt(A, "client.example", {
    name: "www",
    auto_renew: false,
  });
  await c.certificates.issueLetsencrypt(A, "client.example", purchase.id);
  await admin("POST", "/jobs/run");
  const renewal = await c.certificates.purchaseLetsencryptRenewal(
    A,
    "client.example",
    purchase.certificate_id,
    {},
  );
  await c.certificates.issueLetsencryptRenewal(A, "client.example", purchase.certificate_id, renewal.id);
  const push = await c.pushes.initiate(A, d.id, { new_account_email: "target@example.com" });
  const target = createClient({ token: "target-token", baseUrl: emu.v2Url, retry: { maxRetries: 0 } });
  const targetContact = await target.contacts.create(2, PERSON);
  await target.pushes.accept(2, push.id, { contact_id: targetContact.id });
  const code = (await (
    await admin("POST", "/oauth-codes", {
      clientId: "app",
      clientSecret: "secret",
      state: "st",
      accountId: A,
    })
  ).json()) as { code: string };
  await c.oauth.exchangeToken({
    client_id: "app",
    client_secret: "secret",
    code: code.code,
    state: "st",
    redirect_uri: "",
  });
}

function sample(pattern: string): string {
  return pattern.replace(/:account\b/, "1").replace(/:[a-z_]+/g, "sample");
}

/**
 * Runs the whole exercise against `emu` (reset first and after) and returns what was checked.
 *
 * @example
 *   const report = await runOpenApiExercise(emu, doc, ref.dataDir);
 *   expect(report.tally.violations).toEqual([]);
 */
export async function runOpenApiExercise(
  emu: RunningEmulator,
  doc: OpenApiDocument,
  dataDir: string,
): Promise<OpenApiRunReport> {
  const tally = new ResponseTally(doc);
  const routesCalled = new Set<string>();
  const clientRequestViolations: OpenApiRunReport["clientRequestViolations"] = [];
  let clientRequestsChecked = 0;
  let clientPhase = false;
  const stop = emu.observe((x: ObservedExchange) => {
    if (x.route !== undefined) routesCalled.add(x.route);
    tally.add(x);
    if (clientPhase && x.path.startsWith("/v2/")) {
      const { operation, violations } = doc.checkRequest(x.method, x.path, x.query, x.requestBody);
      if (operation !== undefined) clientRequestsChecked++;
      for (const v of violations) {
        if (v.exception === undefined)
          clientRequestViolations.push({ ...v, request: `${x.method} ${x.path}` });
      }
    }
  });
  try {
    emu.reset();
    clientPhase = true;
    const c = createClient({ token: emu.token, baseUrl: emu.v2Url, retry: { maxRetries: 0 } });
    await clientScenario(c, emu);
    clientPhase = false;
    emu.reset();
    const conformance = await runConformance(emu, dataDir);
    emu.reset();
    await remainingRoutes(emu);
    emu.reset();
    await bulk(emu);
    emu.reset();
    const routes = emu.app
      .routes()
      .filter((r) => r.split(" ")[1]?.startsWith("/v2/"))
      .sort();
    const operationsServed = new Set<string>();
    for (const route of routes) {
      const [method, pattern] = route.split(" ") as [string, string];
      const op = doc.operationOf(method, sample(pattern));
      if (op !== undefined) operationsServed.add(op);
    }
    return {
      tally,
      routes,
      routesCalled,
      operationsServed,
      clientRequestsChecked,
      clientRequestViolations,
      conformance,
    };
  } finally {
    clientPhase = false;
    stop();
  }
}

type Call = (method: string, p: string, body?: unknown) => Promise<{ status: number; body: any }>;

function caller(emu: RunningEmulator, base: string, headers: Record<string, string>): Call {
  return async (method, p, body) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { accept: "application/json", "content-type": "application/json", ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status >= 500) throw new Error(`${method} ${p}: ${res.status} ${text}`);
    return { status: res.status, body: text === "" ? undefined : JSON.parse(text) };
  };
}

/** The routes neither the client scenario nor the conformance cases call. */
async function remainingRoutes(emu: RunningEmulator): Promise<void> {
  const api = caller(emu, emu.v2Url, { authorization: `Bearer ${emu.token}` });
  const admin = caller(emu, `${emu.url}/__admin`, {});
  await admin("POST", "/seed", { domains: [{ account: A, name: "extra.example" }] });
  const contact = (await api("POST", `/${A}/contacts`, PERSON)).body.data.id as number;
  // Orders read back; a restore of an expired domain.
  await admin("PUT", "/delays", { registration: 0, renewal: 0, restore: 0, transfer: 60_000 });
  const reg = await api("POST", `/${A}/registrar/domains/orders.example/registrations`, {
    registrant_id: contact,
  });
  await api("GET", `/${A}/registrar/domains/orders.example/registrations/${reg.body.data.id}`);
  const renewal = await api("POST", `/${A}/registrar/domains/orders.example/renewals`, { period: 1 });
  await api("GET", `/${A}/registrar/domains/orders.example/renewals/${renewal.body.data.id}`);
  await api("PUT", `/${A}/registrar/domains/orders.example/auto_renewal`);
  await api("DELETE", `/${A}/registrar/domains/orders.example/auto_renewal`);
  await admin("POST", "/seed", {
    domains: [
      {
        account: A,
        name: "lapsed.example",
        state: "expired",
        registrantId: contact,
        expiresOn: "2020-01-01",
      },
    ],
  });
  const restore = await api("POST", `/${A}/registrar/domains/lapsed.example/restores`, {});
  await api("GET", `/${A}/registrar/domains/lapsed.example/restores/${restore.body.data.id}`);
  const transfer = await api("POST", `/${A}/registrar/domains/incoming.example/transfers`, {
    registrant_id: contact,
    auth_code: "x",
  });
  await api("GET", `/${A}/registrar/domains/incoming.example/transfers/${transfer.body.data.id}`);
  // Certificates under the `publicca` alias.
  const base = `/${A}/domains/extra.example/certificates`;
  const purchase = (await api("POST", `${base}/publicca`, { name: "www" })).body.data;
  await api("POST", `${base}/publicca/${purchase.id}/issue`);
  await admin("POST", "/jobs/run");
  const renewal2 = (await api("POST", `${base}/publicca/${purchase.certificate_id}/renewals`, {})).body.data;
  await api("POST", `${base}/publicca/${purchase.certificate_id}/renewals/${renewal2.id}/issue`);
  // Platform messages and metadata (the description has no platform API: not checked, but called).
  const domainId = (await api("GET", `/${A}/domains/extra.example`)).body.data.id as number;
  const resource = `domain:${domainId}`;
  const message = (await api("POST", `/${A}/platform/messages`, { resource, title: "Hi" })).body.data
    .id as number;
  await api("GET", `/${A}/platform/messages`);
  await api("GET", `/${A}/platform/messages/${message}`);
  await api("PATCH", `/${A}/platform/messages/${message}`, { resource, title: "Updated" });
  await api("POST", `/${A}/platform/messages/${message}`, { resource, title: "Again" });
  await api("DELETE", `/${A}/platform/messages/${message}`);
  const entry = (
    await api("POST", `/${A}/platform/metadata/${resource}`, { resource, key: "team", value: "ops" })
  ).body.data.id as number;
  await api("GET", `/${A}/platform/metadata/${resource}`);
  await api("GET", `/${A}/platform/metadata/${resource}/${entry}`);
  await api("DELETE", `/${A}/platform/metadata/${resource}/${entry}`);
}

/** A zone with 300 records, written, paged, read, changed and deleted: over a thousand answers. */
async function bulk(emu: RunningEmulator): Promise<void> {
  const api = caller(emu, emu.v2Url, { authorization: `Bearer ${emu.token}` });
  await api("POST", `/${A}/domains`, { name: "bulk.example" });
  const ids: number[] = [];
  for (let i = 0; i < 300; i++) {
    const res = await api("POST", `/${A}/zones/bulk.example/records`, {
      name: `host${i}`,
      type: i % 3 === 0 ? "TXT" : "A",
      content: i % 3 === 0 ? `v=note${i}` : `192.0.2.${i % 250}`,
      ttl: 600,
    });
    ids.push(res.body.data.id as number);
  }
  for (let page = 1; page <= 4; page++)
    await api("GET", `/${A}/zones/bulk.example/records?page=${page}&per_page=100`);
  for (const id of ids) await api("GET", `/${A}/zones/bulk.example/records/${id}`);
  for (const id of ids.slice(0, 150))
    await api("PATCH", `/${A}/zones/bulk.example/records/${id}`, { ttl: 300 });
  for (const id of ids.slice(0, 150)) await api("DELETE", `/${A}/zones/bulk.example/records/${id}`);
  await api("GET", `/${A}/zones`);
  await api("GET", `/${A}/domains?per_page=100`);
}
