/**
 * Where the CPU time of a Pulumi run goes, process by process: samples `/proc` while the run goes
 * on and keeps each process's last user + system time. Processes belong to the run when their
 * environment names the stack's folder (the engine passes it down to every process it starts) or
 * when they are one of the extra pids given (the emulator, counted from when sampling starts).
 * Linux only: elsewhere it reports nothing.
 *
 * @example
 * const cpu = new ProcessCpuSampler(stack.workDir, [emulator.child.pid!]);
 * await stack.cli(["up", "--yes"]);
 * const byRole = cpu.stop(); // { engine: 5210, program: 2100, provider: 1500, emulator: 300, ... }
 */
import { readFileSync, readdirSync } from "node:fs";

/** The kinds of process a run is made of. */
export type ProcessRole = "engine" | "language host" | "program" | "provider" | "emulator" | "other";

const ROLES: Array<[RegExp, ProcessRole]> = [
  [/dynamic-provider/, "provider"],
  // The provider plugin (other languages): its bash entry, then Node.js on the built plugin.
  [/pulumi-resource-dnsimple-dynamic|provider[/\\]plugin[/\\]main\.js/, "provider"],
  [/pulumi-language-/, "language host"],
  // The official Terraform provider under Terraform (bench/cycle-costs.ts): its plugin, its engine.
  [/terraform-provider-dnsimple/, "provider"],
  [/(^|[/\\])terraform(\0|$)/, "engine"],
  [/pulumi-language-nodejs/, "language host"],
  [/cmd[/\\]run/, "program"],
  [/emulator[/\\]cli\.js/, "emulator"],
  [/(^|[/\\])pulumi(\0|$)/, "engine"],
];

function roleOf(cmdline: string): ProcessRole {
  for (const [pattern, role] of ROLES) if (pattern.test(cmdline)) return role;
  return "other";
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

export class ProcessCpuSampler {
  private readonly seen = new Map<
    number,
    { role: ProcessRole; cpuMs: number; startMs: number; peakRssKiB: number }
  >();
  private firstSample = true;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly workDir: string,
    private readonly extraPids: number[] = [],
    intervalMs = 50,
  ) {
    this.sample();
    this.firstSample = false;
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  private sample(): void {
    let pids: string[];
    try {
      pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
    } catch {
      return;
    }
    for (const name of pids) {
      const pid = Number(name);
      try {
        const known = this.seen.get(pid);
        if (!known) {
          const environ = readFileSync(`/proc/${pid}/environ`, "latin1");
          if (!this.extraPids.includes(pid) && !environ.includes(this.workDir)) continue;
        }
        const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const cpuMs = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
        const role = known?.role ?? roleOf(readFileSync(`/proc/${pid}/cmdline`, "latin1"));
        // A process already running when sampling starts (the emulator) counts from then on.
        const startMs = known?.startMs ?? (this.firstSample ? cpuMs : 0);
        // The kernel's own peak of the resident set (VmHWM): nothing between samples is missed.
        const hwm = /^VmHWM:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "latin1"));
        const peakRssKiB = Math.max(Number(hwm?.[1] ?? 0), known?.peakRssKiB ?? 0);
        this.seen.set(pid, { role, cpuMs: Math.max(cpuMs, known?.cpuMs ?? 0), startMs, peakRssKiB });
      } catch {
        // gone, or not ours to read
      }
    }
  }

  /** Stops sampling; CPU milliseconds by role (a process that lived less than a sample is missed). */
  stop(): Record<ProcessRole, number> {
    clearInterval(this.timer);
    this.sample();
    const totals = zeroByRole();
    for (const { role, cpuMs, startMs } of this.seen.values()) totals[role] += cpuMs - startMs;
    return totals;
  }

  /**
   * The largest peak resident set (VmHWM) of one process of each role, MiB, over what was
   * sampled (call after `stop`). A process already running when sampling began (the emulator)
   * reports its peak since it started.
   */
  peakRssMiB(): Record<ProcessRole, number> {
    const peaks = zeroByRole();
    for (const { role, peakRssKiB } of this.seen.values())
      peaks[role] = Math.max(peaks[role], peakRssKiB / 1024);
    return peaks;
  }
}

function zeroByRole(): Record<ProcessRole, number> {
  return { engine: 0, "language host": 0, program: 0, provider: 0, emulator: 0, other: 0 };
}
