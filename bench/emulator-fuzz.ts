/**
 * A seeded fuzzer for the emulator: random and malformed requests across every route (bad ids,
 * odd encodings, wrong types, malformed JSON, oversized bodies, bad credentials). Used by the fuzz
 * test and by the benchmark, which records how many requests it sent and how many got a 5xx.
 *
 * @example
 *   const result = await fuzzEmulator(emu.url, emu.app.routes(), { count: 1000, seed: 7, token: emu.token });
 *   // result.serverErrors must be 0
 */
import * as http from "node:http";

export interface FuzzOptions {
  count: number;
  seed: number;
  token: string;
  v1Header: string;
  concurrency?: number;
}

export interface FuzzResult {
  requests: number;
  serverErrors: number;
  /** Up to 20 examples of 5xx answers, for the failure message. */
  examples: string[];
  statuses: Record<string, number>;
}

function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEGMENTS = [
  "1",
  "2",
  "0",
  "-1",
  "99999999999999999999",
  "abc",
  "example.com",
  "%E2%9C%93",
  "%ZZ",
  "..",
  "a%2Fb",
  "x".repeat(300),
  "null",
  "domain:1",
  "1.5",
  "%00",
];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

function bodies(pick: <T>(xs: T[]) => T, rnd: () => number): (string | undefined)[] {
  const values = [
    null,
    true,
    0,
    -1,
    1.5,
    1e308,
    "",
    "x",
    "x".repeat(5000),
    [],
    [1, 2],
    {},
    { a: { b: { c: [] } } },
    "2020-13-45",
    "not@email",
  ];
  const keys = [
    "name",
    "registrant_id",
    "contact_id",
    "url",
    "alias_name",
    "destination_email",
    "type",
    "content",
    "ttl",
    "priority",
    "zone",
    "ip",
    "port",
    "period",
    "key",
    "value",
    "resource",
    "new_account_identifier",
    "auth_code",
    "algorithm",
    "domain",
    "certificate",
    "dns_template",
    "name_servers",
    "subscription",
    "user",
    "signature_algorithm",
    "alternate_names",
    "premium_price",
    "code",
    "client_id",
    "grant_type",
  ];
  const obj: Record<string, unknown> = {};
  const n = Math.floor(rnd() * 5);
  for (let i = 0; i < n; i++) obj[pick(keys)] = pick(values);
  return [
    undefined,
    "",
    "{",
    '{"name":',
    "[1,2,3]",
    '"just a string"',
    "null",
    "42",
    JSON.stringify(obj),
    JSON.stringify({ domain: obj, certificate: obj, dns_template: obj, user: obj }),
    "\u0000\u0001binary",
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}',
  ];
}

function send(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<number> {
  return new Promise((resolve) => {
    let req: http.ClientRequest;
    try {
      req = http.request(`${url}${path}`, { method, headers, timeout: 10_000 }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", () => resolve(0));
      });
    } catch {
      resolve(-1);
      return;
    }
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

/** Sends `count` random requests; resolves with the counts. */
export async function fuzzEmulator(url: string, routes: string[], o: FuzzOptions): Promise<FuzzResult> {
  const rnd = generator(o.seed);
  const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const result: FuzzResult = { requests: 0, serverErrors: 0, examples: [], statuses: {} };
  const next = (): {
    method: string;
    path: string;
    headers: Record<string, string>;
    body: string | undefined;
  } => {
    const route = pick(routes);
    const [routeMethod = "GET", pattern = "/"] = route.split(" ");
    const method = rnd() < 0.8 ? routeMethod : pick(METHODS);
    let path = pattern.replace(/:([a-z_]+)/g, (_m, p: string) =>
      p === "account" && rnd() < 0.7 ? "1" : pick(SEGMENTS),
    );
    if (rnd() < 0.1)
      path += pick([
        "?page=-1",
        "?per_page=abc",
        "?sort=zzz",
        "?sort=name:sideways",
        "?page=1e9",
        "?name_like=%",
        "?start_date=2020-99-99",
        "?",
        "?a=%ZZ",
      ]);
    if (rnd() < 0.05)
      path = pick(["/", "/v2", "/v2/", "/v3/x", "/v2/1", "//v2//1//domains", "/v1", "/__admin/nothing"]);
    const headers: Record<string, string> = {};
    const auth = rnd();
    if (pattern.startsWith("/v1/")) {
      if (auth < 0.7) headers["x-service-token"] = o.v1Header;
      else if (auth < 0.85) headers["x-service-token"] = pick([":", "nobody", "a:b:c", ""]);
    } else if (auth < 0.75) headers["authorization"] = `Bearer ${o.token}`;
    else if (auth < 0.9)
      headers["authorization"] = pick([
        "Bearer",
        "Bearer wrong",
        "Basic !!!",
        "Basic " + Buffer.from("x").toString("base64"),
        "Digest x",
        "",
      ]);
    let body = method === "GET" || method === "HEAD" ? undefined : pick(bodies(pick, rnd));
    if (rnd() < 0.01) body = "x".repeat(1024 * 1024 + 10);
    if (body !== undefined)
      headers["content-type"] = pick([
        "application/json",
        "application/json",
        "text/plain",
        "application/x-www-form-urlencoded",
      ]);
    return { method, path, headers, body };
  };
  const concurrency = o.concurrency ?? 8;
  let remaining = o.count;
  const worker = async (): Promise<void> => {
    while (remaining > 0) {
      remaining--;
      const r = next();
      const status = await send(url, r.method, r.path, r.headers, r.body);
      result.requests++;
      result.statuses[String(status)] = (result.statuses[String(status)] ?? 0) + 1;
      if (status >= 500) {
        result.serverErrors++;
        if (result.examples.length < 20)
          result.examples.push(`${r.method} ${r.path} ${r.body?.slice(0, 80) ?? ""} -> ${status}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return result;
}
