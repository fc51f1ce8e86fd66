/**
 * As a user consumes the package: `npm pack`, install the tarball into a fresh Pulumi project
 * outside the repository, and run `up` and `destroy` of a domain there with the real engine.
 */
import { type Stack } from "@pulumi/pulumi/automation";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { emulatorApi } from "./emulator-api";
import { installPackedPackage } from "./reliability-lib";
import { newStack } from "./harness";
import { pulumiHome } from "./pulumi-home";

const TOKEN = "e2e-packaged-token-71aa";
let emulator: RunningEmulator;
let project: string;
let stack: Stack;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: TOKEN });
  project = mkdtempSync(path.join(tmpdir(), "dnsimple-packaged-"));
  installPackedPackage(project, "packaged-consumer");
  writeFileSync(
    path.join(project, "Pulumi.yaml"),
    "name: packaged-consumer\nruntime:\n  name: nodejs\n  options:\n    typescript: false\n",
  );
  writeFileSync(
    path.join(project, "index.js"),
    [
      'const dnsimple = require("pulumi-dnsimple-dynamic");',
      'const domain = new dnsimple.Domain("site", { name: "packaged-e2e.com" });',
      "exports.domainId = domain.domainId;",
      // The compat entry point ships in the tarball and resolves by its name.
      'const compat = require("pulumi-dnsimple-dynamic/compat");',
      'new compat.ZoneRecord("www", { zoneName: domain.name, name: "www", type: compat.RecordTypes.A, value: "192.0.2.8" });',
      "",
    ].join("\n"),
  );
  stack = await newStack(
    project,
    {
      envVars: {
        PULUMI_BACKEND_URL: `file://${project}`,
        PULUMI_HOME: pulumiHome(path.join(project, ".pulumi-home")),
        PULUMI_CONFIG_PASSPHRASE: "packaged",
      },
    },
    "packaged",
  );
  await stack.setAllConfig({
    "dnsimple:token": { value: TOKEN, secret: true },
    "dnsimple:account": { value: "1" },
    "dnsimple:baseUrl": { value: emulator.v2Url },
  });
});

afterAll(async () => {
  await stack?.destroy().catch(() => undefined);
  if (project) rmSync(project, { recursive: true, force: true });
  await emulator?.close();
});

describe("the packed package in a fresh project", () => {
  it("creates a domain and a compat record on up, loading the provider from the installed package", async () => {
    const result = await stack.up();
    expect(result.summary.resourceChanges?.create).toBe(3);
    const found = await emulatorApi(emulator.v2Url, TOKEN).get("/1/domains/packaged-e2e.com");
    expect(found.status).toBe(200);
    expect(result.outputs.domainId?.value).toBe(found.body.data.id);
  });

  it("stores a one-line require of the kind's stub as provider code, not the code itself", async () => {
    const deployment = (await stack.exportStack()).deployment as {
      resources: Array<{ type: string; outputs?: Record<string, unknown> }>;
    };
    const domain = deployment.resources.find((r) => r.type.endsWith(":Domain"));
    const code = String(domain?.outputs?.__provider);
    expect(code).toContain('require("pulumi-dnsimple-dynamic/stubs/domain")');
    expect(code).not.toContain("providerFor");
    // One line (decision 002): the engine writes it twice per resource at every step.
    expect(code).toBe('exports.handler = () => require("pulumi-dnsimple-dynamic/stubs/domain");\n');
    // Loaded as Pulumi's provider process loads it, from the project: the installed stub.
    const loaded = execFileSync(
      process.execPath,
      [
        "-e",
        "const code = process.argv[1]; const m = { exports: {} };" +
          "new Function('exports', 'require', 'module', code)(m.exports, require, m);" +
          'process.stdout.write(String(m.exports.handler() === require("pulumi-dnsimple-dynamic/stubs/domain")));',
        code,
      ],
      { cwd: project, encoding: "utf8" },
    );
    expect(loaded).toBe("true");
    // A compat class is ours underneath: the same stub, the same few lines in state.
    const record = deployment.resources.find((r) => r.type.endsWith(":ZoneRecord"));
    expect(String(record?.outputs?.__provider)).toContain(
      'require("pulumi-dnsimple-dynamic/stubs/zone-record")',
    );
  });

  it("records the program's own line as each resource's source position, and only the program's frames", async () => {
    const deployment = (await stack.exportStack()).deployment as {
      resources: Array<{
        type: string;
        sourcePosition?: string;
        stackTrace?: Array<{ sourcePosition?: string }>;
      }>;
    };
    const positions = (suffix: string) => {
      const resource = deployment.resources.find((r) => r.type.endsWith(suffix));
      return {
        sourcePosition: resource?.sourcePosition,
        stackTrace: resource?.stackTrace?.map((frame) => frame.sourcePosition),
      };
    };
    // Lines 2 and 5 of index.js: where the program makes them, not the classes in node_modules.
    expect(positions(":Domain")).toEqual({
      sourcePosition: "project:///index.js#2,16",
      stackTrace: ["project:///index.js#2,16"],
    });
    expect(positions(":ZoneRecord")).toEqual({
      sourcePosition: "project:///index.js#5,1",
      stackTrace: ["project:///index.js#5,1"],
    });
  });

  it("refreshes and previews with no changes through that stub", async () => {
    const refresh = await stack.refresh();
    expect(refresh.summary.resourceChanges).toEqual({ same: 3 });
    const preview = await stack.preview();
    expect(preview.changeSummary).toEqual({ same: 3 });
  });

  it("deletes it on destroy", async () => {
    await stack.destroy();
    expect((await emulatorApi(emulator.v2Url, TOKEN).get("/1/domains/packaged-e2e.com")).status).toBe(404);
  });
});
