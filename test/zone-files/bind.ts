/**
 * BIND as the oracle of our zone files: `named-compilezone` writes any zone file it loads in a
 * canonical form (one record per line, names in full), so two files hold the same records when
 * their canonical forms hold the same lines; `named-checkzone` says whether BIND would serve a file.
 * Used by `zone-files-bind.test.ts` and `bench/zone-files.ts`. The test command's bootstrap installs
 * Debian's `bind9-utils`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { parseZoneFile } from "../../provider/dns/zone-file/parse";
import {
  entryRecord,
  writeEntries,
  writeZoneFile,
  zoneFileRecords,
  type ServiceRecord,
} from "../../provider/dns/zone-file/records";

/** Whether BIND's tools are on this machine. */
export function bindAvailable(): boolean {
  return spawnSync("named-compilezone", ["-v"], { stdio: "ignore" }).status === 0;
}

/** A line of BIND's output with its blanks outside quotes made single spaces. */
function normalizedLine(line: string): string {
  let out = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "\\" && quoted) {
      out += line.slice(i, i + 2);
      i++;
    } else if (c === '"') {
      quoted = !quoted;
      out += c;
    } else if (!quoted && (c === " " || c === "\t")) {
      if (!out.endsWith(" ")) out += " ";
    } else out += c;
  }
  return out.trim();
}

function withFile<T>(text: string, use: (file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), "zone-"));
  try {
    const file = path.join(dir, "zone");
    writeFileSync(file, text);
    return use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The records of a zone file as BIND reads them: its canonical lines, sorted. No integrity checks
 * (a test zone need not be servable to be read); throws with BIND's message when it cannot load.
 */
export function bindRecords(origin: string, text: string): string[] {
  return withFile(text, (file) => {
    const run = spawnSync(
      "named-compilezone",
      ["-i", "none", "-k", "ignore", "-n", "ignore", "-s", "full", "-o", "-", origin, file],
      { encoding: "utf8" },
    );
    if (run.status !== 0) throw new Error(`named-compilezone cannot load it: ${run.stderr}${run.stdout}`);
    return run.stdout
      .split("\n")
      .filter((l) => l.trim() !== "" && !l.startsWith(";") && !/^(zone|dump zone) /.test(l) && l !== "OK")
      .map(normalizedLine)
      .sort();
  });
}

/** `named-checkzone`'s verdict on a zone file: passed, and what it printed. */
export function checkZone(origin: string, text: string): { ok: boolean; output: string } {
  return withFile(text, (file) => {
    const run = spawnSync("named-checkzone", [origin, file], { encoding: "utf8" });
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}`.trim() };
  });
}

/** Lines of `a` not in `b` (as multisets). */
function missing(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const l of b) left.set(l, (left.get(l) ?? 0) + 1);
  const out: string[] = [];
  for (const l of a) {
    const n = left.get(l) ?? 0;
    if (n > 0) left.set(l, n - 1);
    else out.push(l);
  }
  return out;
}

export interface Comparison {
  /** Records BIND reads from the file. */
  readonly bindRecords: number;
  /** Records our parser reads, and how many of them BIND finds the same. */
  readonly parsedRecords: number;
  readonly parsedEqual: number;
  /** Records the service can hold (our reading as the service's records), and how many of those,
   * written back out, BIND finds the same as in the file. */
  readonly serviceRecords: number;
  readonly serviceEqual: number;
  /** What the service's rules refuse, by line (types it does not hold, values it refuses). */
  readonly refused: ReadonlyArray<{ line: number; message: string }>;
  /** The file we write from the service's records passes `named-checkzone`. */
  readonly writtenChecks: { ok: boolean; output: string };
  /** Differences, for the failure message. */
  readonly differences: string[];
}

/** A real zone file read by us and by BIND, both ways (see the module comment). */
export function compareWithBind(origin: string, text: string): Comparison {
  const expected = bindRecords(origin, text);
  const parsed = parseZoneFile(text, { origin });
  const ours = bindRecords(origin, writeEntries(parsed.entries));
  const parseMissing = missing(expected, ours);
  const parseExtra = missing(ours, expected);

  const read = zoneFileRecords(text, { zone: origin });
  const apex: ServiceRecord[] = read.skipped.flatMap((e) => {
    const r = entryRecord(e, origin);
    return typeof r === "string" ? [] : [r];
  });
  const written = writeZoneFile(origin, [...apex, ...read.records.map((r) => r.record)]);
  const writtenRecords = bindRecords(origin, written);
  // What the service holds is the file without what its rules refused.
  const refusedLines = new Set(read.problems.map((p) => p.line));
  const held = parsed.entries.filter((e) => !refusedLines.has(e.line));
  const heldExpected = bindRecords(origin, writeEntries(held));
  const serviceMissing = missing(heldExpected, writtenRecords);
  const serviceExtra = missing(writtenRecords, heldExpected);
  return {
    bindRecords: expected.length,
    parsedRecords: parsed.entries.length,
    parsedEqual: ours.length - parseExtra.length,
    serviceRecords: heldExpected.length,
    serviceEqual: heldExpected.length - serviceMissing.length,
    refused: read.problems,
    writtenChecks: checkZone(origin, written),
    differences: [
      ...parseMissing.map((l) => `BIND reads, we do not: ${l}`),
      ...parseExtra.map((l) => `we read, BIND does not: ${l}`),
      ...serviceMissing.map((l) => `lost writing the service's records: ${l}`),
      ...serviceExtra.map((l) => `added writing the service's records: ${l}`),
    ],
  };
}

/** The real zone files of `test/zone-files/real` (SOURCES.md says where each comes from). */
export function realZoneFiles(): Array<{ file: string; origin: string; text: string }> {
  // From the sources (jest) or from dist/ (the benchmark): the files stay in the checkout.
  const dir = [path.join(__dirname, "real"), path.resolve(__dirname, "../../../test/zone-files/real")].find(
    (d) => existsSync(path.join(d, "origins.json")),
  )!;
  const origins = JSON.parse(readFileSync(path.join(dir, "origins.json"), "utf8")) as Record<string, string>;
  return Object.entries(origins).map(([file, origin]) => ({
    file,
    origin,
    text: readFileSync(path.join(dir, file), "utf8"),
  }));
}
