/**
 * The harness reads a stack's outputs and last update from the file backend (stack-reads.ts)
 * instead of three CLI processes per `up`, and `pulumi stack export` from the checkpoint: here
 * both ways read the same real stack and agree. The stack itself was made through files
 * (stack-files.ts), and the CLI opens it.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { collect, createE2eStack, type E2eStack } from "./harness";
import { AUTOMATIC_LOG_OFF } from "./pulumi-home";

const TOKEN = "e2e-stack-reads-token-8a2c";
let emulator: RunningEmulator;
let e2e: E2eStack;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: TOKEN, accountId: 1 });
  e2e = await createE2eStack({ baseUrl: emulator.v2Url, token: TOKEN, account: 1 });
});

afterAll(async () => {
  await e2e?.cleanup();
  await emulator?.close();
});

describe("reading a stack from the file backend", () => {
  it("gives the outputs and the summary the CLI gives, after an up and after a destroy", async () => {
    await e2e.declare([
      { type: "Domain", name: "site", args: { name: "stack-reads.com" } },
      {
        type: "EmailForward",
        name: "sales",
        args: { domain: { $ref: "site.name" }, aliasName: "sales", destinationEmail: "team@example.org" },
      },
    ]);
    const up = await e2e.stack.up(collect(e2e));
    const cliOutputs = await e2e.stack.workspace.stackOutputs(e2e.stack.name);
    const [cliUpdate] = await e2e.stack.history(1);
    expect(Object.keys(up.outputs)).toEqual(["ids"]);
    expect(up.outputs).toEqual(cliOutputs);
    expect(up.summary).toMatchObject({
      kind: cliUpdate!.kind,
      result: "succeeded",
      resourceChanges: cliUpdate!.resourceChanges,
      startTime: cliUpdate!.startTime,
      endTime: cliUpdate!.endTime,
    });
    expect(up.summary.resourceChanges).toEqual({ create: 3 });
    // The harness's exportState reads the checkpoint: the resources `pulumi stack export` prints.
    const fromFile = JSON.parse(await e2e.exportState());
    const fromCli = JSON.parse(await e2e.exportWithCli());
    expect(fromFile.version).toBe(fromCli.version);
    expect(fromFile.deployment.resources).toHaveLength(4);
    expect(fromFile.deployment.resources).toEqual(fromCli.deployment.resources);

    const destroy = await e2e.stack.destroy(collect(e2e));
    const [cliDestroy] = await e2e.stack.history(1);
    expect(destroy.summary).toMatchObject({
      kind: "destroy",
      result: "succeeded",
      resourceChanges: cliDestroy!.resourceChanges,
    });
  });

  it("opens a stack made and configured through files (stack-files.ts) as the CLI would have made it", async () => {
    // The CLI opens the stack's data key through the keeper and the token with that key.
    expect(await e2e.stack.getAllConfig()).toMatchObject({
      "dnsimple:token": { value: TOKEN, secret: true },
      "dnsimple:account": { value: "1", secret: false },
      "dnsimple:baseUrl": { value: emulator.v2Url, secret: false },
      "e2e:resourcesFile": { value: expect.stringContaining(".work/declarations/"), secret: false },
    });
    expect(readFileSync(path.join(e2e.workDir, "Pulumi.test.yaml"), "utf8")).not.toContain(TOKEN);
    expect((await e2e.stack.workspace.listStacks()).map((s) => s.name)).toEqual(["test"]);
  });

  it("runs the engine without its automatic debug log (test/e2e/pulumi-home.ts)", async () => {
    await e2e.stack.preview();
    const home = path.join(e2e.workDir, "pulumi-home");
    expect(statSync(path.join(home, "logs")).isFile()).toBe(true);
    expect(readFileSync(path.join(home, "logs"), "utf8")).toBe(AUTOMATIC_LOG_OFF);
    const logs = readdirSync(home, { recursive: true, encoding: "utf8" }).filter((f) =>
      /(^|\/)pulumi-\d{8}T\d{6}-.*\.log$/.test(f),
    );
    expect(logs).toEqual([]);
  });
});
