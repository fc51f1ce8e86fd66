/**
 * The fault and crash scenarios of issue 7, shared by the longer jest suite
 * (reliability-*.long.ts) and bench/reliability.ts (which records the figures).
 */
import {
  type Census,
  census,
  createStack,
  killProcessesOf,
  mixedProgram,
  pendingOperations,
  resourcesInState,
  sleep,
  spawnEmulator,
} from "./reliability-lib";

export interface Step {
  command: string;
  code: number;
  ms: number;
  /** The interesting lines of the output (errors, summary). */
  summary: string;
}

function summarize(text: string): string {
  const lines = text.split("\n").map((l) => l.trim());
  const errors = [...new Set(lines.filter((l) => /^error:|warning:/i.test(l)))];
  const counts = lines.filter((l) =>
    /^[-+~]? ?\d+ (created|updated|deleted|unchanged|errored|refreshed)|^Duration/.test(l),
  );
  return [...errors.slice(0, 8), ...counts].join("\n");
}

/** The 30 % fault mix of issue 7: 429 with Retry-After, 502, dropped connections, 2 s latency. */
export const FAULTS = {
  rate: 0.3,
  kinds: ["429", "502", "drop", "latency"],
  latencyMs: 2000,
  retryAfterSeconds: 1,
  seed: 7,
};

export interface FaultRun {
  declared: number;
  ups: Step[];
  /** After the last up. */
  census: Census;
  inState: number;
  secondUpNoChanges: boolean;
  previewNoChanges: boolean;
  faultsInjected: number;
  requests: number;
}

/**
 * `pulumi up` of `n` mixed resources with 30 % of requests failing; a second up if the first did
 * not converge; then a census of the emulator, and an `up --expect-no-changes` and a preview with
 * the faults still on.
 */
export async function runFaultScenario(
  n = 104,
  log: (line: string) => void = () => undefined,
): Promise<FaultRun> {
  const token = "reliability-fault-token-8f2a";
  const emulator = await spawnEmulator({ token });
  const stack = await createStack({ program: "generic", baseUrl: emulator.v2Url, token, account: 1 });
  try {
    const program = mixedProgram("flt", n);
    await stack.declare(program.declarations);
    await emulator.setFaults(FAULTS);
    const ups: Step[] = [];
    for (let attempt = 0; attempt < 2; attempt++) {
      const started = Date.now();
      const { code, text } = await stack.cli(["up", "--yes", "--skip-preview"], { allowFailure: true });
      ups.push({
        command: "pulumi up --yes --skip-preview",
        code,
        ms: Date.now() - started,
        summary: summarize(text),
      });
      log(`up #${attempt + 1}: exit ${code} in ${Date.now() - started} ms\n${summarize(text)}`);
      if (code === 0) break;
    }
    // Count with the faults off (the census itself is not under test), then turn them on again.
    const faults = (await emulator.admin.call("GET", "/faults")) as { injected?: number } | null;
    await emulator.setFaults(null);
    const requests = (await emulator.requests()).length;
    const result = await census(emulator, 1, program);
    await emulator.setFaults({ ...FAULTS, seed: 11 });
    const second = await stack.cli(["up", "--yes", "--skip-preview", "--expect-no-changes"], {
      allowFailure: true,
    });
    const preview = await stack.cli(["preview", "--expect-no-changes"], { allowFailure: true });
    const inState = resourcesInState(await stack.exportState()).length;
    return {
      declared: program.declarations.length,
      ups,
      census: result,
      inState,
      secondUpNoChanges: second.code === 0,
      previewNoChanges: preview.code === 0,
      faultsInjected: faults?.injected ?? -1,
      requests,
    };
  } finally {
    await stack.cleanup();
    await emulator.close();
  }
}

export interface CrashRun {
  declared: number;
  /** Creating requests (POST) the emulator had seen when the engine was killed. */
  postsAtKill: number;
  /** Processes of the stack outside the engine's process group (the dynamic provider) killed too. */
  otherProcessesKilled: number;
  /** Dynamic resources in state right after the kill, and pending operations recorded. */
  inStateAtKill: number;
  pendingAtKill: number;
  /** The recovery, step by step, as a user would run it. */
  steps: Step[];
  census: Census;
  inState: number;
  /** Resources that needed `adopt: true` (the error message says so) to converge. */
  adopted: string[];
  finalNoChanges: boolean;
}

/**
 * Kills the engine and every process it started (language host, program, and the dynamic
 * provider, which runs in a process group of its own) with SIGKILL in the middle of an `up` of
 * `n` resources, then recovers as a user would. `pulumi cancel`
 * removes the lock the dead update left in the file backend. "documented": sets `adopt: true` on
 * every resource with a pending create in the state (`pulumi stack export`, `pending_operations`),
 * `pulumi refresh --clear-pending-creates`, `pulumi up`. "naive": `pulumi refresh`, `pulumi up`
 * (the engine warns about the pending operations and creates those resources again). In both,
 * where `up` stops because an object already exists, the message says to set `adopt: true`: that
 * is done and `up` runs again.
 */
export async function runCrashScenario(
  n = 100,
  log: (line: string) => void = () => undefined,
  mode: "documented" | "naive" = "documented",
): Promise<CrashRun> {
  const token = "reliability-crash-token-27cd";
  const emulator = await spawnEmulator({ token });
  const stack = await createStack({ program: "generic", baseUrl: emulator.v2Url, token, account: 1 });
  const steps: Step[] = [];
  const run = async (args: string[]) => {
    const started = Date.now();
    const { code, text } = await stack.cli(args, { allowFailure: true });
    steps.push({
      command: `pulumi ${args.join(" ")}`,
      code,
      ms: Date.now() - started,
      summary: summarize(text),
    });
    log(`pulumi ${args.join(" ")}: exit ${code}`);
    return { code, text };
  };
  try {
    const program = mixedProgram("crash", n);
    await stack.declare(program.declarations);
    // Half of the creating requests take a second at the emulator, so creates are in flight when
    // the engine dies: the emulator completes them after the caller is gone (a lost response).
    await emulator.setFaults({ rate: 0.5, kinds: ["latency"], latencyMs: 1000, routes: "^POST ", seed: 3 });
    const child = stack.spawnCli(["up", "--yes", "--skip-preview"]);
    let posts = 0;
    const deadline = Date.now() + 240_000;
    while (Date.now() < deadline && child.exitCode === null) {
      posts = (await emulator.requests()).filter((r) => r.method === "POST").length;
      if (posts >= Math.floor(n * 0.4)) break;
      await sleep(100);
    }
    if (child.exitCode !== null) throw new Error("the up finished before it could be killed");
    process.kill(-child.pid!, "SIGKILL");
    // The dynamic provider runs in a process group of its own: kill it too, as a crash would.
    const providers = killProcessesOf(stack.workDir);
    await new Promise((resolve) => child.once("exit", resolve));
    log(`killed the engine's process group and ${providers} other processes after ${posts} POSTs`);
    await sleep(2500); // let the requests in flight complete at the emulator
    await emulator.setFaults(null);
    const atKill = await stack.exportState();
    const inStateAtKill = resourcesInState(atKill).length;
    const pendingAtKill = pendingOperations(atKill).length;

    // What a user does: try again (the file backend says the stack is locked), `pulumi cancel`
    // (removes the lock of the dead update), then repair the state.
    await run(["up", "--yes", "--skip-preview"]);
    await run(["cancel", "--yes"]);
    const adopted: string[] = [];
    const adopt = async (names: string[]) => {
      for (const declaration of program.declarations) {
        if (names.includes(declaration.name)) declaration.args.adopt = true;
      }
      adopted.push(...names);
      await stack.declare(program.declarations);
    };
    if (mode === "documented") {
      // The pending creates are the resources whose object may exist without being in state: take
      // them over with `adopt: true` (it matches by natural key and never creates a duplicate),
      // then drop the pending operations and refresh.
      const pending = pendingOperations(await stack.exportState())
        .filter((op) => op.type === "creating")
        .map((op) => String(op.resource.urn).split("::").pop()!);
      await adopt(pending);
      await run(["refresh", "--yes", "--skip-preview", "--clear-pending-creates"]);
    } else {
      await run(["refresh", "--yes", "--skip-preview"]);
    }
    let up = await run(["up", "--yes", "--skip-preview"]);
    // Where up stops because an object already exists, the message says to set `adopt: true`.
    for (let round = 0; round < 4 && up.code !== 0; round++) {
      const lines = up.text.split("\n");
      const names = new Set<string>();
      lines.forEach((line, i) => {
        if (!line.includes("adopt: true")) return;
        const m =
          /dnsimple:\w+ \(?([\w-]+)\)?/.exec(line) ?? /dnsimple:\w+ \(?([\w-]+)\)?/.exec(lines[i - 1] ?? "");
        if (m) names.add(m[1]!);
      });
      if (names.size === 0) break;
      await adopt([...names]);
      up = await run(["up", "--yes", "--skip-preview"]);
    }
    const result = await census(emulator, 1, program);
    const final = await run(["preview", "--expect-no-changes"]);
    return {
      declared: program.declarations.length,
      postsAtKill: posts,
      otherProcessesKilled: providers,
      inStateAtKill,
      pendingAtKill,
      steps,
      census: result,
      inState: resourcesInState(await stack.exportState()).length,
      adopted,
      finalNoChanges: final.code === 0,
    };
  } finally {
    await stack.cleanup();
    await emulator.close();
  }
}

export interface ZoneRecordsCrashRun {
  declared: number;
  /** Batch requests the emulator had received when the engine was killed. */
  batchesAtKill: number;
  /** Declared records the emulator held right after the kill (made by the dead run). */
  recordsAtKill: number;
  steps: Step[];
  /** Declared names without a record, and names with more than one, at the end. */
  missing: string[];
  duplicates: string[];
  /** Records the final state of the `ZoneRecords` resource manages. */
  managedInState: number;
  finalNoChanges: boolean;
}

/**
 * One `ZoneRecords` of `n` records whose first batch request is slow at the emulator: the engine
 * and the provider are killed (SIGKILL) while it is in flight, the emulator completes it after the
 * caller is gone (a lost answer mid-batch), and the user recovers without reading any docs
 * (`pulumi cancel`, `pulumi refresh`, `pulumi up`). The create journal proves the dead run's
 * records are this resource's: the new `up` takes them over instead of creating them again.
 */
export async function runZoneRecordsCrashScenario(
  n = 300,
  log: (line: string) => void = () => undefined,
): Promise<ZoneRecordsCrashRun> {
  const token = "reliability-crash-records-token-5e1a";
  const zone = "crash-records.com";
  const emulator = await spawnEmulator({ token });
  const stack = await createStack({ program: "generic", baseUrl: emulator.v2Url, token, account: 1 });
  const steps: Step[] = [];
  const run = async (args: string[]) => {
    const started = Date.now();
    const { code, text } = await stack.cli(args, { allowFailure: true });
    steps.push({
      command: `pulumi ${args.join(" ")}`,
      code,
      ms: Date.now() - started,
      summary: summarize(text),
    });
    log(`pulumi ${args.join(" ")}: exit ${code}`);
    return { code, text };
  };
  const records = Array.from({ length: n }, (_, i) => ({
    name: `crash${i}`,
    type: "TXT",
    content: `record ${i}`,
    ttl: 3600,
  }));
  const declaredRecords = async () =>
    ((await emulator.api.list(`/1/zones/${zone}/records`)) as { name: string; system_record: boolean }[])
      .filter((r) => !r.system_record && r.name.startsWith("crash"))
      .map((r) => r.name);
  try {
    await emulator.admin.call("POST", "/seed", { domains: [{ account: 1, name: zone }] });
    await stack.declare([{ type: "ZoneRecords", name: "zone", args: { zoneName: zone, records } }]);
    // Every batch takes three seconds at the emulator: the kill lands while the first is in flight.
    await emulator.setFaults({ rate: 1, kinds: ["latency"], latencyMs: 3000, routes: "/batch$", seed: 5 });
    const child = stack.spawnCli(["up", "--yes", "--skip-preview"]);
    const deadline = Date.now() + 240_000;
    let batches = 0;
    while (Date.now() < deadline && child.exitCode === null && batches === 0) {
      batches = (await emulator.requests()).filter((r) => r.path.endsWith("/batch")).length;
      if (batches === 0) await sleep(50);
    }
    // The emulator logs a request when it arrives? Give it a moment to be surely in flight.
    await sleep(300);
    if (child.exitCode !== null) throw new Error("the up finished before it could be killed");
    process.kill(-child.pid!, "SIGKILL");
    killProcessesOf(stack.workDir);
    await new Promise((resolve) => child.once("exit", resolve));
    await sleep(4000); // the batch in flight completes at the emulator
    await emulator.setFaults(null);
    const recordsAtKill = (await declaredRecords()).length;
    log(`killed the engine during batch ${batches}; the emulator then held ${recordsAtKill} records`);

    await run(["up", "--yes", "--skip-preview"]); // the stack is locked by the dead update
    await run(["cancel", "--yes"]);
    await run(["refresh", "--yes", "--skip-preview"]);
    await run(["up", "--yes", "--skip-preview"]);
    const names = await declaredRecords();
    const final = await run(["preview", "--expect-no-changes"]);
    const exported = await stack.exportState();
    const set = resourcesInState(exported).find((r) => r.name === "zone");
    const managed = Object.keys((set?.outputs?.recordIds as Record<string, unknown>) ?? {}).length;
    const counts = new Map<string, number>();
    for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
    return {
      declared: n,
      batchesAtKill: batches,
      recordsAtKill,
      steps,
      missing: records.map((r) => r.name).filter((name) => !counts.has(name)),
      duplicates: [...counts].filter(([, c]) => c > 1).map(([name]) => name),
      managedInState: managed,
      finalNoChanges: final.code === 0,
    };
  } finally {
    await stack.cleanup();
    await emulator.close();
  }
}
