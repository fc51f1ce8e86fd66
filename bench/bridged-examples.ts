/**
 * The bridged provider's own examples (the 42 Python, Go and YAML examples of pulumi/pulumi-dnsimple's
 * schema, test/bridged-examples/examples) run against the emulator with only the import line (or
 * the YAML token prefix) and the config keys changed: Python with the generated SDK's compat module
 * and YAML through the plugin, Go as Automation API inline programs on sdk/go's compat package.
 * Each example runs `up` and `destroy` against an emulator of its own.
 *
 * Figures: `bridged_examples_run` (of 42), `bridged_examples_cannot_run` (each with why). An
 * example listed as unable to run that runs, or one not listed that fails, makes the run fail.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/bridged-examples.js [--only python|go|yaml]
 */
import { mkdirSync, rmSync } from "node:fs";
import * as path from "node:path";
import { REPO_ROOT } from "../test/e2e/harness";
import { buildGoExamples, runGoExample } from "../test/bridged-examples/go-runner";
import { bridgedExamples, CANNOT_RUN } from "../test/bridged-examples/programs";
import { type ExampleOutcome, missingFor, runExample } from "../test/bridged-examples/run";
import { recordResults } from "./lib/record";

function report(o: ExampleOutcome): void {
  const destroy = o.destroyFailed ? `; destroy refused: ${o.destroyFailed}` : "";
  console.log(`${o.ran ? "ran" : "FAILED"} ${o.file} (${o.seconds.toFixed(1)} s)${destroy}`);
  if (!o.ran && !Object.hasOwn(CANNOT_RUN, o.file)) console.log((o.error ?? "").slice(-3000));
}

async function main(): Promise<void> {
  const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
  const examples = bridgedExamples().filter((e) => !only || e.language === only);
  const work = path.join(REPO_ROOT, ".work/bridged-examples");
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  for (const language of ["python", "yaml"] as const) {
    const missing = missingFor(language);
    if (missing && examples.some((e) => e.language === language))
      throw new Error(`${language}: missing ${missing}`);
  }
  const outcomes: ExampleOutcome[] = [];
  const go = examples.filter((e) => e.language === "go");
  if (go.length) {
    const binaries = await buildGoExamples(go, work);
    for (const example of go) {
      const outcome = await runGoExample(example, binaries.get(example.file)!, work);
      report(outcome);
      outcomes.push(outcome);
    }
  }
  for (const example of examples.filter((e) => e.language !== "go")) {
    const outcome = await runExample(example, work);
    report(outcome);
    outcomes.push(outcome);
  }
  const unexpected = outcomes.filter((o) => o.ran === Object.hasOwn(CANNOT_RUN, o.file));
  for (const o of unexpected) {
    console.error(
      o.ran
        ? `${o.file} ran, but it is listed as unable to run: update CANNOT_RUN`
        : `${o.file} failed:\n${(o.error ?? "").slice(-4000)}`,
    );
  }
  const ran = outcomes.filter((o) => o.ran);
  const cannot = outcomes.filter((o) => !o.ran).map((o) => `${o.file}: ${CANNOT_RUN[o.file] ?? "failed"}`);
  console.log(`bridged_examples_run = ${ran.length} of ${outcomes.length}`);
  if (only) return;
  recordResults(
    "bridged-examples",
    { bridged_examples_run: ran.length, bridged_examples_cannot_run: cannot },
    {
      title: "The bridged provider's own examples, with an import-line change",
      command: "npx tsc -p tsconfig.build.json && node dist/bench/bridged-examples.js",
      body: [
        `${ran.length} of ${outcomes.length} examples of pulumi/pulumi-dnsimple's schema (Python, Go, YAML; 9 resources,`,
        "3 functions) ran `up` and `destroy` against the emulator with only the import line (YAML: the token prefix",
        "`dnsimple:` → `dnsimple-dynamic:compat:`) and the config keys (`dnsimple-dynamic:*`) changed. Python used",
        "`pulumi_dnsimple_dynamic.compat` (sdk/python), YAML the plugin, Go `sdk/go/dnsimpledynamic/compat` through",
        "Automation API inline programs (the function given to `pulumi.Run`, unchanged).",
        "",
        "An example ran when its `up` made what it declares and a second preview showed no change; `destroy`",
        "follows, and where the provider refuses it by design the table says so.",
        "",
        "| example | ran | seconds (up and preview) | destroy |",
        "|---|---|---|---|",
        ...outcomes.map(
          (o) =>
            `| ${o.file} | ${o.ran ? "yes" : "no"} | ${o.seconds.toFixed(1)} | ${o.destroyFailed ? `refused: ${o.destroyFailed}` : o.ran ? "done" : ""} |`,
        ),
        "",
        "Cannot run:",
        "",
        ...cannot.map((c) => `- ${c}`),
      ].join("\n"),
    },
  );
  if (unexpected.length) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
