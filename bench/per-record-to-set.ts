/**
 * docs/per-record-to-set.md at 1,000 records (issue 65): a stack of 1,000 per-record `ZoneRecord`s
 * in one zone turned into one `ZoneRecords` that adopts them: `pulumi stack export`, the
 * `per-record-to-set` command, `pulumi stack import` of the state it wrote, the new declaration,
 * `pulumi up`, then `pulumi preview`. Figures: the write requests the emulator saw during the path
 * (`per_record_to_set_migration_writes`, every request but GET), the changes the second preview
 * shows (`..._second_preview_changes`), the records the zone still holds with the same ids, and
 * the seconds of each step. The per-record stack is made with `PULUMI_SKIP_CHECKPOINTS=true` (its
 * `up` is setup, not measured; the whole run has it, the path's `up` is one resource anyway).
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/per-record-to-set.js [--records N]
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { convertState, perRecordToSetMain } from "../provider/cli/per-record-to-set";
import { v2 } from "../test/e2e/extended-api";
import { createStack, spawnEmulator } from "../test/e2e/reliability-lib";
import { recordResults } from "./lib/record";

const TOKEN = "bench-per-record-to-set-65";
const ZONE = "per-record-to-set-bench.com";
const args = process.argv.slice(2);
const RECORDS = args.includes("--records") ? Number(args[args.indexOf("--records") + 1]) : 1000;

async function main(): Promise<void> {
  const emulator = await spawnEmulator({ token: TOKEN });
  const stack = await createStack({
    program: "generic",
    baseUrl: emulator.v2Url,
    token: TOKEN,
    account: 1,
    env: { PULUMI_SKIP_CHECKPOINTS: "true" },
  });
  const api = v2(emulator.v2Url, TOKEN);
  const zone = async (): Promise<string[]> => {
    const rows: string[] = [];
    for (let page = 1; ; page++) {
      const { body } = await api("GET", `/1/zones/${ZONE}/records?per_page=100&page=${page}`);
      for (const r of body.data) if (!r.system_record) rows.push(`${r.id} ${r.name} ${r.type} ${r.content}`);
      if (page >= body.pagination.total_pages) return rows.sort();
    }
  };
  const seconds: Record<string, number> = {};
  const timed = async <T>(step: string, body: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await body();
    seconds[step] = (Date.now() - started) / 1000;
    console.log(`  ${step}: ${seconds[step]!.toFixed(1)} s`);
    return result;
  };
  try {
    await emulator.admin.call("POST", "/seed", { domains: [{ account: 1, name: ZONE }] });
    await stack.declare(
      Array.from({ length: RECORDS }, (_, i) => ({
        type: "ZoneRecord",
        name: `host${i}`,
        args: { zoneName: ZONE, name: `host${i}`, type: "A", content: `192.0.2.${(i % 250) + 1}`, ttl: 600 },
      })),
    );
    await timed("setup_up", () => stack.cli(["up", "--yes", "--skip-preview"]));
    const before = await zone();
    if (before.length !== RECORDS) throw new Error(`the zone holds ${before.length} records, not ${RECORDS}`);

    const from = (await emulator.requests()).length;
    const exported = path.join(stack.workDir, "export.json");
    const out = path.join(stack.workDir, "per-record-to-set");
    await timed("export", () => stack.cli(["stack", "export", "--file", exported]));
    await timed("command", async () => {
      const io = {
        out: (t: string) => void process.stdout.write(t),
        err: (t: string) => void process.stderr.write(t),
        env: {},
      };
      if ((await perRecordToSetMain(["--state", exported, "--out", out], io)) !== 0)
        throw new Error("the command failed");
    });
    await timed("import", () =>
      stack.cli(["stack", "import", "--file", path.join(out, "state-without-records.json")]),
    );
    const { zones, recordIds } = convertState(JSON.parse(readFileSync(exported, "utf8")));
    await stack.declare([
      {
        type: "ZoneRecords",
        name: `${ZONE}-records`,
        args: { zoneName: ZONE, adopt: true, adoptRecordIds: recordIds.get(ZONE), records: zones.get(ZONE) },
      },
    ]);
    await timed("up", () => stack.cli(["up", "--yes", "--skip-preview"]));
    const writes = (await emulator.requests()).slice(from).filter((r) => r.method !== "GET");
    const preview = await timed("second_preview", () => stack.stack.preview());
    const changes = Object.entries(preview.changeSummary ?? {})
      .filter(([op]) => op !== "same")
      .reduce((sum, [, n]) => sum + (n ?? 0), 0);
    const after = await zone();
    const kept = after.filter((row) => before.includes(row)).length;
    const migration = seconds.export! + seconds.command! + seconds.import! + seconds.up!;
    const figures = {
      per_record_to_set_migration_writes: writes.length,
      per_record_to_set_migration_second_preview_changes: changes,
      per_record_to_set_migration_records_kept: kept,
      per_record_to_set_migration_records: RECORDS,
      per_record_to_set_migration_seconds: Number(migration.toFixed(1)),
      per_record_to_set_migration_up_seconds: Number(seconds.up!.toFixed(1)),
      per_record_to_set_migration_second_preview_seconds: Number(seconds.second_preview!.toFixed(1)),
    };
    console.log(figures);
    if (writes.length > 0) console.log(writes.map((w) => `${w.method} ${w.path}`).join("\n"));
    if (RECORDS !== 1000) return; // a smaller run does not stand for the figures
    recordResults("per-record-to-set", figures, {
      title: "1,000 per-record ZoneRecords turned into one adopting ZoneRecords (docs/per-record-to-set.md)",
      command: "npx tsc -p tsconfig.build.json && node dist/bench/per-record-to-set.js",
      body: [
        `${RECORDS} \`ZoneRecord\`s in one zone made by \`pulumi up\` (PULUMI_SKIP_CHECKPOINTS=true), then the path:`,
        "`pulumi stack export`, `per-record-to-set`, `pulumi stack import`, one `ZoneRecords` with `adopt: true` and the state's record ids (`adoptRecordIds`), `pulumi up`.",
        "",
        "| step | seconds |",
        "|---|---|",
        ...Object.entries(seconds).map(([step, s]) => `| ${step} | ${s.toFixed(1)} |`),
        "",
        `Write requests during the path: ${writes.length}; changes in the second preview: ${changes}; ` +
          `records with the same id, name, type and content after: ${kept} of ${RECORDS}.`,
      ].join("\n"),
    });
  } finally {
    await stack.cleanup();
    await emulator.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
