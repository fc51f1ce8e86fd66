/**
 * Mutation testing of the code that decides what happens to users' objects: Stryker (jest runner,
 * TypeScript checker) over the unit tests beside the code, never the integration or e2e suites.
 * It is slow (minutes per group on two shared cores), so it is not part of the test command.
 *
 * Groups, run one after the other and combined:
 * - `client`: provider/client errors, retry, pagination, path, created-since, and transport's
 *   decision helpers (which error code, sent or not, headers, issue paths, the base URL);
 * - `framework`: provider/framework/ (lifecycle, ownership, journal, fields, validation, ...) and the
 *   dynamic-provider adapter, provider/dynamic/;
 * - `kinds`: name normalisation (dns/domain-names.ts), zone-record's canonical helpers, and every kind's
 *   check/diff/normalize declarations (`inputs`, `replaceOnChange`, `normalize`, `refine`,
 *   `deleteBeforeReplace`, ...), located in the source with the TypeScript parser so that the
 *   ranges follow edits. The API calls (`create`, `read`, `update`, `delete`) are left to the
 *   integration and e2e suites.
 *
 * ```bash
 * npx tsc -p tsconfig.build.json && node dist/bench/mutation/run.js [--group client,framework,kinds,zone-records] [--incremental] [--report-only] [--list] [--working-tree] [--concurrency N] [--retest-survivors] [--retest-listed]
 * ```
 * `--incremental`: Stryker's incremental mode, from bench/.runs/mutation/incremental-<group>.json
 * (the group's last report when there is none yet): mutants whose code and covering tests did not
 * change keep their result, the others run again. `--report-only` combines the groups' last
 * reports (bench/.runs/mutation/<group>.json) without running Stryker. Figures: `mutation_*` in bench/results.json, survivors in bench/RESULTS.md.
 */
import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { recordResults } from "../lib/record";

const REPO = [path.resolve(__dirname, "../.."), path.resolve(__dirname, "../../..")].find((dir) =>
  existsSync(path.join(dir, "bench/mutation/stryker.config.json")),
)!;
const RUNS = path.join(REPO, "bench/.runs/mutation");
const BASE_CONFIG = path.join(REPO, "bench/mutation/stryker.config.json");
/**
 * What is measured: the committed tree (`git archive HEAD`), so that others' edits in progress in
 * the working tree neither break the run nor count; `--working-tree` measures the checkout as is.
 */
let TREE = "/tmp/stryker-pulumi-dnsimple-tree";
let root = REPO;
let measured = "the working tree";

/** Properties of a `ResourceDefinition` that decide check, diff and replacement. */
const DECLARATIONS = new Set([
  "inputs",
  "replaceOnChange",
  "localOnly",
  "normalize",
  "markers",
  "refine",
  "refusesDuplicates",
  "deleteBeforeReplace",
  "naturalId",
]);

/** Top-level helpers of a kind file that are pure normalisation (mutated whole). */
const HELPERS: Record<string, string[]> = {
  "provider/kinds/zone-record.ts": [
    "rdataBytes",
    "canonicalRecordName",
    "unquote",
    "canonicalContent",
    "contentToRecord",
    "isDeepEqualList",
  ],
};

/** Lines of transport.ts holding its pure decision helpers. */
const TRANSPORT_HELPERS = [
  "errorCode",
  "normaliseHeaders",
  "formatIssuePath",
  "parseWith",
  "validationError",
  "targetOf",
];

type Range = `${string}:${number}:${number}-${number}:${number}`;

function rangeOf(file: string, source: ts.SourceFile, node: ts.Node): Range {
  const start = source.getLineAndCharacterOfPosition(node.getStart(source));
  const end = source.getLineAndCharacterOfPosition(node.getEnd());
  // Stryker's ranges: 1-based lines, 0-based columns.
  return `${file}:${start.line + 1}:${start.character}-${end.line + 1}:${end.character}`;
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.ES2022, true);
}

/** The named top-level functions (declarations or `const x = (...) =>`) of a file, as ranges. */
function functionRanges(file: string, names: ReadonlyArray<string>): Range[] {
  const source = parse(file);
  const out: Range[] = [];
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && names.includes(statement.name.text)) {
      out.push(rangeOf(file, source, statement));
    }
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && names.includes(d.name.text)) out.push(rangeOf(file, source, d));
      }
    }
  }
  return out;
}

/** The check/diff declarations of every `ResourceDefinition` object literal in a file. */
function declarationRanges(file: string): Range[] {
  const source = parse(file);
  const out: Range[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const names = node.properties.map((p) => (p.name && ts.isIdentifier(p.name) ? p.name.text : ""));
      if (names.includes("kind") && names.includes("replaceOnChange")) {
        for (const p of node.properties) {
          if (p.name && ts.isIdentifier(p.name) && DECLARATIONS.has(p.name.text)) {
            out.push(rangeOf(file, source, p));
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function kindFiles(): string[] {
  const dir = path.join(root, "provider/kinds");
  return require("node:fs")
    .readdirSync(dir)
    .filter((f: string) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .map((f: string) => `provider/kinds/${f}`)
    .sort();
}

/** The files of the `zone-records` group, mutated whole (and left out of `kinds`). */
const ZONE_RECORDS = ["provider/kinds/zone-records.ts", "provider/kinds/zone-record-batcher.ts"];

const GROUPS: Record<string, () => string[]> = {
  client: () => [
    ...["errors", "retry", "pagination", "path", "created-since"].map((f) => `provider/client/${f}.ts`),
    ...functionRanges("provider/client/transport.ts", TRANSPORT_HELPERS),
  ],
  // The lifecycle and the dynamic-provider adapter (which sat inside the framework's folder until
  // the two adapters were put side by side), so the group's score compares with earlier runs.
  framework: () => [
    "provider/framework/*.ts",
    "!provider/framework/*.test.ts",
    "provider/dynamic/*.ts",
    "!provider/dynamic/*.test.ts",
  ],
  kinds: () => [
    "provider/dns/domain-names.ts",
    ...kindFiles()
      .filter((f) => !ZONE_RECORDS.includes(f))
      .flatMap((f) => [...declarationRanges(f), ...functionRanges(f, HELPERS[f] ?? [])]),
  ],
  // What decides which records a zone keeps (issue 27): whole files, API calls included, against
  // a zone held in memory (provider/kinds/zone-records.test.ts).
  "zone-records": () => ZONE_RECORDS,
};

/**
 * Stryker's allowance above a mutant's usual test time before it counts as a timeout (killed), per
 * group when not the config's 5 s: the batcher's timer code makes many mutants that wait for ever,
 * and 5 s each made the zone-records group take more than an hour.
 */
const TIMEOUT_MS: Record<string, number> = { "zone-records": 2000 };

/**
 * Groups whose mutants run against every test when module loading reaches them (Stryker's
 * `ignoreStatic: false`), where the config ignores such mutants for speed. A kind's declarations
 * (`inputs`, `replaceOnChange`, ...) are values built once when its file loads, and the kinds load
 * lazily from the registry: per-test coverage credits them to whichever test loads them first
 * (typed-definitions, say), not to kinds-diff.test.ts, which loads them outside any test and fails
 * on them. Measured that way, `replaceOnChange: ["domain"]` → `[]` in dnssec.ts survived.
 * The framework's module-level values are the same case: settings' declarations, the id pattern
 * of imports.ts, the patterns of lifecycle.ts. Modules that load through the kinds' registry are
 * loaded inside whichever test first reaches it, so per-test coverage credited those values to that
 * one test, and settings-declarations.test.ts or imports.test.ts, which fail on them, never ran
 * against them.
 */
const RUN_STATIC: ReadonlySet<string> = new Set(["kinds", "framework"]);

// ---- the report (mutation-testing-report-schema) ----

interface Mutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

interface Tally {
  killed: number;
  survived: number;
  noCoverage: number;
  mutants: number;
}

function tally(mutants: Mutant[]): Tally {
  const t: Tally = { killed: 0, survived: 0, noCoverage: 0, mutants: 0 };
  for (const m of mutants) {
    // Mutants that do not compile are rejected by the checker before any test runs: not counted.
    if (m.status === "CompileError" || m.status === "RuntimeError" || m.status === "Ignored") continue;
    t.mutants++;
    if (m.status === "Killed" || m.status === "Timeout") t.killed++;
    else if (m.status === "Survived") t.survived++;
    else if (m.status === "NoCoverage") t.noCoverage++;
  }
  return t;
}

/** Killed (or timed out) over all valid mutants: survivors and mutants no test reaches both count against. */
const score = (t: Tally) => (t.mutants === 0 ? 100 : Math.round((1000 * t.killed) / t.mutants) / 10);

function runGroup(group: string, incremental: boolean, only?: { mutate: string[]; report: string }): void {
  const base = JSON.parse(readFileSync(BASE_CONFIG, "utf8")) as Record<string, unknown>;
  const incrementalFile = path.join(RUNS, `incremental-${group}.json`);
  // The first incremental run of a group starts from its last whole report.
  if (incremental && !existsSync(incrementalFile) && existsSync(path.join(RUNS, `${group}.json`)))
    copyFileSync(path.join(RUNS, `${group}.json`), incrementalFile);
  const config = {
    ...base,
    $schema: undefined,
    mutate: only?.mutate ?? GROUPS[group]!(),
    incremental,
    incrementalFile,
    jsonReporter: { fileName: only?.report ?? path.join(RUNS, `${group}.json`) },
    // The exported tree is a throwaway copy: mutate it in place (a sandbox of it would lack the
    // checkout's node_modules, which is only linked).
    ...(root === TREE ? { inPlace: true } : {}),
    // One folder per group: groups may run side by side (one process each).
    tempDirName: `${base.tempDirName as string}-${group}`,
    timeoutMS: TIMEOUT_MS[group] ?? base.timeoutMS,
    ...(RUN_STATIC.has(group) ? { ignoreStatic: false } : {}),
  };
  const file = path.join(RUNS, `stryker.${group}.json`);
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  console.log(`==> stryker: ${group} (${config.mutate.length} patterns)`);
  // `--concurrency N` (default 1, the config's): test runners side by side, one core each.
  const args = process.argv.slice(2);
  const concurrency = args.includes("--concurrency")
    ? ["--concurrency", args[args.indexOf("--concurrency") + 1]!]
    : [];
  const result = spawnSync("npx", ["stryker", "run", file, ...concurrency], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error(`stryker failed for ${group} (exit ${result.status})`);
  if (!only) {
    // Stryker's incremental mode reuses the results of the mutants whose code and covering tests
    // did not change since the report it starts from: say which.
    const from = path.join(RUNS, `${group}.measured`);
    // The report started from, without what it started from in turn.
    const previous =
      incremental && existsSync(from) ? readFileSync(from, "utf8").trim().split(" (")[0] : undefined;
    writeFileSync(
      from,
      `${measured}${previous ? ` (Stryker incremental from the report of ${previous})` : ""}\n`,
    );
  }
}

/**
 * `--retest-survivors`: after tests were added and the mutated files did not change, only the
 * lines where mutants survived (or no test reached them, or timed out) in the group's last report
 * are mutated again; each of those mutants takes its new status, the others keep theirs (a mutant
 * killed stays killed when tests are only added). Refused when a mutated file changed since.
 * Timeouts count as killed in the score, and on a busy machine a mutant's tests can time out for
 * no fault of the mutant: measured again, on a quiet machine, a mutant that loops for ever times
 * out again and one that does not is told apart.
 */
/** The mutants `--retest-survivors` measures again. */
const measuredAgain = (m: Mutant): boolean =>
  m.status === "Survived" || m.status === "NoCoverage" || m.status === "Timeout";

function retestSurvivors(group: string): void {
  const reportFile = path.join(RUNS, `${group}.json`);
  const report = JSON.parse(readFileSync(reportFile, "utf8")) as Report & {
    files: Record<string, { source: string; mutants: Mutant[] }>;
  };
  const ranges: string[] = [];
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const rel = path.isAbsolute(file) ? path.relative(TREE, file) : file;
    if (readFileSync(path.join(root, rel), "utf8") !== source)
      throw new Error(`${rel} changed since the last run of ${group}: run the whole group again`);
    // The report's columns are 1-based, Stryker's ranges' 0-based.
    for (const m of mutants.filter(measuredAgain)) {
      const { start, end } = m.location;
      ranges.push(`${rel}:${start.line}:${start.column - 1}-${end.line}:${end.column - 1}`);
    }
  }
  const again = path.join(RUNS, `${group}.retest.json`);
  console.log(`==> ${group}: ${ranges.length} surviving or timed-out mutants measured again`);
  runGroup(group, false, { mutate: ranges, report: again });
  const retested = JSON.parse(readFileSync(again, "utf8")) as Report;
  const key = (m: Mutant) =>
    `${m.location.start.line}:${m.location.start.column}:${m.mutatorName}:${m.replacement ?? ""}`;
  const statusOf = new Map<string, string>();
  for (const [file, { mutants }] of Object.entries(retested.files)) {
    const rel = path.isAbsolute(file) ? path.relative(TREE, file) : file;
    for (const m of mutants) statusOf.set(`${rel}|${key(m)}`, m.status);
  }
  const moves = new Map<string, number>();
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const rel = path.isAbsolute(file) ? path.relative(TREE, file) : file;
    for (const m of mutants) {
      if (!measuredAgain(m)) continue;
      const now = statusOf.get(`${rel}|${key(m)}`);
      if (now === undefined)
        throw new Error(`${rel}:${m.location.start.line} ${m.mutatorName} was not measured again`);
      if (now !== m.status) moves.set(`${m.status} → ${now}`, (moves.get(`${m.status} → ${now}`) ?? 0) + 1);
      m.status = now;
    }
  }
  writeFileSync(reportFile, JSON.stringify(report));
  const before = readFileSync(path.join(RUNS, `${group}.measured`), "utf8").trim();
  writeFileSync(
    path.join(RUNS, `${group}.measured`),
    `${before}, survivors and timeouts measured again on ${measured}\n`,
  );
  const changes = [...moves].map(([move, n]) => `${n} ${move}`).join(", ");
  console.log(`==> ${group}: ${changes || "no mutant changed its status"}`);
}

/**
 * `--retest-listed`: `--retest-survivors` for a group whose report is gone (bench/.runs/ is not
 * kept between checkouts), from what bench/RESULTS.md recorded of it: the lines its section lists
 * as surviving (or reached by no test) are mutated again, each from its line to 12 lines on so
 * that a block starting there is inside the range, and every mutant measured takes its new
 * status; the section's table gives each file's count, and the mutants not measured again were
 * killed (or timed out) then. Refused when a listed survivor is not measured again, or when a
 * file's count of mutants measured again exceeds its recorded count (the file changed).
 */
function retestListed(group: string): void {
  const text = readFileSync(path.join(REPO, "bench/RESULTS.md"), "utf8");
  const start = text.indexOf(`<!-- mutation-${group}:start -->`);
  const end = text.indexOf(`<!-- mutation-${group}:end -->`);
  if (start < 0 || end < 0) throw new Error(`bench/RESULTS.md has no section for ${group}`);
  const section = text.slice(start, end);
  const earlier = /measured on ([^;.]+(?:\.\d+)?)[;.]/.exec(section)?.[1] ?? "an earlier run";
  /** `count` mutants of the earlier run not measured again: killed (or timed out) then. */
  const killedEarlier = (count: number): Mutant[] =>
    Array.from({ length: count }, () => ({
      mutatorName: `killed in the run of ${earlier}`,
      status: "Killed",
      location: { start: { line: 0, column: 0 }, end: { line: 0, column: 0 } },
    }));
  const counts = new Map<string, number>();
  for (const m of section.matchAll(/^\| (\S+\.ts) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|/gm))
    counts.set(m[1]!, Number(m[2]));
  const listed = [...section.matchAll(/^- (\S+\.ts):(\d+) (\w+)/gm)].map((m) => ({
    file: m[1]!,
    line: Number(m[2]),
    mutator: m[3]!,
  }));
  const lines = new Map<string, Set<number>>();
  for (const { file, line } of listed) lines.set(file, (lines.get(file) ?? new Set()).add(line));
  const ranges = [...lines].flatMap(([file, set]) =>
    [...set].sort((a, b) => a - b).map((line) => `${file}:${line}-${line + 12}`),
  );
  const again = path.join(RUNS, `${group}.listed.json`);
  console.log(`==> ${group}: ${listed.length} listed survivors, ${ranges.length} line ranges measured again`);
  runGroup(group, false, { mutate: ranges, report: again });
  const retested = JSON.parse(readFileSync(again, "utf8")) as Report;
  const files: Report["files"] = {};
  for (const [file, { source, mutants }] of Object.entries(retested.files)) {
    const rel = path.isAbsolute(file) ? path.relative(TREE, file) : file;
    // Overlapping ranges measure a mutant once each: keep one of each.
    const seen = new Set<string>();
    const unique = mutants.filter((m) => {
      const k = `${m.location.start.line}:${m.location.start.column}:${m.location.end.line}:${m.location.end.column}:${m.mutatorName}:${m.replacement ?? ""}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
    const measuredAgain = tally(unique).mutants;
    const recorded = counts.get(rel);
    if (recorded === undefined || measuredAgain > recorded)
      throw new Error(
        `${rel}: ${measuredAgain} mutants measured again, ${recorded ?? "none"} recorded: it changed`,
      );
    files[rel] = { source, mutants: [...unique, ...killedEarlier(recorded - measuredAgain)] };
  }
  for (const [file, recorded] of counts)
    if (!files[file]) files[file] = { source: "", mutants: killedEarlier(recorded) };
  for (const { file, line, mutator } of listed)
    if (!files[file]?.mutants.some((m) => m.location.start.line === line && m.mutatorName === mutator))
      throw new Error(`${file}:${line} ${mutator} was not measured again`);
  writeFileSync(path.join(RUNS, `${group}.json`), JSON.stringify({ files }));
  writeFileSync(
    path.join(RUNS, `${group}.measured`),
    `${earlier}, the lines of its survivors measured again on ${measured}\n`,
  );
  const before = listed.length;
  const after = tally(Object.values(files).flatMap((f) => f.mutants));
  console.log(
    `==> ${group}: ${before} listed survivors; now ${after.survived} survive, ${after.noCoverage} reached by no test`,
  );
}

/** The committed tree in TREE, with the checkout's node_modules. */
function exportHead(): void {
  rmSync(TREE, { recursive: true, force: true });
  mkdirSync(TREE, { recursive: true });
  const archive = spawnSync("sh", ["-c", `git -C "${REPO}" archive HEAD | tar -x -C "${TREE}"`], {
    stdio: "inherit",
  });
  if (archive.status !== 0) throw new Error("git archive HEAD failed");
  symlinkSync(path.join(REPO, "node_modules"), path.join(TREE, "node_modules"));
  const head = spawnSync("git", ["-C", REPO, "rev-parse", "--short", "HEAD"], {
    encoding: "utf8",
  }).stdout.trim();
  console.log(`==> measuring the committed tree at ${head} (${TREE})`);
  measured = `commit ${head}`;
  root = TREE;
}

function main(): void {
  const args = process.argv.slice(2);
  const groupArg = args.indexOf("--group");
  const groups = groupArg >= 0 ? args[groupArg + 1]!.split(",") : Object.keys(GROUPS);
  TREE = `${TREE}-${groups.join("-")}`;
  if (!args.includes("--working-tree") && args.includes("--list")) exportHead();
  if (args.includes("--list")) {
    for (const g of groups) console.log(`${g}:\n  ${GROUPS[g]!().join("\n  ")}`);
    return;
  }
  mkdirSync(RUNS, { recursive: true });
  if (!args.includes("--working-tree") && !args.includes("--report-only")) exportHead();
  if (args.includes("--retest-survivors")) for (const g of groups) retestSurvivors(g);
  else if (args.includes("--retest-listed")) for (const g of groups) retestListed(g);
  else if (!args.includes("--report-only"))
    for (const g of groups) runGroup(g, args.includes("--incremental"));
  // Some groups named: their own figures, each measured now; the combined ones need every group.
  if (groupArg >= 0) {
    for (const g of groups) recordGroup(g);
    return;
  }

  const byFile = new Map<string, Mutant[]>();
  const byGroup = new Map<string, Mutant[]>();
  for (const group of Object.keys(GROUPS)) {
    const reportFile = path.join(RUNS, `${group}.json`);
    if (!existsSync(reportFile)) {
      console.error(`no report for ${group} yet (run with --group ${group}): nothing recorded`);
      process.exitCode = 1;
      continue;
    }
    const report = JSON.parse(readFileSync(reportFile, "utf8")) as Report;
    for (const [file, { mutants }] of Object.entries(report.files)) {
      const rel = path.isAbsolute(file) ? path.relative(TREE, file) : file;
      byFile.set(rel, [...(byFile.get(rel) ?? []), ...mutants]);
      byGroup.set(group, [...(byGroup.get(group) ?? []), ...mutants]);
    }
  }
  const all = tally([...byFile.values()].flat());
  const framework = tally(byGroup.get("framework") ?? []);
  const figures = {
    mutation_score: score(all),
    mutation_mutants: all.mutants,
    mutation_survived: all.survived,
    mutation_no_coverage: all.noCoverage,
    mutation_score_framework: score(framework),
    mutation_score_client: score(tally(byGroup.get("client") ?? [])),
    mutation_score_kinds: score(tally(byGroup.get("kinds") ?? [])),
  };

  const rows = [...byFile.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, mutants]) => {
      const t = tally(mutants);
      return `| ${file} | ${t.mutants} | ${t.killed} | ${t.survived} | ${t.noCoverage} | ${score(t)} % |`;
    });
  const survivors = survivorLines(byFile);
  const measuredOn = Object.keys(GROUPS)
    .map((g) => {
      const file = path.join(RUNS, `${g}.measured`);
      return `${g} on ${existsSync(file) ? readFileSync(file, "utf8").trim() : "?"}`;
    })
    .join(", ");
  const body =
    `Stryker ${stryker()} (jest runner on the unit tests beside the code, TypeScript checker), ` +
    `concurrency 1 per group; groups measured: ${measuredOn}. The score is ` +
    `killed (or timed out) over every mutant that compiles: survivors and mutants no test reaches ` +
    `both count against it. The kinds' files are mutated only in their check/diff declarations and ` +
    `normalisation helpers (their API calls are covered by the integration and e2e suites).\n\n` +
    `| figure | value |\n|---|---|\n` +
    Object.entries(figures)
      .map(([k, v]) => `| ${k} | ${v} |`)
      .join("\n") +
    `\n\n| file | mutants | killed | survived | no coverage | score |\n|---|---|---|---|---|---|\n` +
    `${rows.join("\n")}\n\n` +
    `Surviving mutants (${survivors.length}), each a change of behaviour no unit test notices:\n\n` +
    (survivors.length > 0 ? survivors.join("\n") : "none");
  for (const [group, mutants] of byGroup) console.log(`${group}: ${score(tally(mutants))} %`);
  if (process.exitCode === 1) return;
  recordResults("mutation", figures, {
    title: "Mutation testing (unit project)",
    command: "npx tsc -p tsconfig.build.json && node dist/bench/mutation/run.js",
    body,
  });
  console.log(JSON.stringify(figures, null, 2));
}

/** The report of one group, by file (paths relative to the measured tree). */
function groupReport(group: string): Map<string, Mutant[]> {
  const report = JSON.parse(readFileSync(path.join(RUNS, `${group}.json`), "utf8")) as Report;
  const byFile = new Map<string, Mutant[]>();
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const rel = path.isAbsolute(file) ? path.relative(TREE, file) : file;
    byFile.set(rel, [...(byFile.get(rel) ?? []), ...mutants]);
  }
  return byFile;
}

/** What the group's last report measured (a commit, and the commit its survivors were measured again on). */
function readMeasured(group: string): string {
  const file = path.join(RUNS, `${group}.measured`);
  return existsSync(file) ? readFileSync(file, "utf8").trim() : measured;
}

/** `mutation_score_<group>` and the group's table of files and survivors, from its last report. */
function recordGroup(group: string): void {
  const byFile = groupReport(group);
  const t = tally([...byFile.values()].flat());
  const key = `mutation_score_${group.replace(/-/g, "_")}`;
  const figures = { [key]: score(t), [`mutation_mutants_${group.replace(/-/g, "_")}`]: t.mutants };
  const survivors = survivorLines(byFile);
  const body =
    `Stryker ${stryker()} over the group \`${group}\` (${GROUPS[group]!().join(", ")}), jest on the unit ` +
    `tests beside the code and in test/unit/, measured on ${readMeasured(group)}` +
    (RUN_STATIC.has(group)
      ? `; mutants of module-level values (static mutants) are run against every test, not only the tests that per-test coverage credits with them`
      : "") +
    `.\n\n` +
    `| file | mutants | killed | survived | no coverage | score |\n|---|---|---|---|---|---|\n` +
    [...byFile.entries()]
      .map(([file, mutants]) => {
        const f = tally(mutants);
        return `| ${file} | ${f.mutants} | ${f.killed} | ${f.survived} | ${f.noCoverage} | ${score(f)} % |`;
      })
      .join("\n") +
    `\n| all | ${t.mutants} | ${t.killed} | ${t.survived} | ${t.noCoverage} | ${score(t)} % |\n\n` +
    `Surviving mutants (${survivors.length}):\n\n${survivors.length > 0 ? survivors.join("\n") : "none"}`;
  console.log(`${group}: ${score(t)} % of ${t.mutants}`);
  recordResults(`mutation-${group}`, figures, {
    title: `Mutation testing: ${group}`,
    command: `npx tsc -p tsconfig.build.json && node dist/bench/mutation/run.js --group ${group}`,
    body,
  });
}

/** One line per mutant left alive (survived, or reached by no test), by file and line. */
function survivorLines(byFile: Map<string, Mutant[]>): string[] {
  return [...byFile.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([file, mutants]) =>
      mutants
        .filter((m) => m.status === "Survived" || m.status === "NoCoverage")
        .sort((a, b) => a.location.start.line - b.location.start.line)
        .map(
          (m) =>
            `- ${file}:${m.location.start.line} ${m.mutatorName}${m.status === "NoCoverage" ? " (no test reaches it)" : ""}: ` +
            `\`${(m.replacement ?? "").replace(/\s+/g, " ").replace(/`/g, "'").slice(0, 90)}\``,
        ),
    );
}

function stryker(): string {
  const pkg = path.join(REPO, "node_modules/@stryker-mutator/core/package.json");
  return existsSync(pkg) ? (JSON.parse(readFileSync(pkg, "utf8")) as { version: string }).version : "?";
}

main();
