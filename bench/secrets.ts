/**
 * Secret scan of the end-to-end suite: with `--run-suite`, runs `jest --selectProjects e2e` with
 * E2E_KEEP_WORKDIRS=1 (the harness then keeps every project folder, its state history and the
 * engine output instead of deleting them); then scans every project under .work/e2e: each file
 * (state, history, backups, logs, engine output) and `pulumi stack export`, for every secret of
 * that project (secret config and secret state values, harvested with its passphrase) and the
 * tokens the e2e tests use. Records `secret_leaks_found`.
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/secrets.js --run-suite
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import * as path from "node:path";
import { REPO } from "../test/e2e/reliability-lib";
import {
  type Leak,
  harvestSecrets,
  projectsUnder,
  scanProject,
  tokensInTests,
} from "../test/e2e/secret-scan";
import { recordResults } from "./lib/record";

async function main(): Promise<void> {
  const root = path.join(REPO, ".work/e2e");
  let suiteExit: number | undefined;
  if (process.argv.includes("--run-suite")) {
    rmSync(root, { recursive: true, force: true });
    const result = spawnSync("npx", ["jest", "--selectProjects", "e2e", "--runInBand"], {
      cwd: REPO,
      env: { ...process.env, E2E_KEEP_WORKDIRS: "1" },
      stdio: "inherit",
    });
    suiteExit = result.status ?? 1;
  }
  const projects = projectsUnder(root);
  if (projects.length === 0) {
    console.error("no e2e project folders to scan under .work/e2e: run with --run-suite");
    process.exit(1);
  }
  const tokens = tokensInTests();
  const leaks: Leak[] = [];
  let secretsChecked = 0;
  for (const project of projects) {
    const secrets = new Set([...tokens, ...(await harvestSecrets(project))]);
    secretsChecked += secrets.size;
    for (const leak of await scanProject(project, secrets))
      leaks.push({ ...leak, file: `${path.basename(project)}/${leak.file}` });
  }
  recordResults(
    "secrets",
    { secret_leaks_found: leaks.length, secret_scan_projects: projects.length },
    {
      title: "Secrets in clear after the end-to-end suite",
      command: "npx tsc -p tsconfig.build.json && node dist/bench/secrets.js --run-suite",
      body:
        `| figure | value |\n|---|---|\n| secret_leaks_found | ${leaks.length} |\n| secret_scan_projects | ${projects.length} |\n\n` +
        `${suiteExit !== undefined ? `The e2e suite ran with E2E_KEEP_WORKDIRS=1 (jest exit ${suiteExit}); ` : ""}` +
        `${projects.length} project folders under .work/e2e scanned: every file (state, state history and ` +
        "backups, workspace, engine output, verbose logs) and `pulumi stack export`, for the tokens of " +
        `the e2e tests (${tokens.length}) and each project's own secrets (secret config and every secret ` +
        `value in its state, decrypted with its passphrase): ${secretsChecked} (project, secret) pairs. ` +
        `Leaks: ${leaks.length === 0 ? "none" : leaks.map((l) => `\`${l.file}\``).join(", ")}. ` +
        "The engine's own `-v=9` RPC dumps print secrets (Pulumi's behaviour, not the provider's): " +
        "`test/e2e/secrets.test.ts` checks that nothing but those lines does.",
    },
  );
  console.log(`secret_leaks_found: ${leaks.length} in ${projects.length} projects`, leaks.slice(0, 20));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
