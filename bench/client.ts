/**
 * Client benchmark: our client against the official `dnsimple` npm client, both against the same
 * emulator running in a child process (so client and server do not share an event loop), at the
 * same concurrency (16). Measures requests per second getting a domain, and the time and number
 * of requests to list 10,000 domains. Writes bench/results.json and its section of RESULTS.md.
 *
 * Fairness: one emulator, one process, one run for both clients. Both are warmed up, then measured
 * in short interleaved slices (ABBA order: ours, official, official, ours, ...) so that load from
 * other processes and any drift of the emulator fall on both alike; each figure is the total over
 * its slices. The get-domain comparison runs twice: first with both processes free to use every
 * CPU (the headline figures), then, when `taskset` exists and there are at least 2 CPUs, pinned
 * (emulator on CPU 0, benchmark process on CPU 1) so that neither client can take CPU from the
 * server it is measured against. On a shared machine the pinned figures mostly show how much CPU
 * the emulator gets; both are recorded. `--no-pin` skips the pinned pass.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/client.js [--seconds 9] [--no-pin]
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import * as http from "node:http";
import * as os from "node:os";
import * as path from "node:path";
import { createClient } from "../provider/client";
import { recordResults } from "./lib/record";
import { median } from "./lib/median";

const CONCURRENCY = 16;
const DOMAINS = 10_000;
const SLICE_MS = 500;
const LIST_ROUNDS = 3;
const seconds = Number(process.argv[process.argv.indexOf("--seconds") + 1]) || 5;
// Read once, before any pinning narrows this process's CPU affinity (which the call reports).
const CPUS = os.availableParallelism();

function canPin(): boolean {
  if (process.argv.includes("--no-pin") || process.platform !== "linux" || CPUS < 2) {
    return false;
  }
  try {
    execFileSync("taskset", ["-p", String(process.pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
const pin = canPin();

/** Pins the emulator to CPU 0 and this process to CPU 1, or lets both use every CPU again. */
function setPinned(emulatorPid: number, pinned: boolean): void {
  const all = `0-${CPUS - 1}`;
  execFileSync("taskset", ["-acp", pinned ? "0" : all, String(emulatorPid)], { stdio: "ignore" });
  execFileSync("taskset", ["-acp", pinned ? "1" : all, String(process.pid)], { stdio: "ignore" });
}

async function startEmulatorProcess(): Promise<{ url: string; token: string; child: ChildProcess }> {
  const cli = path.resolve(__dirname, "../emulator/cli.js");
  const args = [cli, "--port", "0"];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
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

/** CPU time (user + system, microseconds) of the emulator process, when /proc can tell. */
function childCpuMicros(pid: number | undefined): number | undefined {
  if (pid === undefined || process.platform !== "linux") return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** What one client achieved over all its measured slices. */
interface Tally {
  requests: number;
  ms: number;
  cpuMicros: number;
  emulatorCpuMicros: number;
  slices: number[];
}

const newTally = (): Tally => ({ requests: 0, ms: 0, cpuMicros: 0, emulatorCpuMicros: 0, slices: [] });

/**
 * Runs `op` from CONCURRENCY workers for `ms` milliseconds (requests in flight at the deadline
 * complete and count); adds requests, time and CPU (this process and the emulator) to `tally`.
 */
async function throughput(
  op: (i: number) => Promise<unknown>,
  ms: number,
  tally: Tally,
  emulatorPid: number | undefined,
): Promise<void> {
  let done = 0;
  const cpu0 = process.cpuUsage();
  const emu0 = childCpuMicros(emulatorPid);
  const started = performance.now();
  const deadline = started + ms;
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
  const elapsed = performance.now() - started;
  const cpu = process.cpuUsage(cpu0);
  const emu1 = childCpuMicros(emulatorPid);
  tally.requests += done;
  tally.ms += elapsed;
  tally.cpuMicros += cpu.user + cpu.system;
  if (emu0 !== undefined && emu1 !== undefined) tally.emulatorCpuMicros += emu1 - emu0;
  tally.slices.push(done / (elapsed / 1000));
}

const rps = (t: Tally) => t.requests / (t.ms / 1000);
function name(i: number): string {
  return `bench-${String(i % DOMAINS).padStart(5, "0")}.example`;
}

async function main(): Promise<void> {
  const emu = await startEmulatorProcess();
  const emulatorPid = emu.child.pid;
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

    // Warm up both (connections, JIT), twice each, alternating.
    const discard = newTally();
    for (let i = 0; i < 2; i++) {
      await throughput(oursGet, 1000, discard, undefined);
      await throughput(officialGet, 1000, discard, undefined);
    }
    const pairs = Math.max(2, Math.round((seconds * 1000) / SLICE_MS));
    /** Interleaved slices in ABBA order; each client gets `seconds` in total. */
    const compare = async (): Promise<{ ours: Tally; official: Tally }> => {
      const o = newTally();
      const f = newTally();
      for (let pair = 0; pair < pairs; pair++) {
        if (pair % 2 === 0) {
          await throughput(oursGet, SLICE_MS, o, emulatorPid);
          await throughput(officialGet, SLICE_MS, f, emulatorPid);
        } else {
          await throughput(officialGet, SLICE_MS, f, emulatorPid);
          await throughput(oursGet, SLICE_MS, o, emulatorPid);
        }
      }
      return { ours: o, official: f };
    };
    const shared = await compare();
    let pinned: { ours: Tally; official: Tally } | undefined;
    if (pin && emulatorPid !== undefined) {
      setPinned(emulatorPid, true);
      try {
        await throughput(oursGet, 500, discard, undefined);
        await throughput(officialGet, 500, discard, undefined);
        pinned = await compare();
      } finally {
        setPinned(emulatorPid, false);
      }
    }
    const { ours: oursTally, official: officialTally } = shared;
    const clientRps = rps(oursTally);
    const officialRps = rps(officialTally);
    const medianSliceRatio = (t: { ours: Tally; official: Tally }) =>
      median(t.ours.slices.map((r, i) => r / t.official.slices[i]!));

    // Listing 10,000 domains: one iterator, pages of 100; both clients, alternating, median time.
    const listOurs = async (): Promise<{ ms: number; requests: number }> => {
      ourRequests = 0;
      const t0 = performance.now();
      let listed = 0;
      for await (const _d of ours.domains.iterate(account)) listed++;
      if (listed !== DOMAINS) throw new Error(`listed ${listed} domains, expected ${DOMAINS}`);
      return { ms: performance.now() - t0, requests: ourRequests };
    };
    const listOfficial = async (): Promise<number> => {
      const t0 = performance.now();
      let listed = 0;
      for await (const _d of official.domains.listDomains.iterateAll(account, { per_page: 100 })) listed++;
      if (listed !== DOMAINS)
        throw new Error(`official client listed ${listed} domains, expected ${DOMAINS}`);
      return performance.now() - t0;
    };
    const oursList: Array<{ ms: number; requests: number }> = [];
    const officialList: number[] = [];
    for (let round = 0; round < LIST_ROUNDS; round++) {
      if (round % 2 === 0) {
        oursList.push(await listOurs());
        officialList.push(await listOfficial());
      } else {
        officialList.push(await listOfficial());
        oursList.push(await listOurs());
      }
    }
    const listMs = median(oursList.map((l) => l.ms));
    const officialListMs = median(officialList);
    const listRequests = Math.max(...oursList.map((l) => l.requests));

    const ratio = clientRps / officialRps;
    const perRequest = (t: Tally) => ({
      client: t.cpuMicros / t.requests,
      emulator: t.emulatorCpuMicros / t.requests,
    });
    const oursCpu = perRequest(oursTally);
    const officialCpu = perRequest(officialTally);
    const figures = {
      client_vs_official_throughput_ratio: Number(ratio.toFixed(2)),
      client_rps_get_domain: Math.round(clientRps),
      official_rps_get_domain: Math.round(officialRps),
      client_list_10k_requests: listRequests,
      client_list_10k_ms: Math.round(listMs),
    };
    const extra = {
      median_slice_ratio: Number(medianSliceRatio(shared).toFixed(2)),
      pinned_ratio: pinned ? Number((rps(pinned.ours) / rps(pinned.official)).toFixed(2)) : undefined,
      pinned_rps: pinned ? [Math.round(rps(pinned.ours)), Math.round(rps(pinned.official))] : undefined,
      client_cpu_us_per_get: Number(oursCpu.client.toFixed(1)),
      official_cpu_us_per_get: Number(officialCpu.client.toFixed(1)),
      emulator_cpu_us_per_get_ours: Number(oursCpu.emulator.toFixed(1)),
      emulator_cpu_us_per_get_official: Number(officialCpu.emulator.toFixed(1)),
      official_list_10k_ms: Math.round(officialListMs),
      load_average: os.loadavg().map((l) => Number(l.toFixed(2))),
    };
    console.log(JSON.stringify({ ...figures, ...extra }, null, 2));
    const f1 = (x: number) => x.toFixed(1);
    recordResults("client", figures, {
      title: "API client: ours vs the official dnsimple client",
      command: `npx tsc -p tsconfig.build.json && node dist/bench/client.js --seconds ${seconds}${pin ? "" : " --no-pin"}`,
      body: [
        `Emulator in a child process (\`node dist/emulator/cli.js --port 0\`), ${DOMAINS} seeded domains,`,
        `rate limit raised; both clients at concurrency ${CONCURRENCY} in the same process and run.`,
        `Both warmed up (2 × 1 s each, alternating), then ${pairs} interleaved ${SLICE_MS} ms slices per client`,
        "in ABBA order; a client's req/s is its requests over its slices' total time. Headline figures:",
        "emulator and benchmark process free to use every CPU. Pinned pass (emulator on CPU 0, both clients",
        "on CPU 1), same slices, right after: on a shared machine it mostly measures how much CPU the pinned",
        "emulator gets, since ours is then bound by the emulator and the official client by its own CPU.",
        "The official client's default Node fetcher only speaks https, so it runs with its own fetcher code",
        "switched to `http.request` (Node's global agent, keep-alive); ours uses its shared undici agent.",
        `Load average at the end: ${extra.load_average.join(", ")} (${CPUS} CPUs; the machine is shared).`,
        "",
        "| figure | value | goal |",
        "|---|---|---|",
        `| client_rps_get_domain | ${figures.client_rps_get_domain} | |`,
        `| official_rps_get_domain (dnsimple ${(require("dnsimple/package.json") as { version: string }).version}) | ${figures.official_rps_get_domain} | |`,
        `| client_vs_official_throughput_ratio | ${figures.client_vs_official_throughput_ratio} | >= 1.5 |`,
        `| median ratio of adjacent slices | ${extra.median_slice_ratio} | |`,
        pinned
          ? `| pinned pass: ours / official req/s, ratio | ${extra.pinned_rps!.join(" / ")}, ${extra.pinned_ratio} | |`
          : "| pinned pass | not run (`--no-pin` or no `taskset`) | |",
        `| client CPU per get, µs (ours / official) | ${f1(oursCpu.client)} / ${f1(officialCpu.client)} | |`,
        `| emulator CPU per get, µs (serving ours / official) | ${f1(oursCpu.emulator)} / ${f1(officialCpu.emulator)} | |`,
        `| client_list_10k_requests | ${figures.client_list_10k_requests} | <= 100 |`,
        `| client_list_10k_ms (median of ${LIST_ROUNDS}) | ${figures.client_list_10k_ms} | |`,
        `| official client, same listing (iterateAll, per_page 100), ms (median of ${LIST_ROUNDS}) | ${Math.round(officialListMs)} | |`,
        "",
        `Slices (req/s) ours: ${oursTally.slices.map(Math.round).join(", ")}.`,
        `Slices (req/s) official: ${officialTally.slices.map(Math.round).join(", ")}.`,
        `Listing (ms) ours: ${oursList.map((l) => Math.round(l.ms)).join(", ")}; official: ${officialList.map(Math.round).join(", ")}.`,
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
