/**
 * The transport against a tiny local HTTP server: auth headers, retries with an injected clock,
 * creates never resent after a lost response, timeouts, validation errors and redaction.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createClient, type ClientOptions } from "./client";
import { isApiError, outcomeUnknown, type ApiError } from "./errors";

type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;

const TOKEN = "tok-SECRET-123456";

/** A domain as the service answers; `created_at` is now, as for one the test's POST made. */
function domain(id: number, name: string, createdAt = new Date().toISOString().replace(/\.\d+Z$/, "Z")) {
  return {
    id,
    account_id: 1,
    registrant_id: null,
    name,
    unicode_name: name,
    state: "hosted",
    auto_renew: false,
    private_whois: false,
    expires_at: null,
    expires_on: null,
    created_at: createdAt,
    updated_at: "2024-01-01T00:00:00Z",
  };
}

let server: http.Server;
let baseUrl: string;
let handler: Handler;
let seen: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }>;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      handler(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
});

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(body === undefined ? "" : JSON.stringify(body));
}

/** Answers the first request with a 429 that asks to wait `seconds`, and every later one with `status`. */
function limitedOnce(seconds: string, status: number, body: unknown): Handler {
  let n = 0;
  return (_req, _body, res) =>
    ++n === 1
      ? json(res, 429, { message: "quota exceeded" }, { "retry-after": seconds })
      : json(res, status, body);
}

function testClient(extra: Partial<ClientOptions> = {}) {
  const sleeps: number[] = [];
  // Virtual time: sleeping advances the clock at once, so retries are instant but consistent.
  let offset = 0;
  const client = createClient({
    token: TOKEN,
    baseUrl,
    clock: {
      now: () => Date.now() + offset,
      sleep: async (ms) => {
        sleeps.push(ms);
        offset += ms;
      },
    },
    random: () => 1,
    ...extra,
  });
  return { client, sleeps };
}

async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (isApiError(e)) return e;
    throw e;
  }
  throw new Error("expected a rejection");
}

describe("requests", () => {
  it("send the bearer token, JSON headers and the versioned user agent", async () => {
    handler = (_req, _body, res) => json(res, 200, { data: { account: null, user: null } });
    const { client } = testClient({ userAgentSuffix: "tests/1" });
    await client.identity.whoami();
    const h = seen[0]!.headers;
    expect(h["authorization"]).toBe(`Bearer ${TOKEN}`);
    expect(h["accept"]).toBe("application/json");
    expect(h["user-agent"]).toMatch(/^pulumi-dnsimple-dynamic\/\d+\.\d+\.\d+ tests\/1$/);
    expect(seen[0]!.url).toBe("/v2/whoami");
  });

  it("send basic credentials when configured so", async () => {
    handler = (_req, _body, res) => json(res, 200, { data: [] });
    const { client } = testClient({ token: undefined, basic: { username: "a@b.c", password: "pw-xyz" } });
    await client.accounts.list();
    expect(seen[0]!.headers["authorization"]).toBe(`Basic ${Buffer.from("a@b.c:pw-xyz").toString("base64")}`);
  });

  it("send v1 calls with X-Service-Token and unwrap the objects", async () => {
    handler = (_req, _body, res) =>
      json(res, 200, [{ domain: { ...domain(3, "v1.example"), user_id: 1, expires_on: null } }]);
    const { client } = testClient({ v1: { email: "me@example.com", token: "v1tok-abcdef" } });
    const list = await client.v1.listDomains();
    expect(list[0]!.name).toBe("v1.example");
    expect(seen[0]!.url).toBe("/v1/domains");
    expect(seen[0]!.headers["x-service-token"]).toBe("me@example.com:v1tok-abcdef");
    expect(seen[0]!.headers["authorization"]).toBeUndefined();
  });

  it("treat the v1 check's 404 as available", async () => {
    handler = (_req, _body, res) =>
      json(res, 404, { name: "free.example", status: "available", price: "14.0", currency: "USD" });
    const { client } = testClient({ v1: { email: "me@example.com", token: "v1tok-abcdef" } });
    const r = await client.v1.checkDomain("free.example");
    expect(r).toMatchObject({ available: true, status: "available" });
  });

  it("encode the query of list calls", async () => {
    handler = (_req, _body, res) =>
      json(res, 200, {
        data: [],
        pagination: { current_page: 2, per_page: 10, total_entries: 0, total_pages: 1 },
      });
    const { client } = testClient();
    await client.domains.list(1, { page: 2, perPage: 10, sort: "name:desc", nameLike: "ex" });
    expect(seen[0]!.url).toBe("/v2/1/domains?page=2&per_page=10&sort=name%3Adesc&name_like=ex");
  });
});

describe("retries", () => {
  it("retry a GET after 502 with exponential backoff and report each attempt", async () => {
    let n = 0;
    handler = (_req, _body, res) =>
      ++n <= 2 ? json(res, 502, undefined) : json(res, 200, { data: domain(1, "example.com") });
    const events: string[] = [];
    const { client, sleeps } = testClient({
      hooks: {
        onRequest: (e) => events.push(`req${e.attempt}`),
        onResponse: (e) => events.push(`res${e.status}`),
        onRetry: (e) => events.push(`retry ${e.reason}`),
      },
    });
    const d = await client.domains.get(1, "example.com");
    expect(d.name).toBe("example.com");
    expect(seen).toHaveLength(3);
    expect(sleeps).toEqual([250, 500]);
    expect(events).toEqual([
      "req0",
      "res502",
      "retry status 502",
      "req1",
      "res502",
      "retry status 502",
      "req2",
      "res200",
    ]);
  });

  it("tell the onRetry hook the status, which retry comes and how many are allowed", async () => {
    let n = 0;
    handler = (_req, _body, res) =>
      ++n <= 2 ? json(res, 503, undefined) : json(res, 200, { data: domain(1, "example.com") });
    const retries: unknown[] = [];
    const { client } = testClient({ retry: { maxRetries: 4 }, hooks: { onRetry: (e) => retries.push(e) } });
    await client.domains.get(1, "example.com");
    expect(retries).toEqual([
      expect.objectContaining({ method: "GET", status: 503, retry: 1, maxRetries: 4, delayMs: 250 }),
      expect.objectContaining({ status: 503, retry: 2, maxRetries: 4, delayMs: 500 }),
    ]);
  });

  it("report to onPace a request held back because the rate limit is nearly spent", async () => {
    const reset = String(Math.floor(Date.now() / 1000) + 100);
    handler = (_req, _body, res) =>
      json(
        res,
        200,
        { data: domain(1, "example.com") },
        { "x-ratelimit-limit": "100", "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset },
      );
    const paced: Array<Record<string, unknown>> = [];
    const { client, sleeps } = testClient({ hooks: { onPace: (e) => paced.push({ ...e }) } });
    await client.domains.get(1, "example.com");
    expect(paced).toEqual([]);
    await client.domains.get(1, "example.com");
    expect(paced).toHaveLength(1);
    expect(paced[0]).toMatchObject({ method: "GET", attempt: 0, blocked: false, limit: 100, remaining: 0 });
    expect(paced[0]!.delayMs).toBe(sleeps[0]);
    expect(paced[0]!.delayMs as number).toBeGreaterThan(0);
    expect(paced[0]!.resetAt).toBe(Number(reset) * 1000);
  });

  it("report to onPace a request held by a 429's Retry-After as blocked", async () => {
    handler = limitedOnce("2", 200, { data: domain(1, "example.com") });
    const paced: Array<{ blocked: boolean; delayMs: number }> = [];
    const { client } = testClient({ hooks: { onPace: (e) => paced.push(e) } });
    await client.domains.get(1, "example.com");
    // The retry itself waits the 2 s; the limiter holds nothing more after that.
    expect(paced).toEqual([]);
    // A second client request in the blocked window is held, and said to be.
    const { client: other, sleeps } = testClient({ hooks: { onPace: (e) => paced.push(e) } });
    other.rateLimit.blockedUntil = Date.now() + 5_000;
    await other.domains.get(1, "example.com");
    expect(paced).toEqual([expect.objectContaining({ blocked: true })]);
    expect(paced[0]!.delayMs).toBe(sleeps[0]);
  });

  it("wait what Retry-After says on 429", async () => {
    handler = limitedOnce("3", 200, { data: [] });
    const { client, sleeps } = testClient();
    await client.accounts.list();
    expect(sleeps).toEqual([3000]);
  });

  it("give up after maxRetries and say how many retries were spent", async () => {
    handler = (_req, _body, res) => json(res, 503, { message: "down" });
    const { client } = testClient({ retry: { maxRetries: 2 } });
    const err = await caught(client.accounts.list());
    expect(err.code).toBe("server_error");
    expect(err.retries).toBe(2);
    expect(seen).toHaveLength(3);
    expect(err.message).toBe("503 down (GET /v2/accounts)");
  });

  it("never resend a POST after a 502: its outcome is unknown", async () => {
    handler = (_req, _body, res) => json(res, 502, undefined);
    const { client } = testClient();
    const err = await caught(client.pushes.initiate(1, "example.com", { new_account_identifier: "x" }));
    expect(err.status).toBe(502);
    expect(outcomeUnknown(err)).toBe(true);
    expect(seen).toHaveLength(1);
  });

  it("resend a POST that was rejected with 429", async () => {
    handler = limitedOnce("1", 201, { data: domain(9, "new.example") });
    const { client } = testClient();
    expect((await client.domains.create(1, { name: "new.example" })).id).toBe(9);
    expect(seen.filter((s) => s.method === "POST")).toHaveLength(2);
  });

  it("leave a create whose response is lost to its caller: sent once, its outcome unknown", async () => {
    let posts = 0;
    handler = (req) => {
      posts++;
      req.socket.destroy(); // maybe created, but the answer never arrives
    };
    const { client } = testClient();
    const err = await caught(client.domains.create(1, { name: "lost.example" }));
    expect(outcomeUnknown(err)).toBe(true);
    expect(err.retries).toBe(0);
    expect(posts).toBe(1);
    expect(seen.map((s) => s.method)).toEqual(["POST"]);
  });

  it("retry a request that never left (connection refused) once, even a POST, and call its outcome known", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const attempts: number[] = [];
    const { client, sleeps } = testClient({
      baseUrl: `http://127.0.0.1:${port}/v2`,
      retry: { maxRetries: 8 },
      hooks: { onRequest: (e) => attempts.push(e.attempt) },
    });
    const err = await caught(client.pushes.initiate(1, "example.com", { new_account_identifier: "x" }));
    expect(err.code).toBe("api_connection");
    expect(err.status).toBeUndefined();
    expect(attempts).toEqual([0, 1]);
    expect(sleeps).toHaveLength(1);
    expect(outcomeUnknown(err)).toBe(false);
    expect(err.message).toContain(`nothing answers at http://127.0.0.1:${port}, the request was not sent`);
  });
});

describe("timeouts", () => {
  it("fire when the headers do not arrive in time", async () => {
    handler = (_req, _body, res) => {
      setTimeout(() => json(res, 200, { data: [] }), 2500);
    };
    // undici checks headers timeouts on a coarse timer, so the slow answer is far slower than the limit.
    const { client } = testClient({ timeouts: { headersMs: 200 }, retry: { maxRetries: 0 } });
    const err = await caught(client.accounts.list());
    expect(err.code).toBe("api_timeout");
    expect(err.message).toContain("(GET /v2/accounts)");
  });

  it("fire on the total deadline of an attempt", async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"data":');
      setTimeout(() => res.end("[]}"), 600);
    };
    const { client } = testClient({ timeouts: { totalMs: 150 }, retry: { maxRetries: 0 } });
    const err = await caught(client.accounts.list());
    expect(err.code).toBe("api_timeout");
  });
});

describe("the attempt handler", () => {
  it("decodes a UTF-8 body split across chunks and drops a byte-order mark", async () => {
    const name = "bücher-ü.example";
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(JSON.stringify({ data: domain(7, name) })),
    ]);
    const cut = bytes.indexOf(Buffer.from("ü")) + 1; // inside the two bytes of "ü"
    handler = (_req, _body, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write(bytes.subarray(0, cut));
      setTimeout(() => res.end(bytes.subarray(cut)), 20);
    };
    const { client } = testClient();
    expect((await client.domains.get(1, 7)).name).toBe(name);
  });

  it("joins repeated response headers and lower-cases names", async () => {
    handler = (_req, _body, res) => {
      res.setHeader("X-Thing", ["a", "b"]);
      json(res, 200, { data: { account: null, user: null } }, { "X-Request-Id": "rid-1" });
    };
    const { client } = testClient();
    const res = await client.transport.send({ method: "GET", path: "/whoami" });
    expect(res.headers["x-thing"]).toBe("a, b");
    expect(res.headers["x-request-id"]).toBe("rid-1");
  });

  it("clears the total-deadline timer of every finished attempt", async () => {
    handler = (_req, _body, res) => json(res, 200, { data: [] });
    const { client } = testClient({ timeouts: { totalMs: 12_345 } });
    const realSetTimeout = global.setTimeout;
    const deadlines = new Set<unknown>();
    const setSpy = jest.spyOn(global, "setTimeout").mockImplementation(((
      fn: (...a: unknown[]) => void,
      ms?: number,
      ...rest: unknown[]
    ) => {
      const timer = realSetTimeout(fn, ms, ...rest);
      if (ms === 12_345) deadlines.add(timer);
      return timer;
    }) as typeof setTimeout);
    const clearSpy = jest.spyOn(global, "clearTimeout");
    try {
      await Promise.all(Array.from({ length: 20 }, () => client.accounts.list()));
      expect(deadlines.size).toBe(20);
      const cleared = new Set(clearSpy.mock.calls.map((c) => c[0]));
      for (const timer of deadlines) expect(cleared.has(timer as NodeJS.Timeout)).toBe(true);
    } finally {
      setSpy.mockRestore();
      clearSpy.mockRestore();
    }
  });

  it("fires the total deadline even when the dispatcher never starts the request", async () => {
    const stuck = { dispatch: () => true } as unknown as ClientOptions["dispatcher"];
    const { client } = testClient({ dispatcher: stuck, timeouts: { totalMs: 50 }, retry: { maxRetries: 0 } });
    const err = await caught(client.accounts.list());
    expect(err.code).toBe("api_timeout");
    expect(err.message).toContain("(GET /v2/accounts)");
  });

  it("turns a dispatcher that throws into a connection error", async () => {
    const broken = {
      dispatch: () => {
        throw Object.assign(new Error("closed"), { code: "UND_ERR_DESTROYED" });
      },
    } as unknown as ClientOptions["dispatcher"];
    const { client } = testClient({ dispatcher: broken, retry: { maxRetries: 0 } });
    const err = await caught(client.accounts.list());
    expect(err.code).toBe("api_connection");
    expect(err.message).toContain("UND_ERR_DESTROYED");
  });
});

describe("response validation", () => {
  it("names the missing field", async () => {
    const bad: Record<string, unknown> = domain(1, "x.example");
    delete bad["name"];
    handler = (_req, _body, res) => json(res, 200, { data: bad });
    const { client } = testClient();
    const err = await caught(client.domains.get(1, "x.example"));
    expect(err.code).toBe("response_validation");
    expect(err.message).toContain("data.name: required field is missing");
    expect(err.message).toContain("(GET /v2/1/domains/x.example)");
  });

  it("names the index of a bad list item and tolerates unknown fields", async () => {
    handler = (_req, _body, res) =>
      json(res, 200, {
        data: [
          { ...domain(1, "a.example"), brand_new_field: 1 },
          { ...domain(2, "b.example"), auto_renew: "yes" },
        ],
        pagination: { current_page: 1, per_page: 30, total_entries: 2, total_pages: 1 },
      });
    const { client } = testClient();
    const err = await caught(client.domains.list(1));
    expect(err.message).toContain("data[1].auto_renew");
  });

  it("rejects a 200 that is not JSON", async () => {
    handler = (_req, _body, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>200 OK</html>");
    };
    const { client } = testClient();
    const err = await caught(client.accounts.list());
    expect(err.code).toBe("response_validation");
    expect(err.message).toContain("not valid JSON");
  });
});

describe("secrets", () => {
  it("never appear in messages, JSON or hook events", async () => {
    handler = (_req, _body, res) => json(res, 401, { message: `Authentication failed for ${TOKEN}` });
    const events: string[] = [];
    const { client } = testClient({
      hooks: {
        onRequest: (e) => events.push(JSON.stringify(e)),
        onResponse: (e) => events.push(JSON.stringify(e)),
      },
    });
    const err = await caught(client.identity.whoami());
    expect(err.code).toBe("unauthorized");
    const everything = [err.message, JSON.stringify(err), String(err.stack), ...events].join("\n");
    expect(everything).not.toContain(TOKEN);
  });

  it("are scrubbed from the URLs hooks get, even when a caller put one in a path", async () => {
    handler = (_req, _body, res) => json(res, 503, { message: "unavailable" });
    const events: string[] = [];
    const { client } = testClient({
      retry: { maxRetries: 1 },
      hooks: {
        onRequest: (e) => events.push(e.url),
        onResponse: (e) => events.push(e.url),
        onRetry: (e) => events.push(e.url),
      },
    });
    await caught(client.domains.get(1, TOKEN));
    expect(events).toHaveLength(5);
    for (const url of events) expect(url).toBe(`${baseUrl}/1/domains/[REDACTED]`);
  });
});

describe("configuration", () => {
  it("requires credentials and an http(s) base URL", () => {
    expect(() => createClient({})).toThrow(/token or basic/);
    expect(() => createClient({ token: "t", baseUrl: "ftp://x/v2" })).toThrow(/http/);
  });

  it("picks production, sandbox or the given base URL", () => {
    expect(createClient({ token: "t" }).transport.config.baseUrl).toBe("https://api.dnsimple.com/v2");
    expect(createClient({ token: "t", sandbox: true }).transport.config.baseUrl).toBe(
      "https://api.sandbox.dnsimple.com/v2",
    );
    const c = createClient({ token: "t", baseUrl: "http://127.0.0.1:1/v2/" });
    expect(c.transport.config.baseUrl).toBe("http://127.0.0.1:1/v2");
    expect(c.v1Transport.config.baseUrl).toBe("http://127.0.0.1:1/v1");
  });
});
