/**
 * The provider plugin's SDKs in other languages, made by Pulumi's own code generators from the
 * package schema (provider/plugin/schema.json), build and type-check as a user of each language
 * gets them: the committed Python SDK (sdk/python) as a wheel, installed, imported, and the Python
 * example type-checked against it with mypy (and a program with a wrong argument type refused);
 * the committed Go SDK (sdk/go) with a small program that uses it, built and vetted; the Node.js
 * SDK, generated here (it is not committed), compiled with tsc. Whether the committed SDKs are
 * current is `bash scripts/generate-sdks --check`'s question (scripts/test runs it).
 *
 * Every build works on a copy under .work/, so the checkout gets no build folders. The toolchain
 * comes from the bootstrap (scripts/lib/env.sh): pulumi-dnsimple-codegen, the Python environment
 * DNSIMPLE_PYTHON_VENV, Go with github.com/pulumi/pulumi/sdk/v3 in its module cache.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { recordResults } from "../../bench/lib/record";
import { COMPAT_FUNCTIONS, COMPAT_RESOURCES } from "../../provider/compat/definitions";
import { resourceKinds } from "../../provider/kinds";
import { functionsToRender } from "../../scripts/sdk-generator/functions";
import { GO_IMPORT_BASE, PACKAGE_NAME, tokenOf } from "../../scripts/sdk-generator/schema";
import { REPO_ROOT } from "./harness";

type Language = "python" | "go" | "nodejs";
const LANGUAGES: Language[] = ["python", "go", "nodejs"];

const SCHEMA_FILE = path.join(REPO_ROOT, "provider/plugin/schema.json");
const PYTHON_SDK = path.join(REPO_ROOT, "sdk/python");
const GO_SDK = path.join(REPO_ROOT, "sdk/go");
const PYTHON_EXAMPLE = path.join(REPO_ROOT, "examples/python-core/__main__.py");
const CODEGEN = "pulumi-dnsimple-codegen";

const onPath = (tool: string) =>
  (process.env.PATH ?? "").split(path.delimiter).some((dir) => existsSync(path.join(dir, tool)));

/** What a language's check needs on this machine, and what is missing (the bootstrap installs it all). */
function missingToolchain(language: Language): string | undefined {
  if (language === "python") {
    const venv = process.env.DNSIMPLE_PYTHON_VENV;
    if (!venv || !existsSync(path.join(venv, "bin/mypy")))
      return "the Python environment DNSIMPLE_PYTHON_VENV, with build and mypy (scripts/bootstrap)";
    return undefined;
  }
  if (language === "go") return onPath("go") ? undefined : "go (scripts/bootstrap)";
  return onPath(CODEGEN) ? undefined : `${CODEGEN} (scripts/bootstrap builds it from scripts/codegen)`;
}

/** A command's exit status and everything it printed, kept quiet unless a test shows it. */
function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  const result = spawnSync(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return {
    command: `${path.basename(command)} ${args.join(" ")}`,
    status: result.status ?? String(result.error ?? result.signal),
    output: `${result.stdout ?? ""}${result.stderr ?? ""}`.trim(),
  };
}

/** Expects success; on failure the assertion shows the command and what it printed. */
function succeeds(result: ReturnType<typeof run>): string {
  expect(result).toMatchObject({ status: 0 });
  return result.output;
}

/** Every file of the folder, recursively, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** Whether a file of an SDK says, in its first lines, that Pulumi's generator (our build of it) wrote it. */
const madeByTheGenerator = (file: string) => readFileSync(file, "utf8").slice(0, 200).includes(CODEGEN);

/** A folder of this run under .work/, removed after the file ran (E2E_KEEP_WORKDIRS keeps it). */
const WORK = path.join(REPO_ROOT, ".work", `sdks-${randomUUID().slice(0, 8)}`);

/** Copies an SDK folder without what a build in place may have left beside its sources. */
function copySdk(from: string, to: string): void {
  const leftovers = new Set(["build", "dist", "__pycache__", ".mypy_cache", "go.sum"]);
  cpSync(from, to, {
    recursive: true,
    filter: (source) => !leftovers.has(path.basename(source)) && !source.endsWith(".egg-info"),
  });
}

/** A Go program of the SDK's module, as a user writes one. */
const GO_PROGRAM = `package main

import (
	dnsimple "${GO_IMPORT_BASE}"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		domain, err := dnsimple.NewDomain(ctx, "domain", &dnsimple.DomainArgs{Name: pulumi.String("go-core.com")})
		if err != nil {
			return err
		}
		www, err := dnsimple.NewZoneRecord(ctx, "www", &dnsimple.ZoneRecordArgs{
			ZoneName: domain.Name,
			Name:     pulumi.String("www"),
			Type:     pulumi.String("A"),
			Content:  pulumi.String("192.0.2.10"),
			Ttl:      pulumi.Int(600),
		})
		if err != nil {
			return err
		}
		ctx.Export("wwwFqdn", www.Fqdn)
		return nil
	})
}
`;

const generated = new Set<Language>();
const compiled = new Set<Language>();
/** The tests that ran: a filtered run (-t) or a skipped language records no figure. */
const ran = new Set<string>();
let schemaFigures: { resources: number; functions: number } | undefined;

beforeAll(() => mkdirSync(WORK, { recursive: true }));

afterAll(() => {
  if (!process.env.E2E_KEEP_WORKDIRS) rmSync(WORK, { recursive: true, force: true });
  if (ran.size !== LANGUAGES.length + 1 || !schemaFigures) return;
  recordResults(
    "sdks",
    {
      schema_resources: schemaFigures.resources,
      schema_functions: schemaFigures.functions,
      sdk_languages_generated: generated.size,
      sdk_languages_compiled: compiled.size,
    },
    {
      title: "The plugin's SDKs in other languages: generated from the schema, compiled",
      command: "npx jest --selectProjects e2e --runTestsByPath test/e2e/sdks.test.ts",
      body: [
        `The package schema (provider/plugin/schema.json) holds ${schemaFigures.resources} resources (every kind)`,
        `and ${schemaFigures.functions} functions (every function defined in provider/functions).`,
        `Pulumi's generators made ${generated.size} SDKs of it; ${compiled.size} passed their check:`,
        "",
        "| language | SDK | check |",
        "|---|---|---|",
        `| python | sdk/python (committed) | ${compiled.has("python") ? "passed" : "failed"}: a wheel built, installed and imported; examples/python-core type-checked with mypy; a wrong argument type refused |`,
        `| go | sdk/go (committed) | ${compiled.has("go") ? "passed" : "failed"}: \`go build\` and \`go vet\` of the SDK and a program using it |`,
        `| nodejs | generated by the test | ${compiled.has("nodejs") ? "passed" : "failed"}: \`tsc --noEmit\` with the generator's tsconfig |`,
      ].join("\n"),
    },
  );
});

describe("the package schema", () => {
  it("has every kind as a resource and every defined function (provider/functions) as a function", () => {
    ran.add("schema");
    const schema = JSON.parse(readFileSync(SCHEMA_FILE, "utf8")) as {
      resources: Record<string, unknown>;
      functions: Record<string, unknown>;
    };
    // The index module: our kinds and functions; the compat module: the bridged provider's names.
    const index = (tokens: Record<string, unknown>) =>
      Object.keys(tokens).filter((t) => t.startsWith(tokenOf("")));
    const compat = (tokens: Record<string, unknown>) =>
      Object.keys(tokens).filter((t) => !t.startsWith(tokenOf("")));
    expect(index(schema.resources).sort()).toEqual(resourceKinds.map(tokenOf).sort());
    const functions = functionsToRender(tokenOf).functions.map((f) => tokenOf(f.name));
    expect(index(schema.functions).sort()).toEqual(functions.sort());
    expect(compat(schema.resources)).toEqual(COMPAT_RESOURCES.map((r) => `${PACKAGE_NAME}:compat:${r.name}`));
    expect(compat(schema.functions)).toEqual(COMPAT_FUNCTIONS.map((f) => `${PACKAGE_NAME}:compat:${f.name}`));
    schemaFigures = {
      resources: index(schema.resources).length,
      functions: index(schema.functions).length,
    };
  });
});

const CHECKS: Record<Language, { name: string; run: () => void }> = {
  python: {
    name: "builds as a wheel that imports, and the Python example type-checks against it; a wrong type does not",
    run: () => {
      expect(madeByTheGenerator(path.join(PYTHON_SDK, "pulumi_dnsimple_dynamic/domain.py"))).toBe(true);
      generated.add("python");
      const venv = process.env.DNSIMPLE_PYTHON_VENV!;
      const python = path.join(venv, "bin/python");
      const root = path.join(WORK, "python");
      copySdk(PYTHON_SDK, path.join(root, "source"));
      succeeds(
        run(python, ["-m", "build", "--wheel", "--no-isolation", "--outdir", path.join(root, "wheel")], {
          cwd: path.join(root, "source"),
        }),
      );
      const [wheel] = readdirSync(path.join(root, "wheel"));
      expect(wheel).toMatch(/^pulumi_dnsimple_dynamic-.*-py3-none-any\.whl$/);
      const site = path.join(root, "site");
      succeeds(
        run(python, ["-m", "pip", "install", "--quiet", "--no-deps", "--target", site, `wheel/${wheel}`], {
          cwd: root,
        }),
      );
      const imported = succeeds(
        run(
          python,
          ["-c", "import pulumi_dnsimple_dynamic as d; print(d.Domain.__name__, d.get_domain.__name__)"],
          { cwd: root, env: { PYTHONPATH: site } },
        ),
      );
      expect(imported).toBe("Domain get_domain");

      // A user's program against the installed SDK. `--follow-imports=silent` keeps mypy's
      // complaints about Pulumi's generated code out (it types `__args__ = {}` without an
      // annotation, passes Input[T | None] where Output.secret wants Input[T], and an output
      // type with an `items` field overrides dict.items): the user's calls are checked all the same.
      const mypy = (files: string[]) =>
        run(
          path.join(venv, "bin/mypy"),
          ["--follow-imports=silent", "--cache-dir", path.join(root, "mypy-cache"), ...files],
          { cwd: root, env: { MYPYPATH: site, PYTHONPATH: site } },
        );
      expect(succeeds(mypy([PYTHON_EXAMPLE]))).toMatch(/^Success: no issues found in 1 source file/);

      // The same program with a TTL that is no number, and with an argument the SDK does not have.
      const program = readFileSync(PYTHON_EXAMPLE, "utf8");
      const wrongTtl = program.replace("ttl=600", 'ttl="soon"');
      const unknownArgument = program.replace("ttl=600", "time_to_live=600");
      expect([wrongTtl, unknownArgument]).not.toContain(program);
      writeFileSync(path.join(root, "wrong_ttl.py"), wrongTtl);
      writeFileSync(path.join(root, "unknown_argument.py"), unknownArgument);
      const refused = mypy(["wrong_ttl.py", "unknown_argument.py"]);
      expect(refused.status).toBe(1);
      expect(refused.output).toMatch(/^wrong_ttl\.py:\d+: error: No overload variant of "ZoneRecord"/m);
      expect(refused.output).toMatch(
        /^unknown_argument\.py:\d+: error: Unexpected keyword argument "time_to_live" for overloaded function "ZoneRecord"/m,
      );
      compiled.add("python");
    },
  },

  go: {
    name: "builds and vets, with a program that declares a domain and a record",
    run: () => {
      expect(madeByTheGenerator(path.join(GO_SDK, "dnsimpledynamic/domain.go"))).toBe(true);
      generated.add("go");
      const root = path.join(WORK, "go");
      copySdk(GO_SDK, root);
      mkdirSync(path.join(root, "program"));
      writeFileSync(path.join(root, "program/main.go"), GO_PROGRAM);
      // No go.sum is committed: the module's requirements come from the module cache. -trimpath
      // keeps this run's folder out of the build cache's keys, so the next run's copy is warm.
      const env = { GOFLAGS: `${process.env.GOFLAGS ?? ""} -mod=mod -trimpath`.trim() };
      const packages = succeeds(run("go", ["list", "./..."], { cwd: root, env })).split("\n");
      expect(packages).toEqual(
        expect.arrayContaining([GO_IMPORT_BASE, GO_IMPORT_BASE.replace(/dnsimpledynamic$/, "program")]),
      );
      succeeds(run("go", ["build", "./..."], { cwd: root, env }));
      succeeds(run("go", ["vet", "./..."], { cwd: root, env }));
      compiled.add("go");
    },
  },

  nodejs: {
    name: "is generated from the schema and compiles with tsc",
    run: () => {
      const out = path.join(WORK, "nodejs");
      succeeds(run(CODEGEN, ["--schema", SCHEMA_FILE, "--language", "nodejs", "--out", out], { cwd: WORK }));
      expect(madeByTheGenerator(path.join(out, "domain.ts"))).toBe(true);
      expect(filesUnder(out)).toEqual(expect.arrayContaining(["index.ts", "domain.ts", "getDomain.ts"]));
      generated.add("nodejs");
      // The generator's own tsconfig; @pulumi/pulumi and @types/node resolve from the repository's node_modules.
      const tsc = require.resolve("typescript/bin/tsc");
      succeeds(run(process.execPath, [tsc, "-p", out, "--noEmit"], { cwd: out }));
      compiled.add("nodejs");
    },
  },
};

describe.each(LANGUAGES)("the %s SDK", (language) => {
  const missing = missingToolchain(language);
  if (missing) {
    // Outside CI a machine without the bootstrap's toolchain skips; CI must have everything.
    if (process.env.CI === "true") it("has its toolchain", () => expect(`missing: ${missing}`).toBe(""));
    else it.skip(`skipped: ${missing} is missing (run scripts/bootstrap)`, () => undefined);
    return;
  }
  const check = CHECKS[language];
  it(check.name, () => {
    ran.add(language);
    check.run();
  });
});
