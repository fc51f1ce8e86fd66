/**
 * An existing account as a program (issue 15): an emulator account made by hand with 50 domains,
 * 1,050 zone records and every kind `generate-program` reads; the command writes the program,
 * then the real engine runs its first `pulumi up` (which must adopt everything: no create and no
 * delete in the service's request log) and a second preview (no change).
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/generate-program.js [--domains N]
 */
import { readdirSync, rmSync } from "node:fs";
import * as path from "node:path";
import { startEmulator } from "../emulator";
import { generateProgramMain } from "../provider/cli/generate-program";
import { createClient } from "../provider/client";
import { registeredSeed, secretConfigOf, seedAccount } from "../test/e2e/account-seed";
import { REPO_ROOT } from "../test/e2e/harness";
import { programFolderStack } from "../test/e2e/program-folder";
import { recordResults } from "./lib/record";

const TOKEN = "bench-generate-program-token-15";
const args = process.argv.slice(2);
const DOMAINS = Number(args[args.indexOf("--domains") + 1] ?? 50) || 50;
const RECORDS_PER_DOMAIN = 21;
const log = (line: string) => console.log(`  ${line}`);

async function main(): Promise<void> {
  const emulator = await startEmulator({
    port: 0,
    token: TOKEN,
    accountId: 1,
    seed: registeredSeed() as never,
  });
  const outDir = path.join(REPO_ROOT, ".work/bench-generated");
  rmSync(outDir, { recursive: true, force: true });
  try {
    const seeded = await seedAccount(emulator.v2Url, TOKEN, {
      domains: DOMAINS,
      recordsPerDomain: RECORDS_PER_DOMAIN,
    });
    log(`seeded ${seeded.domains.length} domains, ${seeded.records} records`);

    const fromGenerate = emulator.requests().length;
    let summary = "";
    const started = Date.now();
    const status = await generateProgramMain(["--account", "1", "--out", outDir], {
      out: (text) => (summary += text),
      err: () => undefined,
      env: {},
      client: createClient({ token: TOKEN, baseUrl: emulator.v2Url }),
    });
    if (status !== 0) throw new Error(`generate-program exited with ${status}`);
    const generateSeconds = (Date.now() - started) / 1000;
    const generateCalls = emulator.requests().length - fromGenerate;
    const objects = Number(/: (\d+) objects of account/.exec(summary)?.[1]);
    const resources = Number(/as (\d+) resources/.exec(summary)?.[1]);
    log(
      `generate-program: ${objects} objects as ${resources} resources, ${generateCalls} API calls, ${generateSeconds.toFixed(1)} s`,
    );

    const domainFiles = readdirSync(path.join(outDir, "domains")).map((f) => path.join("domains", f));
    const { stack, workDir } = await programFolderStack({
      source: outDir,
      label: "bench-generated",
      baseUrl: emulator.v2Url,
      token: TOKEN,
      extraFiles: domainFiles,
      config: await secretConfigOf(emulator.v2Url, TOKEN, seeded),
    });
    try {
      const fromUp = emulator.requests().length;
      const upStarted = Date.now();
      await stack.up({ parallel: 16 });
      const upSeconds = (Date.now() - upStarted) / 1000;
      const upRequests = emulator.requests().slice(fromUp);
      const creates = upRequests.filter((r) => r.method === "POST").length;
      const deletes = upRequests.filter((r) => r.method === "DELETE").length;
      const otherWrites = upRequests.filter((r) => r.method === "PUT" || r.method === "PATCH").length;
      const preview = await stack.preview();
      const changes = Object.entries(preview.changeSummary)
        .filter(([op]) => op !== "same")
        .reduce((n, [, count]) => n + (count ?? 0), 0);
      log(
        `up: ${creates} creates, ${deletes} deletes, ${otherWrites} updates in ${upSeconds.toFixed(1)} s; second preview: ${changes} changes`,
      );

      recordResults(
        "generate-program",
        {
          generate_program_objects: objects,
          generate_program_api_calls: generateCalls,
          adopt_account_creates: creates,
          adopt_account_deletes: deletes,
          adopt_account_second_preview_changes: changes,
        },
        {
          title: "An existing account as a program",
          command: "node dist/bench/generate-program.js",
          body: [
            `An emulator account made through the API: ${seeded.domains.length} domains with ${seeded.records} zone records, forwards on every third domain, DS records and DNSSEC, contacts, two webhooks, a secondary zone and its primary server.`,
            "",
            `- \`generate_program_objects\` = ${objects}: objects written into the program (${resources} resources: a zone's records are one \`ZoneRecords\`), in ${generateSeconds.toFixed(1)} s`,
            `- \`generate_program_api_calls\` = ${generateCalls}: requests the command made (all reads)`,
            `- \`adopt_account_creates\` = ${creates}, \`adopt_account_deletes\` = ${deletes}: POST and DELETE requests of the first \`pulumi up\` (\`--parallel 16\`, ${upSeconds.toFixed(1)} s), which adopts everything; PUT/PATCH: ${otherWrites}`,
            `- \`adopt_account_second_preview_changes\` = ${changes}: changes in the preview after it`,
          ].join("\n"),
        },
      );
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    await emulator.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
