/**
 * The mass-change guard through the real engine (issue 57): a `ZoneRecords` change that deletes or
 * updates more than 30 % of its records (from 10) fails at `pulumi preview` before any request,
 * unless `allowMassChange` names its size; a zone file that lost most of its lines is caught the
 * same way; `pulumi destroy` is never blocked; and the review command applies the same thresholds
 * per zone to a program of one resource per record, with exit status 4. Each case is a figure of
 * bench/results.json (`mass_change_guard_cases`, `mass_change_guard_cases_passed`).
 */
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { recordResults } from "../../bench/lib/record";
import { reviewMain, EXIT } from "../../provider/cli/review";
import { closeTarget, LIVE, liveTarget, named, requestsLogged, type Target } from "../live/target";
import { v2 } from "./extended-api";
import { collect, createE2eStack, GENERIC_PROGRAM, type Declaration, type E2eStack } from "./harness";

const BIG = named("mass-change-big.com");
const SMALL = named("mass-change-small.com");
const FILED = named("mass-change-file.com");
const SINGLE = named("mass-change-single.com");

let target: Target;
let e2e: E2eStack;
let api: ReturnType<typeof v2>;

const hosts = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    name: `host${i}`,
    type: "A",
    content: `192.0.2.${i + 1}`,
    ttl: 3600,
  }));
const zoneFile = (zone: string, n: number) => ({
  name: "zones/mass-change-file.zone",
  text: [`$ORIGIN ${zone}.`, "$TTL 3600", ...hosts(n).map((h) => `${h.name} IN A ${h.content}`)].join("\n"),
});

/** The program: four zones, each with the records one case changes. */
function program(change: {
  big?: unknown[];
  allowMassChange?: number;
  small?: unknown[];
  file?: number;
  singles?: number;
}): Declaration[] {
  const domain = (name: string, zone: string): Declaration => ({
    type: "Domain",
    name,
    args: { name: zone },
  });
  return [
    domain("big", BIG),
    domain("small", SMALL),
    domain("filed", FILED),
    domain("single", SINGLE),
    {
      type: "ZoneRecords",
      name: "hosts",
      args: {
        zoneName: { $ref: "big.name" },
        records: change.big ?? hosts(100),
        ...(change.allowMassChange !== undefined ? { allowMassChange: change.allowMassChange } : {}),
      },
    },
    {
      type: "ZoneRecords",
      name: "few",
      args: { zoneName: { $ref: "small.name" }, records: change.small ?? hosts(9) },
    },
    {
      type: "ZoneRecords",
      name: "from-file",
      args: { zoneName: { $ref: "filed.name" }, zoneFile: zoneFile(FILED, change.file ?? 20) },
    },
    ...hosts(change.singles ?? 12).map((h): Declaration => ({
      type: "ZoneRecord",
      name: h.name,
      args: { zoneName: { $ref: "single.name" }, ...h },
    })),
  ];
}

const mark = () => e2e.output.length;
/**
 * The requests about zones and records sent since `from`: the provider process's one check of its
 * credentials (`GET /whoami`, the first time it needs the service) is not the guard's.
 */
const zoneRequestsSince = (from: number) =>
  [...requestsLogged(e2e.output, from).values()].filter((r) => !r.endsWith("/whoami"));
/** A preview's outcome: "passes", or the engine's error. */
async function preview(): Promise<string> {
  try {
    await e2e.stack.preview(collect(e2e));
    return "passes";
  } catch (error) {
    return String((error as Error).message);
  }
}

const CASES = [
  "29 % of records deleted passes the preview",
  "31 % of records deleted is refused at preview, with 0 requests",
  "a zone of 9 records is never refused",
  "a zone file edit that drops 80 % of its lines is refused at preview",
  "the review command refuses a per-record program's preview by its zone's share (exit 4)",
  "a forced change goes through",
  "pulumi destroy is not blocked",
] as const;
const passed = new Set<string>();
const done = (name: (typeof CASES)[number]) => passed.add(name);

beforeAll(async () => {
  target = await liveTarget();
  api = v2(target.baseUrl, target.token);
  e2e = await createE2eStack({
    baseUrl: target.baseUrl,
    token: target.token,
    account: target.account,
    program: GENERIC_PROGRAM,
  });
  await e2e.stack.setConfig("dnsimple:requestLog", { value: "true" });
  await e2e.declare(program({}));
  await e2e.stack.up(collect(e2e));
});

afterAll(async () => {
  await e2e?.stack.destroy().catch(() => undefined);
  await e2e?.cleanup();
  await closeTarget();
  // Only a run of every case records figures: a filtered run (-t) must not lower the count.
  if (LIVE || passed.size === 0) return;
  recordResults(
    "mass-change-guard",
    { mass_change_guard_cases: CASES.length, mass_change_guard_cases_passed: passed.size },
    {
      title: "Mass-change guard",
      command: "npx jest --selectProjects e2e --runTestsByPath test/e2e/mass-change-guard.test.ts",
      body: [
        `${passed.size} of ${CASES.length} cases passed through the real engine against the emulator`,
        "(thresholds at their defaults: 30 % updated, 30 % deleted, from 10 existing records).",
        "",
        "| case | result |",
        "|---|---|",
        ...CASES.map((c) => `| ${c} | ${passed.has(c) ? "passed" : "FAILED"} |`),
      ].join("\n"),
    },
  );
});

it("lets through a preview that deletes 29 of 100 records", async () => {
  await e2e.declare(program({ big: hosts(71) }));
  expect(await preview()).toBe("passes");
  done("29 % of records deleted passes the preview");
});

it("refuses at preview a change that deletes 31 of 100, before any request", async () => {
  await e2e.declare(program({ big: hosts(69) }));
  const from = mark();
  const outcome = await preview();
  expect(outcome).toContain("deletes 31 of 100 existing records (31 %), more than 30 %");
  expect(outcome).toContain("set `allowMassChange: 31` on this resource");
  expect(zoneRequestsSince(from)).toEqual([]);
  done("31 % of records deleted is refused at preview, with 0 requests");
});

it("never refuses a change in a zone of 9 records", async () => {
  await e2e.declare(program({ small: hosts(1) }));
  expect(await preview()).toBe("passes");
  done("a zone of 9 records is never refused");
});

it("refuses a zone file that lost 80 % of its lines, naming the counts", async () => {
  await e2e.declare(program({ file: 4 }));
  const from = mark();
  expect(await preview()).toContain("deletes 16 of 20 existing records (80 %), more than 30 %");
  expect(zoneRequestsSince(from)).toEqual([]);
  done("a zone file edit that drops 80 % of its lines is refused at preview");
});

it("the review command refuses a per-record program's preview by its zone's share", async () => {
  // 4 of 12 ZoneRecord resources removed: each delete alone is one record, the zone loses 33 %.
  await e2e.declare(program({ singles: 8 }));
  const json = await new Promise<string>((resolve, reject) =>
    execFile(
      "pulumi",
      ["preview", "--json", "--show-sames", "--stack", "test", "--non-interactive"],
      {
        cwd: e2e.workDir,
        env: { ...process.env, ...e2e.stack.workspace.envVars },
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    ),
  );
  const file = path.join(e2e.workDir, "preview.json");
  writeFileSync(file, json);
  const out: string[] = [];
  const io = { out: (t: string) => out.push(t), err: (t: string) => out.push(t), env: {} };
  expect(await reviewMain(["--file", file], io as never)).toBe(EXIT.ok);
  expect(out.join("")).toContain(
    `\`${SINGLE}\`: this change deletes 4 of 12 existing records (33.3 %), more than 30 %`,
  );
  expect(await reviewMain(["--file", file, "--fail-on-mass-change"], io as never)).toBe(EXIT.massChange);
  expect(
    await reviewMain(["--file", file, "--fail-on-mass-change", "--max-delete-share", "0.4"], io as never),
  ).toBe(EXIT.ok);
  done("the review command refuses a per-record program's preview by its zone's share (exit 4)");
});

it("lets a forced change through: allowMassChange names its 31 deletes", async () => {
  await e2e.declare(program({ big: hosts(69), allowMassChange: 31 }));
  await e2e.stack.up(collect(e2e));
  const { body } = await api("GET", `/${target.account}/zones/${BIG}/records?per_page=100&type=A`);
  expect(body.data.filter((r: { system_record: boolean }) => !r.system_record)).toHaveLength(69);
  done("a forced change goes through");
});

it("never blocks pulumi destroy, which deletes every record on purpose", async () => {
  await e2e.stack.destroy(collect(e2e));
  const { body } = await api("GET", `/${target.account}/zones/${BIG}/records?per_page=100&type=A`);
  const left = (body?.data ?? []) as Array<{ system_record: boolean }>;
  expect(left.filter((r) => !r.system_record)).toHaveLength(0);
  done("pulumi destroy is not blocked");
});
