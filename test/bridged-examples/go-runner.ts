/**
 * The bridged provider's Go examples as Automation API programs: each example's import line is
 * changed (programs.ts) and the function it hands to `pulumi.Run` is run, unchanged, as an inline
 * program (`auto.UpsertStackInlineSource`), which needs no Go language host. The SDK is this
 * checkout's sdk/go through a `replace`. All examples build as one Go module (one `go build`),
 * then each runs `up` and `destroy` against an emulator of its own.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { startEmulator } from "../../emulator";
import { GO_IMPORT_BASE } from "../../scripts/sdk-generator/schema";
import { REPO_ROOT } from "../e2e/harness";
import { pulumiHome } from "../e2e/pulumi-home";
import { type BridgedExample, converted, EXAMPLE_ACCOUNT, EXAMPLE_TOKEN, seedFor } from "./programs";
import type { ExampleOutcome } from "./run";
import { lastError, PLUGIN_DIR } from "./run";

const run = promisify(execFile);
const GO_SDK = path.join(REPO_ROOT, "sdk/go");

/** The example's imports and the function literal it gives `pulumi.Run`, as written. */
export function programOf(source: string, file: string): { imports: string[]; program: string } {
  const block = /import \(\n([\s\S]*?)\n\)/.exec(source);
  if (!block) throw new Error(`${file}: no import block`);
  const imports = block[1]!
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  const start = source.indexOf("pulumi.Run(");
  if (start < 0) throw new Error(`${file}: no pulumi.Run`);
  let depth = 0;
  let i = start + "pulumi.Run".length;
  for (; i < source.length; i++) {
    if (source[i] === "(") depth++;
    else if (source[i] === ")" && --depth === 0) break;
  }
  return { imports, program: source.slice(start + "pulumi.Run(".length, i) };
}

/** The Go program of one example: its imports and function, and a main that runs it inline. */
export function goProgram(example: BridgedExample): string {
  const { imports, program } = programOf(converted(example), example.file);
  const own = [
    '"context"',
    '"fmt"',
    '"os"',
    '"github.com/pulumi/pulumi/sdk/v3/go/auto"',
    '"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"',
    '"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"',
    '"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"',
    '"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"',
    '"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"',
  ].filter((i) => !imports.includes(i));
  return `// ${example.file}: the bridged provider's example, run by test/bridged-examples/go-runner.ts.
package main

import (
${[...imports, ...own].map((i) => `\t${i}`).join("\n")}
)

// The function the example gives pulumi.Run, as it wrote it.
var program pulumi.RunFunc = ${program}

func main() {
	ctx := context.Background()
	name := os.Getenv("EXAMPLE_PROJECT")
	project := workspace.Project{
		Name:    tokens.PackageName(name),
		Runtime: workspace.NewProjectRuntimeInfo("go", nil),
		Plugins: &workspace.Plugins{Providers: []workspace.PluginOptions{{Name: "dnsimple-dynamic", Path: os.Getenv("EXAMPLE_PLUGIN_DIR")}}},
	}
	stack, err := auto.UpsertStackInlineSource(ctx, "test", name, program, auto.Project(project), auto.SecretsProvider("passphrase"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// The config keys: the bridged dnsimple:* become dnsimple-dynamic:*.
	err = stack.SetAllConfig(ctx, auto.ConfigMap{
		"dnsimple-dynamic:token":   {Value: os.Getenv("EXAMPLE_TOKEN"), Secret: true},
		"dnsimple-dynamic:account": {Value: os.Getenv("EXAMPLE_ACCOUNT")},
		"dnsimple-dynamic:baseUrl": {Value: os.Getenv("EXAMPLE_BASE_URL")},
	})
	if err == nil {
		_, err = stack.Up(ctx, optup.ProgressStreams(os.Stdout))
	}
	if err == nil {
		// Ran: a second preview shows no change.
		var again auto.PreviewResult
		again, err = stack.Preview(ctx, optpreview.ProgressStreams(os.Stdout))
		for op, n := range again.ChangeSummary {
			if err == nil && op != "same" && n > 0 {
				err = fmt.Errorf("a second preview shows changes: %v", again.ChangeSummary)
			}
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if _, err = stack.Destroy(ctx, optdestroy.ProgressStreams(os.Stdout)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
}
`;
}

/** Builds every Go example (one module, one binary each) into `work`; the binaries (or why not) by file. */
export async function buildGoExamples(
  examples: BridgedExample[],
  work: string,
): Promise<Map<string, string>> {
  const root = path.join(work, "go");
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const sdkMod = readFileSync(path.join(GO_SDK, "go.mod"), "utf8");
  const pulumiVersion = /github\.com\/pulumi\/pulumi\/sdk\/v3 (v\S+)/.exec(sdkMod)?.[1] ?? "v3.259.0";
  const sdkModule = GO_IMPORT_BASE.replace(/\/dnsimpledynamic$/, "");
  writeFileSync(
    path.join(root, "go.mod"),
    [
      "module bridgedexamples",
      "",
      "go 1.22",
      "",
      `require (\n\t${sdkModule} v0.0.0\n\tgithub.com/pulumi/pulumi/sdk/v3 ${pulumiVersion}\n)`,
      "",
      `replace ${sdkModule} => ${GO_SDK}`,
      "",
    ].join("\n"),
  );
  const binaries = new Map<string, string>();
  for (const example of examples) {
    const dir = example.file.replace(/\.go$/, "").replace(/\W/g, "_").toLowerCase();
    mkdirSync(path.join(root, dir), { recursive: true });
    writeFileSync(path.join(root, dir, "main.go"), goProgram(example));
    binaries.set(example.file, path.join(root, "bin", dir));
  }
  const env = { ...process.env, GOFLAGS: `${process.env.GOFLAGS ?? ""} -mod=mod -trimpath`.trim() };
  await run("go", ["mod", "tidy", "-e"], { cwd: root, env, maxBuffer: 64 * 1024 * 1024 });
  // One package at a time: an example that does not compile fails alone, with the compiler's words.
  for (const example of examples) {
    const binary = binaries.get(example.file)!;
    await run("go", ["build", "-o", binary, `./${path.basename(binary)}`], {
      cwd: root,
      env,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stderr?: string }) => {
      binaries.set(example.file, `build failed: ${(error.stderr ?? "").trim()}`);
    });
  }
  return binaries;
}

/** Runs one built Go example against an emulator of its own. */
export async function runGoExample(
  example: BridgedExample,
  binary: string,
  work: string,
): Promise<ExampleOutcome> {
  const started = Date.now();
  const label = example.file.replace(/\W/g, "-").toLowerCase();
  const workDir = path.join(work, `${label}-${randomUUID().slice(0, 8)}`);
  mkdirSync(path.join(workDir, "backend"), { recursive: true });
  const emulator = await startEmulator({
    port: 0,
    token: EXAMPLE_TOKEN,
    accountId: EXAMPLE_ACCOUNT,
    seed: seedFor(example),
  });
  try {
    await run(binary, [], {
      cwd: workDir,
      maxBuffer: 64 * 1024 * 1024,
      env: {
        ...process.env,
        EXAMPLE_PROJECT: label,
        EXAMPLE_PLUGIN_DIR: PLUGIN_DIR,
        EXAMPLE_TOKEN,
        EXAMPLE_ACCOUNT: String(EXAMPLE_ACCOUNT),
        EXAMPLE_BASE_URL: emulator.v2Url,
        PULUMI_HOME: pulumiHome(path.join(workDir, "pulumi-home")),
        PULUMI_BACKEND_URL: `file://${path.join(workDir, "backend")}`,
        PULUMI_CONFIG_PASSPHRASE: "bridged-examples",
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
      },
    });
    rmSync(workDir, { recursive: true, force: true });
    return { file: example.file, ran: true, seconds: (Date.now() - started) / 1000 };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string; message: string };
    // Exit 3: up and the preview passed, the provider refused the destroy.
    if (e.code === 3) {
      return {
        file: example.file,
        ran: true,
        destroyFailed: lastError(`${e.stdout ?? ""}\n${e.stderr ?? ""}`),
        seconds: (Date.now() - started) / 1000,
      };
    }
    return {
      file: example.file,
      ran: false,
      error: `${e.message}\n${e.stdout ?? ""}\n${e.stderr ?? ""}`,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await emulator.close();
  }
}
