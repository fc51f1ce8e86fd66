/**
 * Record data validation: the corpus (test/record-data/corpus.ts) through `ZoneRecord`'s check,
 * the provider and the emulator side by side on the corpus and generated cases, and every valid
 * case created through the engine and previewed again (no change may show).
 * The corpus is put to the check twice: as the service's rules (the default) and with strict
 * record checks on (`dnsimple:strictRecords`), where the cases marked `strictInvalid` are refused
 * too (the `strict_records_*` figures, their own section).
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/record-validation.js [--corpus-only]
 * (`--corpus-only`: the two corpus passes alone, seconds instead of minutes; writes only the
 * strict section, leaving the agreement and create figures as they were.)
 */
import { domainToASCII } from "node:url";
import { startEmulator } from "../emulator";
import { configureRuntime, resetRuntime } from "../provider/framework/runtime";
import { emulatorApi } from "../test/e2e/emulator-api";
import { createStack, spawnEmulator, type Declaration } from "../test/e2e/reliability-lib";
import {
  KNOWN_DISAGREEMENTS,
  emulatorAccepts,
  generatedCases,
  providerAccepts,
  zoneOf,
} from "../test/record-data/agreement";
import { CORPUS, acceptedWith, type CorpusCase } from "../test/record-data/corpus";
import { recordResults } from "./lib/record";

const TOKEN = "bench-record-validation-token-25";

/**
 * Verdicts of `check` on the corpus, with the emulator as the configured service: requests
 * counted. `strict` turns on strict record checks for the stack (`dnsimple:strictRecords`).
 */
async function corpusVerdicts(strict = false): Promise<{ accepted: boolean[]; calls: number }> {
  const emu = await startEmulator({ port: 0 });
  try {
    configureRuntime({
      get: (key) =>
        ({
          "dnsimple:account": "1",
          "dnsimple:token": emu.token,
          "dnsimple:baseUrl": emu.v2Url,
          "dnsimple:strictRecords": strict ? "true" : "false",
        })[key],
    });
    emu.clearRequests();
    const accepted: boolean[] = [];
    for (const c of CORPUS) accepted.push(await providerAccepts(c));
    // The credential check (GET /whoami, /accounts; once per process) is not a record check.
    const calls = emu.requests().filter((r) => !/\/(whoami|accounts)$/.test(r.path)).length;
    return { accepted, calls };
  } finally {
    resetRuntime();
    await emu.close();
  }
}

/** Same verdict from the provider and the emulator, on the corpus and generated cases. */
async function agreement(): Promise<{ cases: number; same: number; corpusSame: number; generated: number }> {
  const emu = await startEmulator({ port: 0 });
  const api = emulatorApi(emu.v2Url, emu.token);
  try {
    // Checks only, with no token: the check of credentials is off, as in an offline preview.
    configureRuntime({
      get: (key) => ({ "dnsimple:account": "1", "dnsimple:verifyCredentials": "false" })[key],
    });
    const generated = generatedCases();
    const cases = [...CORPUS, ...generated];
    for (const zone of new Set(cases.map(zoneOf))) await api.post("/1/domains", { name: zone });
    let same = 0;
    let corpusSame = 0;
    for (const [i, c] of cases.entries()) {
      const agree = (await providerAccepts(c)) === (await emulatorAccepts(api.post, api.delete, c));
      if (agree) same++;
      if (agree && i < CORPUS.length) corpusSame++;
    }
    return { cases: cases.length, same, corpusSame, generated: generated.length };
  } finally {
    resetRuntime();
    await emu.close();
  }
}

/** Every valid corpus case created through the engine (each in its own zone), then previewed again. */
async function noDiffAfterCreate(): Promise<{ valid: number; unchanged: number; created: number }> {
  const valid = CORPUS.filter((c) => c.valid);
  const emulator = await spawnEmulator({ token: TOKEN });
  const zoneFor = (c: CorpusCase, i: number) => c.zone ?? `v${i}.example.com`;
  const stack = await createStack({ program: "generic", baseUrl: emulator.v2Url, token: TOKEN, account: 1 });
  try {
    for (const zone of new Set(valid.map(zoneFor))) {
      await emulator.api.post("/1/domains", { name: domainToASCII(zone) });
    }
    const declarations: Declaration[] = valid.map((c, i) => ({
      type: "ZoneRecord",
      name: `r${i}`,
      args: {
        zoneName: zoneFor(c, i),
        name: c.name ?? "www",
        type: c.type,
        content: c.content,
        ...(c.priority !== undefined ? { priority: c.priority } : {}),
        ...(c.ttl !== undefined ? { ttl: c.ttl } : {}),
      },
    }));
    await stack.declare(declarations);
    await stack.cli(["up", "--yes", "--skip-preview", "--parallel", "8"]);
    const exported = await stack.exportState();
    const created = (exported.deployment?.resources ?? []).filter((r: { type: string }) =>
      r.type.endsWith(":ZoneRecord"),
    ).length;
    const preview = await stack.cli(["preview", "--json", "--diff"]);
    const steps: Array<{ op: string; urn: string }> =
      JSON.parse(preview.text.slice(preview.text.indexOf("{"))).steps ?? [];
    const changed = new Set(
      steps
        .filter((s) => s.urn.includes(":ZoneRecord::") && s.op !== "same")
        .map((s) => s.urn.split("::").pop()),
    );
    const unchanged = declarations.filter((d) => !changed.has(d.name)).length;
    await stack.cli(["destroy", "--yes", "--skip-preview", "--parallel", "8"]);
    return { valid: valid.length, unchanged: created === valid.length ? unchanged : 0, created };
  } finally {
    await stack.cleanup();
    await emulator.close();
  }
}

/** The corpus with strict record checks on: every case refused that is invalid or strictInvalid. */
async function strictFigures(): Promise<Record<string, number>> {
  const { accepted, calls } = await corpusVerdicts(true);
  const strictOnly = CORPUS.filter((c) => c.strictInvalid).length;
  const valid = CORPUS.filter((c) => acceptedWith(c, true)).length;
  const invalid = CORPUS.length - valid;
  const validAccepted = CORPUS.filter((c, i) => acceptedWith(c, true) && accepted[i]).length;
  const invalidRefused = CORPUS.filter((c, i) => !acceptedWith(c, true) && !accepted[i]).length;
  const ratio = (a: number, b: number) => Math.round((a / b) * 10000) / 10000;
  const figures = {
    strict_records_cases: CORPUS.length,
    strict_records_strict_only_cases: strictOnly,
    strict_records_invalid_refused_ratio: ratio(invalidRefused, invalid),
    strict_records_valid_accepted_ratio: ratio(validAccepted, valid),
    strict_records_preview_calls: calls,
  };
  recordResults("strict-records", figures, {
    title: "Strict record checks on request (dnsimple:strictRecords)",
    command: "npx tsc -p tsconfig.build.json && node dist/bench/record-validation.js [--corpus-only]",
    body:
      `| figure | value |\n|---|---|\n` +
      Object.entries(figures)
        .map(([k, v]) => `| ${k} | ${v} |`)
        .join("\n") +
      `\n\n${CORPUS.length} cited cases from \`test/record-data/corpus.ts\` through \`ZoneRecord\`'s check with ` +
      `\`dnsimple:strictRecords\` true: ${invalidRefused}/${invalid} invalid refused (the ${invalid - strictOnly} the ` +
      `service's rules refuse and the ${strictOnly} marked \`strictInvalid\`, which the service accepts and the default ` +
      `check lets through), ${validAccepted}/${valid} valid accepted, ${calls} requests. The rules and their sources: ` +
      "docs/strict-records.md.",
  });
  return figures;
}

async function main(): Promise<void> {
  const strict = await strictFigures();
  if (process.argv.includes("--corpus-only")) {
    console.log(JSON.stringify(strict));
    return;
  }
  const { accepted, calls } = await corpusVerdicts();
  const valid = CORPUS.filter((c) => c.valid).length;
  const invalid = CORPUS.length - valid;
  const validAccepted = CORPUS.filter((c, i) => c.valid && accepted[i]).length;
  const invalidRefused = CORPUS.filter((c, i) => !c.valid && !accepted[i]).length;
  const agree = await agreement();
  const diff = await noDiffAfterCreate();
  const ratio = (a: number, b: number) => Math.round((a / b) * 10000) / 10000;
  const figures = {
    record_validation_cases: CORPUS.length,
    record_validation_invalid_refused_ratio: ratio(invalidRefused, invalid),
    record_validation_valid_accepted_ratio: ratio(validAccepted, valid),
    record_validation_preview_calls: calls,
    emulator_record_validation_agreement: ratio(agree.same, agree.cases),
    emulator_record_validation_agreement_corpus: ratio(agree.corpusSame, CORPUS.length),
    record_validation_no_diff_after_create: ratio(diff.unchanged, diff.valid),
  };
  recordResults("record-validation", figures, {
    title: "Record data refused at preview; provider and emulator agree",
    command: "npx tsc -p tsconfig.build.json && node dist/bench/record-validation.js",
    body:
      `| figure | value |\n|---|---|\n` +
      Object.entries(figures)
        .map(([k, v]) => `| ${k} | ${v} |`)
        .join("\n") +
      `\n\n${CORPUS.length} cited cases (${valid} valid, ${invalid} invalid) from \`test/record-data/corpus.ts\` ` +
      `through \`ZoneRecord\`'s check with the emulator configured as the service: ${validAccepted}/${valid} valid ` +
      `accepted, ${invalidRefused}/${invalid} invalid refused, ${calls} requests. Agreement: the same cases and ` +
      `${agree.generated} generated ones (per type, valid and invalid by construction, fixed seed) to the ` +
      `provider's check and as creates to the emulator: ${agree.same}/${agree.cases} same verdict ` +
      `(${agree.corpusSame}/${CORPUS.length} on the corpus). The ${Object.keys(KNOWN_DISAGREEMENTS).length} ` +
      "differences are all the provider refusing what the emulator accepts, each listed with its reason in " +
      "`test/record-data/agreement.ts` (`KNOWN_DISAGREEMENTS`): what the service repairs (a quoted TXT " +
      "string over 255 characters, which it splits; a trailing dot on a name), the provider refuses. No diff after create: " +
      `${diff.created} of ${diff.valid} valid cases created through the engine (each in its own zone), then ` +
      `\`pulumi preview\`: ${diff.unchanged} show no change.`,
  });
  console.log(JSON.stringify({ ...figures, ...strict }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
