import { admin, request, useEmulator, v2 } from "./helpers";

describe("emulator admin surface: request log, faults, rate limit", () => {
  const emu = useEmulator();

  it("logs API requests in order with method, path, status and account, and clears the log", async () => {
    const c = v2(emu());
    await c.get("/whoami");
    await c.post("/1/domains", { name: "logged.com" });
    await c.get("/1/domains/missing.com?x=1");
    await admin(emu()).get("/health");
    const log = await admin(emu()).get("/requests");
    expect(log.body.map((e: any) => [e.method, e.path, e.status, e.account])).toEqual([
      ["GET", "/v2/whoami", 200, undefined],
      ["POST", "/v2/1/domains", 201, 1],
      ["GET", "/v2/1/domains/missing.com", 404, 1],
    ]);
    expect(log.body[2].query).toBe("x=1");
    expect((await admin(emu()).del("/requests")).status).toBe(204);
    expect((await admin(emu()).get("/requests")).body).toEqual([]);
  });

  it("sends rate-limit headers and a request id on every response", async () => {
    const ok = await v2(emu()).get("/whoami");
    const unauth = await request(`${emu().v2Url}/whoami`);
    for (const res of [ok, unauth]) {
      expect(Number(res.headers.get("x-ratelimit-limit"))).toBeGreaterThan(0);
      expect(res.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
      expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("answers 429 quota exceeded once the configured budget is spent", async () => {
    expect((await admin(emu()).put("/rate-limit", { limit: 3, windowSeconds: 60 })).status).toBe(200);
    const c = v2(emu());
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await c.get("/whoami");
      expect(res.status).toBe(200);
      remaining.push(res.headers.get("x-ratelimit-remaining") ?? "");
    }
    expect(remaining).toEqual(["2", "1", "0"]);
    const over = await c.get("/whoami");
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ message: "quota exceeded" });
    expect(over.headers.get("x-ratelimit-limit")).toBe("3");
    expect(over.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await admin(emu()).del("/rate-limit")).status).toBe(204);
    expect((await c.get("/whoami")).status).toBe(200);
  });

  it("injects 429 with Retry-After and 5xx faults for matching routes only, up to count", async () => {
    await admin(emu()).put("/faults", {
      rate: 1,
      kinds: ["429"],
      retryAfterSeconds: 7,
      routes: "^GET /v2/whoami$",
      count: 2,
    });
    const c = v2(emu());
    const a = await c.get("/whoami");
    expect(a.status).toBe(429);
    expect(a.headers.get("retry-after")).toBe("7");
    expect(a.body).toEqual({ message: "quota exceeded" });
    expect((await c.get("/accounts")).status).toBe(200);
    expect((await c.get("/whoami")).status).toBe(429);
    expect((await c.get("/whoami")).status).toBe(200);

    await admin(emu()).put("/faults", { rate: 1, kinds: ["502"] });
    expect((await c.get("/accounts")).status).toBe(502);
    expect((await admin(emu()).del("/faults")).status).toBe(204);
    expect((await c.get("/accounts")).status).toBe(200);
  });

  it("drops the connection without a response for drop faults", async () => {
    await admin(emu()).put("/faults", { rate: 1, kinds: ["drop"], count: 1 });
    await expect(
      fetch(`${emu().v2Url}/whoami`, { headers: { authorization: `Bearer ${emu().token}` } }),
    ).rejects.toThrow();
    expect((await v2(emu()).get("/whoami")).status).toBe(200);
  });

  it("processes the request but loses the response for drop-after faults", async () => {
    await admin(emu()).put("/faults", { rate: 1, kinds: ["drop-after"], count: 1, routes: "^POST " });
    await expect(
      fetch(`${emu().v2Url}/1/domains`, {
        method: "POST",
        headers: { authorization: `Bearer ${emu().token}`, "content-type": "application/json" },
        body: JSON.stringify({ name: "lost-answer.com" }),
      }),
    ).rejects.toThrow();
    expect((await v2(emu()).get("/1/domains/lost-answer.com")).status).toBe(200);
  });

  it("adds latency for latency faults", async () => {
    await admin(emu()).put("/faults", { rate: 1, kinds: ["latency"], latencyMs: 150, count: 1 });
    const t0 = Date.now();
    expect((await v2(emu()).get("/whoami")).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
  });

  it("injects faults at roughly the configured rate, reproducibly with a seed", async () => {
    const run = async (): Promise<number[]> => {
      await admin(emu()).put("/faults", { rate: 0.3, kinds: ["500"], seed: 42 });
      const statuses: number[] = [];
      for (let i = 0; i < 100; i++) statuses.push((await v2(emu()).get("/whoami")).status);
      return statuses;
    };
    const first = await run();
    const second = await run();
    expect(second).toEqual(first);
    const failures = first.filter((s) => s === 500).length;
    expect(failures).toBeGreaterThan(15);
    expect(failures).toBeLessThan(45);
  });

  it("refuses invalid admin input with 400 and a message", async () => {
    const bad = await admin(emu()).put("/faults", { rate: 2, kinds: ["teapot"] });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.message).toBe("string");
    expect((await admin(emu()).put("/rate-limit", { limit: -1 })).status).toBe(400);
    expect((await admin(emu()).post("/accounts", { id: 1, email: "x@example.com" })).status).toBe(400);
    expect((await admin(emu()).get("/nothing")).status).toBe(404);
  });

  it("resets state, faults and the log", async () => {
    await v2(emu()).post("/1/domains", { name: "before-reset.com" });
    await admin(emu()).put("/faults", { rate: 1, kinds: ["500"] });
    expect((await admin(emu()).post("/reset")).status).toBe(200);
    const list = await v2(emu()).get("/1/domains");
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
  });
});

describe("emulator without its admin surface (--no-admin)", () => {
  const emu = useEmulator({ admin: false });

  it("answers /__admin paths as unknown API paths, 404, and changes nothing", async () => {
    expect((await admin(emu()).get("/requests")).status).toBe(404);
    expect((await admin(emu()).get("/health")).status).toBe(404);
    expect((await admin(emu()).put("/faults", { rate: 1, kinds: ["500"] })).status).toBe(404);
    expect((await admin(emu()).post("/reset")).status).toBe(404);
    // The fault was not set: the API answers as usual, and logs what was asked of it.
    expect((await v2(emu()).post("/1/domains", { name: "no-admin.com" })).status).toBe(201);
    expect((await v2(emu()).get("/1/domains")).body.data.map((d: any) => d.name)).toEqual(["no-admin.com"]);
    expect(
      emu()
        .requests()
        .map((r) => `${r.method} ${r.path} ${r.status}`),
    ).toContain("PUT /__admin/faults 404");
  });
});
