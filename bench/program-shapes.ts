/**
 * Works in every shape of program: the package packed and installed as a user installs it, then
 * - every public entry point in every module-resolution mode (types with the template's strict
 *   settings, from CommonJS and ES-module files; run time with require() and import());
 * - @arethetypeswrong/cli's report on the tarball;
 * - every TypeScript block of README.md and docs/ compiled (test/doc-snippets.ts), and the complete
 *   programs among them run with Pulumi's mocks, each resource checked by its provider
 *   (test/doc-snippets-run.ts);
 * - the program shapes run by the engine against the emulator, on the project's @pulumi/pulumi
 *   and on the lowest the peer range allows.
 * The same checks as test/e2e/module-resolution.test.ts, test/unit/doc-snippets.test.ts,
 * test/integration/doc-snippets-run.test.ts and test/e2e/program-shapes.test.ts, counted.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/program-shapes.js
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { startEmulator } from "../emulator";
import { checkDocumentation, documentationFiles } from "../test/doc-snippets";
import { runnablePrograms, runSnippets, startSnippetService } from "../test/doc-snippets-run";
import { REPO_ROOT } from "../test/e2e/harness";
import {
  arethetypeswrong,
  entryGroup,
  loadEntryPoints,
  publicEntryPoints,
  RESOLUTION_MODES,
  typeCheckEntryPoints,
  type ResolutionMode,
} from "../test/e2e/package-shape";
import {
  installWithSdk,
  PROGRAM_SHAPES,
  runShapes,
  SHAPES_ZONE,
  type ShapeRun,
} from "../test/e2e/program-shapes";
import { installPackedPackage } from "../test/e2e/reliability-lib";
import { recordResults } from "./lib/record";

const TOKEN = "bench-program-shapes-token";

function shapeOk(run: ShapeRun): boolean {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  return (
    !run.error &&
    same(run.preview, { create: 2 }) &&
    same(run.up, { create: 2 }) &&
    same(run.previewAfterUp, { same: 2 }) &&
    same(run.destroy, { delete: 2 }) &&
    run.outputs?.fqdn === `${run.shape}.${SHAPES_ZONE}`
  );
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), "dnsimple-bench-shapes-"));
  try {
    const latest = path.join(work, "latest");
    installPackedPackage(latest, "bench-program-shapes");
    const tarball = path.join(
      latest,
      readdirSync(latest).find((f) => f.endsWith(".tgz"))!,
    );

    // Entry points: a mode counts for an entry point when its types resolve from every file
    // format the mode has, and it loads at run time with require() and import().
    const entries = publicEntryPoints(latest);
    const checks = typeCheckEntryPoints(latest, entries);
    const loads = await loadEntryPoints(latest, entries);
    const groups = [...new Set(entries.map(entryGroup))];
    const modes = Object.keys(RESOLUTION_MODES) as ResolutionMode[];
    const loadsOk = (group: string) =>
      loads
        .filter((l) => entryGroup(l.entry) === group)
        .every((l) => l.require === null && l.import === null);
    const modesOk = new Map(
      groups.map((group) => [
        group,
        modes.filter(
          (mode) =>
            loadsOk(group) &&
            checks
              .filter((c) => c.group === group && c.mode === mode)
              .every((c) => c.resolutionErrors.length === 0),
        ),
      ]),
    );
    const caveats = checks
      .filter((c) => c.declarationErrors.length > 0)
      .map(
        (c) =>
          `${c.group} ${c.mode}/${c.format}: ${c.declarationErrors.length} errors in ${[...new Set(c.declarationErrors.map((e) => e.split("/")[1]))].join(", ")}`,
      );
    const attw = await arethetypeswrong(tarball, entries);
    const attwVersion = JSON.parse(
      readFileSync(path.join(REPO_ROOT, "node_modules/@arethetypeswrong/cli/package.json"), "utf8"),
    ).version;

    // Documentation.
    const docs = checkDocumentation(REPO_ROOT);
    const fences = documentationFiles(REPO_ROOT)
      .map(
        (f) => readFileSync(path.join(REPO_ROOT, f), "utf8").match(/^```(ts|typescript)\s*$/gm)?.length ?? 0,
      )
      .reduce((a, b) => a + b, 0);
    const failingBlocks = docs.programs
      .filter((p) => docs.failures[p.name])
      .reduce((n, p) => n + p.blocks.length, 0);
    const { run: runnable, notRun } = runnablePrograms(docs.programs);
    const service = await startSnippetService();
    const snippetRuns = await runSnippets(REPO_ROOT, runnable, service.config).finally(() => service.close());
    const ranOk = snippetRuns.filter((r) => r.failures.length === 0);
    const blocksRun = ranOk.reduce((n, r) => n + r.blocks, 0);
    const resourcesChecked = ranOk.reduce((n, r) => n + r.checked, 0);

    // Program shapes through the engine.
    const peerRange: string = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"))
      .peerDependencies["@pulumi/pulumi"];
    const lowestVersion = /^\^(3\.\d+\.\d+)$/.exec(peerRange)![1]!;
    const emulator = await startEmulator({
      port: 0,
      token: TOKEN,
      accountId: 1,
      seed: { domains: [{ account: 1, name: SHAPES_ZONE }] } as never,
    });
    const shapeRuns: Record<string, ShapeRun[]> = {};
    try {
      const lowest = path.join(work, "lowest");
      await installWithSdk(latest, lowest, lowestVersion);
      const emulated = { v2Url: emulator.v2Url, token: TOKEN };
      const [onLatest, onLowest] = await Promise.all([
        runShapes(latest, PROGRAM_SHAPES, emulated),
        installWithSdk(latest, lowest, lowestVersion).then(() => runShapes(lowest, PROGRAM_SHAPES, emulated)),
      ]);
      shapeRuns.latest = onLatest;
      shapeRuns.lowest = onLowest;
    } finally {
      await emulator.close();
    }
    const passed = (label: string) => shapeRuns[label]!.filter(shapeOk).map((r) => r.shape);
    const sdkOf = (label: string) => shapeRuns[label]![0]!.sdk;

    const minModes = Math.min(...[...modesOk.values()].map((m) => m.length));
    recordResults(
      "program-shapes",
      {
        module_resolution_modes_ok: minModes,
        module_resolution_modes_total: modes.length,
        module_resolution_entry_points: groups,
        module_resolution_by_entry_point: groups.map((g) => `${g} ${modesOk.get(g)!.length}/${modes.length}`),
        type_shape_tool_problems: attw.problems.length,
        doc_snippets_checked: docs.blocks.length,
        doc_snippets_total: fences,
        doc_snippets_failing: failingBlocks,
        doc_snippets_run: blocksRun,
        program_shapes_run: passed("latest").length,
        program_shapes_run_lowest_sdk: passed("lowest").length,
        program_shapes: passed("latest"),
      },
      {
        title: "Program shapes, module resolution, documentation snippets",
        command: "npx tsc -p tsconfig.build.json && node dist/bench/program-shapes.js",
        body: [
          "The package packed (`npm pack`) and installed into a fresh project, as a user installs it.",
          "",
          `**Entry points** (\`exports\` of the packed package; \`./stubs/*\` stands for its ${entries.filter((e) => e.startsWith("./stubs/")).length} kinds): a mode counts when an import of the entry point type-checks with the template's strict settings from every file format of the mode (CommonJS, and ES module under node16/nodenext) and the entry point loads with \`require()\` and \`import()\`.`,
          "",
          `| entry point | ${modes.join(" | ")} | modes ok |`,
          `|---|${modes.map(() => "---|").join("")}---|`,
          ...groups.map(
            (g) =>
              `| \`${g}\` | ${modes.map((m) => (modesOk.get(g)!.includes(m) ? "ok" : "**fails**")).join(" | ")} | ${modesOk.get(g)!.length}/${modes.length} |`,
          ),
          "",
          `Declarations that do not compile under a mode with the template's settings (not a resolution failure; see docs/typescript.md, "Requirements"): ${caveats.length ? caveats.join("; ") : "none"}.`,
          "",
          `**@arethetypeswrong/cli ${attwVersion}** on the tarball, every entry point named: ${attw.problems.length === 0 ? "no problems" : attw.problems.map((p) => `${p.kind} ${p.entrypoint} ${p.resolutionKind}`).join(", ")} (type_shape_tool_problems = ${attw.problems.length}).`,
          "",
          `**Documentation**: ${docs.blocks.length} TypeScript blocks in README.md and docs/ (${fences} fences counted), as ${docs.programs.length} programs (fragments joined into their program), compiled with the template's CommonJS and nodenext settings: ${failingBlocks} blocks failing. Run as a preview runs them (Pulumi's mocks; each resource's inputs checked by its kind's provider; the functions answered by an emulator): ${blocksRun} blocks (doc_snippets_run) in ${ranOk.length} of ${snippetRuns.length} programs, ${resourcesChecked} resources checked; not run: ${notRun.map((n) => `${n.name} (${n.reason})`).join("; ") || "none"}.`,
          "",
          "**Program shapes** through the engine (preview, up, a preview with no change, destroy; one zone record each):",
          "",
          `| shape | @pulumi/pulumi ${sdkOf("latest")} | @pulumi/pulumi ${sdkOf("lowest")} (lowest of ${peerRange}) |`,
          "|---|---|---|",
          ...PROGRAM_SHAPES.map(
            (s) =>
              `| ${s.name}: ${s.title} | ${passed("latest").includes(s.name) ? "ok" : `**fails** ${shapeRuns.latest!.find((r) => r.shape === s.name)?.error ?? ""}`} | ${passed("lowest").includes(s.name) ? "ok" : `**fails** ${shapeRuns.lowest!.find((r) => r.shape === s.name)?.error ?? ""}`} |`,
          ),
        ].join("\n"),
      },
    );
    console.log(
      `modes ok (min) ${minModes}/${modes.length}; attw problems ${attw.problems.length}; snippets ${docs.blocks.length} checked, ${failingBlocks} failing, ${blocksRun} run; shapes ${passed("latest").length} + lowest ${passed("lowest").length}`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
