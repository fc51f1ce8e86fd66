/**
 * Proof that the live suite (test/live, `bash scripts/test-live`) is honest, here (issue 29): it
 * runs against an emulator started as a separate process with its admin surface turned off
 * (`--no-admin`), reached only through the public API, as it would run against the service.
 * Then five runs are killed with SIGKILL at a random moment, each followed by
 * `pulumi-dnsimple-dynamic sweep --prefix <its prefix> --yes`; the account is read again for
 * anything of the prefix.
 *
 * Figures: `live_suite_tests` (tests the live run ran), `live_suite_skipped` (those that need the
 * emulator, skipped), `live_suite_e2e_scenarios` (of those, the tests of test/e2e files),
 * `e2e_scenarios` (every test of the end-to-end suites, as scripts/test runs them),
 * `live_suite_share_of_e2e_scenarios` (the two together: the live run's tests, its own files
 * included, over the end-to-end tests and its own files), `live_suite_against_adminless_emulator_failed`,
 * `sweeper_left_behind` (objects of a killed run's prefix found after its sweep, all five runs
 * together) and `sweeper_found_after_kill` (what the sweeps found to delete). The end-to-end
 * files it does not run are listed with their reasons (test/live/e2e-files.json).
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/live-suite.js [--kills N]
 */
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { findLeftovers } from "../provider/cli/sweep";
import { createClient } from "../provider/client";
import { spawnEmulator, REPO } from "../test/e2e/reliability-lib";
import { recordResults } from "./lib/record";

const run = promisify(execFile);
const E2E_FILES = JSON.parse(readFileSync(path.join(REPO, "test/live/e2e-files.json"), "utf8")) as {
  runLive: string[];
  needTheEmulator: Record<string, string>;
};

/** Every test of the end-to-end suites (e2e, e2e-long), counted by jest without running one. */
async function e2eScenarios(): Promise<number> {
  const report = path.join(REPO, ".work/e2e-listing.json");
  await run(
    "npx",
    [
      "jest",
      "--selectProjects",
      "e2e",
      "e2e-long",
      "--testNamePattern",
      "^$nothing^",
      "--json",
      `--outputFile=${report}`,
    ],
    { cwd: REPO, maxBuffer: 64 * 1024 * 1024 },
  );
  const listing = JSON.parse(readFileSync(report, "utf8"));
  return listing.numTotalTests;
}
const TOKEN = "bench-live-suite-token-29";
const args = process.argv.slice(2);
const KILLS = args.includes("--kills") ? Number(args[args.indexOf("--kills") + 1]) : 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Kills every process whose environment holds `LIVE_RUN_PREFIX=<prefix>`; how many there were. */
function killProcessesOf(prefix: string): number {
  let killed = 0;
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const environ = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      if (!environ.includes(`LIVE_RUN_PREFIX=${prefix}`)) continue;
      process.kill(Number(pid), "SIGKILL");
      killed++;
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return killed;
}

async function main(): Promise<void> {
  const emulator = await spawnEmulator({ token: TOKEN, extraArgs: ["--no-admin"] });
  const env = {
    ...process.env,
    DNSIMPLE_LIVE_TOKEN: TOKEN,
    DNSIMPLE_LIVE_ACCOUNT: "1",
    DNSIMPLE_LIVE_BASE_URL: emulator.v2Url,
  };
  try {
    const admin = await fetch(`${emulator.url}/__admin/requests`);
    if (admin.status !== 404) throw new Error(`the emulator's admin surface answers (${admin.status})`);

    // 1. The whole live run, sweep included.
    const report = path.join(REPO, ".work/live-suite-report.json");
    rmSync(report, { force: true });
    const started = Date.now();
    const whole = await run("bash", ["scripts/test-live"], {
      cwd: REPO,
      env: { ...env, LIVE_JEST_ARGS: `--json --outputFile=${report}` },
      maxBuffer: 256 * 1024 * 1024,
    }).then(
      (r) => ({ code: 0, text: r.stdout + r.stderr }),
      (e: { code?: number; stdout?: string; stderr?: string }) => ({
        code: e.code ?? 1,
        text: `${e.stdout ?? ""}${e.stderr ?? ""}`,
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    const jest = JSON.parse(readFileSync(report, "utf8"));
    const skipped: string[] = jest.testResults.flatMap((file: any) =>
      file.assertionResults.filter((t: any) => t.status === "pending").map((t: any) => t.title),
    );
    console.log(whole.text.split("\n").slice(-12).join("\n"));

    // 2. Killed runs, each swept.
    const client = createClient({ token: TOKEN, baseUrl: emulator.v2Url });
    let leftBehind = 0;
    let orphans = 0;
    let foundAfterKill = 0;
    const kills: string[] = [];
    for (let i = 0; i < KILLS; i++) {
      const prefix = `live-k${i}${randomBytes(2).toString("hex")}`;
      // Within the suite's first 15 s: it runs about 20 s on this machine.
      const killAfter = 2000 + Math.floor(Math.random() * 13_000);
      // The suite's own files (test/live): the end-to-end files it runs too make fewer objects.
      const child = spawn("npx", ["jest", "--selectProjects", "live", "--runInBand", "test/live/"], {
        cwd: REPO,
        env: { ...env, LIVE_RUN_PREFIX: prefix },
        stdio: "ignore",
        detached: true,
      });
      const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
      const finished = await Promise.race([sleep(killAfter).then(() => false), exited.then(() => true)]);
      if (finished) throw new Error(`run ${i + 1} ended before ${killAfter} ms: no kill to sweep after`);
      process.kill(-child.pid!, "SIGKILL");
      // The engine's provider processes run in process groups of their own and outlive it: as a
      // killed CI job's would, until the machine goes. They are found by the run's prefix in
      // their environment and killed too, after a moment to finish a request already sent.
      await sleep(3000);
      orphans += killProcessesOf(prefix);
      const before = (await findLeftovers(client, 1, prefix)).length;
      const sweep = await run(
        "node",
        ["dist/provider/cli/main.js", "sweep", "--prefix", prefix, "--account", "1", "--yes"],
        { cwd: REPO, env: { ...process.env, DNSIMPLE_TOKEN: TOKEN, DNSIMPLE_BASE_URL: emulator.v2Url } },
      ).then(
        () => 0,
        (e: { code?: number }) => e.code ?? 1,
      );
      await sleep(1000);
      const after = (await findLeftovers(client, 1, prefix)).length;
      foundAfterKill += before;
      leftBehind += after;
      kills.push(`| ${i + 1} | ${(killAfter / 1000).toFixed(1)} | ${before} | ${sweep} | ${after} |`);
      console.log(
        `  kill ${i + 1} after ${killAfter} ms: ${before} objects left, sweep exit ${sweep}, ${after} after it`,
      );
    }

    const ran = (file: any) =>
      file.assertionResults.filter((t: any) => t.status === "passed" || t.status === "failed").length;
    const liveE2e = jest.testResults
      .filter((file: any) => file.name.includes(`${path.sep}test${path.sep}e2e${path.sep}`))
      .reduce((n: number, file: any) => n + ran(file), 0);
    const liveOwn = jest.testResults
      .filter((file: any) => file.name.includes(`${path.sep}test${path.sep}live${path.sep}`))
      .reduce((n: number, file: any) => n + file.assertionResults.length, 0);
    const e2eTotal = await e2eScenarios();
    const figures = {
      live_suite_tests: jest.numPassedTests + jest.numFailedTests,
      live_suite_skipped: jest.numPendingTests,
      live_suite_e2e_scenarios: liveE2e,
      e2e_scenarios: e2eTotal,
      live_suite_share_of_e2e_scenarios: Number(
        ((jest.numPassedTests + jest.numFailedTests) / (e2eTotal + liveOwn)).toFixed(3),
      ),
      live_suite_against_adminless_emulator_failed: jest.numFailedTests + (whole.code === 0 ? 0 : 1),
      sweeper_left_behind: leftBehind,
      sweeper_found_after_kill: foundAfterKill,
    };
    console.log(figures);
    recordResults("live-suite", figures, {
      title:
        "The live suite against an emulator without its admin surface, and the sweeper after killed runs",
      command: "npx tsc -p tsconfig.build.json && node dist/bench/live-suite.js",
      body: [
        "`bash scripts/test-live` with `DNSIMPLE_LIVE_BASE_URL` at an emulator started as its own process with",
        `\`--no-admin\` (\`/__admin/*\` answers 404 there): ${figures.live_suite_tests} tests ran in ${seconds.toFixed(0)} s, ` +
          `${jest.numFailedTests} failed, exit status ${whole.code}; the run's own sweep ended it.`,
        `Skipped in live mode (they need the emulator): ${skipped.length ? skipped.map((t) => `"${t}"`).join("; ") : "none"}.`,
        "",
        `Of the ${e2eTotal} tests of the end-to-end suites (e2e and e2e-long), the live run ran ${liveE2e}: the files`,
        `${E2E_FILES.runLive.map((f) => `\`${f}\``).join(", ")}, and ${figures.live_suite_tests - liveE2e} tests of its own`,
        `(test/live). Its share: ${figures.live_suite_tests} of ${e2eTotal + liveOwn} (the end-to-end tests and its own) =`,
        `${figures.live_suite_share_of_e2e_scenarios}. The other end-to-end files need the emulator or this machine`,
        "(test/live/e2e-files.json):",
        "",
        "| file | why it does not run live |",
        "|---|---|",
        ...Object.entries(E2E_FILES.needTheEmulator).map(([file, why]) => `| \`${file}\` | ${why} |`),
        "",
        `Then ${KILLS} runs of the live suite killed with SIGKILL (the whole process group: jest, the engine,`,
        "its provider processes) at a random moment, each followed by `sweep --prefix <its prefix> --yes`.",
        `The engine's provider processes outlive the kill in process groups of their own: ${orphans} were found by`,
        "the run's prefix in their environment and killed 3 s after the engine, before the sweep.",
        "",
        "",
        "| run | killed after (s) | objects of its prefix | sweep exit | left after the sweep |",
        "|---|---|---|---|---|",
        ...kills,
        "",
        ...Object.entries(figures).map(([k, v]) => `- \`${k}\` = ${v}`),
      ].join("\n"),
    });
  } finally {
    await emulator.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
