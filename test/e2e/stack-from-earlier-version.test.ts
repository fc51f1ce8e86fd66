/**
 * A stack made by an earlier version of the package keeps working with the current one.
 *
 * `fixtures/stack-before-generator` (its README says how it was made) holds what the package at
 * commit c22cef9, before the SDK classes and provider stubs became generated files, left behind
 * after `pulumi up` of the program there, installed from `npm pack` as a user installs it: the
 * stack's `pulumi stack export` and the emulator's data file at that moment. In that state each
 * resource's provider is one line, `require("pulumi-dnsimple-dynamic/stubs/<kind>")`: the stub
 * module paths are a contract with every existing state file.
 *
 * Here the current package, packed and installed the same way, takes that stack over: the emulator
 * starts from the saved data, a new project imports the saved state, then `refresh`, `up` of the
 * same program with a changed TTL and contact label, and `destroy`, each checked against what the
 * emulator received and holds. The emulator's address reaches the provider through
 * `DNSIMPLE_BASE_URL`, as when the fixture was made, so neither state nor config holds a port.
 *
 * The project lives under .work/e2e like the other suites' (kept for the secret scan with
 * E2E_KEEP_WORKDIRS=1, without its node_modules), the emulator's data file outside it.
 */
import { type Stack } from "@pulumi/pulumi/automation";
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { promisify } from "node:util";
import { startEmulator, type ObservedExchange, type RunningEmulator } from "../../emulator";
import { emulatorAdmin, emulatorApi } from "./emulator-api";
import { newStack, REPO_ROOT } from "./harness";
import { installPackedPackage } from "./reliability-lib";
import { pulumiHome } from "./pulumi-home";

const run = promisify(execFile);
/** The account token the fixture was made with (its emulator data file holds it). */
const TOKEN = "e2e-stack-before-generator-token-5b2e";
const FIXTURE = path.join(REPO_ROOT, "test/e2e/fixtures/stack-before-generator");
const DOMAIN = "before-generator.com";
/** The domain in a request path, as a regular expression: by name or by its id (1). */
const DOMAIN_NAME = DOMAIN.replace(/\./g, "\\.");
const DOMAIN_REF = `(1|${DOMAIN_NAME})`;
/** The contact the fixture was made with (secret stack config of the program, never in its files). */
const CONTACT = {
  firstName: "Fixture",
  lastName: "Operator",
  email: "fixture.operator@example.net",
  phone: "+1.5555550142",
  address1: "1 Example Street",
  city: "Springfield",
  stateProvince: "IL",
  postalCode: "62701",
  country: "US",
};
/** Each kind in the saved state and the stub module its state names: the contract under test. */
const STUBS: Record<string, string> = {
  Domain: "domain",
  ZoneRecord: "zone-record",
  ZoneRecords: "zone-records",
  Contact: "contact",
  EmailForward: "email-forward",
  Webhook: "webhook",
};
/** What Pulumi's dynamic provider calls on the object a state's provider code returns. */
const PROVIDER_METHODS = ["configure", "check", "diff", "create", "read", "update", "delete"];

interface StateResource {
  urn: string;
  type: string;
  id?: string;
  outputs?: Record<string, unknown>;
}

const saved = JSON.parse(readFileSync(path.join(FIXTURE, "stack-export.json"), "utf8"));

/** The dynamic resources of this package in a `pulumi stack export`. */
function dnsimpleResources(exported: any): StateResource[] {
  return ((exported.deployment.resources ?? []) as StateResource[]).filter((r) =>
    r.type.startsWith("pulumi-nodejs:dynamic/dnsimple:"),
  );
}

/** `urn id` of every resource of this package, sorted: what must not change until destroy. */
function idsInState(exported: any): string[] {
  return dnsimpleResources(exported)
    .map((r) => `${r.urn} ${r.id}`)
    .sort();
}

let emulator: RunningEmulator;
let api: ReturnType<typeof emulatorApi>;
let dataDir: string;
let workDir: string;
let stack: Stack;
const output: string[] = [];
const onOutput = (line: string) => output.push(line);

/** Runs one operation and returns it with every answer the emulator sent meanwhile. */
async function watch<T>(operation: () => Promise<T>): Promise<{ result: T; exchanges: ObservedExchange[] }> {
  const exchanges: ObservedExchange[] = [];
  const stop = emulator.observe((exchange) => exchanges.push(exchange));
  try {
    return { result: await operation(), exchanges };
  } finally {
    stop();
  }
}

/** The objects a path of API v2 names, as `kind id`; the domain by its name, whichever way it is named. */
const OBJECT_PATHS: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [new RegExp(`^/1/domains/${DOMAIN_REF}$`), () => `domain ${DOMAIN}`],
  [new RegExp(`^/1/domains/${DOMAIN_REF}/email_forwards/(\\d+)$`), (m) => `forward ${m[2]}`],
  [new RegExp(`^/1/zones/${DOMAIN_NAME}/records/(\\d+)$`), (m) => `record ${m[1]}`],
  [/^\/1\/contacts\/(\d+)$/, (m) => `contact ${m[1]}`],
  [/^\/1\/webhooks\/(\d+)$/, (m) => `webhook ${m[1]}`],
];

/**
 * What the successful writes among `exchanges` did, one line per object, sorted: `update record 6`,
 * `delete contact 1`. A zone's batch request gives a line per record it creates, updates or
 * deletes; any other write is kept as `METHOD /path`.
 */
function changesMade(exchanges: ObservedExchange[]): string[] {
  const lines: string[] = [];
  for (const x of exchanges) {
    if (x.method === "GET" || x.status >= 400) continue;
    const at = x.path.replace(/^\/v2/, "");
    if (x.method === "POST" && new RegExp(`^/1/zones/${DOMAIN_NAME}/batch$`).test(at)) {
      const body = x.requestBody as {
        creates?: unknown[];
        updates?: { id: number }[];
        deletes?: { id: number }[];
      };
      lines.push(...(body.creates ?? []).map(() => "create record"));
      for (const u of body.updates ?? []) lines.push(`update record ${u.id}`);
      for (const d of body.deletes ?? []) lines.push(`delete record ${d.id}`);
      continue;
    }
    const verb = x.method === "PATCH" ? "update" : x.method === "DELETE" ? "delete" : undefined;
    const found = OBJECT_PATHS.map(([re, name]) => {
      const m = re.exec(at);
      return m ? name(m) : undefined;
    }).find((name) => name !== undefined);
    lines.push(verb && found ? `${verb} ${found}` : `${x.method} ${x.path}`);
  }
  return lines.sort();
}

/** Every object of the account the stack could hold, one line each with its id, sorted. */
async function census(): Promise<string[]> {
  const lines: string[] = [];
  for (const d of await api.list("/1/domains")) lines.push(`domain ${d.id} ${d.name}`);
  for (const c of await api.list("/1/contacts")) lines.push(`contact ${c.id} label=${c.label}`);
  for (const w of (await api.get("/1/webhooks")).body.data) lines.push(`webhook ${w.id} ${w.url}`);
  if ((await api.get(`/1/domains/${DOMAIN}`)).status === 200) {
    for (const r of await api.list(`/1/zones/${DOMAIN}/records`)) {
      if (!r.system_record) lines.push(`record ${r.id} ${r.name || "@"} ${r.type} ${r.content} ttl=${r.ttl}`);
    }
    for (const f of await api.list(`/1/domains/${DOMAIN}/email_forwards`))
      lines.push(`forward ${f.id} ${f.alias_email} ${f.destination_email}`);
  }
  return lines.sort();
}

beforeAll(async () => {
  // The emulator works on a copy: it saves every change into its data file.
  dataDir = mkdtempSync(path.join(tmpdir(), "stack-before-generator-"));
  copyFileSync(path.join(FIXTURE, "emulator-state.json"), path.join(dataDir, "emulator-state.json"));
  emulator = await startEmulator({
    port: 0,
    token: TOKEN,
    dataFile: path.join(dataDir, "emulator-state.json"),
  });
  api = emulatorApi(emulator.v2Url, TOKEN);

  workDir = path.join(REPO_ROOT, ".work/e2e", `stack-before-generator-${randomUUID().slice(0, 8)}`);
  installPackedPackage(workDir, "stack-before-generator");
  for (const file of ["Pulumi.yaml", "index.ts", "stack-export.json"])
    copyFileSync(path.join(FIXTURE, file), path.join(workDir, file));
  mkdirSync(path.join(workDir, "backend"), { recursive: true });
  pulumiHome(path.join(workDir, "pulumi-home"));
  // The project and stack names of the fixture: URNs and each resource's ownerKey hold them.
  stack = await newStack(workDir, {
    envVars: {
      PULUMI_BACKEND_URL: `file://${path.join(workDir, "backend")}`,
      PULUMI_HOME: path.join(workDir, "pulumi-home"),
      // The fixture's passphrase: the saved state's secrets are encrypted with it.
      PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
      PULUMI_NODEJS_TRANSPILE_ONLY: "true",
      DNSIMPLE_BASE_URL: emulator.v2Url,
      // Token and account from stack config only, as when the fixture was made.
      DNSIMPLE_TOKEN: "",
      DNSIMPLE_ACCOUNT: "",
    },
  });
  await stack.setAllConfig({
    "dnsimple:token": { value: TOKEN, secret: true },
    "dnsimple:account": { value: "1" },
    contact: { value: JSON.stringify(CONTACT), secret: true },
  });
  await stack.importStack(saved);
}, 600_000);

afterAll(async () => {
  await emulator?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (!workDir) return;
  if (process.env.E2E_KEEP_WORKDIRS) {
    // Kept for the secret scan, which needs the project, its state and the engine output only.
    writeFileSync(path.join(workDir, "engine-output.log"), output.join("\n"));
    rmSync(path.join(workDir, "node_modules"), { recursive: true, force: true });
    for (const file of readdirSync(workDir).filter((f) => f.endsWith(".tgz")))
      rmSync(path.join(workDir, file));
  } else rmSync(workDir, { recursive: true, force: true });
});

describe("a stack made before the SDK was generated (fixtures/stack-before-generator)", () => {
  it("names each resource's provider in its saved state by a require of its kind's stub, not by code", () => {
    const resources = dnsimpleResources(saved);
    expect(resources.map((r) => r.type.split(":").pop()).sort()).toEqual(Object.keys(STUBS).sort());
    for (const r of resources) {
      const code = String(r.outputs?.__provider);
      const kind = r.type.split(":").pop()!;
      expect({
        kind,
        stub: code.includes(`require("pulumi-dnsimple-dynamic/stubs/${STUBS[kind]}")`),
      }).toEqual({
        kind,
        stub: true,
      });
      expect(code).not.toContain("providerFor");
    }
  });

  it("finds each of those stubs in the installed current package, a provider with every method", async () => {
    const script = [
      "const out = {};",
      `for (const stub of ${JSON.stringify(Object.values(STUBS))}) {`,
      '  const file = require.resolve("pulumi-dnsimple-dynamic/stubs/" + stub);',
      '  const provider = require("pulumi-dnsimple-dynamic/stubs/" + stub);',
      `  const methods = ${JSON.stringify(PROVIDER_METHODS)}.filter((m) => typeof provider[m] === "function");`,
      "  out[stub] = { file: require('path').relative(process.cwd(), file), methods };",
      "}",
      "console.log(JSON.stringify(out));",
    ].join("\n");
    const { stdout } = await run(process.execPath, ["-e", script], { cwd: workDir });
    const found = JSON.parse(stdout);
    // The module name is the contract; where the package keeps the file is its own business.
    for (const stub of Object.values(STUBS)) {
      expect({ stub, ...found[stub] }).toEqual({
        stub,
        file: expect.stringMatching(/^node_modules\/pulumi-dnsimple-dynamic\//),
        methods: PROVIDER_METHODS,
      });
    }
  });

  it("is imported into a new project with the same resources and ids, and the emulator holds them", async () => {
    expect(idsInState(await stack.exportStack())).toEqual(idsInState(saved));
    expect(await census()).toEqual(
      [
        `domain 1 ${DOMAIN}`,
        "contact 1 label=operations",
        "webhook 1 https://hooks.example.net/dnsimple-events",
        `forward 1 sales@${DOMAIN} sales-desk@example.net`,
        "record 6 www A 192.0.2.10 ttl=3600",
        "record 7 @ MX mx1.mail.example.net ttl=3600",
        "record 8 @ TXT v=spf1 include:mail.example.net -all ttl=3600",
      ].sort(),
    );
  });

  it("refreshes through the saved stubs: every object read, nothing written, nothing deleted", async () => {
    const before = await census();
    const { result, exchanges } = await watch(() => stack.refresh({ onOutput }));
    expect(result.summary.result).toBe("succeeded");
    // Nothing deleted from state (outputs the current code reads differently would show as updates).
    const changes = result.summary.resourceChanges ?? {};
    expect(Object.keys(changes).filter((op) => op !== "same" && op !== "update")).toEqual([]);
    expect((changes.same ?? 0) + (changes.update ?? 0)).toBe(7);
    expect(changesMade(exchanges)).toEqual([]);
    // Each kind asked the service for its object: by id or name, or in the list it is part of.
    const reads = exchanges.filter((x) => x.method === "GET" && x.status === 200).map((x) => x.path);
    for (const expected of [
      `/domains/${DOMAIN_REF}`,
      `/zones/${DOMAIN_NAME}/records(/\\d+)?`,
      "/contacts(/1)?",
      "/webhooks(/1)?",
      `/domains/${DOMAIN_REF}/email_forwards(/1)?`,
    ]) {
      const read = reads.some((p) => new RegExp(`^/v2/1${expected}$`).test(p));
      expect({ expected, read }).toEqual({ expected, read: true });
    }
    expect(idsInState(await stack.exportStack())).toEqual(idsInState(saved));
    expect(await census()).toEqual(before);
  });

  it("previews the same program with no change", async () => {
    const preview = await stack.preview({ onOutput });
    expect(preview.changeSummary).toEqual({ same: 7 });
  });

  it("updates in place after a change of TTL and contact label: the same objects, none replaced", async () => {
    const before = await census();
    await stack.setAllConfig({ ttl: { value: "600" }, contactLabel: { value: "operations-on-call" } });
    const { result, exchanges } = await watch(() => stack.up({ onOutput }));
    expect(result.summary.result).toBe("succeeded");
    expect(result.summary.resourceChanges).toEqual({ same: 4, update: 3 });
    // In place: the contact and the three records changed, nothing created or deleted.
    expect(changesMade(exchanges)).toEqual([
      "update contact 1",
      "update record 6",
      "update record 7",
      "update record 8",
    ]);
    expect(await census()).toEqual(
      before
        .map((line) =>
          line.replace("ttl=3600", "ttl=600").replace("label=operations", "label=operations-on-call"),
        )
        .sort(),
    );
    expect(idsInState(await stack.exportStack())).toEqual(idsInState(saved));
  });

  it("destroys every object it holds, each deleted by its own resource", async () => {
    const { result, exchanges } = await watch(() => stack.destroy({ onOutput }));
    expect(result.summary.result).toBe("succeeded");
    expect(result.summary.resourceChanges).toEqual({ delete: 7 });
    // One delete per object, records included (not only swept away with the domain's zone).
    expect(changesMade(exchanges)).toEqual([
      "delete contact 1",
      `delete domain ${DOMAIN}`,
      "delete forward 1",
      "delete record 6",
      "delete record 7",
      "delete record 8",
      "delete webhook 1",
    ]);
    expect(await census()).toEqual([]);
    const { tables } = await emulatorAdmin(emulator.url).call("GET", "/state");
    for (const table of ["domains", "zones", "records", "contacts", "email_forwards", "webhooks"]) {
      expect({ table, rows: tables[table].rows }).toEqual({ table, rows: [] });
    }
    expect(dnsimpleResources(await stack.exportStack())).toEqual([]);
  });
});
