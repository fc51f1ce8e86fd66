/**
 * A few of the bridged provider's own examples (pulumi/pulumi-dnsimple's schema; all 42 run in
 * bench/bridged-examples.ts) through the plugin, with only the import line (Python) or the token
 * prefix (YAML) and the config keys changed: each `up` against an emulator of its own, what the
 * service then holds checked, and `destroy`. Python uses `pulumi_dnsimple_dynamic.compat` with
 * `value` and `key_tag`; YAML `dnsimple-dynamic:compat:ZoneRecord`.
 */
import { mkdirSync } from "node:fs";
import * as path from "node:path";
import type { RunningEmulator } from "../../emulator";
import { bridgedExamples, converted } from "../bridged-examples/programs";
import { missingFor, runExample } from "../bridged-examples/run";
import { v2 } from "./extended-api";
import { REPO_ROOT } from "./harness";
import { EXAMPLE_TOKEN } from "../bridged-examples/programs";

const WORK = path.join(REPO_ROOT, ".work/e2e/bridged-examples");
const example = (file: string) => bridgedExamples().find((e) => e.file === file)!;

async function recordsOf(emulator: RunningEmulator): Promise<string[]> {
  const answer = await v2(emulator.v2Url, EXAMPLE_TOKEN)("GET", "/1/zones/example.com/records?per_page=100");
  return (answer.body.data as any[])
    .filter((r) => !r.system_record)
    .map((r) => `${r.name || "@"} ${r.type} ${r.content}${r.priority ? ` ${r.priority}` : ""} ${r.ttl}`)
    .sort();
}

const ZONE_RECORD_EXAMPLE = ["@ A 192.0.2.1 3600", "@ MX mail.example.com 10 3600", "www A 192.0.2.1 3600"];

beforeAll(() => mkdirSync(WORK, { recursive: true }));

describe.each(["python", "yaml"] as const)("the bridged provider's %s examples", (language) => {
  const missing = missingFor(language);
  if (missing) {
    if (process.env.CI === "true") it("has its toolchain", () => expect(`missing: ${missing}`).toBe(""));
    else it.skip(`skipped: ${missing} is missing (run scripts/bootstrap)`, () => undefined);
    return;
  }
  const ext = language === "python" ? "py" : "yaml";

  it("ZoneRecord's example runs with the import line changed: value, ttl and priority reach the service", async () => {
    const zoneRecord = example(`ZoneRecord-1.${ext}`);
    // Nothing else changed: the example as the bridged docs give it, but for that one line.
    const changedLines = zoneRecord.original
      .split("\n")
      .filter((line, i) => line !== converted(zoneRecord).split("\n")[i]);
    expect(changedLines.length).toBe(language === "python" ? 1 : 3);
    let seen: string[] = [];
    const outcome = await runExample(zoneRecord, WORK, async (emulator) => {
      seen = await recordsOf(emulator);
    });
    expect(outcome.error ?? "").toBe("");
    expect(seen).toEqual(ZONE_RECORD_EXAMPLE);
  });

  if (language === "python") {
    it("DsRecord's example runs: key_tag reaches the service as the DS record's keytag", async () => {
      let keytags: string[] = [];
      const outcome = await runExample(example("DsRecord-1.py"), WORK, async (emulator) => {
        const answer = await v2(emulator.v2Url, EXAMPLE_TOKEN)("GET", "/1/domains/example.com/ds_records");
        keytags = (answer.body.data as any[]).map((r) => `${r.keytag} ${r.algorithm} ${r.digest_type}`);
      });
      expect(outcome.error ?? "").toBe("");
      expect(keytags).toEqual(["12345 8 2"]);
    });
  }
});
