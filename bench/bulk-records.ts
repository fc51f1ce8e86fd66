/**
 * Bulk DNS records (issue 14), with the real engine against the emulator (batch limit: its
 * default, 1,000 operations per request), all ratios measured in this one run:
 * - 1,000 `ZoneRecord` resources in one zone: API calls of `up` and `destroy` at `--parallel 64`
 *   (coalesced into batches), of `up` at the engine's default parallelism, and the `up` time
 *   against the same program with batching off (`dnsimple:batchZoneRecords false`);
 * - one `ZoneRecords` of 1,000 records: API calls of `up`, of a no-change preview, of `refresh`,
 *   of a TTL change of every record; the whole cycle (create, preview, refresh, TTL change,
 *   destroy) against 1,000 unbatched `ZoneRecord` resources;
 * - 1,000 `ZoneRecord` resources through batches under the fault suite's 30 % injected failures:
 *   duplicates and missing records.
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/bulk-records.js [--only a,b,c] [--records N]
 */
import { FAULTS } from "../test/e2e/reliability-scenarios";
import {
  type Declaration,
  createStack,
  spawnEmulator,
  type EmulatorProcess,
} from "../test/e2e/reliability-lib";
import { recordResults } from "./lib/record";

const TOKEN = "bench-bulk-records-token-14";
const args = process.argv.slice(2);
const N = Number(args[args.indexOf("--records") + 1] ?? 1000) || 1000;
const only = args.includes("--only") ? new Set(args[args.indexOf("--only") + 1]!.split(",")) : undefined;
const wanted = (part: string) => !only || only.has(part);
const log = (line: string) => console.log(`  ${line}`);

const ZONE = "bulk-records.com";
const SPEEDUP_NOTE =
  "Reading the speedups: the emulator answers a request in about a millisecond, so against it the wall time of 1,000 `ZoneRecord`s is mostly the engine's own work per resource. At `--parallel 64` a batch leaves once every step the engine runs is waiting in it, so the batches save requests (what the rate limit of 2,400 an hour counts) and some time; at the engine's default parallelism each change is sent alone (waiting for company there cost time, issue 27), hence 1,000 requests. Against the real service, where a request takes 100 ms or more and 1,000 requests are 40 % of an hour's quota, batches count for more. Time is won by `ZoneRecords`: one engine step for the whole zone.";
const hosts = (ttl: number) =>
  Array.from({ length: N }, (_, i) => ({
    name: `host${i}`,
    type: "A",
    content: `192.0.2.${i % 250}`,
    ttl,
  }));
const perRecord = (ttl: number): Declaration[] =>
  hosts(ttl).map((r, i) => ({ type: "ZoneRecord", name: `r${i}`, args: { zoneName: ZONE, ...r } }));
const asSet = (ttl: number): Declaration[] => [
  {
    type: "ZoneRecords",
    name: "all",
    // The TTL change updates every record: a mass change, let through as a reviewer would.
    args: { zoneName: ZONE, records: hosts(ttl), ...(ttl === 3600 ? {} : { allowMassChange: N }) },
  },
];

async function withStack<T>(
  config: Record<string, string>,
  fn: (s: Awaited<ReturnType<typeof createStack>>, e: EmulatorProcess) => Promise<T>,
): Promise<T> {
  const emulator = await spawnEmulator({ token: TOKEN });
  const stack = await createStack({
    program: "generic",
    baseUrl: emulator.v2Url,
    token: TOKEN,
    account: 1,
    config,
  });
  try {
    await emulator.admin.call("POST", "/seed", { domains: [{ account: 1, name: ZONE }] });
    return await fn(stack, emulator);
  } finally {
    await stack.cleanup();
    await emulator.close();
  }
}

/** Runs one CLI step; returns its API calls (emulator log) and seconds. */
async function step(
  stack: Awaited<ReturnType<typeof createStack>>,
  emulator: EmulatorProcess,
  cli: string[],
): Promise<{ calls: number; seconds: number }> {
  await emulator.clearRequests();
  const started = Date.now();
  await stack.cli(cli);
  const seconds = (Date.now() - started) / 1000;
  const requests = await emulator.requests();
  // Which requests, by method and path with numbers folded: shows where calls go.
  const kinds = new Map<string, number>();
  for (const r of requests) {
    const key = `${r.method} ${r.path.replace(/\/\d+(?=\/|$)/g, "/:id")}`;
    kinds.set(key, (kinds.get(key) ?? 0) + 1);
  }
  const top = [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 4);
  log(
    `pulumi ${cli[0]}: ${requests.length} requests (${top.map(([k, n]) => `${n} ${k}`).join(", ")}), ${seconds.toFixed(1)} s`,
  );
  return { calls: requests.length, seconds };
}

const UP = (parallel?: number) => [
  "up",
  "--yes",
  "--skip-preview",
  ...(parallel ? ["--parallel", String(parallel)] : []),
];
const DESTROY = (parallel?: number) => [
  "destroy",
  "--yes",
  "--skip-preview",
  ...(parallel ? ["--parallel", String(parallel)] : []),
];

/** create, no-change preview, refresh, TTL of every record, destroy. */
async function cycle(declare: (ttl: number) => Declaration[], config: Record<string, string>) {
  return withStack(config, async (stack, emulator) => {
    await stack.declare(declare(3600));
    const up = await step(stack, emulator, UP(64));
    const preview = await step(stack, emulator, ["preview", "--parallel", "64"]);
    const refresh = await step(stack, emulator, ["refresh", "--yes", "--skip-preview", "--parallel", "64"]);
    await stack.declare(declare(600));
    const ttl = await step(stack, emulator, UP(64));
    const destroy = await step(stack, emulator, DESTROY(64));
    const total = up.seconds + preview.seconds + refresh.seconds + ttl.seconds + destroy.seconds;
    return { up, preview, refresh, ttl, destroy, total };
  });
}

async function main(): Promise<void> {
  const figures: Record<string, number> = {};
  const lines: string[] = [];
  const note = (key: string, value: number, text: string) => {
    figures[key] = Number(value.toFixed(3));
    lines.push(`- \`${key}\` = ${figures[key]}: ${text}`);
    log(`${key} ${figures[key]}`);
  };

  if (wanted("batched")) {
    const batched = await cycle(perRecord, {});
    note(
      "up_1000_records_api_calls",
      batched.up.calls,
      `${N} ZoneRecord, \`up --parallel 64\`, ${batched.up.seconds.toFixed(1)} s`,
    );
    note(
      "destroy_1000_records_api_calls",
      batched.destroy.calls,
      `${N} ZoneRecord, \`destroy --parallel 64\``,
    );
    note(
      "refresh_1000_records_api_calls",
      batched.refresh.calls,
      `${N} ZoneRecord, \`refresh\` (list pages)`,
    );
    note("preview_1000_records_api_calls", batched.preview.calls, `${N} ZoneRecord, no-change \`preview\``);
    note("update_ttl_1000_records_api_calls", batched.ttl.calls, `${N} ZoneRecord, TTL of every record`);
    figures.__batched_up_seconds = batched.up.seconds;
    figures.__batched_cycle_seconds = batched.total;
  }
  if (wanted("default")) {
    await withStack({}, async (stack, emulator) => {
      await stack.declare(perRecord(3600));
      const up = await step(stack, emulator, UP());
      note(
        "up_1000_records_api_calls_default_parallel",
        up.calls,
        `${N} ZoneRecord, \`up\` at the engine's default parallelism`,
      );
    });
  }
  if (wanted("set")) {
    const set = await cycle(asSet, {});
    note(
      "up_1000_records_set_api_calls",
      set.up.calls,
      `one ZoneRecords of ${N}, \`up\`, ${set.up.seconds.toFixed(1)} s`,
    );
    note("preview_1000_records_set_api_calls", set.preview.calls, "no-change `preview`");
    note("refresh_1000_records_set_api_calls", set.refresh.calls, "`refresh`");
    note("update_ttl_1000_records_set_api_calls", set.ttl.calls, "TTL of every record");
    note("destroy_1000_records_set_api_calls", set.destroy.calls, "`destroy`");
    figures.__set_up_seconds = set.up.seconds;
    figures.__set_cycle_seconds = set.total;
  }
  if (wanted("unbatched")) {
    const unbatched = await cycle(perRecord, { "dnsimple:batchZoneRecords": "false" });
    note(
      "up_1000_records_unbatched_api_calls",
      unbatched.up.calls,
      `${N} ZoneRecord, batching off, ${unbatched.up.seconds.toFixed(1)} s`,
    );
    if (figures.__batched_up_seconds)
      note(
        "up_1000_records_speedup",
        unbatched.up.seconds / figures.__batched_up_seconds,
        "ZoneRecord `up`: one request per record ÷ coalesced batches",
      );
    if (figures.__set_up_seconds)
      note(
        "up_1000_records_set_speedup",
        unbatched.up.seconds / figures.__set_up_seconds,
        `${N} unbatched ZoneRecord \`up\` ÷ one ZoneRecords \`up\``,
      );
    if (figures.__set_cycle_seconds)
      note(
        "cycle_1000_records_set_speedup",
        unbatched.total / figures.__set_cycle_seconds,
        `whole cycle: ${unbatched.total.toFixed(1)} s for ${N} unbatched ZoneRecord ÷ ${figures.__set_cycle_seconds.toFixed(1)} s for one ZoneRecords`,
      );
  }
  if (wanted("faults")) {
    await withStack({}, async (stack, emulator) => {
      await stack.declare(perRecord(3600));
      await emulator.setFaults(FAULTS);
      for (let attempt = 0; attempt < 3; attempt++) {
        const { code } = await stack.cli([...UP(64)], { allowFailure: true });
        if (code === 0) break;
      }
      await emulator.setFaults(null);
      const records = (await emulator.api.list(`/1/zones/${ZONE}/records`)).filter(
        (r: any) => !r.system_record,
      );
      const names = records.map((r: any) => r.name as string);
      const duplicates = names.length - new Set(names).size;
      const missing = hosts(3600).filter((h) => !names.includes(h.name)).length;
      note(
        "fault_batch_1000_records_duplicates",
        duplicates,
        "30 % injected failures, ZoneRecord through batches",
      );
      note("fault_batch_1000_records_missing", missing, "same run");
    });
  }
  for (const key of Object.keys(figures)) if (key.startsWith("__")) delete figures[key];
  // The keys name 1,000 records: a smaller trial run only prints its figures.
  if (N !== 1000) return;
  recordResults("bulk-records", figures, {
    title: "Bulk DNS records: batches and ZoneRecords (issue 14)",
    command: "npx tsc -p tsconfig.build.json && node dist/bench/bulk-records.js",
    body:
      `${N} A records in one zone, real engine against the emulator (batch limit 1,000 operations per ` +
      "request, its default), each step's API calls counted in the emulator's request log:\n\n" +
      lines.join("\n") +
      "\n\n" +
      SPEEDUP_NOTE,
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
