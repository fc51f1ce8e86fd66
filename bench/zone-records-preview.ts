/**
 * What a no-change preview of a big `ZoneRecords` costs (issue 27): one `ZoneRecords` of 10,000
 * records against one of 10, each made by `pulumi up` first, then `pulumi preview` timed on its
 * own, the two sizes alternately over the rounds (which goes first alternates too). The figure is
 * the ratio of their median wall times: what the 9,990 more records cost beyond the fixed cost of
 * a command. With `--profile`, each preview's Node.js processes (program, provider) write CPU
 * profiles under `.work/profiles/zone-records-preview`.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/zone-records-preview.js [--rounds R] [--records N] [--profile]
 */
import { mkdirSync } from "node:fs";
import * as path from "node:path";
import { createStack, spawnEmulator, REPO } from "../test/e2e/reliability-lib";
import { recordResults } from "./lib/record";

const TOKEN = "bench-zone-records-preview-27";
const ZONE = "preview-bench.com";
const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) || fallback : fallback;
const ROUNDS = option("--rounds", 2);
const BIG = option("--records", 10_000);
const SMALL = 10;
const PROFILE = args.includes("--profile");

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Seconds of one no-change `pulumi preview` of a `ZoneRecords` of `count` records. */
async function previewSeconds(count: number): Promise<{ preview: number; up: number }> {
  const emulator = await spawnEmulator({ token: TOKEN });
  const profiles = path.join(REPO, ".work/profiles/zone-records-preview", String(count));
  if (PROFILE) mkdirSync(profiles, { recursive: true });
  const stack = await createStack({
    program: "generic",
    baseUrl: emulator.v2Url,
    token: TOKEN,
    account: 1,
    env: PROFILE ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profiles}` } : {},
  });
  try {
    await emulator.admin.call("POST", "/seed", { domains: [{ account: 1, name: ZONE }] });
    const records = Array.from({ length: count }, (_, i) => ({
      name: `host${i}`,
      type: "A",
      content: `192.0.2.${i % 250}`,
      ttl: 3600,
    }));
    await stack.declare([{ type: "ZoneRecords", name: "zone", args: { zoneName: ZONE, records } }]);
    let started = Date.now();
    await stack.cli(["up", "--yes", "--skip-preview"]);
    const up = (Date.now() - started) / 1000;
    started = Date.now();
    // --expect-no-changes: the command fails (and so this script) if the preview shows any change.
    await stack.cli(["preview", "--expect-no-changes"]);
    const preview = (Date.now() - started) / 1000;
    return { preview, up };
  } finally {
    await stack.cleanup();
    await emulator.close();
  }
}

async function main(): Promise<void> {
  const times: Record<number, number[]> = { [SMALL]: [], [BIG]: [] };
  const ups: Record<number, number[]> = { [SMALL]: [], [BIG]: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const count of round % 2 === 0 ? [SMALL, BIG] : [BIG, SMALL]) {
      const { preview, up } = await previewSeconds(count);
      times[count]!.push(preview);
      ups[count]!.push(up);
      console.log(
        `  round ${round + 1}: ${count} records, up ${up.toFixed(1)} s, no-change preview ${preview.toFixed(1)} s`,
      );
    }
  }
  const ratio = median(times[BIG]!) / median(times[SMALL]!);
  const figures = {
    zone_records_10000_noop_preview_ratio: Number(ratio.toFixed(2)),
    zone_records_10000_noop_preview_seconds: Number(median(times[BIG]!).toFixed(1)),
    zone_records_10_noop_preview_seconds: Number(median(times[SMALL]!).toFixed(1)),
  };
  console.log(figures);
  if (BIG !== 10_000 || PROFILE) return; // a smaller or profiled run does not stand for the figure
  recordResults("zone-records-preview", figures, {
    title: "A no-change preview of a ZoneRecords of 10,000 records against one of 10",
    command: "npx tsc -p tsconfig.build.json && node dist/bench/zone-records-preview.js",
    body: [
      `One \`ZoneRecords\` made by \`pulumi up\`, then \`pulumi preview --expect-no-changes\` timed alone; ` +
        `${SMALL} and ${BIG.toLocaleString("en")} records alternately, ${ROUNDS} rounds, medians.`,
      "",
      "| records | up (s) | no-change preview (s) |",
      "|---|---|---|",
      ...[SMALL, BIG].map(
        (n) =>
          `| ${n.toLocaleString("en")} | ${median(ups[n]!).toFixed(1)} | ${median(times[n]!).toFixed(1)} |`,
      ),
      "",
      ...Object.entries(figures).map(([k, v]) => `- \`${k}\` = ${v}`),
    ].join("\n"),
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
