/**
 * The shapes of program users have (test/e2e/program-shapes.ts: TypeScript with the old CommonJS
 * template through /compat, TypeScript with today's nodenext template, a TypeScript ES module, a
 * JavaScript ES module, a plain CommonJS JavaScript program), each run by the real engine against one emulator: preview,
 * up, a preview with no change, destroy. With the project's @pulumi/pulumi and with the lowest the
 * peer range allows. One pack and install (`installPackedPackage`); the lowest SDK's project
 * installs the same tarball. The shapes of one SDK run at the same time, one stack each (the
 * TypeScript ES module after the others, once ts-node is installed), both SDKs at once.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorApi } from "./emulator-api";
import { REPO_ROOT } from "./harness";
import { installWithSdk, PROGRAM_SHAPES, runShapes, SHAPES_ZONE, type ShapeRun } from "./program-shapes";
import { installPackedPackage } from "./reliability-lib";

const TOKEN = "e2e-program-shapes-token-5d1e";
const PEER_RANGE: string = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"))
  .peerDependencies["@pulumi/pulumi"];
const LOWEST = /^\^(3\.\d+\.\d+)$/.exec(PEER_RANGE)?.[1] ?? `unparsable peer range ${PEER_RANGE}`;

let emulator: RunningEmulator;
let work: string;
/** Per SDK label, per shape: the run, and the records of the zone seen right after its up. */
const runs = new Map<string, Map<string, ShapeRun & { recordsAfterUp?: string[] }>>();

async function records(): Promise<string[]> {
  const answer = await emulatorApi(emulator.v2Url, TOKEN).get(`/1/zones/${SHAPES_ZONE}/records?per_page=100`);
  return (answer.body.data as Array<{ name: string; type: string; system_record: boolean }>)
    .filter((r) => !r.system_record)
    .map((r) => `${r.name} ${r.type}`);
}

async function runAll(label: string, project: string): Promise<void> {
  const seen = new Map<string, string[]>();
  const results = await runShapes(
    project,
    PROGRAM_SHAPES,
    { v2Url: emulator.v2Url, token: TOKEN },
    (shape) => ({
      afterUp: async () => {
        seen.set(shape, await records());
      },
    }),
  );
  runs.set(label, new Map(results.map((r) => [r.shape, { ...r, recordsAfterUp: seen.get(r.shape) ?? [] }])));
}

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    token: TOKEN,
    accountId: 1,
    seed: { domains: [{ account: 1, name: SHAPES_ZONE }] } as never,
  });
  work = mkdtempSync(path.join(tmpdir(), "dnsimple-program-shapes-"));
  const latest = path.join(work, "latest");
  installPackedPackage(latest, "program-shapes");
  const lowest = path.join(work, "lowest");
  // The two projects at once: the lowest SDK's install overlaps the latest's runs.
  await Promise.all([
    runAll("latest", latest),
    installWithSdk(latest, lowest, LOWEST).then(() => runAll("lowest", lowest)),
  ]);
}, 1_200_000);

afterAll(async () => {
  await emulator?.close();
  // Two installed projects: removed even when the suite keeps its folders for the secret scan.
  if (work) rmSync(work, { recursive: true, force: true });
});

describe.each([
  { label: "latest", why: "the project's own @pulumi/pulumi" },
  { label: "lowest", why: `the lowest the peer range allows, ${LOWEST}` },
])("on $why", ({ label }) => {
  it.each(PROGRAM_SHAPES.map((s) => [s.name, s.title] as const))(
    "%s (%s): preview, up, a preview with no change, destroy",
    (name) => {
      const run = runs.get(label)?.get(name);
      expect(run).toBeDefined();
      const shown = { shape: name, error: run!.error, tail: run!.error ? run!.output.slice(-15) : [] };
      expect(shown).toEqual({ shape: name, error: undefined, tail: [] });
      expect(run!.preview).toEqual({ create: 2 });
      expect(run!.up).toEqual({ create: 2 });
      expect(run!.outputs?.fqdn).toBe(`${name}.${SHAPES_ZONE}`);
      expect(run!.recordsAfterUp).toContain(`${name} A`);
      expect(run!.previewAfterUp).toEqual({ same: 2 });
      expect(run!.destroy).toEqual({ delete: 2 });
    },
  );
});

it("leaves the zone as it found it", async () => {
  expect(await records()).toEqual([]);
});

it("ran the lowest SDK's programs on that SDK", () => {
  expect([...(runs.get("lowest")?.values() ?? [])].map((r) => r.sdk)).toEqual(
    PROGRAM_SHAPES.map(() => LOWEST),
  );
});
