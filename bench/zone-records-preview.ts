/**
 * What a no-change preview of a big `ZoneRecords` costs (issue 27): one `ZoneRecords` of 10,000
 * records against one of 10, each made by `pulumi up` first, then `pulumi preview` timed on its
 * own, the two sizes alternately over the rounds (which goes first alternates too). The figure is
 * the ratio of their median wall times: what the 9,990 more records cost beyond the fixed cost of
 * a command. With `--profile`, each preview's Node.js processes (program, provider) write CPU
 * profiles under `.work/profiles/zone-records-preview`.
 *
 * The floor, measured alongside in the same rounds: the same records as the inputs of a dynamic
 * resource whose `check` returns them unchanged and whose `diff` says "no change" at once, with no
 * outputs at all. What it costs is what the engine and the Pulumi SDK spend on records declared
 * as objects: `zone_records_10000_noop_preview_floor_ratio` is its own 10,000-against-10 ratio,
 * `zone_records_10000_noop_preview_over_floor` ours against it at 10,000 records. Ours can go
 * below it: the `ZoneRecords` class sends its records as one text of lines, and state keeps one
 * line per record (dns/record-lines.ts).
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/zone-records-preview.js [--rounds R] [--records N] [--profile]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { createStack, spawnEmulator, REPO } from "../test/e2e/reliability-lib";
import { recordResults } from "./lib/record";
import { median } from "./lib/median";

const TOKEN = "bench-zone-records-preview-27";
const ZONE = "preview-bench.com";
const args = process.argv.slice(2);
const option = (name: string, fallback: number) =>
  args.includes(name) ? Number(args[args.indexOf(name) + 1]) || fallback : fallback;
const ROUNDS = option("--rounds", 2);
const BIG = option("--records", 10_000);
const SMALL = 10;
const PROFILE = args.includes("--profile");

/**
 * The floor's program: `count` records, as the generic program declares them, as the inputs of a
 * dynamic resource that does nothing with them.
 */
function floorProgram(count: number): string {
  return [
    'const pulumi = require("@pulumi/pulumi");',
    "const provider = {",
    "  async check(_olds, news) { return { inputs: news }; },",
    "  async diff() { return { changes: false }; },",
    '  async create() { return { id: "floor", outs: {} }; },',
    "};",
    `const records = Array.from({ length: ${count} }, (_, i) => ({`,
    '  name: `host${i}`, type: "A", content: `192.0.2.${i % 250}`, ttl: 3600,',
    "}));",
    `new pulumi.dynamic.Resource(provider, "zone", { zoneName: ${JSON.stringify(ZONE)}, records });`,
    "",
  ].join("\n");
}

type Variant = "ZoneRecords" | "floor";

/** Seconds of one no-change `pulumi preview` of `count` records: a `ZoneRecords`, or the floor. */
async function previewSeconds(count: number, variant: Variant): Promise<{ preview: number; up: number }> {
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
    if (variant === "floor") writeFileSync(path.join(stack.workDir, "index.js"), floorProgram(count));
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
  const key = (count: number, variant: Variant) => `${variant} ${count}`;
  const times: Record<string, number[]> = {};
  const ups: Record<string, number[]> = {};
  const runs: Array<[number, Variant]> = [
    [SMALL, "ZoneRecords"],
    [BIG, "ZoneRecords"],
    [SMALL, "floor"],
    [BIG, "floor"],
  ];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [count, variant] of round % 2 === 0 ? runs : [...runs].reverse()) {
      const { preview, up } = await previewSeconds(count, variant);
      (times[key(count, variant)] ??= []).push(preview);
      (ups[key(count, variant)] ??= []).push(up);
      console.log(
        `  round ${round + 1}: ${variant}, ${count} records, up ${up.toFixed(1)} s, no-change preview ${preview.toFixed(1)} s`,
      );
    }
  }
  const at = (count: number, variant: Variant) => median(times[key(count, variant)]!);
  const figures = {
    zone_records_10000_noop_preview_ratio: Number(
      (at(BIG, "ZoneRecords") / at(SMALL, "ZoneRecords")).toFixed(2),
    ),
    zone_records_10000_noop_preview_seconds: Number(at(BIG, "ZoneRecords").toFixed(1)),
    zone_records_10_noop_preview_seconds: Number(at(SMALL, "ZoneRecords").toFixed(1)),
    zone_records_10000_noop_preview_floor_ratio: Number((at(BIG, "floor") / at(SMALL, "floor")).toFixed(2)),
    zone_records_10000_noop_preview_over_floor: Number(
      (at(BIG, "ZoneRecords") / at(BIG, "floor")).toFixed(2),
    ),
  };
  console.log(figures);
  if (BIG !== 10_000 || PROFILE) return; // a smaller or profiled run does not stand for the figure
  recordResults("zone-records-preview", figures, {
    title: "A no-change preview of a ZoneRecords of 10,000 records against one of 10",
    command: "npx tsc -p tsconfig.build.json && node dist/bench/zone-records-preview.js",
    body: [
      `One \`ZoneRecords\` made by \`pulumi up\`, then \`pulumi preview --expect-no-changes\` timed alone; ` +
        `${SMALL} and ${BIG.toLocaleString("en")} records alternately, ${ROUNDS} rounds, medians.`,
      "The floor: the same records as the inputs of a dynamic resource whose `check` returns them and whose",
      '`diff` answers "no change" at once, with no outputs: what the engine and the SDK spend on the inputs',
      "alone, measured in the same rounds.",
      "",
      "| resource | records | up (s) | no-change preview (s) |",
      "|---|---|---|---|",
      ...runs.map(
        ([n, variant]) =>
          `| ${variant} | ${n.toLocaleString("en")} | ${median(ups[key(n, variant)]!).toFixed(1)} | ` +
          `${at(n, variant).toFixed(1)} |`,
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
