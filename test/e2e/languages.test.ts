/**
 * Every Pulumi language gets the same resources: a TypeScript program (the dynamic providers), a
 * Pulumi YAML program and a Python program (the provider plugin, `bin/pulumi-resource-dnsimple-dynamic`,
 * with the Python SDK that Pulumi's code generator made from the package schema) each go through
 * the same cycle against the emulator: the core kinds and records through `preview` (no request
 * sent), `up`, a preview that shows no change, and `destroy`, with a hand-made object of the same
 * shape beside them left untouched and no secret in the state in clear. A malformed record is
 * refused at preview with the property named and no request sent, in every language. From
 * Python, 300 `ZoneRecord`s are sent in batch requests.
 *
 * The YAML and Python programs are examples/yaml-core and examples/python-core, run as a user runs
 * them; the language hosts and the Python environment come from the bootstrap (scripts/lib/env.sh).
 * The Go program is examples/go-core, an Automation API program (an inline program: no Go language
 * host) that imports the SDK by its module path with a `replace` to sdk/go: built once per run
 * (the Go build cache keeps what it compiled; `-trimpath`, so a fresh clone at another path hits it too), then run for preview, up, a no-change preview, a
 * change and destroy. `languages_end_to_end` counts the languages whose cycle passed.
 */
import { type OutputMap, type Stack } from "@pulumi/pulumi/automation";
import { execFile, execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import * as path from "node:path";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { recordResults } from "../../bench/lib/record";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { perRecordToSetMain } from "../../provider/cli/per-record-to-set";
import { v2 } from "./extended-api";
import { newStack, REPO_ROOT } from "./harness";
import { pulumiHome } from "./pulumi-home";
import { checkpointDeployment } from "./stack-reads";
import { KEEPER_PROVIDER_URL, keeperEnv } from "./secrets-keeper";

const TOKEN = "e2e-languages-token-3c7a91f0";
/** The token of a second account, for an explicit provider. */
const STAGING_TOKEN = "e2e-languages-staging-token-5be2";
const PLUGIN_DIR = path.join(REPO_ROOT, "bin");
const PYTHON_SDK = path.join(REPO_ROOT, "sdk/python");
const EXAMPLES_DIR = path.join(REPO_ROOT, "examples");

type Language = "typescript" | "yaml" | "python";
/** Every language whose cycle this file runs: those above, and Go through the Automation API. */
type AnyLanguage = Language | "go";
const GO_PROGRAM = path.join(EXAMPLES_DIR, "go-core");

/** What a language needs on this machine, and what is missing (the bootstrap installs it all). */
function missingToolchain(language: AnyLanguage): string | undefined {
  const onPath = (tool: string) =>
    (process.env.PATH ?? "").split(path.delimiter).some((dir) => existsSync(path.join(dir, tool)));
  if (language === "typescript") return undefined;
  if (!existsSync(path.join(PLUGIN_DIR, "pulumi-resource-dnsimple-dynamic")))
    return "the plugin bin/pulumi-resource-dnsimple-dynamic";
  if (!existsSync(path.join(REPO_ROOT, "dist/provider/plugin/main.js")))
    return "the build (dist/provider/plugin/main.js)";
  if (language === "yaml")
    return onPath("pulumi-language-yaml") ? undefined : "pulumi-language-yaml (scripts/bootstrap)";
  // The Automation API runs the program in its own process: Go and the CLI, no language host.
  if (language === "go")
    return !onPath("go") ? "go (scripts/bootstrap)" : onPath("pulumi") ? undefined : "the pulumi CLI";
  const venv = process.env.DNSIMPLE_PYTHON_VENV;
  if (!venv || !existsSync(venv)) return "the Python environment DNSIMPLE_PYTHON_VENV (scripts/bootstrap)";
  if (!onPath("pulumi-language-python")) return "pulumi-language-python (scripts/bootstrap)";
  if (!existsSync(path.join(PYTHON_SDK, "pulumi_dnsimple_dynamic")))
    return "the generated Python SDK sdk/python";
  return undefined;
}

/** The core program of each language: the same resources, as a user of that language writes them. */
const TYPESCRIPT_CORE = `import * as pulumi from "@pulumi/pulumi";
import * as dnsimple from "pulumi-dnsimple-dynamic";

const domain = new dnsimple.Domain("domain", { name: "typescript-core.com" });
const www = new dnsimple.ZoneRecord("www", { zoneName: domain.name, name: "www", type: "A", content: "192.0.2.10", ttl: 600 });
const web = new dnsimple.ZoneRecords("web", {
  zoneName: domain.name,
  records: [
    { name: "", type: "A", content: "192.0.2.10" },
    { name: "", type: "MX", content: "mx1.mail.example.net", priority: 10 },
  ],
});
const ds = new dnsimple.DsRecord("ds", {
  domain: "typescript-registered.com", algorithm: "13", digestType: "2", keytag: "2371",
  digest: "1F987CC6583E92DF0890718C42FD5E2D7D56D1E1E2BCD1F3D8E3A6B4C3D2E1F0",
});
const sales = new dnsimple.EmailForward("sales", { domain: domain.name, aliasName: "sales", destinationEmail: "sales-team@example.org" });
const events = new dnsimple.Webhook("events", { url: "https://hooks.example.org/dnsimple" });
const secondary = new dnsimple.SecondaryZone("secondary", { name: "typescript-core.net" });
const primary = new dnsimple.PrimaryServer("primary", { name: "ns1.example.org", ip: "192.0.2.53", linkedZones: [secondary.name] });

export const domainId = domain.domainId;
export const domainState = domain.state;
export const wwwFqdn = www.fqdn;
export const recordCount = web.recordCount;
export const dsRecordId = ds.dsRecordId;
export const salesAddress = sales.aliasEmail;
export const webhookId = events.webhookId;
export const primaryLinkedZones = primary.linkedZones;
export const accountEmail = dnsimple.whoami().then((me) => me.account?.email);
void pulumi;
`;

/** A program that declares one malformed record (an A record whose content is no IPv4 address). */
const MALFORMED: Record<Language, Record<string, string>> = {
  typescript: {
    "index.ts":
      'import * as dnsimple from "pulumi-dnsimple-dynamic";\n' +
      'new dnsimple.ZoneRecord("bad", { zoneName: "malformed.com", name: "www", type: "A", content: "192.0.2.300" });\n',
  },
  yaml: {
    "Pulumi.yaml": stringifyYaml({
      name: "malformed",
      runtime: "yaml",
      resources: {
        bad: {
          type: "dnsimple-dynamic:index:ZoneRecord",
          properties: { zoneName: "malformed.com", name: "www", type: "A", content: "192.0.2.300" },
        },
      },
    }),
  },
  python: {
    "__main__.py":
      "import pulumi_dnsimple_dynamic as dnsimple\n" +
      'dnsimple.ZoneRecord("bad", zone_name="malformed.com", name="www", type="A", content="192.0.2.300")\n',
  },
};

/** A record set whose second record is malformed: the failure is inside the input `records`. */
const MALFORMED_IN_A_LIST: Partial<Record<Language, Record<string, string>>> = {
  typescript: {
    "index.ts":
      'import * as dnsimple from "pulumi-dnsimple-dynamic";\n' +
      'new dnsimple.ZoneRecords("set", { zoneName: "malformed.com", records: [\n' +
      '  { name: "a", type: "A", content: "192.0.2.1" },\n' +
      '  { name: "b", type: "A", content: "999.1.2.3" },\n' +
      "] });\n",
  },
  yaml: {
    "Pulumi.yaml": stringifyYaml({
      name: "malformed-list",
      runtime: "yaml",
      resources: {
        set: {
          type: "dnsimple-dynamic:index:ZoneRecords",
          properties: {
            zoneName: "malformed.com",
            records: [
              { name: "a", type: "A", content: "192.0.2.1" },
              { name: "b", type: "A", content: "999.1.2.3" },
            ],
          },
        },
      },
    }),
  },
};

/** 300 records of one zone, each a resource of its own (a program migrated record by record). */
const PER_RECORD_PYTHON = [
  "import pulumi_dnsimple_dynamic as dnsimple",
  'domain = dnsimple.Domain("domain", name="python-many.com")',
  "for i in range(300):",
  '    dnsimple.ZoneRecord(f"r{i}", zone_name=domain.name, name=f"host{i}", type="A", content=f"192.0.2.{i % 250 + 1}")',
  "",
].join("\n");

let emulator: RunningEmulator;
const passed = new Set<AnyLanguage>();
/** Languages whose core cycle ran: a filtered run (-t) records no figure. */
const attempted = new Set<AnyLanguage>();
const seconds: Partial<Record<AnyLanguage, number>> = {};
/** How long the Go program took to build in this run (the Go build cache decides: cold or warm). */
let goBuildSeconds: number | undefined;
let batching: { records: number; batchRequests: number; singleRequests: number } | undefined;

let pythonSdk: string | undefined;

/**
 * The Python SDK of this checkout (sdk/python), built into a wheel and installed into a folder of
 * its own (PYTHONPATH): the SDK reads its version from the installed package's metadata. Built
 * from a copy, so the checkout gets no build folders.
 */
function installedPythonSdk(): string {
  if (pythonSdk) return pythonSdk;
  const root = path.join(REPO_ROOT, ".work", `python-sdk-${randomUUID().slice(0, 8)}`);
  cpSync(PYTHON_SDK, path.join(root, "source"), { recursive: true });
  const pip = path.join(process.env.DNSIMPLE_PYTHON_VENV!, "bin/pip");
  execFileSync(
    pip,
    [
      "install",
      "--quiet",
      "--no-deps",
      "--no-build-isolation",
      "--target",
      path.join(root, "site"),
      path.join(root, "source"),
    ],
    { stdio: "pipe" },
  );
  pythonSdk = path.join(root, "site");
  return pythonSdk;
}

/** A project folder under .work/e2e for `language`, holding `files`, configured for the emulator. */
async function languageStack(
  language: Language,
  label: string,
  files: Record<string, string>,
): Promise<{ stack: Stack; workDir: string }> {
  const workDir = path.join(REPO_ROOT, ".work/e2e", `${label}-${randomUUID().slice(0, 8)}`);
  mkdirSync(path.join(workDir, "backend"), { recursive: true });
  pulumiHome(path.join(workDir, "pulumi-home"));
  const project: Record<string, unknown> = files["Pulumi.yaml"]
    ? (parseYaml(files["Pulumi.yaml"]) as Record<string, unknown>)
    : { name: label, runtime: language === "typescript" ? "nodejs" : language };
  if (language === "typescript") {
    project.runtime = { name: "nodejs", options: { typescript: true } };
    // The quickstart's settings: CommonJS, transpile-only.
    for (const file of ["package.json", "tsconfig.json"])
      copyFileSync(path.join(EXAMPLES_DIR, "quickstart", file), path.join(workDir, file));
  } else {
    // The plugin of this checkout, as the example's `plugins.providers` names it relative to examples/.
    project.plugins = { providers: [{ name: "dnsimple-dynamic", path: PLUGIN_DIR }] };
  }
  if (language === "python")
    project.runtime = { name: "python", options: { virtualenv: process.env.DNSIMPLE_PYTHON_VENV } };
  writeFileSync(path.join(workDir, "Pulumi.yaml"), stringifyYaml(project));
  for (const [name, text] of Object.entries(files)) {
    if (name !== "Pulumi.yaml") writeFileSync(path.join(workDir, name), text);
  }
  const stack = await newStack(workDir, {
    secretsProvider: KEEPER_PROVIDER_URL,
    envVars: {
      PULUMI_BACKEND_URL: `file://${path.join(workDir, "backend")}`,
      PULUMI_HOME: path.join(workDir, "pulumi-home"),
      ...(await keeperEnv()),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
      PULUMI_NODEJS_TRANSPILE_ONLY: "",
      // The generated SDK of this checkout, installed as `pip install sdk/python` installs it.
      ...(language === "python" ? { PYTHONPATH: installedPythonSdk() } : {}),
    },
  });
  const namespace = language === "typescript" ? "dnsimple" : "dnsimple-dynamic";
  await stack.setAllConfig({
    [`${namespace}:token`]: { value: TOKEN, secret: true },
    [`${namespace}:account`]: { value: "1" },
    [`${namespace}:baseUrl`]: { value: emulator.v2Url },
  });
  return { stack, workDir };
}

/** The files of an example folder as a user copies them (its README stays behind). */
function exampleFiles(dir: string): Record<string, string> {
  const source = path.join(EXAMPLES_DIR, dir);
  return Object.fromEntries(
    readdirSync(source)
      .filter((name) => name !== "README.md" && name !== "requirements.txt")
      .map((name) => [name, readFileSync(path.join(source, name), "utf8")]),
  );
}

const CORE_FILES: Record<Language, () => Record<string, string>> = {
  typescript: () => ({ "index.ts": TYPESCRIPT_CORE }),
  yaml: () => exampleFiles("yaml-core"),
  python: () => exampleFiles("python-core"),
};

/** API requests that change something (anything but GET). */
const writes = () => emulator.requests().filter((r) => r.method !== "GET");

async function data(api: ReturnType<typeof v2>, route: string): Promise<any> {
  const answer = await api("GET", route);
  expect({ route, status: answer.status }).toEqual({ route, status: 200 });
  return answer.body.data;
}

async function recordsOf(api: ReturnType<typeof v2>, zone: string): Promise<string[]> {
  const records: any[] = await data(api, `/1/zones/${zone}/records?per_page=100`);
  return records
    .filter((r) => !r.system_record)
    .map((r) => `${r.name || "@"} ${r.type} ${r.content}`)
    .sort();
}

/** The e-mail address of the account the default token belongs to, as the service says. */
async function accountEmail(): Promise<string> {
  return (await data(v2(emulator.v2Url, TOKEN), "/whoami")).account.email;
}

const collect = (output: string[]) => ({ onOutput: (line: string) => output.push(line) });

function keep(workDir: string, output: string[]): void {
  if (process.env.E2E_KEEP_WORKDIRS)
    writeFileSync(path.join(workDir, "engine-output.log"), output.join("\n"));
  else rmSync(workDir, { recursive: true, force: true });
}

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    token: TOKEN,
    accountId: 1,
    seed: {
      accounts: [{ id: 2, email: "staging@example.org", token: STAGING_TOKEN }],
      domains: (["typescript", "yaml", "python", "go"] as const).map((language) => ({
        account: 1,
        name: `${language}-registered.com`,
        state: "registered",
        expiresOn: "2030-01-01",
      })),
    },
  });
}, 60_000);

afterAll(async () => {
  await emulator?.close();
  if (attempted.size !== LANGUAGES.length + 1) return;
  recordResults(
    "languages",
    {
      languages_end_to_end: passed.size,
      ...(goBuildSeconds !== undefined
        ? { go_program_build_seconds: Number(goBuildSeconds.toFixed(1)) }
        : {}),
      ...(batching
        ? {
            plugin_python_300_records_requests_per_record: Number(
              ((batching.batchRequests + batching.singleRequests) / batching.records).toFixed(3),
            ),
          }
        : {}),
    },
    {
      title: "Every language: the same cycle from TypeScript, Pulumi YAML, Python and Go",
      command: "npx jest --selectProjects e2e test/e2e/languages.test.ts",
      body: [
        `${passed.size} of ${attempted.size} languages passed the core cycle against the emulator (the core kinds and records:`,
        "preview with no request, up, a no-change preview, destroy; a hand-made object left alone; no secret in",
        "the state in clear; a malformed record refused at preview with no request; Go: a change too, through",
        "the Automation API).",
        "",
        "| language | served by | seconds (the cycle and its checks) |",
        "|---|---|---|",
        ...[...passed].map(
          (l) =>
            `| ${l} | ${l === "typescript" ? "dynamic providers" : "provider plugin"} | ${seconds[l]!.toFixed(1)} |`,
        ),
        ...(goBuildSeconds !== undefined
          ? [
              "",
              `The Go program (examples/go-core, the Automation API) built in ${goBuildSeconds.toFixed(1)} s in this run ` +
                "(`go_program_build_seconds`: minutes with an empty Go build cache, seconds with a warm one).",
            ]
          : []),
        ...(batching
          ? [
              "",
              `300 \`ZoneRecord\`s from Python at \`--parallel 64\`: ${batching.batchRequests} batch requests and ` +
                `${batching.singleRequests} single record creates for ${batching.records} records.`,
            ]
          : []),
      ].join("\n"),
    },
  );
});

describe("the examples of other languages", () => {
  it("each examples/python-* and examples/yaml-* folder is a program of its language, run here", () => {
    const folders = readdirSync(EXAMPLES_DIR)
      .filter((d) => /^(python|yaml)-/.test(d))
      .sort();
    expect(folders).toEqual(["python-core", "yaml-core"]);
    for (const dir of folders) {
      const project = parseYaml(readFileSync(path.join(EXAMPLES_DIR, dir, "Pulumi.yaml"), "utf8"));
      const runtime = typeof project.runtime === "string" ? project.runtime : project.runtime.name;
      expect({ dir, runtime, plugin: project.plugins?.providers?.[0]?.name }).toEqual({
        dir,
        runtime: dir.split("-")[0],
        plugin: "dnsimple-dynamic",
      });
      expect(existsSync(path.join(EXAMPLES_DIR, dir, "README.md"))).toBe(true);
    }
    // The Go program imports the SDK by its module path, replaced by this checkout's sdk/go.
    const goMod = readFileSync(path.join(GO_PROGRAM, "go.mod"), "utf8");
    expect(goMod).toMatch(
      /^replace github\.com\/pulumi-dnsimple-dynamic\/pulumi-dnsimple-dynamic\/sdk\/go => \.\.\/\.\.\/sdk\/go$/m,
    );
    expect(existsSync(path.join(GO_PROGRAM, "README.md"))).toBe(true);
  });
});

const LANGUAGES: Language[] = ["typescript", "yaml", "python"];

describe.each(LANGUAGES)("a %s program", (language) => {
  const missing = missingToolchain(language);
  if (missing) {
    // Outside CI a machine without the bootstrap's toolchain skips; CI must have everything.
    if (process.env.CI === "true") it("has its toolchain", () => expect(`missing: ${missing}`).toBe(""));
    else it.skip(`skipped: ${missing} is missing (run scripts/bootstrap)`, () => undefined);
    return;
  }

  it("declares the core kinds and records: preview sends nothing, up makes them, a second preview changes nothing, destroy removes only its own", async () => {
    const started = Date.now();
    attempted.add(language);
    const api = v2(emulator.v2Url, TOKEN);
    const domain = `${language}-core.com`;
    // Made by hand before the program runs: the same URL as the program's webhook.
    const handMade = (await api("POST", "/1/webhooks", { url: "https://hooks.example.org/dnsimple" })).body
      .data;
    const { stack, workDir } = await languageStack(language, `lang-${language}`, CORE_FILES[language]());
    const output: string[] = [];
    try {
      emulator.clearRequests();
      const preview = await stack.preview(collect(output));
      expect(preview.changeSummary.create).toBeGreaterThanOrEqual(9);
      expect(writes()).toEqual([]);

      const up = await stack.up(collect(output));
      expect(up.summary.result).toBe("succeeded");
      const outputs: OutputMap = up.outputs;
      expect((await data(api, `/1/domains/${domain}`)).state).toBe("hosted");
      expect(await recordsOf(api, domain)).toEqual([
        "@ A 192.0.2.10",
        "@ MX mx1.mail.example.net",
        "www A 192.0.2.10",
      ]);
      expect(outputs.wwwFqdn?.value).toBe(`www.${domain}`);
      expect(outputs.recordCount?.value).toBe(2);
      // Ids are integers in the schema: Python's SDK gives the program an int.
      if (language === "python") expect(outputs.domainIdType?.value).toBe("int");
      const ds: any[] = await data(api, `/1/domains/${language}-registered.com/ds_records`);
      expect(ds.map((r) => `${r.id} ${r.keytag}`)).toEqual([`${outputs.dsRecordId?.value} 2371`]);
      const forwards: any[] = await data(api, `/1/domains/${domain}/email_forwards`);
      expect(forwards.map((f) => f.alias_email)).toEqual([`sales@${domain}`]);
      expect(outputs.primaryLinkedZones?.value).toEqual([`${language}-core.net`]);
      // A function, called from the program (an invoke of the plugin in YAML and Python).
      expect(outputs.accountEmail?.value).toBe(await accountEmail());
      const hooks: any[] = await data(api, "/1/webhooks");
      expect(hooks.map((h) => h.id).sort()).toEqual([handMade.id, outputs.webhookId?.value].sort());

      const state = readFileSync(
        path.join(workDir, "backend/.pulumi/stacks", stackFolder(workDir), "test.json"),
        "utf8",
      );
      expect(state).not.toContain(TOKEN);

      emulator.clearRequests();
      const again = await stack.preview(collect(output));
      expect(Object.keys(again.changeSummary).filter((op) => op !== "same")).toEqual([]);
      expect(writes()).toEqual([]);

      await stack.destroy(collect(output));
      expect((await api("GET", `/1/domains/${domain}`)).status).toBe(404);
      expect(await data(api, `/1/domains/${language}-registered.com/ds_records`)).toEqual([]);
      expect((await data(api, `/1/domains/${language}-registered.com`)).state).toBe("registered");
      // The hand-made webhook, alike in every field, was never the program's.
      expect((await data(api, "/1/webhooks")).map((h: any) => h.id)).toEqual([handMade.id]);
      passed.add(language);
      seconds[language] = (Date.now() - started) / 1000;
    } finally {
      await api("DELETE", `/1/webhooks/${handMade.id}`);
      keep(workDir, output);
    }
  });

  it("refuses a malformed record at preview, naming the property, before any request", async () => {
    const { stack, workDir } = await languageStack(
      language,
      `lang-${language}-malformed`,
      MALFORMED[language],
    );
    const output: string[] = [];
    try {
      emulator.clearRequests();
      const failure = await stack.preview(collect(output)).then(
        () => "preview passed",
        (error: Error) => error.message,
      );
      expect(failure).toMatch(/content/);
      expect(failure).toMatch(/192\.0\.2\.300/);
      expect(emulator.requests()).toEqual([]);
    } finally {
      keep(workDir, output);
    }
  });

  if (language !== "python")
    it("prints a wrong token's message once as the resource's line and once under Diagnostics", async () => {
      const files: Record<string, string> =
        language === "typescript"
          ? {
              "index.ts":
                'import * as dnsimple from "pulumi-dnsimple-dynamic";\nnew dnsimple.Domain("one", { name: "wrong-token.com" });\n',
            }
          : {
              "Pulumi.yaml": stringifyYaml({
                name: "wrong-token",
                runtime: "yaml",
                resources: {
                  one: { type: "dnsimple-dynamic:index:Domain", properties: { name: "wrong-token.com" } },
                },
              }),
            };
      const { stack, workDir } = await languageStack(language, `lang-${language}-wrong-token`, files);
      const namespace = language === "typescript" ? "dnsimple" : "dnsimple-dynamic";
      await stack.setConfig(`${namespace}:token`, { value: "not-the-token-0c4d", secret: true });
      const output: string[] = [];
      try {
        await expect(stack.preview(collect(output))).rejects.toThrow(/refused the API token/);
        // The engine shows a diagnostic as it happens and again in its summary: two, not more.
        const printed = output.join("").match(/The service refused the API token/g) ?? [];
        expect(printed).toHaveLength(2);
        expect(output.join("")).toMatch(/Diagnostics:[\s\S]*The service refused the API token/);
      } finally {
        keep(workDir, output);
      }
    });

  const inAList = MALFORMED_IN_A_LIST[language];
  if (inAList)
    it("refuses a malformed record inside a list by its place, showing the value (no {<nil>})", async () => {
      const { stack, workDir } = await languageStack(language, `lang-${language}-malformed-list`, inAList);
      const output: string[] = [];
      try {
        const failure = await stack.preview(collect(output)).then(
          () => "preview passed",
          (error: Error) => error.message,
        );
        const text = `${output.join("")}\n${failure}`;
        expect(text).toMatch(/resource 'set' has a problem: records\[1\]\.content: .*"999\.1\.2\.3"/);
        expect(text).not.toContain("<nil>");
      } finally {
        keep(workDir, output);
      }
    });

  if (language === "python")
    it("sends 300 ZoneRecords in batch requests at --parallel 64, says their cost once, moves them into one ZoneRecords with no write, and destroys it", async () => {
      const { stack, workDir } = await languageStack(language, "lang-python-300", {
        "__main__.py": PER_RECORD_PYTHON,
      });
      const output: string[] = [];
      try {
        emulator.clearRequests();
        const up = await stack.up({ ...collect(output), parallel: 64 });
        expect(up.summary.resourceChanges?.create).toBe(302);
        const api = v2(emulator.v2Url, TOKEN);
        const zone: any[] = [];
        for (let page = 1; page <= 4; page++)
          zone.push(...(await data(api, `/1/zones/python-many.com/records?per_page=100&page=${page}`)));
        expect(zone.filter((r) => !r.system_record).length).toBe(300);
        const sent = emulator.requests();
        const batchRequests = sent.filter(
          (r) => r.method === "POST" && /\/zones\/[^/]+\/batch$/.test(r.path),
        ).length;
        const singleRequests = sent.filter(
          (r) => r.method === "POST" && /\/zones\/[^/]+\/records$/.test(r.path),
        ).length;
        expect(batchRequests).toBeGreaterThan(0);
        expect(batchRequests + singleRequests).toBeLessThan(60);
        batching = { records: 300, batchRequests, singleRequests };
        // 300 ZoneRecords in one zone: the cost is said once, naming the way to one ZoneRecords.
        const summary = output.join("").slice(output.join("").lastIndexOf("Diagnostics:"));
        expect(summary.match(/python-many\.com: 300 or more ZoneRecord resources in one zone/g)).toHaveLength(
          1,
        );
        expect(summary).toContain("docs/per-record-to-set.md");

        // That way through the plugin: the export, per-record-to-set, the import, its Python program.
        const exported = path.join(workDir, "export.json");
        // As `pulumi stack export` writes it, secrets sealed (the Automation API's export shows them).
        const deployment = checkpointDeployment(path.join(workDir, "backend"), stack.name);
        expect(deployment?.resources?.length).toBeGreaterThan(300);
        writeFileSync(exported, JSON.stringify({ version: 3, deployment }));
        const out = path.join(workDir, "per-record-to-set");
        const io = { out: () => undefined, err: (t: string) => void output.push(t), env: {} };
        expect(await perRecordToSetMain(["--state", exported, "--out", out], io)).toBe(0);
        await stack.importStack(
          JSON.parse(readFileSync(path.join(out, "state-without-records.json"), "utf8")),
        );
        writeFileSync(
          path.join(workDir, "__main__.py"),
          [
            "import pulumi_dnsimple_dynamic as dnsimple",
            'domain = dnsimple.Domain("domain", name="python-many.com")',
            readFileSync(path.join(out, "zone_records.py"), "utf8"),
          ].join("\n"),
        );
        emulator.clearRequests();
        const adopted = await stack.up(collect(output));
        expect(adopted.summary.resourceChanges).toMatchObject({ create: 1 });
        expect(emulator.requests().filter((r) => r.method !== "GET")).toEqual([]);
        const again = await stack.preview(collect(output));
        expect(Object.keys(again.changeSummary).filter((op) => op !== "same")).toEqual([]);
        await stack.destroy({ ...collect(output), parallel: 64 });
        expect((await api("GET", "/1/domains/python-many.com")).status).toBe(404);
      } finally {
        keep(workDir, output);
      }
    });
});

/** A program that reads a certificate's private key through the plugin and exports it. */
const PRIVATE_KEY_PROGRAM: Record<"yaml" | "python", (domain: string, id: number) => Record<string, string>> =
  {
    yaml: (domain, id) => ({
      "Pulumi.yaml": stringifyYaml({
        name: "private-key",
        runtime: "yaml",
        variables: {
          key: {
            "fn::invoke": {
              function: "dnsimple-dynamic:index:getCertificatePrivateKey",
              arguments: { domain, certificateId: id },
            },
          },
        },
        outputs: { privateKey: "${key.value}" },
      }),
    }),
    python: (domain, id) => ({
      "__main__.py":
        "import pulumi\nimport pulumi_dnsimple_dynamic as dnsimple\n" +
        `key = dnsimple.get_certificate_private_key_output(domain="${domain}", certificate_id=${id})\n` +
        'pulumi.export("privateKey", key.value)\n',
    }),
  };

describe.each(["yaml", "python"] as const)("getCertificatePrivateKey from %s", (language) => {
  const missing = missingToolchain(language);
  if (missing) {
    if (process.env.CI === "true") it("has its toolchain", () => expect(`missing: ${missing}`).toBe(""));
    else it.skip(`skipped: ${missing} is missing (run scripts/bootstrap)`, () => undefined);
    return;
  }

  it("is a secret in the program and in state, the key never in clear", async () => {
    const api = v2(emulator.v2Url, TOKEN);
    const domain = `${language}-registered.com`;
    const bought = await api("POST", `/1/domains/${domain}/certificates/letsencrypt`, { name: "www" });
    const id = bought.body.data.certificate_id as number;
    await api("POST", `/1/domains/${domain}/certificates/letsencrypt/${id}/issue`);
    // The issue is a job of the emulator's: run it now.
    const ran = await fetch(`${new URL(emulator.v2Url).origin}/__admin/jobs/run`, { method: "POST" });
    expect(ran.status).toBe(200);
    const key = (await data(api, `/1/domains/${domain}/certificates/${id}/private_key`))
      .private_key as string;
    expect(key).toMatch(/PRIVATE KEY/);
    const { stack, workDir } = await languageStack(
      language,
      `lang-${language}-private-key`,
      PRIVATE_KEY_PROGRAM[language](domain, id),
    );
    const output: string[] = [];
    try {
      const up = await stack.up(collect(output));
      expect(up.outputs.privateKey).toEqual({ value: key, secret: true });
      const state = readFileSync(
        path.join(workDir, "backend/.pulumi/stacks", stackFolder(workDir), "test.json"),
        "utf8",
      );
      // The key's body (its base64 lines), in clear, nowhere in state or the engine's output.
      const body = key.split("\n").filter((line) => line && !line.startsWith("-----"));
      for (const line of body) {
        expect(state).not.toContain(line);
        expect(output.join("")).not.toContain(line);
      }
    } finally {
      keep(workDir, output);
    }
  });
});

/**
 * Two accounts in one YAML program: the default provider (stack config) for one, an explicit
 * provider resource with its own token for the other; a function (whoami) called as an invoke.
 */
const TWO_ACCOUNTS_YAML = stringifyYaml({
  name: "two-accounts",
  runtime: "yaml",
  config: { stagingToken: { type: "string", secret: true }, baseUrl: { type: "string" } },
  resources: {
    staging: {
      type: "pulumi:providers:dnsimple-dynamic",
      properties: { account: "2", token: "${stagingToken}", baseUrl: "${baseUrl}" },
    },
    production: { type: "dnsimple-dynamic:index:Domain", properties: { name: "production-two.com" } },
    rehearsal: {
      type: "dnsimple-dynamic:index:Domain",
      properties: { name: "staging-two.com" },
      options: { provider: "${staging}" },
    },
  },
  variables: { me: { "fn::invoke": { function: "dnsimple-dynamic:index:whoami", arguments: {} } } },
  outputs: { accountEmail: "${me.account.email}", rehearsalAccount: "${rehearsal.accountId}" },
});

describe("the plugin installed with `pulumi-dnsimple-dynamic install-plugin`", () => {
  const missing = missingToolchain("yaml");
  if (missing) {
    if (process.env.CI === "true") it("has its toolchain", () => expect(`missing: ${missing}`).toBe(""));
    else it.skip(`skipped: ${missing} is missing (run scripts/bootstrap)`, () => undefined);
    return;
  }

  it("serves a YAML program with no plugins entry: two accounts through two providers, and an invoke", async () => {
    const { stack, workDir } = await languageStack("yaml", "lang-yaml-installed", {
      "Pulumi.yaml": TWO_ACCOUNTS_YAML,
    });
    const output: string[] = [];
    try {
      // The program names no plugin folder: the engine finds the installed one.
      const project = parseYaml(readFileSync(path.join(workDir, "Pulumi.yaml"), "utf8"));
      delete project.plugins;
      writeFileSync(path.join(workDir, "Pulumi.yaml"), stringifyYaml(project));
      const home = stack.workspace.envVars.PULUMI_HOME!;
      execFileSync(process.execPath, [path.join(REPO_ROOT, "dist/provider/cli/main.js"), "install-plugin"], {
        env: { ...process.env, PULUMI_HOME: home },
        stdio: "pipe",
      });
      await stack.setAllConfig({
        stagingToken: { value: STAGING_TOKEN, secret: true },
        baseUrl: { value: emulator.v2Url },
      });
      const up = await stack.up(collect(output));
      expect(up.outputs.accountEmail?.value).toBe(await accountEmail());
      expect(up.outputs.rehearsalAccount?.value).toBe("2");
      const production = v2(emulator.v2Url, TOKEN);
      const staging = v2(emulator.v2Url, STAGING_TOKEN);
      expect((await data(production, "/1/domains/production-two.com")).account_id).toBe(1);
      expect((await data(staging, "/2/domains/staging-two.com")).account_id).toBe(2);
      const state = readFileSync(
        path.join(workDir, "backend/.pulumi/stacks", stackFolder(workDir), "test.json"),
        "utf8",
      );
      expect(state).not.toContain(TOKEN);
      expect(state).not.toContain(STAGING_TOKEN);
      await stack.destroy(collect(output));
      expect((await production("GET", "/1/domains/production-two.com")).status).toBe(404);
      expect((await staging("GET", "/2/domains/staging-two.com")).status).toBe(404);
    } finally {
      keep(workDir, output);
    }
  });
});

/** What one run of the Go program printed: its command's change summary, and the outputs after `up`. */
interface GoReport {
  command: string;
  changes: Record<string, number>;
  outputs?: Record<string, unknown>;
}

/** Runs the built Go program once (`args` then the command); its JSON report, its stderr kept in `output`. */
function runGo(binary: string, args: string[], env: NodeJS.ProcessEnv, output: string[]): Promise<GoReport> {
  return new Promise((resolve, reject) =>
    execFile(binary, args, { env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      output.push(stderr);
      if (error) reject(new Error(`go-core ${args.join(" ")} failed: ${error.message}\n${stderr}`));
      else resolve(JSON.parse(stdout.trim().split("\n").pop()!) as GoReport);
    }),
  );
}

describe("a go program (examples/go-core, through the Automation API)", () => {
  const missing = missingToolchain("go");
  if (missing) {
    if (process.env.CI === "true") it("has its toolchain", () => expect(`missing: ${missing}`).toBe(""));
    else it.skip(`skipped: ${missing} is missing (run scripts/bootstrap)`, () => undefined);
    return;
  }

  it("builds once, then runs preview (no request), up, a no-change preview, a TTL change (one request) and destroy", async () => {
    attempted.add("go");
    const workDir = path.join(REPO_ROOT, ".work/e2e", `lang-go-${randomUUID().slice(0, 8)}`);
    mkdirSync(path.join(workDir, "backend"), { recursive: true });
    mkdirSync(path.join(workDir, "program"), { recursive: true });
    const binary = path.join(workDir, "go-core");
    // The module proxy fills go.sum's modules into the module cache; the build cache keeps the rest.
    const building = Date.now();
    await new Promise<void>((resolve, reject) =>
      execFile(
        "go",
        ["build", "-trimpath", "-o", binary, "."],
        { cwd: GO_PROGRAM, env: { ...process.env, GOFLAGS: "-mod=mod" }, maxBuffer: 16 * 1024 * 1024 },
        (error, _stdout, stderr) => (error ? reject(new Error(`go build failed:\n${stderr}`)) : resolve()),
      ),
    );
    goBuildSeconds = (Date.now() - building) / 1000;
    const started = Date.now();
    const api = v2(emulator.v2Url, TOKEN);
    const domain = "go-core.com";
    const handMade = (await api("POST", "/1/webhooks", { url: "https://hooks.example.org/dnsimple" })).body
      .data;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...(await keeperEnv()),
      PULUMI_HOME: pulumiHome(path.join(workDir, "pulumi-home")),
      PULUMI_BACKEND_URL: `file://${path.join(workDir, "backend")}`,
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
      DNSIMPLE_DYNAMIC_PLUGIN_DIR: PLUGIN_DIR,
      DNSIMPLE_TOKEN: TOKEN,
      DNSIMPLE_ACCOUNT: "1",
      DNSIMPLE_BASE_URL: emulator.v2Url,
    };
    const flags = ["-work-dir", path.join(workDir, "program"), "-secrets-provider", KEEPER_PROVIDER_URL];
    const output: string[] = [];
    try {
      emulator.clearRequests();
      const preview = await runGo(binary, [...flags, "preview"], env, output);
      expect(preview.changes.create).toBeGreaterThanOrEqual(9);
      expect(writes()).toEqual([]);

      const up = await runGo(binary, [...flags, "up"], env, output);
      const outputs = up.outputs!;
      expect((await data(api, `/1/domains/${domain}`)).state).toBe("hosted");
      expect(await recordsOf(api, domain)).toEqual([
        "@ A 192.0.2.10",
        "@ MX mx1.mail.example.net",
        "www A 192.0.2.10",
      ]);
      expect(outputs.wwwFqdn).toBe(`www.${domain}`);
      expect(outputs.recordCount).toBe(2);
      expect(Number.isInteger(outputs.domainId)).toBe(true);
      const ds: any[] = await data(api, "/1/domains/go-registered.com/ds_records");
      expect(ds.map((r) => `${r.id} ${r.keytag}`)).toEqual([`${outputs.dsRecordId} 2371`]);
      expect(outputs.primaryLinkedZones).toEqual(["go-core.net"]);
      expect(outputs.accountEmail).toBe(await accountEmail());
      const hooks: any[] = await data(api, "/1/webhooks");
      expect(hooks.map((h) => h.id).sort()).toEqual([handMade.id, outputs.webhookId].sort());
      const state = readFileSync(
        path.join(workDir, "backend/.pulumi/stacks/dnsimple-go-core/dev.json"),
        "utf8",
      );
      expect(state).not.toContain(TOKEN);

      emulator.clearRequests();
      const again = await runGo(binary, [...flags, "preview"], env, output);
      expect(Object.keys(again.changes).filter((op) => op !== "same")).toEqual([]);
      expect(writes()).toEqual([]);

      emulator.clearRequests();
      const changed = await runGo(binary, [...flags, "-ttl", "900", "up"], env, output);
      expect(changed.changes.update).toBe(1);
      expect(writes().map((r) => `${r.method} ${r.path}`)).toEqual([
        expect.stringMatching(/^PATCH \/v2\/1\/zones\/go-core\.com\/records\/\d+$/),
      ]);
      expect(changed.outputs!.wwwTtl).toBe(900);

      await runGo(binary, [...flags, "destroy"], env, output);
      expect((await api("GET", `/1/domains/${domain}`)).status).toBe(404);
      expect(await data(api, "/1/domains/go-registered.com/ds_records")).toEqual([]);
      expect((await data(api, "/1/webhooks")).map((h: any) => h.id)).toEqual([handMade.id]);
      passed.add("go");
      seconds.go = (Date.now() - started) / 1000;
    } finally {
      await api("DELETE", `/1/webhooks/${handMade.id}`);
      keep(workDir, output);
    }
  }, 1_200_000);
});

/** The file backend's folder of the project's stacks (named after the project). */
function stackFolder(workDir: string): string {
  const [project] = readdirSync(path.join(workDir, "backend/.pulumi/stacks"));
  if (!project) throw new Error(`no stack under ${workDir}`);
  return project;
}
