/**
 * Emulator benchmark: requests/s and p99 latency of `GET /v2/1/domains/:id` at 32 keep-alive
 * connections, resident memory after loading 100,000 domains (each with its zone and five system
 * records), the fuzz run (requests sent, 5xx answers), and the conformance figure. The emulator runs
 * in its own process (`dist/emulator/cli.js`), the load generator here. Figures are merged into
 * `bench/results.json` and the emulator section of `bench/RESULTS.md`.
 *
 * Run after a build: `node dist/bench/emulator.js [--seconds 10] [--connections 32]`
 */
import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as net from "node:net";
import * as path from "node:path";
import { startEmulator } from "../emulator";
import { referenceDataDir, runConformance } from "../test/conformance/conformance-cases";
import { fuzzEmulator } from "./emulator-fuzz";
import { recordResults } from "./lib/record";

/** The repository root, from `bench/` in the sources or `dist/bench/` when built. */
function repoRoot(): string {
  let dir = __dirname;
  for (let i = 0; i < 4; i++) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error("repository root not found");
}

const ROOT = repoRoot();

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i === -1 ? undefined : process.argv[i + 1];
  return v === undefined ? fallback : Number(v);
}

/** Starts the built CLI in a child process and resolves with its URL. */
function startChild(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const cli = path.join(ROOT, "dist/emulator/cli.js");
  if (!fs.existsSync(cli)) throw new Error(`${cli} is missing: build first (npx tsc -p tsconfig.build.json)`);
  const child = spawn(process.execPath, ["--expose-gc", cli, "--port", "0", ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`emulator did not start: ${out}`)), 20_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    });
    child.on("exit", (code) => reject(new Error(`emulator exited with ${code}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners("exit");
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

async function json(url: string, method = "GET", body?: unknown): Promise<any> {
  const res = await fetch(url, {
    method,
    headers: { "content-type": "application/json" },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text === "" ? null : JSON.parse(text);
}

/**
 * A closed-loop load generator over raw keep-alive sockets (what autocannon does): each connection
 * sends the next request as soon as the previous response is complete.
 */
async function load(url: string, reqPath: string, token: string, connections: number, seconds: number) {
  const { hostname, port } = new URL(url);
  const request = Buffer.from(
    `GET ${reqPath} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\nAccept: application/json\r\n\r\n`,
  );
  const latencies: number[] = [];
  let ok = 0;
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  const one = (): Promise<void> =>
    new Promise((resolve) => {
      const socket = net.connect(Number(port), hostname);
      socket.setNoDelay(true);
      let buf: Buffer = Buffer.alloc(0);
      let started = 0n;
      const send = (): void => {
        if (Date.now() >= deadline) {
          socket.end();
          return;
        }
        started = process.hrtime.bigint();
        socket.write(request);
      };
      socket.on("connect", send);
      socket.on("data", (chunk: Buffer) => {
        buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
        for (;;) {
          const end = buf.indexOf("\r\n\r\n");
          if (end === -1) return;
          const head = buf.subarray(0, end).toString("latin1");
          const m = /content-length: *(\d+)/i.exec(head);
          const total = end + 4 + (m ? Number(m[1]) : 0);
          if (buf.length < total) return;
          const status = Number(head.slice(9, 12));
          if (status === 200) ok++;
          else errors++;
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          buf = buf.subarray(total);
          send();
        }
      });
      socket.on("error", () => {
        errors++;
        resolve();
      });
      socket.on("close", () => resolve());
    });
  const t0 = Date.now();
  await Promise.all(Array.from({ length: connections }, one));
  const elapsed = (Date.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number): number =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: ok / elapsed, p50: p(0.5), p99: p(0.99), ok, errors, elapsed };
}

function round(n: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

async function main(): Promise<void> {
  const seconds = arg("seconds", 10);
  const connections = arg("connections", 32);
  const token = "bench-token";

  // 1. Throughput and latency of one domain read, server in its own process.
  const a = await startChild(["--token", token, "--rate-limit", `1000000000/3600`]);
  let throughput;
  try {
    const created = await fetch(`${a.url}/v2/1/domains`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "bench.com" }),
    });
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    await load(a.url, `/v2/1/domains/${id}`, token, connections, 2); // warm-up
    throughput = await load(a.url, `/v2/1/domains/${id}`, token, connections, seconds);
  } finally {
    await stop(a.child);
  }
  console.log(
    `GET /v2/1/domains/:id, ${connections} connections, ${seconds}s: ${round(throughput.rps, 0)} req/s, p50 ${round(throughput.p50, 2)} ms, p99 ${round(throughput.p99, 2)} ms, non-200 ${throughput.errors}`,
  );

  // 2. Memory after loading 100,000 domains (plus their zones and system records).
  const b = await startChild([]);
  let rssMb: number;
  let counts: Record<string, number>;
  try {
    const batch = 5000;
    for (let start = 0; start < 100_000; start += batch) {
      const domains = Array.from({ length: batch }, (_, i) => ({
        account: 1,
        name: `bench-${start + i}.com`,
      }));
      await json(`${b.url}/__admin/seed`, "POST", { domains });
    }
    const stats = await json(`${b.url}/__admin/stats?gc=1`);
    rssMb = stats.rssBytes / 1024 / 1024;
    counts = stats.counts;
  } finally {
    await stop(b.child);
  }
  console.log(`RSS after loading 100,000 domains: ${round(rssMb)} MB (${JSON.stringify(counts)})`);

  // 3. Fuzz run and conformance, in process.
  const emu = await startEmulator({ port: 0, allowHttpWebhooks: true });
  let fuzz;
  let conformance;
  try {
    await fetch(`${emu.v2Url}/1/domains`, {
      method: "POST",
      headers: { authorization: `Bearer ${emu.token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "example.com" }),
    });
    fuzz = await fuzzEmulator(emu.url, emu.app.routes(), {
      count: 5000,
      seed: 1,
      token: emu.token,
      v1Header: `${emu.email}:${emu.v1Token}`,
    });
    conformance = await runConformance(emu, referenceDataDir(ROOT));
  } finally {
    await emu.close();
  }
  console.log(`fuzz: ${fuzz.requests} requests, ${fuzz.serverErrors} 5xx`);
  console.log(`conformance: ${conformance.matched} / ${conformance.recorded} operations`);

  const figures = {
    emulator_get_domain_rps: round(throughput.rps, 0),
    emulator_get_domain_p99_ms: round(throughput.p99, 2),
    emulator_rss_mb_100k_records: round(rssMb),
    emulator_fuzz_requests: fuzz.requests,
    emulator_fuzz_5xx: fuzz.serverErrors,
    emulator_conformance_matched: conformance.matched,
    emulator_conformance_recorded: conformance.recorded,
  };
  const command = `npx tsc -p tsconfig.build.json && node dist/bench/emulator.js --seconds ${seconds} --connections ${connections}`;
  recordResults("emulator", figures, {
    title: "Emulator",
    command,
    body: `
Emulator in a child process (\`node dist/emulator/cli.js\`); load from a raw-socket closed-loop client
(${connections} keep-alive connections, ${seconds} s after a 2 s warm-up) in the benchmark process.
Memory: 100,000 domains loaded through \`POST /__admin/seed\`, each with its zone and five system
records (${counts["zones"]} zones, ${counts["records"]} zone records), RSS read after a GC.
Fuzz: seeded random and malformed requests over every route. Conformance: recorded v2 responses.

| figure | value | goal |
|---|---|---|
| emulator_get_domain_rps | ${figures.emulator_get_domain_rps} | >= 5000 |
| emulator_get_domain_p99_ms | ${figures.emulator_get_domain_p99_ms} | |
| emulator_rss_mb_100k_records | ${figures.emulator_rss_mb_100k_records} | < 300 |
| emulator_fuzz_requests / emulator_fuzz_5xx | ${figures.emulator_fuzz_requests} / ${figures.emulator_fuzz_5xx} | 0 5xx |
| emulator_conformance_matched / emulator_conformance_recorded | ${figures.emulator_conformance_matched} / ${figures.emulator_conformance_recorded} | >= 95% |
`,
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
