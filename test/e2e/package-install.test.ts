/**
 * The package as a user gets it, next to another `@pulumi/pulumi` 3.x than the project's own:
 *
 * - `npm pack` of a copy of the sources without `dist/`: `prepack` builds what ships;
 * - installed into fresh programs that pin `@pulumi/pulumi` to the lowest version the peer range
 *   allows and to a newer one, each gets a single copy of the SDK, the program's;
 * - each program runs `up`, `refresh`, `preview` and `destroy` against the emulator with the token
 *   only in stack config, which reaches the provider through `configure` (SDK 3.139.0 and later);
 * - the version just below the range is refused by npm, and when forced it cannot read stack config;
 * - `pulumi new templates/typescript` makes a program that asks for the token as a secret, runs
 *   transpile-only (a type error does not stop a preview) and type-checks with `npm run typecheck`.
 *
 * Work folder: `.work/package-test`, removed at the end (PACKAGE_TEST_KEEP=1 keeps it; it holds three
 * programs' node_modules, so the suite-wide E2E_KEEP_WORKDIRS does not). npm uses its usual cache,
 * with `--prefer-offline`, so a second run installs without downloads.
 */
import { LocalWorkspace, PulumiCommand, type Stack } from "@pulumi/pulumi/automation";
import { execFile } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { parse as parseYaml } from "yaml";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorApi } from "./emulator-api";
import { newStack, REPO_ROOT } from "./harness";
import { pulumiHome } from "./pulumi-home";
import { readsFromBackendFiles } from "./stack-reads";
import { pulumiNewArgs } from "../template-new";

const run = promisify(execFile);
const TOKEN = "e2e-package-install-token-3c9d";
const WORK = path.join(REPO_ROOT, ".work/package-test");
const ROOT_PACKAGE = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8"));

/** The peer range is `^<lowest>`: the lowest version is what the range says, not a copy of it. */
const PEER_RANGE: string = ROOT_PACKAGE.peerDependencies["@pulumi/pulumi"];
const LOWEST = /^\^(3\.\d+\.\d+)$/.exec(PEER_RANGE)?.[1] ?? `unparsable peer range ${PEER_RANGE}`;
/** The first SDK whose dynamic provider's `read` may return `inputs`: a second shape of refresh. */
const NEWER = "3.216.0";
/** The release before 3.139.0, the first to hand stack config to a dynamic provider's `configure`. */
const BELOW = "3.138.0";
const OURS: string = JSON.parse(
  readFileSync(path.join(REPO_ROOT, "node_modules/@pulumi/pulumi/package.json"), "utf8"),
).version;

const NPM_INSTALL = ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"];
let emulator: RunningEmulator;
let tarball: string;

async function npm(args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return run("npm", args, { cwd, maxBuffer: 64 * 1024 * 1024 });
}

/** A copy of the working tree's sources (tracked and new files, nothing ignored: no `dist/`). */
async function copySources(target: string): Promise<void> {
  const { stdout } = await run("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: REPO_ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const file of stdout.split("\0").filter(Boolean)) {
    const from = path.join(REPO_ROOT, file);
    if (!existsSync(from)) continue; // deleted in the working tree, not yet in git
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    cpSync(from, path.join(target, file));
  }
  // The build needs the project's dev dependencies, not a second install of them.
  symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(target, "node_modules"), "dir");
}

/** A Pulumi program in `dir` that depends on `@pulumi/pulumi@sdk` and the packed package. */
function writeProgram(dir: string, sdk: string, domain: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, "package.json"),
    JSON.stringify(
      {
        name: `program-${sdk.replace(/\./g, "-")}`,
        private: true,
        dependencies: {
          "@pulumi/pulumi": sdk,
          "pulumi-dnsimple-dynamic": `file:${path.relative(dir, tarball)}`,
        },
      },
      null,
      2,
    ),
  );
  writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    "name: package-install\nruntime:\n  name: nodejs\n  options:\n    typescript: false\n",
  );
  writeFileSync(
    path.join(dir, "index.js"),
    [
      'const dnsimple = require("pulumi-dnsimple-dynamic");',
      `const domain = new dnsimple.Domain("site", { name: ${JSON.stringify(domain)} });`,
      "const www = new dnsimple.ZoneRecord(",
      '  "www",',
      '  { zoneName: domain.name, name: "www", type: "CNAME", content: "app.example.net" },',
      ");",
      "exports.domainId = domain.domainId;",
      "exports.fqdn = www.fqdn;",
      'exports.sdkVersion = require("@pulumi/pulumi/package.json").version;',
      "",
    ].join("\n"),
  );
}

async function programStack(dir: string): Promise<Stack> {
  mkdirSync(path.join(dir, "backend"), { recursive: true });
  pulumiHome(path.join(dir, "pulumi-home"));
  const stack = await newStack(dir, {
    envVars: {
      PULUMI_BACKEND_URL: `file://${path.join(dir, "backend")}`,
      PULUMI_HOME: path.join(dir, "pulumi-home"),
      PULUMI_CONFIG_PASSPHRASE: "package-install",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
      // Stack config is the only way in: an empty variable counts as unset.
      DNSIMPLE_TOKEN: "",
      DNSIMPLE_ACCOUNT: "",
      DNSIMPLE_BASE_URL: "",
    },
  });
  await stack.setAllConfig({
    "dnsimple:token": { value: TOKEN, secret: true },
    "dnsimple:account": { value: "1" },
    "dnsimple:baseUrl": { value: emulator.v2Url },
  });
  return stack;
}

/** Every `@pulumi/pulumi` folder under a program's node_modules, at any depth. */
function sdkCopies(dir: string): string[] {
  const found: string[] = [];
  const walk = (modules: string): void => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith(".")) continue;
      const names = entry.startsWith("@")
        ? readdirSync(path.join(modules, entry)).map((n) => `${entry}/${n}`)
        : [entry];
      for (const name of names) {
        const pkg = path.join(modules, name);
        if (name === "@pulumi/pulumi") found.push(path.relative(dir, pkg));
        walk(path.join(pkg, "node_modules"));
      }
    }
  };
  walk(path.join(dir, "node_modules"));
  return found;
}

beforeAll(async () => {
  rmSync(WORK, { recursive: true, force: true });
  const sources = path.join(WORK, "sources");
  await copySources(sources);
  await npm(["pack", "--silent", "--pack-destination", WORK], sources);
  tarball = path.join(WORK, `pulumi-dnsimple-dynamic-${ROOT_PACKAGE.version}.tgz`);
  emulator = await startEmulator({ port: 0, token: TOKEN });
}, 600_000);

afterAll(async () => {
  await emulator?.close();
  if (!process.env.PACKAGE_TEST_KEEP) rmSync(WORK, { recursive: true, force: true });
});

describe("the packed package", () => {
  it("holds a build made by prepack from sources without dist/, the licence and the changelog", async () => {
    expect(existsSync(path.join(WORK, "sources/dist/sdk/nodejs/index.js"))).toBe(true);
    const { stdout } = await run("tar", ["-tzf", tarball]);
    const files = stdout.split("\n");
    expect(files).toEqual(
      expect.arrayContaining([
        "package/dist/sdk/nodejs/index.js",
        "package/dist/sdk/nodejs/index.d.ts",
        "package/dist/provider/dynamic/index.js",
        "package/dist/provider/cli/main.js",
        "package/LICENSE",
        "package/CHANGELOG.md",
        "package/README.md",
        "package/package.json",
      ]),
    );
    expect(files.filter((f) => /\/(emulator|bench|test)\//.test(f))).toEqual([]);
  });

  it("asks for @pulumi/pulumi as a peer, not as a dependency of its own", async () => {
    const { stdout } = await run("tar", ["-xzOf", tarball, "package/package.json"]);
    const packed = JSON.parse(stdout);
    expect(packed.dependencies?.["@pulumi/pulumi"]).toBeUndefined();
    expect(packed.peerDependencies).toEqual({ "@pulumi/pulumi": PEER_RANGE });
  });
});

describe.each([
  { sdk: LOWEST, why: "the lowest the peer range allows" },
  { sdk: NEWER, why: "a newer one" },
])("in a program on @pulumi/pulumi $sdk ($why)", ({ sdk }) => {
  const dir = path.join(WORK, `program-${sdk}`);
  const domain = `package-${sdk.replace(/\./g, "-")}.com`;
  let stack: Stack;

  beforeAll(async () => {
    expect(sdk).not.toBe(OURS);
    writeProgram(dir, sdk, domain);
    await npm(NPM_INSTALL, dir);
    stack = await programStack(dir);
  }, 600_000);

  afterAll(async () => {
    await stack?.destroy().catch(() => undefined);
  });

  it("installs one copy of @pulumi/pulumi, the program's, which the package resolves too", async () => {
    expect(sdkCopies(dir)).toEqual(["node_modules/@pulumi/pulumi"]);
    const installed = JSON.parse(
      readFileSync(path.join(dir, "node_modules/@pulumi/pulumi/package.json"), "utf8"),
    );
    expect(installed.version).toBe(sdk);
    const { stdout } = await run(
      process.execPath,
      ["-p", 'require.resolve("@pulumi/pulumi", { paths: [require.resolve("pulumi-dnsimple-dynamic")] })'],
      { cwd: dir },
    );
    expect(stdout.trim()).toBe(path.join(dir, "node_modules/@pulumi/pulumi/index.js"));
  });

  it("creates a domain and a record on up, with the token from stack config only", async () => {
    const result = await stack.up();
    expect(result.summary.resourceChanges).toEqual({ create: 3 });
    expect(result.outputs.sdkVersion?.value).toBe(sdk);
    expect(result.outputs.fqdn?.value).toBe(`www.${domain}`);
    const found = await emulatorApi(emulator.v2Url, TOKEN).get(`/1/domains/${domain}`);
    expect(found.status).toBe(200);
    expect(result.outputs.domainId?.value).toBe(found.body.data.id);
  });

  it("refreshes and previews with no changes", async () => {
    const refresh = await stack.refresh();
    expect(refresh.summary.resourceChanges).toEqual({ same: 3 });
    const preview = await stack.preview();
    expect(preview.changeSummary).toEqual({ same: 3 });
  });

  it("deletes both on destroy", async () => {
    const result = await stack.destroy();
    expect(result.summary.resourceChanges).toEqual({ delete: 3 });
    expect((await emulatorApi(emulator.v2Url, TOKEN).get(`/1/domains/${domain}`)).status).toBe(404);
  });
});

describe(`below the peer range: @pulumi/pulumi ${BELOW}`, () => {
  const dir = path.join(WORK, `program-${BELOW}`);

  beforeAll(() => {
    writeProgram(dir, BELOW, "package-below.com");
  });

  it("is refused by npm", async () => {
    await expect(npm(NPM_INSTALL, dir)).rejects.toThrow(/ERESOLVE|peer @pulumi\/pulumi/);
    expect(existsSync(path.join(dir, "node_modules/pulumi-dnsimple-dynamic"))).toBe(false);
  });

  it("when forced, never hands stack config to the provider: up fails naming the setting", async () => {
    await npm([...NPM_INSTALL, "--legacy-peer-deps"], dir);
    expect(sdkCopies(dir)).toEqual(["node_modules/@pulumi/pulumi"]);
    const stack = await programStack(dir);
    await expect(stack.up()).rejects.toThrow(/dnsimple:(account|token) is not set: run `pulumi config set/);
    expect((await emulatorApi(emulator.v2Url, TOKEN).get("/1/domains/package-below.com")).status).toBe(404);
  });
});

describe("a program made by `pulumi new templates/typescript`", () => {
  const template = path.join(WORK, "template");
  const dir = path.join(WORK, "from-template");
  const domain = "template-example.com";
  const stateDir = path.join(WORK, "from-template-state");
  /** The temporary folder of the commands: where Node keeps its compile cache by default. */
  const tempDir = path.join(stateDir, "tmp");
  const envVars = {
    TMPDIR: tempDir,
    // A user's shell: no compile cache but what the template's `fast-start` preload turns on.
    NODE_COMPILE_CACHE: "",
    PULUMI_BACKEND_URL: `file://${path.join(stateDir, "backend")}`,
    PULUMI_HOME: path.join(stateDir, "pulumi-home"),
    PULUMI_CONFIG_PASSPHRASE: "package-install",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
    // What tsconfig.json says decides transpile-only, not the test command's shell.
    PULUMI_NODEJS_TRANSPILE_ONLY: "",
    // The `npm install` that `pulumi new` runs takes what the npm cache has, as the other
    // installs here do (`--prefer-offline`): no wait on the registry when the cache can answer.
    npm_config_prefer_offline: "true",
    npm_config_audit: "false",
    npm_config_fund: "false",
    // Stack config, as `pulumi new` saved it, is the only way in.
    DNSIMPLE_TOKEN: "",
    DNSIMPLE_ACCOUNT: "",
    DNSIMPLE_BASE_URL: "",
  };
  const env = { ...process.env, ...envVars };
  let stack: Stack;
  /** Pulumi.dev.yaml as `pulumi new` wrote it. */
  let madeByNew: string;

  /** `npm run typecheck` in the program: its exit code and what tsc printed. */
  async function typecheck(): Promise<{ code: number; text: string }> {
    return run("npm", ["run", "--silent", "typecheck"], { cwd: dir, env }).then(
      ({ stdout }) => ({ code: 0, text: stdout }),
      (error: { code?: number; stdout?: string; stderr?: string }) => ({
        code: typeof error.code === "number" ? error.code : 1,
        text: `${error.stdout ?? ""}${error.stderr ?? ""}`,
      }),
    );
  }

  beforeAll(async () => {
    // The template as the repository ships it, with two dependencies pointed at what this machine
    // has: the packed tarball (the package is not on the registry yet) and the project's own
    // @pulumi/pulumi (in the npm cache).
    cpSync(path.join(REPO_ROOT, "templates/typescript"), template, { recursive: true });
    const pkg = JSON.parse(readFileSync(path.join(template, "package.json"), "utf8"));
    pkg.dependencies["pulumi-dnsimple-dynamic"] = `file:${tarball}`;
    pkg.dependencies["@pulumi/pulumi"] = OURS;
    writeFileSync(path.join(template, "package.json"), JSON.stringify(pkg, null, 2));
    mkdirSync(path.join(stateDir, "backend"), { recursive: true });
    mkdirSync(tempDir, { recursive: true });
    pulumiHome(path.join(stateDir, "pulumi-home"));
    // As a user answers its questions, on the command line instead of at the prompts.
    await run(
      "pulumi",
      pulumiNewArgs(template, { name: "from-template", dir, domain, baseUrl: emulator.v2Url }),
      { cwd: WORK, env, maxBuffer: 64 * 1024 * 1024 },
    );
    stack = await LocalWorkspace.selectStack(
      { stackName: "dev", workDir: dir },
      { envVars, pulumiCommand: await PulumiCommand.get({ skipVersionCheck: true }) },
    );
    // What `up` and `destroy` read afterwards, from the backend's files (no `stack history` or
    // `stack output` process after each), as every stack made by the harness does.
    readsFromBackendFiles(stack, path.join(stateDir, "backend"));
    madeByNew = readFileSync(path.join(dir, "Pulumi.dev.yaml"), "utf8");
    await stack.setConfig("dnsimple:token", { value: TOKEN, secret: true });
  }, 600_000);

  afterAll(async () => {
    await stack?.destroy().catch(() => undefined);
  });

  it("asks for the token as a secret and the account as config, and installs the package", () => {
    const asked = parseYaml(readFileSync(path.join(template, "Pulumi.yaml"), "utf8")).template.config;
    expect({
      token: asked["dnsimple:token"].secret,
      account: asked["dnsimple:account"].secret ?? false,
    }).toEqual({ token: true, account: false });
    const saved = parseYaml(madeByNew).config;
    expect(saved).toEqual({
      "dnsimple:account": "1",
      "dnsimple:baseUrl": emulator.v2Url,
      "from-template:domain": domain,
    });
    const stackFile = readFileSync(path.join(dir, "Pulumi.dev.yaml"), "utf8");
    expect({
      token: Object.keys(parseYaml(stackFile).config["dnsimple:token"]),
      tokenInClear: stackFile.includes(TOKEN),
      installed: existsSync(path.join(dir, "node_modules/pulumi-dnsimple-dynamic/dist/sdk/nodejs/index.js")),
    }).toEqual({ token: ["secure"], tokenInClear: false, installed: true });
  });

  it("type-checks with `npm run typecheck`, and runs transpile-only (tsconfig.json: noCheck)", async () => {
    expect(await typecheck()).toEqual({ code: 0, text: "" });
    const tsconfig = JSON.parse(readFileSync(path.join(dir, "tsconfig.json"), "utf8"));
    expect(tsconfig.compilerOptions.noCheck).toBe(true);
  });

  it("creates the domain and its records on up; a second preview changes nothing", async () => {
    const up = await stack.up();
    expect(up.summary.resourceChanges).toEqual({ create: 3 });
    expect(up.outputs.recordCount?.value).toBe(2);
    const found = await emulatorApi(emulator.v2Url, TOKEN).get(`/1/domains/${domain}`);
    expect(found.body.data?.id).toBe(up.outputs.domainId?.value);
    expect((await stack.preview()).changeSummary).toEqual({ same: 3 });
  });

  it("runs its program with `fast-start` preloaded (Pulumi.yaml nodeargs): Node's compile cache fills", async () => {
    expect(parseYaml(readFileSync(path.join(dir, "Pulumi.yaml"), "utf8")).runtime.options.nodeargs).toBe(
      "--require pulumi-dnsimple-dynamic/fast-start",
    );
    // Node's default cache folder under the commands' temporary folder: only the preload turns
    // the cache on here, and the program's process saves what it compiled there.
    const cache = path.join(tempDir, "node-compile-cache");
    rmSync(cache, { recursive: true, force: true });
    expect((await stack.preview()).changeSummary).toEqual({ same: 3 });
    const cached = existsSync(cache)
      ? readdirSync(cache, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
      : [];
    expect(cached.length).toBeGreaterThan(100);
  });

  it("previews a program with a type error (no compile per command); the typecheck script names it", async () => {
    const entry = path.join(dir, "index.ts");
    const program = readFileSync(entry, "utf8");
    writeFileSync(entry, `${program}\nexport const notANumber: number = "a string";\n`);
    try {
      expect((await stack.preview()).changeSummary).toEqual({ same: 3 });
      const checked = await typecheck();
      expect(checked.code).not.toBe(0);
      expect(checked.text).toMatch(
        /index\.ts\(\d+,\d+\): error TS2322: Type 'string' is not assignable to type 'number'/,
      );
    } finally {
      writeFileSync(entry, program);
    }
  });

  it("deletes what it made on destroy", async () => {
    expect((await stack.destroy()).summary.resourceChanges).toEqual({ delete: 3 });
    expect((await emulatorApi(emulator.v2Url, TOKEN).get(`/1/domains/${domain}`)).status).toBe(404);
  });
});
