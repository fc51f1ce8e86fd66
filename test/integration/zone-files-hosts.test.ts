/**
 * Zone files shaped as DNS hosts export them (test/zone-files/hosts: our own files, in the shapes
 * of hosts' "export zone" buttons and BIND's dumps), moved in with `generate-program --zone-file`
 * as a new user would, with BIND's named-checkzone as the judge. Then the rule the four cases
 * broke: every program generate-program writes from a zone file the tests hold passes its own
 * preview. The preview here is the provider's `check` of every resource the program declares
 * (the rules `pulumi preview` runs; the engine adds nothing to a check), not the engine itself:
 * an engine preview per file would add minutes to the test command, which must stay under 15.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { recordResults } from "../../bench/lib/record";
import { generateProgramMain } from "../../provider/cli/generate-program";
import { providerFor } from "../../provider/dynamic";
import { configureRuntime, resetRuntime } from "../../provider/framework/runtime";
import { bindAvailable, checkZone, realZoneFiles } from "../zone-files/bind";
import { stackConfig } from "../stack-config";

const HOSTS = path.join(__dirname, "../zone-files/hosts");
const hostFile = (name: string) => path.join(HOSTS, name);

/** generate-program --zone-file as a user runs it: its exit status, what it printed, the program. */
async function generate(file: string, zone?: string) {
  const out = mkdtempSync(path.join(tmpdir(), "zone-program-"));
  let stderr = "";
  let stdout = "";
  try {
    const status = await generateProgramMain(
      ["--account", "1", "--out", out, "--zone-file", zone ? `${zone}=${file}` : file],
      { out: (t) => (stdout += t), err: (t) => (stderr += t), env: {} },
    );
    const index = status === 0 ? readFileSync(path.join(out, "index.ts"), "utf8") : "";
    return { status, stderr, stdout, index };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** The Domain and ZoneRecords a generated program declares, with their inputs as written. */
function declared(index: string): { zone: string; records: Array<Record<string, unknown>> } {
  const zone = /new dnsimple\.Domain\([^,]+, \{ name: ("[^"]+") \}\)/.exec(index)?.[1];
  const lines = index.split("\n");
  const start = lines.indexOf("  records: [");
  const end = lines.indexOf("  ],", start);
  if (zone === undefined || start < 0 || end < 0) throw new Error(`no zone records in:\n${index}`);
  const records = new Function(`return [${lines.slice(start + 1, end).join("\n")}];`)() as Array<
    Record<string, unknown>
  >;
  return { zone: JSON.parse(zone) as string, records };
}

/** The failures `check` (what preview runs) finds in a generated program's resources. */
async function previewFailures(index: string) {
  const { zone, records } = declared(index);
  const domain = await providerFor("Domain").check!({}, { name: zone });
  const zoneRecords = await providerFor("ZoneRecords").check!({}, { zoneName: zone, records });
  return [...(domain.failures ?? []), ...(zoneRecords.failures ?? [])];
}

beforeEach(() => configureRuntime(stackConfig({ account: "1", verifyCredentials: "false" })));
afterAll(() => resetRuntime());

const haveBind = bindAvailable();
const withBind = haveBind ? it : it.skip;

describe("zone files as hosts export them, moved in with generate-program --zone-file", () => {
  withBind(
    "a TTL of 0: BIND loads it, the service refuses it, generate-program stops at the line",
    async () => {
      const text = readFileSync(hostFile("ttl-zero.example.com.zone"), "utf8");
      expect(checkZone("example.com", text).ok).toBe(true);
      const run = await generate(hostFile("ttl-zero.example.com.zone"));
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(
        "ttl-zero.example.com.zone line 8: A TTL: must be a whole number of seconds from 1 to 2147483647 (the service refuses a TTL below 1), got 0; e.g. 3600",
      );
    },
  );

  withBind("a CNAME beside other data at two names: refused by BIND, and by us at each line", async () => {
    const text = readFileSync(hostFile("cname-beside.example.com.zone"), "utf8");
    expect(checkZone("example.com", text)).toEqual({
      ok: false,
      output: expect.stringContaining("CNAME and other data"),
    });
    const run = await generate(hostFile("cname-beside.example.com.zone"));
    expect(run.status).toBe(2);
    const refused = run.stderr.split("\n").filter((l) => l.includes("a CNAME must be the only record"));
    // The seven records beside the two CNAMEs, each named by its line, however its owner is spelled.
    expect(refused.map((l) => Number(/ line (\d+):/.exec(l)?.[1]))).toEqual([8, 9, 10, 12, 13, 15, 16]);
    expect(refused[1]).toBe(
      'test/zone-files/hosts/cname-beside.example.com.zone line 9: a CNAME must be the only record at its name: line 7 (CNAME) and this TXT are both at "www"'.replace(
        "test/zone-files/hosts/",
        `${HOSTS}/`,
      ),
    );
  });

  withBind(
    "a NAPTR whose regexp is EMPTY: a syntax error to BIND, refused by us (RFC 3403 §3.2)",
    async () => {
      const text = readFileSync(hostFile("naptr-empty.example.com.zone"), "utf8");
      expect(checkZone("example.com", text)).toEqual({
        ok: false,
        output: expect.stringContaining("syntax error"),
      });
      const run = await generate(hostFile("naptr-empty.example.com.zone"));
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(
        /naptr-empty\.example\.com\.zone line 7: NAPTR content: a NAPTR record's regexp must be empty or a substitution expression .* got "EMPTY"\n/,
      );
      expect(run.stderr).not.toMatch(/ line (6|8):/);
    },
  );

  withBind(
    "an export that begins $ORIGIN . is read: its zone is its SOA's, out-of-zone lines left out",
    async () => {
      const text = readFileSync(hostFile("origin-root.example.com.zone"), "utf8");
      expect(checkZone("example.com", text)).toEqual({
        ok: true,
        output: expect.stringContaining("ignoring out-of-zone data (example.net)"),
      });
      const run = await generate(hostFile("origin-root.example.com.zone"));
      expect(run.stderr).toBe(
        `${hostFile("origin-root.example.com.zone")} line 15: left out: example.net. is outside the zone example.com (BIND leaves it out too)\n`,
      );
      expect(run.status).toBe(0);
      expect(run.stdout).toContain("example.com (7 records)");
      const { zone, records } = declared(run.index);
      expect(zone).toBe("example.com");
      expect(records.map((r) => `${r.name || "@"} ${r.type}`)).toEqual([
        "@ A",
        "@ MX",
        "@ TXT",
        "_sip._tcp SRV",
        "mail A",
        "sip AAAA",
        "www CNAME",
      ]);
      expect(await previewFailures(run.index)).toEqual([]);
    },
  );
});

describe("every zone file the tests hold: the program generate-program writes passes its own preview", () => {
  const files = [
    ...realZoneFiles().map((f) => ({
      label: `real/${f.file}`,
      file: path.join(__dirname, "../zone-files/real", f.file),
      zone: f.origin,
    })),
    {
      label: "every-type.example.com.zone",
      file: path.join(__dirname, "../zone-files/every-type.example.com.zone"),
      zone: "example.com",
    },
    ...readdirSync(HOSTS)
      .filter((f) => f.endsWith(".zone"))
      .map((f) => ({ label: `hosts/${f}`, file: hostFile(f), zone: undefined })),
  ];
  const results = new Map<string, { accepted: boolean; failures: unknown[] }>();

  it.each(files.map((f) => [f.label, f] as const))("%s", async (_label, f) => {
    const run = await generate(f.file, f.zone);
    // Refused at its lines (exit 2) is an answer too; what is written must pass its preview.
    expect([0, 2]).toContain(run.status);
    const failures = run.status === 0 ? await previewFailures(run.index) : [];
    results.set(f.label, { accepted: run.status === 0, failures });
    expect(failures).toEqual([]);
  });

  afterAll(() => {
    if (results.size !== files.length) return;
    const accepted = [...results.values()].filter((r) => r.accepted);
    const passing = accepted.filter((r) => r.failures.length === 0).length;
    recordResults(
      "zone_files_programs",
      {
        zone_files_generated_programs: accepted.length,
        zone_files_generated_programs_passing_preview_ratio:
          accepted.length === 0 ? 0 : Number((passing / accepted.length).toFixed(3)),
      },
      {
        title: "Zone files: generated programs pass their own preview",
        command:
          "npx jest --selectProjects integration --runTestsByPath test/integration/zone-files-hosts.test.ts",
        body: [
          `${files.length} zone files under test/ given to generate-program --zone-file: ${accepted.length} written as programs,`,
          `${files.length - accepted.length} refused at their lines; ${passing} of ${accepted.length} programs pass the provider's check of every resource they declare (what preview runs).`,
        ].join("\n"),
      },
    );
  });
});
