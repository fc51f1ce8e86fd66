import * as http from "node:http";
import type { AddressInfo } from "node:net";
import { admin, request, useEmulator, v2, waitFor } from "./helpers";

interface Receiver {
  url: string;
  received: any[];
  status: number;
  close(): Promise<void>;
}

async function receiver(): Promise<Receiver> {
  const r: Receiver = { url: "", received: [], status: 200, close: async () => undefined };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      r.received.push({ headers: req.headers, body: JSON.parse(body) });
      res.writeHead(r.status);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  r.close = () => new Promise((resolve) => server.close(() => resolve()));
  return r;
}

describe("emulator webhooks", () => {
  const emu = useEmulator({ allowHttpWebhooks: true });

  it("accepts HTTPS URLs and refuses plain HTTP unless allowed", async () => {
    const c = v2(emu());
    const created = await c.post("/1/webhooks", { url: "https://example.com/hook" });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      id: created.body.data.id,
      url: "https://example.com/hook",
      suppressed_at: null,
    });
    expect((await c.post("/1/webhooks", { url: "ftp://example.com" })).status).toBe(400);
    expect((await c.post("/1/webhooks", { url: "not a url" })).status).toBe(400);
    expect((await c.post("/1/webhooks", {})).body.errors).toEqual({ url: ["can't be blank"] });
    expect((await c.get("/1/webhooks")).body).toEqual({ data: [created.body.data] });
    expect((await c.get(`/1/webhooks/${created.body.data.id}`)).status).toBe(200);
    expect((await c.del(`/1/webhooks/${created.body.data.id}`)).status).toBe(204);
    expect((await c.get(`/1/webhooks/${created.body.data.id}`)).body).toEqual({
      message: `Webhook \`${created.body.data.id}\` not found`,
    });
  });

  it("delivers events in the service's payload shape for changes it makes", async () => {
    const r = await receiver();
    try {
      const c = v2(emu());
      await c.post("/1/webhooks", { url: r.url });
      await c.post("/1/domains", { name: "events.com" });
      await c.post("/1/zones/events.com/records", { name: "www", type: "A", content: "192.0.2.1" });
      await c.del("/1/domains/events.com");
      await waitFor(() => r.received.length >= 5);
      const names = r.received.map((x) => x.body.name);
      expect(names).toEqual(
        expect.arrayContaining([
          "domain.create",
          "zone.create",
          "zone_record.create",
          "domain.delete",
          "zone.delete",
        ]),
      );
      const create = r.received.find((x) => x.body.name === "domain.create").body;
      expect(create).toMatchObject({ api_version: "v2", account: { id: 1 }, actor: { entity: "account" } });
      expect(create.request_identifier).toMatch(/^[0-9a-f-]{36}$/);
      expect(create.data.domain.name).toBe("events.com");
      expect(typeof create.actor.id).toBe("string");
      expect(r.received[0].headers["content-type"]).toBe("application/json");
    } finally {
      await r.close();
    }
  });

  it("retries failed deliveries and suppresses the webhook after repeated failures", async () => {
    const r = await receiver();
    r.status = 500;
    try {
      // domain create emits domain.create and zone.create: 6 failed attempts for the first domain.
      await admin(emu()).put("/webhook-settings", { maxAttempts: 3, retryBaseMs: 10, suppressAfter: 7 });
      const c = v2(emu());
      const hook = (await c.post("/1/webhooks", { url: r.url })).body.data;
      await c.post("/1/domains", { name: "fail-1.com" });
      await waitFor(
        async () =>
          (await admin(emu()).get("/webhook-deliveries")).body.pending === 0 && r.received.length >= 6,
      );
      const attempts = r.received.filter((x) => x.body.name === "domain.create");
      expect(attempts).toHaveLength(3);
      expect(new Set(attempts.map((x) => x.body.request_identifier)).size).toBe(1);
      expect((await c.get(`/1/webhooks/${hook.id}`)).body.data.suppressed_at).toBeNull();
      await c.post("/1/domains", { name: "fail-2.com" });
      await waitFor(async () => (await c.get(`/1/webhooks/${hook.id}`)).body.data.suppressed_at !== null);
      const countAtSuppression = r.received.length;
      await c.post("/1/domains", { name: "fail-3.com" });
      await new Promise((res) => setTimeout(res, 100));
      expect(r.received.length).toBe(countAtSuppression);
      const log = (await admin(emu()).get("/webhook-deliveries")).body.deliveries;
      expect(log.every((d: { ok: boolean; status: number }) => !d.ok && d.status === 500)).toBe(true);
    } finally {
      await r.close();
    }
  });

  it("resets the failure count after a successful delivery", async () => {
    const r = await receiver();
    try {
      // Two events per domain: fail 2, succeed 2, fail 2 stays below 3 only if success resets the count.
      await admin(emu()).put("/webhook-settings", { maxAttempts: 1, retryBaseMs: 10, suppressAfter: 3 });
      const c = v2(emu());
      const hook = (await c.post("/1/webhooks", { url: r.url })).body.data;
      r.status = 500;
      await c.post("/1/domains", { name: "a-1.com" });
      await waitFor(() => r.received.length >= 2);
      r.status = 200;
      await c.post("/1/domains", { name: "a-2.com" });
      await waitFor(() => r.received.length >= 4);
      r.status = 500;
      await c.post("/1/domains", { name: "a-3.com" });
      await waitFor(
        async () =>
          (await admin(emu()).get("/webhook-deliveries")).body.pending === 0 && r.received.length >= 6,
      );
      expect((await c.get(`/1/webhooks/${hook.id}`)).body.data.suppressed_at).toBeNull();
      r.status = 500;
      await c.post("/1/domains", { name: "a-4.com" });
      await waitFor(async () => (await c.get(`/1/webhooks/${hook.id}`)).body.data.suppressed_at !== null);
    } finally {
      await r.close();
    }
  });
});

describe("emulator OAuth code exchange", () => {
  const emu = useEmulator();
  const base = {
    client_id: "app",
    client_secret: "s3cret",
    grant_type: "authorization_code",
    redirect_uri: "https://app.test/cb",
    state: "xyz",
  };

  async function code(extra: Record<string, unknown> = {}): Promise<string> {
    const res = await admin(emu()).post("/oauth-codes", {
      clientId: "app",
      clientSecret: "s3cret",
      redirectUri: "https://app.test/cb",
      state: "xyz",
      accountId: 1,
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body.code;
  }

  const exchange = (body: unknown) => request(`${emu().v2Url}/oauth/access_token`, { method: "POST", body });

  it("issues a token that then works, and the code is single-use", async () => {
    const c = await code();
    const res = await exchange({ ...base, code: c });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: res.body.access_token,
      token_type: "Bearer",
      scope: null,
      account_id: 1,
    });
    const who = await v2(emu(), res.body.access_token).get("/whoami");
    expect(who.body.data.account.id).toBe(1);
    const again = await exchange({ ...base, code: c });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("invalid_grant");
  });

  it("answers the contract's error bodies for every failure", async () => {
    const c = await code();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...base, code: "unknown" }, 400, "invalid_grant"],
      [{ ...base, code: c, grant_type: "password" }, 400, "invalid_request"],
      [{ ...base, code: c, client_secret: "wrong" }, 401, "invalid_client"],
      [{ ...base, code: c, client_id: "other" }, 400, "invalid_grant"],
      [{ ...base, code: c, redirect_uri: "https://evil.test/cb" }, 400, "invalid_grant"],
      [{ ...base, code: c, state: "other" }, 400, "invalid_request"],
      [{ ...base, code: undefined }, 400, "invalid_request"],
    ];
    for (const [body, status, error] of cases) {
      const res = await exchange(body);
      expect([res.status, res.body.error]).toEqual([status, error]);
      expect(typeof res.body.error_description).toBe("string");
    }
    expect((await exchange({ ...base, code: c })).status).toBe(200);
    expect((await exchange("not json")).status).toBe(400);
  });

  it("refuses an expired code", async () => {
    const c = await code({ expiresInSeconds: 0 });
    const res = await exchange({ ...base, code: c });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("invalid_grant");
  });
});
