/**
 * Client benchmark: our client against the official `dnsimple` npm client, both against the same
 * emulator running in a child process (so client and server do not share an event loop), at the
 * same concurrency (16). Measures requests per second getting a domain, and the time and number
 * of requests to list 10,000 domains. Writes bench/results.json and its section of RESULTS.md.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/client.js [--seconds 5]
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as http from "node:http";
import * as path from "node:path";
import { createClient } from "../provider/client";
import { recordResults } from "./lib/record";

const CONCURRENCY = 16;
const DOMAINS = 10_000;
const seconds = Number(process.argv[process.argv.indexOf("--seconds") + 1]) || 5;

async function startEmulatorProcess(): Promise<{ url: string; token: string; child: ChildProcess }> {
  const cli = path.resolve(__dirname, "../emulator/cli.js");
  const child = spawn(process.execPath, [cli, "--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise<string>((resolve, reject) => {
    let buf = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      buf += chunk.toString();
      const nl = buf.indexOf("\n");
      if (nl !== -1) resolve(buf.slice(0, nl));
    });
    child.once("exit", (code) => reject(new Error(`emulator exited with ${code}`)));
  });
  const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
  const token = /token=(\S+)/.exec(line)?.[1];
  if (!url || !token) throw new Error(`unexpected emulator banner: ${line}`);
  return { url, token, child };
}

/** The official client's own Node fetcher, with `http.request` instead of `https.request`. */
function httpFetcher(req: {
  url: string;
  method: string;
  headers: Record<string, string>;
  timeout: number;
  body?: string;
}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const r = http.request(req.url, { method: req.method, headers: req.headers, timeout: req.timeout });
    r.on("response", (res) => {
      const chunks: Buffer[] = [];
      res
        .on("data", (c: Buffer) => chunks.push(c))
        .on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf-8") }),
        )
        .on("error", reject);
    })
      .on("timeout", () => {
        r.destroy();
        reject(new Error("timeout"));
      })
      .on("error", reject)
      .end(req.body);
  });
}

async function admin(base: string, method: string, p: string, body?: unknown): Promise<void> {
  const res = await fetch(base + p, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (res.status >= 400) throw new Error(`admin ${method} ${p}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

/** Runs `op` from CONCURRENCY workers for `ms` milliseconds; returns completed requests per second. */
async function throughput(op: (i: number) => Promise<unknown>, ms: number): Promise<number> {
  let done = 0;
  const deadline = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, w) => {
      let i = w;
      while (performance.now() < deadline) {
        await op(i);
        i += CONCURRENCY;
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

function name(i: number): string {
  return `bench-${String(i % DOMAINS).padStart(5, "0")}.example`;
}

async function main(): Promise<void> {
  const emu = await startEmulatorProcess();
  try {
    const account = 1;
    await admin(emu.url, "PUT", "/__admin/rate-limit", { limit: 1_000_000_000, windowSeconds: 3600 });
    await admin(emu.url, "POST", "/__admin/seed", {
      domains: Array.from({ length: DOMAINS }, (_, i) => ({ account, name: name(i) })),
    });

    let ourRequests = 0;
    const ours = createClient({
      token: emu.token,
      baseUrl: `${emu.url}/v2`,
      hooks: { onRequest: () => void ourRequests++ },
    });
    // The official client appends /v2 itself.
    const { DNSimple } = require("dnsimple") as typeof import("dnsimple");
    // Its default Node fetcher calls https.request and refuses http:// URLs; the emulator speaks
    // plain HTTP, so pass the same fetcher with http.request (its documented `fetcher` option).
    const official = new DNSimple({ accessToken: emu.token, baseUrl: emu.url, fetcher: httpFetcher });

    const oursGet = (i: number) => ours.domains.get(account, name(i));
    const officialGet = (i: number) => official.domains.getDomain(account, name(i));

    // Warm up both (connections, JIT), then alternate rounds and keep each client's best.
    await throughput(oursGet, 1000);
    await throughput(officialGet, 1000);
    const oursRps: number[] = [];
    const officialRps: number[] = [];
    for (let round = 0; round < 3; round++) {
      oursRps.push(await throughput(oursGet, (seconds * 1000) / 3));
      officialRps.push(await throughput(officialGet, (seconds * 1000) / 3));
    }
    const clientRps = Math.max(...oursRps);
    const officialBest = Math.max(...officialRps);

    // Listing 10,000 domains: one iterator, pages of 100.
    ourRequests = 0;
    const t0 = performance.now();
    let listed = 0;
    for await (const _d of ours.domains.iterate(account)) listed++;
    const listMs = performance.now() - t0;
    const listRequests = ourRequests;
    if (listed !== DOMAINS) throw new Error(`listed ${listed} domains, expected ${DOMAINS}`);

    const t1 = performance.now();
    let officialListed = 0;
    for await (const _d of official.domains.listDomains.iterateAll(account, { per_page: 100 }))
      officialListed++;
    const officialListMs = performance.now() - t1;

    const ratio = clientRps / officialBest;
    const figures = {
      client_vs_official_throughput_ratio: Number(ratio.toFixed(2)),
      client_rps_get_domain: Math.round(clientRps),
      official_rps_get_domain: Math.round(officialBest),
      client_list_10k_requests: listRequests,
      client_list_10k_ms: Math.round(listMs),
    };
    console.log(
      JSON.stringify(
        { ...figures, official_list_10k_ms: Math.round(officialListMs), officialListed },
        null,
        2,
      ),
    );
    recordResults("client", figures, {
      title: "API client: ours vs the official dnsimple client",
      command: `npx tsc -p tsconfig.build.json && node dist/bench/client.js --seconds ${seconds}`,
      body: [
        `Emulator in a child process (\`node dist/emulator/cli.js --port 0\`), ${DOMAINS} seeded domains,`,
        `rate limit raised; both clients at concurrency ${CONCURRENCY}; best of 3 alternating rounds after a warm-up.`,
        "The official client's default Node fetcher only speaks https, so it runs with its own fetcher code",
        "switched to `http.request` (Node's global agent, keep-alive); ours uses its shared undici agent.",
        "",
        "| figure | value | goal |",
        "|---|---|---|",
        `| client_rps_get_domain | ${figures.client_rps_get_domain} | |`,
        `| official_rps_get_domain (dnsimple ${(require("dnsimple/package.json") as { version: string }).version}) | ${figures.official_rps_get_domain} | |`,
        `| client_vs_official_throughput_ratio | ${figures.client_vs_official_throughput_ratio} | >= 1.5 |`,
        `| client_list_10k_requests | ${figures.client_list_10k_requests} | <= 100 |`,
        `| client_list_10k_ms | ${figures.client_list_10k_ms} | |`,
        `| official client, same listing (iterateAll, per_page 100), ms | ${Math.round(officialListMs)} | |`,
        "",
        `Rounds (req/s) ours: ${oursRps.map(Math.round).join(", ")}; official: ${officialRps.map(Math.round).join(", ")}.`,
      ].join("\n"),
    });
  } finally {
    emu.child.kill("SIGTERM");
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
