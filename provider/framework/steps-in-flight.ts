/**
 * The engine's steps this provider process is working on: creates, updates and deletes it was
 * handed and has not answered yet, per kind. The engine hands at most `--parallel` steps at a time
 * and hands no more until one is answered, so when that many are in flight and every one is
 * waiting on something (the zone-record batcher, say), waiting longer cannot bring more work in.
 * The engine does not tell providers its `--parallel` (see {@link engineParallelism}).
 */
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";

const inFlight = new Map<string, number>();
const peak = new Map<string, number>();

/**
 * Counts a step of `kind` from now until the returned function is called (once; later calls do
 * nothing).
 *
 * @example
 * const answered = stepStarted("ZoneRecord");
 * try { return await create(); } finally { answered(); }
 */
export function stepStarted(kind: string): () => void {
  const now = (inFlight.get(kind) ?? 0) + 1;
  inFlight.set(kind, now);
  if (now > (peak.get(kind) ?? 0)) peak.set(kind, now);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    inFlight.set(kind, inFlight.get(kind)! - 1);
  };
}

/** Steps of `kind` handed to this process and not answered yet. */
export function stepsInFlight(kind: string): number {
  return inFlight.get(kind) ?? 0;
}

/** Forgets every count and the engine's parallelism (tests). */
export function resetStepsInFlight(): void {
  inFlight.clear();
  peak.clear();
  cachedParallelism = undefined;
}

/**
 * How many steps the engine runs at once: `PULUMI_PARALLEL` when set, else `--parallel` (`-p`) of
 * the `pulumi` command that started this process (read from its command line where the system
 * shows it, /proc on Linux), else the CLI's default (4 per CPU). Never less than the most steps
 * of any kind seen in flight at once.
 */
export function engineParallelism(): number {
  cachedParallelism ??= parallelismOf(process.env, ancestorCommandLines()) ?? defaultParallelism();
  return Math.max(cachedParallelism, ...peak.values());
}
let cachedParallelism: number | undefined;

/**
 * `--parallel` from the environment or the first `pulumi` command line among `commandLines`
 * (arguments each); undefined when none says.
 *
 * @example
 * parallelismOf({}, [["node", "index.js"], ["/usr/bin/pulumi", "up", "--parallel", "64"]]) // 64
 */
export function parallelismOf(
  env: NodeJS.ProcessEnv,
  commandLines: readonly (readonly string[])[],
): number | undefined {
  const fromEnv = Number(env.PULUMI_PARALLEL);
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  const cli = commandLines.find((args) => /(^|\/)pulumi$/.test(args[0] ?? ""));
  if (!cli) return undefined;
  for (let i = 1; i < cli.length; i++) {
    const arg = cli[i]!;
    const inline = /^(?:--parallel|-p)=?(\d+)$/.exec(arg);
    const value = inline ? inline[1] : arg === "--parallel" || arg === "-p" ? cli[i + 1] : undefined;
    if (value !== undefined && /^\d+$/.test(value) && Number(value) > 0) return Number(value);
  }
  return defaultParallelism();
}

/** The engine's `--parallel` when none is given: 4 per CPU. */
export function defaultParallelism(): number {
  return 4 * availableParallelism();
}

/** Command lines of this process's parent and its ancestors (a few), where /proc shows them. */
function ancestorCommandLines(): string[][] {
  const lines: string[][] = [];
  let pid = process.ppid;
  for (let depth = 0; depth < 4 && pid > 1; depth++) {
    try {
      lines.push(readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean));
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      pid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    } catch {
      break;
    }
  }
  return lines;
}
