/**
 * How the cost of a cycle grows with the records (issue 65): the cycle of bench/lib/cycle.ts
 * (`up`, a no-change `preview`, `refresh`, a TTL change of every record, `destroy`) at N = 100,
 * 300, 1,000, 3,000 and 10,000 A records in one zone, for these programs, the order of the
 * programs turned around every round at each size:
 *
 * - `terraform`: the records under the official Terraform provider and the machine's Terraform
 *   (bench/lib/terraform.ts; left out when either is missing);
 * - `zone_records`: one `ZoneRecords` (the TTL change with `allowMassChange`, as a reviewer sets it);
 * - `per_record`: one `ZoneRecord` per record; `per_record_skip_checkpoints` the same with
 *   `PULUMI_SKIP_CHECKPOINTS=true`;
 * - `python_zone_records`, `python_per_record`: the same two shapes from Python through the
 *   provider plugin (bench/lib/python-plugin.ts);
 *
 * and, once per round at 10,000 records: an account of 50 zones of 200 records, one `ZoneRecords`
 * per zone (`account_zone_records`), against Terraform with the same records (`account_terraform`).
 *
 * The JavaScript programs are the installed generic program (npm pack + npm install, a user's
 * shell: no preload, no compile cache), the engine at its defaults (`--parallel`, checkpoints).
 * A program is left out at a size when its cycle there, extrapolated from its two last sizes
 * (never below linear growth), would pass `--limit` seconds (600), and the output says so;
 * Terraform, the reference of every ratio, is always run: its whole cycle up to
 * `--terraform-cycles-to` records (3,000), beyond that (10,000, and the account's 10,000) its `up`
 * alone. Its engine's CPU grows as the square of the records (3,000: 615 s of cycle, 279 s of CPU
 * in the TTL change alone), so its 10,000-record cycle would take well over an hour; the `up`
 * alone is a measured lower bound of that cycle, and a ratio to it an upper bound of the ratio.
 *
 * Each cycle measured is kept in `.work/bench-cost-growth/progress.json` as soon as it ends:
 * `--resume` takes the cycles measured there (by a run with the same sizes and rounds) instead of
 * measuring them again, so a run cut short goes on where it stopped.
 *
 * Figures: seconds and requests per phase, the state's bytes after `up`, the peak resident memory
 * of the engine and of the provider process; the growth exponent of each program (least squares
 * of log cycle seconds against log N, from 300 to its largest size: 1 is linear); the ratios to
 * Terraform at 1,000 and 10,000 records and of the account. It draws seconds per record against
 * N (log–log) into bench/cost-growth.svg.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/cost-growth.js [--sizes 100,300,...]
 *   [--only name,name] [--rounds R] [--limit seconds] [--terraform-cycles-to N] [--resume] [--no-record]
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import * as path from "node:path";
import { type Declaration, type EmulatorProcess, REPO } from "../test/e2e/reliability-lib";
import {
  type Cycle,
  type CycleTarget,
  type Phase,
  PHASES,
  cycleSeconds,
  genericTarget,
  measureCycle,
  terraformRecords,
  terraformSetup,
  terraformTarget,
} from "./lib/cycle";
import { pulumiCli, pythonPluginAvailable, pythonProject } from "./lib/python-plugin";
import { recordResults } from "./lib/record";

const args = process.argv.slice(2);
const value = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const SIZES = (value("--sizes") ?? "100,300,1000,3000,10000").split(",").map(Number);
const ONLY = value("--only")?.split(",");
const ROUNDS = Number(value("--rounds") ?? 1) || 1;
const LIMIT = Number(value("--limit") ?? 600) || 600;
/** Beyond this many records Terraform runs only its `up`: its cycle grows as the square (see the header). */
const TERRAFORM_CYCLES_TO = Number(value("--terraform-cycles-to") ?? 3000) || 3000;
const RECORD = !args.includes("--no-record");
const RESUME = args.includes("--resume");
const TOKEN = "bench-cost-growth-65";
const ZONE = "cost-growth.com";
const WORK = path.join(REPO, ".work/bench-cost-growth");
const PLOT = "bench/cost-growth.svg";
const PROGRESS = path.join(WORK, "progress.json");
const ACCOUNT = { zones: 50, perZone: 200 };
const accountZone = (i: number | string) => `zone${i}.cost-growth.com`;

const host = (i: number, ttl: number) => ({
  name: `host${i}`,
  type: "A",
  content: `192.0.2.${i % 250}`,
  ttl,
});
const perRecord =
  (n: number) =>
  (ttl: number): Declaration[] =>
    Array.from({ length: n }, (_, i) => ({
      type: "ZoneRecord",
      name: `r${i}`,
      args: { zoneName: ZONE, ...host(i, ttl) },
    }));
const recordSet = (name: string, zone: string, n: number, ttl: number): Declaration => ({
  type: "ZoneRecords",
  name,
  args: {
    zoneName: zone,
    records: Array.from({ length: n }, (_, i) => host(i, ttl)),
    // The TTL change updates every record: a mass change, let through as a reviewer would.
    ...(ttl === 3600 ? {} : { allowMassChange: n }),
  },
});

/** The Python program of a shape: the records and the TTL from stack config (`records`, `ttl`). */
const pythonProgram = (shape: "set" | "per-record") =>
  [
    "import pulumi",
    "import pulumi_dnsimple_dynamic as dnsimple",
    "",
    "config = pulumi.Config()",
    'ttl = config.require_int("ttl")',
    'n = config.require_int("records")',
    ...(shape === "set"
      ? [
          "dnsimple.ZoneRecords(",
          '    "all",',
          `    zone_name="${ZONE}",`,
          '    records=[{"name": f"host{i}", "type": "A", "content": f"192.0.2.{i % 250}", "ttl": ttl} for i in range(n)],',
          "    # The TTL change updates every record: a mass change, let through as a reviewer would.",
          "    allow_mass_change=None if ttl == 3600 else n,",
          ")",
        ]
      : [
          "for i in range(n):",
          "    dnsimple.ZoneRecord(",
          `        f"r{i}", zone_name="${ZONE}", name=f"host{i}", type="A", content=f"192.0.2.{i % 250}", ttl=ttl`,
          "    )",
        ]),
    "",
  ].join("\n");

async function pythonTarget(
  emulator: EmulatorProcess,
  shape: "set" | "per-record",
  n: number,
): Promise<CycleTarget> {
  const label = `bench-cost-growth-python-${shape}`;
  const { workDir, env } = await pythonProject({
    label,
    program: pythonProgram(shape),
    work: WORK,
    baseUrl: emulator.v2Url,
    token: TOKEN,
    config: { ttl: "3600", records: String(n) },
    // A user's shell: neither the test command's preload nor its compile cache (the plugin is Node.js).
    env: { NODE_OPTIONS: "", NODE_COMPILE_CACHE: "" },
  });
  const commands: Record<Phase, string[]> = {
    up: ["up", "--yes", "--skip-preview"],
    preview: ["preview", "--expect-no-changes"],
    refresh: ["refresh", "--yes", "--skip-preview"],
    ttl: ["up", "--yes", "--skip-preview"],
    destroy: ["destroy", "--yes", "--skip-preview"],
  };
  const stateFile = () => {
    const dir = path.join(workDir, "backend/.pulumi/stacks", label);
    return path.join(
      dir,
      readdirSync(dir).find((f) => f.endsWith(".json"))!,
    );
  };
  return {
    workDir,
    async prepare(phase) {
      if (phase === "ttl") await pulumiCli(workDir, env, ["config", "set", "ttl", "600"]);
    },
    run: (phase) => pulumiCli(workDir, env, commands[phase]),
    state() {
      const text = readFileSync(stateFile(), "utf8");
      return {
        bytes: Buffer.byteLength(text),
        resources: (JSON.parse(text).checkpoint?.latest?.resources ?? []).length,
      };
    },
    async cleanup() {
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

interface Program {
  label: string;
  /** The largest size it is run at (besides the time limit). */
  largest?: number;
  available?(): boolean;
  make(emulator: EmulatorProcess, n: number): Promise<CycleTarget>;
}

const tf = () => terraformSetup(WORK, TOKEN);
const PROGRAMS = {
  terraform: {
    label: "Terraform, the official provider (`dnsimple_zone_record` × N)",
    available: () => tf() !== undefined,
    make: (emulator, n) => terraformTarget(emulator, tf()!, terraformRecords(n, ZONE)),
  },
  zone_records: {
    label: "one `ZoneRecords`",
    make: (emulator, n) =>
      genericTarget(emulator, { token: TOKEN, declare: (ttl) => [recordSet("all", ZONE, n, ttl)] }),
  },
  per_record: {
    label: "`ZoneRecord` × N",
    largest: 3000,
    make: (emulator, n) => genericTarget(emulator, { token: TOKEN, declare: perRecord(n) }),
  },
  per_record_skip_checkpoints: {
    label: "`ZoneRecord` × N, `PULUMI_SKIP_CHECKPOINTS=true`",
    largest: 3000,
    make: (emulator, n) =>
      genericTarget(emulator, {
        token: TOKEN,
        declare: perRecord(n),
        env: { PULUMI_SKIP_CHECKPOINTS: "true" },
      }),
  },
  python_zone_records: {
    label: "Python, plugin: one `ZoneRecords`",
    available: pythonPluginAvailable,
    make: (emulator, n) => pythonTarget(emulator, "set", n),
  },
  python_per_record: {
    label: "Python, plugin: `ZoneRecord` × N",
    largest: 3000,
    available: pythonPluginAvailable,
    make: (emulator, n) => pythonTarget(emulator, "per-record", n),
  },
} satisfies Record<string, Program>;
type Name = keyof typeof PROGRAMS;

const ACCOUNT_PROGRAMS = {
  account_terraform: {
    label: `Terraform, ${ACCOUNT.zones} zones × ${ACCOUNT.perZone} records`,
    zones: true,
    make: (emulator: EmulatorProcess) =>
      terraformTarget(
        emulator,
        tf()!,
        terraformRecords(ACCOUNT.zones * ACCOUNT.perZone, { name: accountZone, perZone: ACCOUNT.perZone }),
      ),
  },
  account_zone_records: {
    label: `${ACCOUNT.zones} \`ZoneRecords\` × ${ACCOUNT.perZone} records`,
    zones: true,
    make: (emulator: EmulatorProcess) =>
      genericTarget(emulator, {
        token: TOKEN,
        declare: (ttl) =>
          Array.from({ length: ACCOUNT.zones }, (_, z) =>
            recordSet(`zone${z}`, accountZone(z), ACCOUNT.perZone, ttl),
          ),
      }),
  },
};
type AccountName = keyof typeof ACCOUNT_PROGRAMS;

/** Least squares slope of log y against log x. */
function growthExponent(points: Array<[number, number]>): number | undefined {
  if (points.length < 2) return undefined;
  const xs = points.map(([x]) => Math.log(x));
  const ys = points.map(([, y]) => Math.log(y));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const sxy = xs.reduce((s, x, i) => s + (x - mx) * (ys[i]! - my), 0);
  const sxx = xs.reduce((s, x) => s + (x - mx) ** 2, 0);
  return sxy / sxx;
}

/** Least squares line y = fixed + perUnit·x: a cycle's fixed cost (seconds) and its cost per record. */
function linearFit(points: Array<[number, number]>): { fixed: number; perUnit: number } | undefined {
  if (points.length < 2) return undefined;
  const mx = points.reduce((s, [x]) => s + x, 0) / points.length;
  const my = points.reduce((s, [, y]) => s + y, 0) / points.length;
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  const perUnit = sxy / sxx;
  return { fixed: my - perUnit * mx, perUnit };
}

const COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"];

/** Seconds per record against N, log–log, one line per program (and the account's two points), as SVG text. */
function plot(
  lines: Array<{ label: string; points: Array<[number, number]>; exponent: number | undefined }>,
  marks: Array<{ label: string; point: [number, number] }>,
): string {
  const W = 1040;
  const H = 520;
  const left = 70;
  const right = 560;
  const top = 40;
  const bottom = 460;
  const all = [...lines.flatMap((l) => l.points), ...marks.map((m) => m.point)].map(([n, s]) => [n, s / n]);
  const lx = all.map(([n]) => Math.log10(n!));
  const ly = all.map(([, y]) => Math.log10(y!));
  const x0 = Math.floor(Math.min(...lx));
  const x1 = Math.ceil(Math.max(...lx));
  const y0 = Math.floor(Math.min(...ly));
  const y1 = Math.ceil(Math.max(...ly));
  const X = (n: number) => left + ((Math.log10(n) - x0) / Math.max(x1 - x0, 1)) * (right - left);
  const Y = (y: number) => bottom - ((Math.log10(y) - y0) / Math.max(y1 - y0, 1)) * (bottom - top);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
    `<rect width="${W}" height="${H}" fill="white"/>`,
    `<text x="${left}" y="22" font-size="15">Seconds per record of a cycle (up, preview, refresh, TTL change, destroy) against N, log–log</text>`,
  ];
  for (let d = x0; d <= x1; d++) {
    for (const m of d < x1 ? [1, 2, 3, 5] : [1]) {
      const n = m * 10 ** d;
      const x = X(n).toFixed(1);
      out.push(
        `<line x1="${x}" y1="${top}" x2="${x}" y2="${bottom}" stroke="${m === 1 ? "#bbb" : "#eee"}"/>`,
      );
      out.push(`<text x="${x}" y="${bottom + 16}" text-anchor="middle">${n.toLocaleString("en-US")}</text>`);
    }
  }
  for (let d = y0; d <= y1; d++) {
    for (const m of d < y1 ? [1, 2, 5] : [1]) {
      const y = Y(m * 10 ** d).toFixed(1);
      out.push(
        `<line x1="${left}" y1="${y}" x2="${right}" y2="${y}" stroke="${m === 1 ? "#bbb" : "#eee"}"/>`,
      );
      const label = d >= 0 ? String(m * 10 ** d) : (m * 10 ** d).toFixed(-d);
      out.push(`<text x="${left - 6}" y="${Number(y) + 4}" text-anchor="end">${label}</text>`);
    }
  }
  out.push(`<text x="${(left + right) / 2}" y="${bottom + 36}" text-anchor="middle">records (N)</text>`);
  out.push(
    `<text x="18" y="${(top + bottom) / 2}" text-anchor="middle" transform="rotate(-90 18 ${(top + bottom) / 2})">seconds per record</text>`,
  );
  lines.forEach((line, i) => {
    const color = COLORS[i % COLORS.length];
    const pts = line.points.map(([n, s]) => `${X(n).toFixed(1)},${Y(s / n).toFixed(1)}`);
    out.push(`<polyline points="${pts.join(" ")}" fill="none" stroke="${color}" stroke-width="2"/>`);
    for (const p of pts) {
      const [x, y] = p.split(",");
      out.push(`<circle cx="${x}" cy="${y}" r="3.5" fill="${color}"/>`);
    }
    const ly0 = top + 10 + i * 22;
    out.push(
      `<line x1="${right + 20}" y1="${ly0}" x2="${right + 45}" y2="${ly0}" stroke="${color}" stroke-width="2"/>`,
    );
    const exponent = line.exponent === undefined ? "" : ` (exponent ${line.exponent.toFixed(2)})`;
    out.push(`<text x="${right + 50}" y="${ly0 + 4}">${escapeXml(line.label)}${exponent}</text>`);
  });
  marks.forEach((mark, j) => {
    const color = ["#000", "#777", "#e377c2", "#bcbd22"][j % 4];
    const [n, s] = mark.point;
    const x = X(n);
    const y = Y(s / n);
    out.push(
      `<rect x="${(x - 5).toFixed(1)}" y="${(y - 5).toFixed(1)}" width="10" height="10" fill="none" stroke="${color}" stroke-width="2"/>`,
    );
    const ly0 = top + 10 + (lines.length + j) * 22;
    out.push(
      `<rect x="${right + 27}" y="${ly0 - 5}" width="10" height="10" fill="none" stroke="${color}" stroke-width="2"/>`,
    );
    out.push(`<text x="${right + 50}" y="${ly0 + 4}">${escapeXml(mark.label)}</text>`);
  });
  out.push("</svg>", "");
  return out.join("\n");
}

const escapeXml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/`/g, "");

type Rounds = Cycle[];

/** The cycles measured so far, by `program@N` or account program, with the run's sizes and rounds. */
interface Progress {
  sizes: number[];
  rounds: number;
  cycles: Record<string, Rounds>;
}
function loadProgress(): Progress {
  const fresh: Progress = { sizes: SIZES, rounds: ROUNDS, cycles: {} };
  if (!RESUME || !existsSync(PROGRESS)) return fresh;
  const saved = JSON.parse(readFileSync(PROGRESS, "utf8")) as Progress;
  if (saved.sizes.join() !== SIZES.join() || saved.rounds !== ROUNDS) {
    console.log(
      `--resume: ${PROGRESS} is of another run (sizes ${saved.sizes.join()}, rounds ${saved.rounds}); starting afresh`,
    );
    return fresh;
  }
  console.log(`--resume: ${Object.values(saved.cycles).flat().length} cycles taken from ${PROGRESS}`);
  return saved;
}
function saveProgress(progress: Progress): void {
  mkdirSync(WORK, { recursive: true });
  writeFileSync(PROGRESS, JSON.stringify(progress));
}

async function main(): Promise<void> {
  const load = [loadavg()[0]!];
  const names = (Object.keys(PROGRAMS) as Name[]).filter(
    (name) =>
      (ONLY === undefined || ONLY.includes(name)) && ((PROGRAMS[name] as Program).available?.() ?? true),
  );
  const results = new Map<string, Map<number, Rounds>>(); // program → N → rounds
  const skipped: string[] = [];
  /** The mean of `pick` over `xs` (the rounds of a program, or plain seconds). */
  const mean = <T>(xs: T[], pick: (x: T) => number) => xs.reduce((s, x) => s + pick(x), 0) / xs.length;
  const started = Date.now();
  const progress = loadProgress();
  let resumedCycles = 0;
  /** Terraform's `up` alone, by N, where its whole cycle is not run (`--terraform-cycles-to`). */
  const terraformUpOnly = new Map<number, number[]>();
  const accountTerraformUpOnly: number[] = [];
  /** The cycle of `key` in `round`: taken from the progress file, or measured and kept there. */
  const measuredOrKept = async (key: string, round: number, measure: () => Promise<Cycle>) => {
    const kept = progress.cycles[key]?.[round];
    if (kept !== undefined) {
      resumedCycles++;
      return { cycle: kept, resumed: true };
    }
    const cycle = await measure();
    progress.cycles[key] = [...(progress.cycles[key] ?? []), cycle];
    saveProgress(progress);
    return { cycle, resumed: false };
  };

  for (const n of SIZES) {
    const here = names.filter((name) => {
      const program = PROGRAMS[name] as Program;
      if (program.largest !== undefined && n > program.largest) {
        skipped.push(`${name} at ${n}: beyond its largest size here (${program.largest})`);
        return false;
      }
      const measured = [...(results.get(name)?.entries() ?? [])].map(
        ([size, rounds]) => [size, mean(rounds, cycleSeconds)] as [number, number],
      );
      if (measured.length > 0) {
        const last = measured.at(-1)!;
        const before = measured.at(-2);
        const slope = before ? Math.max(1, Math.log(last[1] / before[1]) / Math.log(last[0] / before[0])) : 1;
        const predicted = last[1] * (n / last[0]) ** slope;
        if (predicted > LIMIT && name !== "terraform") {
          skipped.push(
            `${name} at ${n}: its cycle would take about ${Math.round(predicted)} s ` +
              `(${last[1].toFixed(0)} s at ${last[0]}, growth ${slope.toFixed(2)}), over the limit of ${LIMIT} s`,
          );
          return false;
        }
      }
      return true;
    });
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? here : [...here].reverse();
      for (const name of order) {
        if (name === "terraform" && n > TERRAFORM_CYCLES_TO) {
          const { cycle } = await measuredOrKept(`terraform_up_only@${n}`, round, () =>
            measureCycle({
              token: TOKEN,
              zones: [ZONE],
              make: (emulator) => PROGRAMS.terraform.make(emulator, n),
              phases: ["up"],
            }),
          );
          terraformUpOnly.set(n, [...(terraformUpOnly.get(n) ?? []), cycle.up.seconds]);
          console.log(`N=${n} round ${round + 1} terraform, up alone: ${cycle.up.seconds.toFixed(1)} s`);
          continue;
        }
        const { cycle, resumed } = await measuredOrKept(`${name}@${n}`, round, () =>
          measureCycle({
            token: TOKEN,
            zones: [ZONE],
            make: (emulator) => (PROGRAMS[name] as Program).make(emulator, n),
          }),
        );
        if (!results.has(name)) results.set(name, new Map());
        const byN = results.get(name)!;
        byN.set(n, [...(byN.get(n) ?? []), cycle]);
        const line = PHASES.map((p) => `${p} ${cycle[p].seconds.toFixed(1)}`).join(", ");
        console.log(
          `N=${n} round ${round + 1} ${name}: ${cycleSeconds(cycle).toFixed(1)} s (${line}); ` +
            `peak RSS engine ${peak(cycle, "engine").toFixed(0)} MiB, provider ${peak(cycle, "provider").toFixed(0)} MiB ` +
            `[${((Date.now() - started) / 60000).toFixed(1)} min${resumed ? ", from --resume" : ""}]`,
        );
      }
    }
  }

  const accountNames = (Object.keys(ACCOUNT_PROGRAMS) as AccountName[]).filter(
    (name) =>
      (ONLY === undefined || ONLY.includes("account") || ONLY.includes(name)) &&
      (name !== "account_terraform" || tf() !== undefined),
  );
  const account = new Map<AccountName, Rounds>();
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? accountNames : [...accountNames].reverse();
    for (const name of order) {
      const upOnly = name === "account_terraform" && ACCOUNT.zones * ACCOUNT.perZone > TERRAFORM_CYCLES_TO;
      const { cycle } = await measuredOrKept(upOnly ? "account_terraform_up_only" : name, round, () =>
        measureCycle({
          token: TOKEN,
          zones: Array.from({ length: ACCOUNT.zones }, (_, z) => accountZone(z)),
          make: ACCOUNT_PROGRAMS[name].make,
          ...(upOnly ? { phases: ["up"] as const } : {}),
        }),
      );
      if (upOnly) {
        accountTerraformUpOnly.push(cycle.up.seconds);
        console.log(`account round ${round + 1} ${name}, up alone: ${cycle.up.seconds.toFixed(1)} s`);
        continue;
      }
      account.set(name, [...(account.get(name) ?? []), cycle]);
      const line = PHASES.map((p) => `${p} ${cycle[p].seconds.toFixed(1)}`).join(", ");
      console.log(`account round ${round + 1} ${name}: ${cycleSeconds(cycle).toFixed(1)} s (${line})`);
    }
  }
  load.push(loadavg()[0]!);

  // Figures.
  const round3 = (x: number) => Number(x.toFixed(3));
  const figures: Record<string, number | string> = { cost_growth_rounds: ROUNDS };
  const cycleOf = (name: string, n: number) => {
    const rounds = results.get(name)?.get(n);
    return rounds ? mean(rounds, cycleSeconds) : undefined;
  };
  const exponents: Partial<Record<Name, number>> = {};
  const fits: Partial<Record<Name, { fixed: number; perUnit: number }>> = {};
  for (const name of names) {
    const byN = results.get(name);
    if (!byN) continue;
    for (const [n, rounds] of byN) {
      figures[`cost_growth_${name}_${n}_cycle_seconds`] = Number(mean(rounds, cycleSeconds).toFixed(2));
      figures[`cost_growth_${name}_${n}_state_bytes`] = Math.round(mean(rounds, (c) => c.up.stateBytes ?? 0));
    }
    const points = [...byN.entries()]
      .filter(([n]) => n >= 300)
      .map(([n, rounds]) => [n, mean(rounds, cycleSeconds)] as [number, number]);
    const exponent = growthExponent(points);
    if (exponent !== undefined) {
      exponents[name] = exponent;
      figures[`${name}_growth_exponent`] = round3(exponent);
    }
    const fit = linearFit(
      [...byN.entries()].map(([n, rounds]) => [n, mean(rounds, cycleSeconds)] as [number, number]),
    );
    // A line fits only what grows at most linearly: a square's "fixed cost" would be negative.
    if (fit && exponent !== undefined && exponent <= 1.1) {
      fits[name] = fit;
      figures[`cost_growth_${name}_fixed_seconds`] = Number(fit.fixed.toFixed(2));
      figures[`cost_growth_${name}_ms_per_record`] = Number((fit.perUnit * 1000).toFixed(3));
    }
    const largest = Math.max(...byN.keys());
    figures[`cost_growth_${name}_${largest}_state_bytes_per_record`] = Math.round(
      mean(byN.get(largest)!, (c) => c.up.stateBytes ?? 0) / largest,
    );
  }
  const meanOf = (xs: number[]) => mean(xs, (x) => x);
  const UP_ALONE = "Terraform's up alone (its whole cycle takes longer: the ratio is at most this)";
  for (const [n, ups] of terraformUpOnly)
    figures[`cost_growth_terraform_up_only_${n}_seconds`] = Number(meanOf(ups).toFixed(2));
  for (const n of [1000, 10000]) {
    const a = cycleOf("zone_records", n);
    const b = cycleOf("terraform", n);
    const upAlone = terraformUpOnly.get(n);
    if (a !== undefined && b !== undefined) figures[`zone_records_${n}_cycle_vs_terraform`] = round3(a / b);
    else if (a !== undefined && upAlone !== undefined) {
      figures[`zone_records_${n}_cycle_vs_terraform`] = round3(a / meanOf(upAlone));
      figures[`zone_records_${n}_cycle_vs_terraform_basis`] = UP_ALONE;
    }
  }
  const largestSet = Math.max(...[...(results.get("zone_records")?.keys() ?? [0])]);
  const setRounds = results.get("zone_records")?.get(largestSet);
  if (setRounds) {
    figures[`zone_records_${largestSet}_engine_peak_rss_mib`] = Math.round(
      Math.max(...setRounds.map((c) => peak(c, "engine"))),
    );
    figures[`zone_records_${largestSet}_provider_peak_rss_mib`] = Math.round(
      Math.max(...setRounds.map((c) => peak(c, "provider"))),
    );
  }
  const accountCycle = (name: AccountName) => {
    const rounds = account.get(name);
    return rounds ? mean(rounds, cycleSeconds) : undefined;
  };
  if (accountCycle("account_zone_records") !== undefined && accountCycle("account_terraform") !== undefined)
    figures.account_50_zones_cycle_vs_terraform = round3(
      accountCycle("account_zone_records")! / accountCycle("account_terraform")!,
    );
  else if (accountCycle("account_zone_records") !== undefined && accountTerraformUpOnly.length > 0) {
    figures.cost_growth_account_terraform_up_only_seconds = Number(meanOf(accountTerraformUpOnly).toFixed(2));
    figures.account_50_zones_cycle_vs_terraform = round3(
      accountCycle("account_zone_records")! / meanOf(accountTerraformUpOnly),
    );
    figures.account_50_zones_cycle_vs_terraform_basis = UP_ALONE;
  }

  // The picture.
  const lines = names
    .filter((name) => results.has(name))
    .map((name) => ({
      label: name,
      points: [...results.get(name)!.entries()].map(
        ([n, rounds]) => [n, mean(rounds, cycleSeconds)] as [number, number],
      ),
      exponent: exponents[name],
    }));
  const marks = [
    ...accountNames
      .filter((name) => account.has(name))
      .map((name) => ({
        label: `${name} (${ACCOUNT.zones} zones × ${ACCOUNT.perZone})`,
        point: [ACCOUNT.zones * ACCOUNT.perZone, accountCycle(name)!] as [number, number],
      })),
    ...(accountTerraformUpOnly.length > 0
      ? [
          {
            label: `account_terraform, up alone (${ACCOUNT.zones} zones × ${ACCOUNT.perZone}; below its cycle)`,
            point: [ACCOUNT.zones * ACCOUNT.perZone, meanOf(accountTerraformUpOnly)] as [number, number],
          },
        ]
      : []),
    ...[...terraformUpOnly].map(([n, ups]) => ({
      label: `terraform, up alone at ${n.toLocaleString("en-US")} (below its cycle)`,
      point: [n, meanOf(ups)] as [number, number],
    })),
  ];
  if (lines.length > 0) {
    writeFileSync(path.join(REPO, PLOT), plot(lines, marks));
    figures.growth_plot = PLOT;
  }
  console.log(figures);
  if (skipped.length > 0) console.log(`Left out:\n${skipped.map((s) => `- ${s}`).join("\n")}`);
  if (!RECORD) return;

  // The tables.
  const rows = (label: string, n: number | string, rounds: Rounds) => {
    const phase = (p: Phase) =>
      `${mean(rounds, (c) => c[p].seconds).toFixed(1)} (${Math.round(mean(rounds, (c) => c[p].requests))})`;
    const kib = mean(rounds, (c) => c.up.stateBytes ?? 0) / 1024;
    return (
      `| ${label} | ${typeof n === "number" ? n.toLocaleString("en-US") : n} | ${PHASES.map(phase).join(" | ")} | ` +
      `**${mean(rounds, cycleSeconds).toFixed(1)}** | ${((mean(rounds, cycleSeconds) / (typeof n === "number" ? n : ACCOUNT.zones * ACCOUNT.perZone)) * 1000).toFixed(1)} | ` +
      `${kib >= 1024 ? `${(kib / 1024).toFixed(1)} MiB` : `${kib.toFixed(0)} KiB`} | ` +
      `${Math.max(...rounds.map((c) => peak(c, "engine"))).toFixed(0)} | ${Math.max(...rounds.map((c) => peak(c, "provider"))).toFixed(0)} |`
    );
  };
  const table = [
    `| program | N | ${PHASES.map((p) => `${p} s (requests)`).join(" | ")} | cycle s | ms per record | state after up | engine MiB | provider MiB |`,
    `|---|---|${PHASES.map(() => "---|").join("")}---|---|---|---|---|`,
    ...names.flatMap((name) =>
      [...(results.get(name)?.entries() ?? [])].map(([n, rounds]) => rows(name, n, rounds)),
    ),
    ...accountNames
      .filter((name) => account.has(name))
      .map((name) => rows(name, `${ACCOUNT.zones} × ${ACCOUNT.perZone}`, account.get(name)!)),
  ];
  const ratioRows = SIZES.filter((n) => cycleOf("terraform", n) !== undefined).map(
    (n) =>
      `| ${n.toLocaleString("en-US")} | ` +
      names
        .filter((name) => name !== "terraform")
        .map((name) => {
          const c = cycleOf(name, n);
          return c === undefined ? "–" : (c / cycleOf("terraform", n)!).toFixed(2);
        })
        .join(" | ") +
      " |",
  );
  const setup = tf();
  recordResults("cost-growth", figures, {
    title: "How a cycle's cost grows with the records: 100 to 10,000, against Terraform",
    command:
      "npx tsc -p tsconfig.build.json && node dist/bench/cost-growth.js" +
      (ROUNDS === 1 ? "" : ` --rounds ${ROUNDS}`) +
      (value("--sizes") ? ` --sizes ${value("--sizes")}` : ""),
    body: [
      `A cycle (\`up\`, a no-change \`preview\`, \`refresh\`, a TTL change of every record, \`destroy\`) of N A records in one ` +
        `zone, a fresh emulator per cycle, ${ROUNDS} round${ROUNDS === 1 ? "" : "s"} (the order of the programs turned ` +
        "around every round). The JavaScript programs are the installed generic program in a user's shell (npm pack + " +
        "npm install, no preload, no compile cache), the engine at its defaults; the Python ones run the pip-installed " +
        "SDK through the provider plugin." +
        (setup
          ? ` Terraform: ${setup.version}, its defaults (\`-parallelism\` 10), through bench/lib/terraform.ts's proxy.`
          : ""),
      "",
      `![seconds per record against N](cost-growth.svg)`,
      "",
      "Seconds (API requests) per phase, means over the rounds; the state after `up`; the largest peak resident memory " +
        "(VmHWM) of the engine (`pulumi`, or `terraform`) and of one provider process over the cycle:",
      "",
      ...table,
      "",
      "Cycle time ÷ Terraform's at the same N:",
      "",
      `| N | ${names.filter((name) => name !== "terraform").join(" | ")} |`,
      `|---|${names
        .filter((name) => name !== "terraform")
        .map(() => "---|")
        .join("")}`,
      ...ratioRows,
      "",
      "Growth exponents (least squares of log cycle seconds against log N, 300 to each program's largest size; 1 is " +
        "linear): " +
        Object.entries(exponents)
          .map(([name, e]) => `${name} ${e!.toFixed(2)}`)
          .join(", ") +
        ".",
      "",
      "A cycle's fixed cost and its cost per record, for the programs that grow at most linearly (least squares " +
        "line of cycle seconds against N, every size measured): " +
        Object.entries(fits)
          .map(([name, f]) => `${name} ${f!.fixed.toFixed(1)} s + ${(f!.perUnit * 1000).toFixed(2)} ms × N`)
          .join(", ") +
        ". A record set's cycle is its fixed cost (five commands: the engine, the program and the provider " +
        "starting) up to thousands of records; a per-record program's cost per record grows with N.",
      "",
      ...(terraformUpOnly.size > 0 || accountTerraformUpOnly.length > 0
        ? [
            `Terraform beyond ${TERRAFORM_CYCLES_TO.toLocaleString("en-US")} records ran its \`up\` alone: its engine's CPU ` +
              "grows as the square of the records (the TTL change and the destroy most), so its whole cycle there would " +
              "take well over an hour. Its `up` is a measured lower bound of its cycle, so a ratio to it is an upper bound " +
              "of the true ratio: " +
              [
                ...[...terraformUpOnly].map(
                  ([n, ups]) => `${n.toLocaleString("en-US")} records, \`up\` ${meanOf(ups).toFixed(1)} s`,
                ),
                ...(accountTerraformUpOnly.length > 0
                  ? [`the account, \`up\` ${meanOf(accountTerraformUpOnly).toFixed(1)} s`]
                  : []),
              ].join("; ") +
              ".",
            "",
          ]
        : []),
      ...(skipped.length > 0 ? ["Left out:", "", ...skipped.map((s) => `- ${s}`), ""] : []),
      resumedCycles > 0
        ? `${resumedCycles} of the cycles were measured by an earlier run of the same command, cut short and ` +
          "continued with `--resume` (nothing measured twice); the machine (2 cores) was shared with other work " +
          "while they ran: read the ratios rather than the seconds."
        : `The machine (2 cores) was shared with other work: load average ${load[0]!.toFixed(1)} at the start, ` +
          `${load[1]!.toFixed(1)} at the end; read the ratios, measured in one run, rather than the seconds.`,
      "",
      ...Object.entries(figures)
        .filter(([k]) => !k.startsWith("cost_growth_"))
        .map(([k, v]) => `- \`${k}\` = ${v}`),
    ].join("\n"),
  });
}

function peak(cycle: Cycle, role: "engine" | "provider"): number {
  return Math.max(...PHASES.map((p) => cycle[p].peakRssMiB[role] ?? 0));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
