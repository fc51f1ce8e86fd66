/**
 * Zone files (issue 30), measured in one run:
 * - the real zone files of test/zone-files/real (written by others, SOURCES.md): how many, from how
 *   many sources; the share of their records our parser reads as BIND's `named-compilezone` does;
 *   the share of files whose records, written back from the service's form, pass `named-checkzone`;
 * - 5,000 records from one zone file through the real engine against the emulator: the requests
 *   and seconds of `up`, and the requests of a no-change preview.
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/zone-files.js [--records N]
 */
import { bindAvailable, compareWithBind, realZoneFiles } from "../test/zone-files/bind";
import { createStack, spawnEmulator } from "../test/e2e/reliability-lib";
import { recordResults } from "./lib/record";

const TOKEN = "bench-zone-files-token-30";
const args = process.argv.slice(2);
const N = Number(args[args.indexOf("--records") + 1] ?? 5000) || 5000;
const ZONE = "zone-file-bench.com";
const log = (line: string) => console.log(`  ${line}`);

/** A zone file of `n` records of the common types, as a host's export writes it. */
function bigZoneFile(n: number): string {
  const lines = [
    `$ORIGIN ${ZONE}.`,
    "$TTL 3600",
    "@ IN SOA ns1.example.net. admin.example.net. 1 7200 3600 1209600 300",
    "@ IN NS ns1.example.net.",
  ];
  for (let i = 0; i < n; i++) {
    switch (i % 5) {
      case 0:
        lines.push(`host${i} IN A 192.0.2.${i % 250}`);
        break;
      case 1:
        lines.push(`host${i} 600 IN AAAA 2001:db8::${(i % 65535).toString(16)}`);
        break;
      case 2:
        lines.push(`alias${i} IN CNAME host${i - 2}`);
        break;
      case 3:
        lines.push(`host${i} IN TXT "record ${i}" "of the bench"`);
        break;
      default:
        lines.push(`host${i} IN MX ${i % 100} mail${i}.example.net.`);
    }
  }
  return `${lines.join("\n")}\n`;
}

async function main(): Promise<void> {
  const figures: Record<string, number> = {};
  const lines: string[] = [];
  const note = (key: string, value: number, text: string) => {
    figures[key] = Number(value.toFixed(4));
    lines.push(`- \`${key}\` = ${figures[key]}: ${text}`);
    log(`${key} ${figures[key]}`);
  };

  if (!bindAvailable())
    throw new Error("named-compilezone is missing: bash scripts/bootstrap installs bind9-utils");
  const files = realZoneFiles();
  let bind = 0;
  let equal = 0;
  let held = 0;
  let heldEqual = 0;
  let refused = 0;
  let checked = 0;
  for (const f of files) {
    const c = compareWithBind(f.origin, f.text);
    bind += c.bindRecords;
    equal += c.parsedEqual;
    held += c.serviceRecords;
    heldEqual += c.serviceEqual;
    refused += c.refused.length;
    if (c.writtenChecks.ok) checked++;
    if (c.differences.length > 0)
      log(`${f.file}: ${c.differences.length} differences, e.g. ${c.differences[0]}`);
  }
  const sources = new Set(files.map((f) => f.file.split("/")[0])).size;
  note(
    "zone_files_tested",
    files.length,
    `real zone files from ${sources} public sources (test/zone-files/real/SOURCES.md)`,
  );
  note(
    "zone_file_records_equal_to_bind",
    equal / bind,
    `${equal} of the ${bind} records BIND's named-compilezone reads from them, read the same by our parser`,
  );
  note(
    "zone_file_service_records_equal_to_bind",
    heldEqual / held,
    `${heldEqual} of the ${held} records the service can hold, the same to BIND once written back from the service's form (${refused} records refused: types the service does not hold, values its rules refuse)`,
  );
  note(
    "zone_file_written_passes_named_checkzone",
    checked / files.length,
    `${checked} of ${files.length} zone files written from the service's records pass named-checkzone`,
  );

  const emulator = await spawnEmulator({ token: TOKEN });
  const stack = await createStack({ program: "generic", baseUrl: emulator.v2Url, token: TOKEN, account: 1 });
  try {
    await emulator.admin.call("POST", "/seed", { domains: [{ account: 1, name: ZONE }] });
    const text = bigZoneFile(N);
    await stack.declare([
      {
        type: "ZoneRecords",
        name: "zone",
        args: { zoneName: ZONE, zoneFile: { name: `${ZONE}.zone`, text } },
      },
    ]);
    await emulator.clearRequests();
    const started = Date.now();
    await stack.cli(["up", "--yes", "--skip-preview"]);
    const seconds = (Date.now() - started) / 1000;
    const upRequests = (await emulator.requests()).length;
    note(
      "zone_file_5000_records_up_requests",
      upRequests,
      `${N} records from one zone file, \`pulumi up\` (default --parallel)`,
    );
    note("zone_file_5000_records_up_seconds", seconds, `the same \`pulumi up\`, wall time`);
    await emulator.clearRequests();
    const preview = await stack.cli(["preview", "--expect-no-changes"]);
    note(
      "zone_file_5000_records_preview_requests",
      (await emulator.requests()).length,
      `a second preview of the same file: no changes (${preview.code === 0 ? "--expect-no-changes passed" : "changes shown"})`,
    );
    await stack.cli(["destroy", "--yes", "--skip-preview"]);
  } finally {
    await stack.cleanup();
    await emulator.close();
  }

  recordResults("zone-files", figures, {
    title: "Zone files: read like BIND, 5,000 records from one file",
    command: "npx tsc -p tsconfig.build.json && node dist/bench/zone-files.js",
    body: lines.join("\n"),
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
