import { CONTACT } from "./fixtures";
import { addAccount, admin, request, useEmulator, v2, waitFor } from "./helpers";

/**
 * Every route, generically: account 2 sends each API route with account 1's object identifiers,
 * both under its own account path and under account 1's path. Nothing of account 1 may be read or
 * changed, and every answer is a 404 (or, for the listed name-based registrar routes, a
 * non-revealing answer about a domain name).
 */
describe("emulator account isolation on every route", () => {
  const emu = useEmulator({ allowHttpWebhooks: true });

  /** Routes whose `:domain` is a name the registry answers about, not an object of the account. */
  const NAME_BASED = new Set([
    "GET /v2/:account/registrar/domains/:domain/check",
    "GET /v2/:account/registrar/domains/:domain/prices",
    "GET /v2/:account/registrar/domains/:domain/premium_price",
    "POST /v2/:account/registrar/domains/:domain/registrations",
    "POST /v2/:account/registrar/domains/:domain/transfers",
  ]);

  async function setUpAccountOne(): Promise<Record<string, string>> {
    const c = v2(emu());
    await addAccount(emu(), 2, "token-2");
    await addAccount(emu(), 3, "token-3");
    await admin(emu()).post("/users", { email: "two@example.com", accounts: [2], v1Token: "v1-two" });
    await admin(emu()).put("/delays", { transfer: 60_000, renewal: 60_000 });
    const contact = (await c.post("/1/contacts", CONTACT)).body.data.id;
    const reg = (await c.post("/1/registrar/domains/iso.com/registrations", { registrant_id: contact })).body
      .data.id;
    const transfer = (
      await c.post("/1/registrar/domains/iso-t.com/transfers", { registrant_id: contact, auth_code: "x" })
    ).body.data.id;
    const _pendingRenewal = (await c.post("/1/registrar/domains/iso.com/renewals", { period: 1 })).body.data
      .id;
    await admin(emu()).post("/seed", {
      domains: [{ account: 1, name: "iso-old.com", state: "expired", expiresOn: "2020-01-01" }],
    });
    await admin(emu()).put("/delays", { restore: 60_000 });
    const restore = (await c.post("/1/registrar/domains/iso-old.com/restores", {})).body.data.id;
    const domainId = (await c.get("/1/domains/iso.com")).body.data.id;
    const record = (
      await c.post("/1/zones/iso.com/records", { name: "www", type: "A", content: "192.0.2.1" })
    ).body.data.id;
    const forward = (
      await c.post("/1/domains/iso.com/email_forwards", {
        alias_name: "a",
        destination_email: "a@example.org",
      })
    ).body.data.id;
    const ds = (
      await c.post("/1/domains/iso.com/ds_records", {
        algorithm: "13",
        digest: "ab",
        digest_type: "2",
        keytag: "1",
      })
    ).body.data.id;
    await c.post("/1/domains/iso.com/dnssec");
    const purchase = (await c.post("/1/domains/iso.com/certificates/letsencrypt", {})).body.data;
    await c.post(`/1/domains/iso.com/certificates/letsencrypt/${purchase.id}/issue`);
    await waitFor(() => emu().app.store.certificates.get(purchase.certificate_id)?.state === "issued");
    const certRenewal = (
      await c.post(`/1/domains/iso.com/certificates/letsencrypt/${purchase.certificate_id}/renewals`, {})
    ).body.data.id;
    const push = (await c.post("/1/domains/iso-t.com/pushes", { new_account_identifier: "3" })).body.data.id;
    const webhook = (await c.post("/1/webhooks", { url: "https://example.com/hook" })).body.data.id;
    const primary = (await c.post("/1/secondary_dns/primaries", { name: "p1", ip: "192.0.2.9" })).body.data
      .id;
    await c.post("/1/secondary_dns/zones", { name: "iso-sec.com" });
    const message = (await c.post("/1/platform/messages", { resource: `domain:${domainId}`, title: "t" }))
      .body.data.id;
    const metadata = (await c.post(`/1/platform/metadata/domain:${domainId}`, { key: "k", value: "v" })).body
      .data.id;
    await request(`${emu().v1Url}/templates`, {
      method: "POST",
      headers: { "x-service-token": `${emu().email}:${emu().v1Token}` },
      body: { dns_template: { name: "T", short_name: "iso-tpl" } },
    });
    return {
      domain: "iso.com",
      zone: "iso.com",
      name: "iso.com",
      contact: String(contact),
      record: String(record),
      forward: String(forward),
      ds: String(ds),
      certificate: String(purchase.certificate_id),
      purchase: String(purchase.id),
      renewal: String(certRenewal),
      registration: String(reg),
      transfer: String(transfer),
      restore: String(restore),
      push: String(push),
      webhook: String(webhook),
      primary: String(primary),
      message: String(message),
      resource: `domain:${domainId}`,
      metadata: String(metadata),
      template: "iso-tpl",
      id: "1",
    };
  }

  function accountOneState(): string {
    const snap = emu().app.store.snapshot() as {
      tables: Record<string, { rows: Record<string, unknown>[] }>;
    };
    const mine: Record<string, unknown> = {};
    for (const [name, table] of Object.entries(snap.tables)) {
      if (name === "jobs" || name === "users" || name === "tokens" || name === "accounts") continue;
      mine[name] = table.rows.filter((r) => r["account_id"] === 1 || r["account_id"] === undefined);
    }
    return JSON.stringify(mine);
  }

  it("never shows or changes another account's objects", async () => {
    const ids = await setUpAccountOne();
    // The renewal, restore and transfer above are pending: renewal id reuse below must not match.
    const before = accountOneState();
    const routes = emu().app.routes();
    expect(routes.length).toBeGreaterThan(90);
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const [method = "GET", pattern = ""] = route.split(" ");
      const isV1 = pattern.startsWith("/v1/");
      if (!isV1 && !pattern.includes(":account")) continue;
      const params = (pattern.match(/:[a-z_]+/g) ?? []).filter((p) => p !== ":account");
      const fill = (account: string): string =>
        pattern.replace(/:([a-z_]+)/g, (_m, p: string) =>
          encodeURIComponent(p === "account" ? account : (ids[p] ?? "1")),
        );
      const headers: Record<string, string> = isV1
        ? { "x-service-token": "two@example.com:v1-two" }
        : { authorization: "Bearer token-2" };
      const body =
        method === "GET" || method === "DELETE"
          ? undefined
          : pattern.endsWith("/delegation")
            ? ["ns1.example.net"]
            : {};
      const targets = isV1 ? [fill("")] : [fill("2"), fill("1")];
      for (const [i, path] of targets.entries()) {
        const res = await request(`${emu().url}${path}`, {
          method,
          headers,
          ...(body !== undefined ? { body } : {}),
        });
        checked++;
        // A 404 echoes the identifier it was given; a leak is anything of account 1 beyond that.
        const names = ["iso.com", "iso-t.com", "iso-old.com", "iso-sec.com", "iso-tpl"].filter(
          (n) => !path.includes(n),
        );
        const leaks = /"account_id":1[,}]/.test(res.text) || names.some((n) => res.text.includes(n));
        const underOwnPath = !isV1 && i === 0;
        let okStatus: boolean;
        if (!underOwnPath && !isV1) okStatus = res.status === 404;
        else if (
          params.length === 0 ||
          (isV1 && !params.some((p) => [":domain", ":template", ":certificate"].includes(p)))
        )
          okStatus = res.status < 500;
        else if (NAME_BASED.has(route))
          okStatus = res.status < 500 && res.status !== 201 && res.status !== 202;
        else okStatus = res.status === 404;
        const nameAnswer = NAME_BASED.has(route) || pattern === "/v1/domains/:name/check";
        if (!okStatus || (leaks && !nameAnswer))
          failures.push(`${method} ${path} -> ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(150);
    expect(accountOneState()).toEqual(before);
  });
});
