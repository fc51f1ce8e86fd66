/**
 * Record data validation: the corpus (test/record-data/corpus.ts) through `ZoneRecord`'s check,
 * the provider and the emulator side by side on the corpus and generated cases, and every valid
 * case created through the engine and previewed again (no change may show).
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/record-validation.js
 */
import { domainToASCII } from "node:url";
import { startEmulator } from "../emulator";
import { configureRuntime, resetRuntime } from "../provider/resources/framework/runtime";
import { emulatorApi } from "../test/e2e/emulator-api";
import { createStack, spawnEmulator, type Declaration } from "../test/e2e/reliability-lib";
import {
  KNOWN_DISAGREEMENTS,
  emulatorAccepts,
  generatedCases,
  providerAccepts,
  zoneOf,
} from "../test/record-data/agreement";
import { CORPUS, type CorpusCase } from "../test/record-data/corpus";
import { recordResults } from "./lib/record";

const TOKEN = "bench-record-validation-token-25";

/** Verdicts of `check` on the corpus, with the emulator as the configured service: requests counted. */
async function corpusVerdicts(): Promise<{ accepted: boolean[]; calls: number }> {
  const emu = await startEmulator({ port: 0 });
  try {
    configureRuntime({
      get: (key) =>
        ({ "dnsimple:account": "1", "dnsimple:token": emu.token, "dnsimple:baseUrl": emu.v2Url })[key],
    });
    emu.clearRequests();
    const accepted: boolean[] = [];
    for (const c of CORPUS) accepted.push(await providerAccepts(c));
    return { accepted, calls: emu.requests().length };
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
    configureRuntime({ get: (key) => ({ "dnsimple:account": "1" })[key] });
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

async function main(): Promise<void> {
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
  console.log(JSON.stringify(figures));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
