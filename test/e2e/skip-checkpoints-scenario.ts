/**
 * `PULUMI_SKIP_CHECKPOINTS=true` killed midway (issue 58), shared by
 * test/e2e/skip-checkpoints.long.ts and bench/skip-checkpoints.ts: with the switch on, the engine
 * saves the state once, at the end, so a run killed with SIGKILL leaves every object it made in
 * the service and none in the state. The create journal is the only proof of what that run made;
 * the next `up` must take over exactly those objects (no duplicate, no `adopt` asked for), never a
 * hand-made record, even one identical to a declared one, and `destroy` must then leave nothing of
 * the stack's.
 */
import { journalDir, listCreates } from "../../provider/framework/create-journal";
import {
  createStack,
  killProcessesOf,
  resourcesInState,
  sleep,
  spawnEmulator,
  type Declaration,
} from "./reliability-lib";

const TOKEN = "skip-checkpoints-token-58";
const ZONE = "skip-checkpoints.com";

export interface KillRecoveryRun {
  declared: number;
  /** Creating requests the emulator had seen when the engine and the provider were killed. */
  postsAtKill: number;
  /** Declared records the service held after the kill, and resources the state held. */
  recordsAtKill: number;
  inStateAtKill: number;
  /** Entries of the create journal right after the kill (what `unrecorded-creates` lists). */
  journalAtKill: number;
  /** Whether the next `up` found the stack locked (and `pulumi cancel` was run first). */
  cancelNeeded: boolean;
  /** The recovery `up`: exit code, seconds, and how often its output asks for `adopt: true`. */
  recoveryExit: number;
  recoverySeconds: number;
  adoptDemanded: number;
  /** After the recovery `up`: declared names with more than one record of the stack's, or none. */
  duplicates: string[];
  missing: string[];
  /** Records of the stack's (not hand-made) that nobody declared. */
  extra: string[];
  inState: number;
  /** `preview --expect-no-changes` right after the recovery. */
  recoveryNoChanges: boolean;
  /** Hand-made records (some identical to declared ones) deleted or changed, after up and destroy. */
  handMadeTouched: string[];
  /** Records other than the hand-made ones left after `destroy`. */
  leftAfterDestroy: number;
  destroyExit: number;
}

/** A small seeded generator (mulberry32), so a run's kill points can be named and repeated. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` `ZoneRecord`s in one zone: `host<i>` A 192.0.2.<i mod 250>. */
export function perRecordProgram(n: number, ttl = 3600): Declaration[] {
  return Array.from({ length: n }, (_, i) => ({
    type: "ZoneRecord",
    name: `r${i}`,
    args: { zoneName: ZONE, name: `host${i}`, type: "A", content: `192.0.2.${i % 250}`, ttl },
  }));
}

interface ApiRecord {
  id: number;
  name: string;
  type: string;
  content: string;
  ttl: number;
  system_record: boolean;
}

/**
 * One run: seeds the zone and hand-made records (a fifth of them identical to declared records),
 * starts `up` of `n` records with the switch on (some creates slowed so that answers are in flight),
 * kills the engine's process group and the provider with SIGKILL once the emulator has seen
 * `killAfter` creating requests, then `up` again with the switch on (after `pulumi cancel` if the
 * dead run left the stack locked), checks the service, previews, destroys and checks again.
 */
export async function runKillRecovery(
  n: number,
  killAfter: number,
  log: (line: string) => void = () => undefined,
): Promise<KillRecoveryRun> {
  const emulator = await spawnEmulator({ token: TOKEN });
  const stack = await createStack({
    program: "generic",
    baseUrl: emulator.v2Url,
    token: TOKEN,
    tokenIn: "env",
    account: 1,
    env: { PULUMI_SKIP_CHECKPOINTS: "true" },
  });
  const records = async (): Promise<ApiRecord[]> =>
    ((await emulator.api.list(`/1/zones/${ZONE}/records`)) as ApiRecord[]).filter((r) => !r.system_record);
  try {
    await emulator.admin.call("POST", "/seed", { domains: [{ account: 1, name: ZONE }] });
    // Hand-made: ten records, five identical to declared ones (a take-over by likeness would take
    // them), five beside them. Made before the run starts, so no create of the run can claim them.
    const identical = [0, 1, 2, 3, 4].map((k) => Math.floor((k * n) / 5) + 1);
    const handInputs = [
      ...identical.map((i) => ({ name: `host${i}`, type: "A", content: `192.0.2.${i % 250}`, ttl: 3600 })),
      ...[0, 1, 2, 3, 4].map((k) => ({
        name: `hand${k}`,
        type: "TXT",
        content: `made by hand ${k}`,
        ttl: 300,
      })),
    ];
    for (const input of handInputs) await emulator.api.post(`/1/zones/${ZONE}/records`, input);
    const handMade = new Map((await records()).map((r) => [r.id, r] as const));
    await sleep(1100); // the service's clock counts seconds: the run starts in a later one
    const touchedHandMade = async () => {
      const now = new Map((await records()).map((r) => [r.id, r] as const));
      return [...handMade.values()]
        .filter((r) => {
          const after = now.get(r.id);
          return !after || after.content !== r.content || after.ttl !== r.ttl || after.name !== r.name;
        })
        .map((r) => `${r.id} ${r.name}`);
    };
    const ours = async () => (await records()).filter((r) => !handMade.has(r.id));

    await stack.declare(perRecordProgram(n));
    // A third of the creates take 400 ms at the emulator, so the kill finds answers in flight.
    await emulator.setFaults({
      rate: 0.33,
      kinds: ["latency"],
      latencyMs: 400,
      routes: "^POST ",
      seed: killAfter,
    });
    await emulator.clearRequests();
    const child = stack.spawnCli(["up", "--yes", "--skip-preview"]);
    let posts = 0;
    const deadline = Date.now() + 300_000;
    while (Date.now() < deadline && child.exitCode === null) {
      posts = (await emulator.requests()).filter((r) => r.method === "POST").length;
      if (posts >= killAfter) break;
      await sleep(25);
    }
    if (child.exitCode !== null) throw new Error("the up finished before it could be killed");
    process.kill(-child.pid!, "SIGKILL");
    killProcessesOf(stack.workDir); // the dynamic provider runs in a process group of its own
    await new Promise((resolve) => child.once("exit", resolve));
    await sleep(1000); // the creates in flight complete at the emulator, their answers lost
    await emulator.setFaults(null);
    const recordsAtKill = (await ours()).length;
    const inStateAtKill = resourcesInState(await stack.exportState()).length;
    const journalAtKill = listCreates(journalDir(stack.env)).length;
    log(
      `killed after ${posts} creates: the service held ${recordsAtKill} records, the state ${inStateAtKill}, the journal ${journalAtKill}`,
    );

    let started = Date.now();
    let up = await stack.cli(["up", "--yes", "--skip-preview"], { allowFailure: true });
    const cancelNeeded = up.code !== 0 && /locked/i.test(up.text);
    if (cancelNeeded) {
      await stack.cli(["cancel", "--yes"], { allowFailure: true });
      started = Date.now();
      up = await stack.cli(["up", "--yes", "--skip-preview"], { allowFailure: true });
    }
    const recoverySeconds = (Date.now() - started) / 1000;
    log(
      `recovery up: exit ${up.code} in ${recoverySeconds.toFixed(1)} s${cancelNeeded ? " (after pulumi cancel)" : ""}`,
    );
    if (up.code !== 0) log(up.text.slice(-3000));
    const after = await ours();
    const count = new Map<string, number>();
    for (const r of after) count.set(r.name, (count.get(r.name) ?? 0) + 1);
    const declaredNames = perRecordProgram(n).map((d) => String(d.args.name));
    const preview = await stack.cli(["preview", "--expect-no-changes"], { allowFailure: true });
    const inState = resourcesInState(await stack.exportState()).length;
    const touchedAfterUp = await touchedHandMade();
    const destroy = await stack.cli(["destroy", "--yes", "--skip-preview"], { allowFailure: true });
    const left = await ours();
    const touched = [...new Set([...touchedAfterUp, ...(await touchedHandMade())])];
    return {
      declared: n,
      postsAtKill: posts,
      recordsAtKill,
      inStateAtKill,
      journalAtKill,
      cancelNeeded,
      recoveryExit: up.code,
      recoverySeconds,
      adoptDemanded: (up.text.match(/adopt: true/g) ?? []).length,
      duplicates: declaredNames.filter((name) => (count.get(name) ?? 0) > 1),
      missing: declaredNames.filter((name) => !count.has(name)),
      extra: [...count.keys()].filter((name) => !declaredNames.includes(name)),
      inState,
      recoveryNoChanges: preview.code === 0,
      handMadeTouched: touched,
      leftAfterDestroy: left.length,
      destroyExit: destroy.code,
    };
  } finally {
    await stack.cleanup();
    await emulator.close();
  }
}
