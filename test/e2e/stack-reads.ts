/**
 * What the Automation API reads after every `up` (the stack's outputs: two `pulumi stack output`
 * processes; the update's summary: a `pulumi stack history`), read from the file backend instead:
 * the checkpoint and the history file the engine has just written. Each of those processes
 * costs a Go start and, with a passphrase, a key derivation (PBKDF2, a million rounds): about a
 * second of CPU per `up`, in every end-to-end test.
 *
 * Only secret outputs need the CLI (their plaintext is encrypted in the checkpoint): one
 * `pulumi stack output --show-secrets` then. Anything the files do not hold as expected (another
 * layout, a compressed file, an output that is not plain JSON) falls back on the Automation
 * API's own reads, and test/e2e/stack-reads.test.ts compares both on a real stack.
 */
import type { OutputMap, Stack, UpdateSummary } from "@pulumi/pulumi/automation";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";

/** Pulumi's key for special values in state (secrets, assets, resource references). */
const SIG_KEY = "4dabf18193072939515e22adb298388d";
/** The signature of a secret. */
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

function holdsSpecialValue(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsSpecialValue);
  if (value !== null && typeof value === "object") {
    if (SIG_KEY in value) return true;
    return Object.values(value).some(holdsSpecialValue);
  }
  return false;
}

/** The only project folder of a file backend's stacks or history, or undefined. */
function onlyProject(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  const projects = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory());
  return projects.length === 1 ? path.join(dir, projects[0]!.name) : undefined;
}

/**
 * The stack's latest deployment as the checkpoint holds it (what `pulumi stack export` prints
 * under `deployment`, secrets encrypted), or undefined where the file is not there as expected.
 */
export function checkpointDeployment(
  backendDir: string,
  stackName: string,
): { resources?: Array<{ type: string; outputs?: Record<string, unknown> }> } | undefined {
  const project = onlyProject(path.join(backendDir, ".pulumi/stacks"));
  const file = project && path.join(project, `${stackName}.json`);
  if (!file || !existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, "utf8"))?.checkpoint?.latest ?? {};
}

/** The root stack resource's outputs as the checkpoint holds them, or undefined. */
export function checkpointOutputs(
  backendDir: string,
  stackName: string,
): Record<string, unknown> | undefined {
  const deployment = checkpointDeployment(backendDir, stackName);
  if (!deployment) return undefined;
  const root = (deployment.resources ?? []).find((r) => r.type === "pulumi:pulumi:Stack");
  return root ? (root.outputs ?? {}) : {};
}

/** The last update's summary from its history file (the newest: names end in nanoseconds). */
export function lastUpdate(backendDir: string, stackName: string): UpdateSummary | undefined {
  const project = onlyProject(path.join(backendDir, ".pulumi/history"));
  const dir = project && path.join(project, stackName);
  if (!dir || !existsSync(dir)) return undefined;
  const files = readdirSync(dir)
    .filter((f) => f.startsWith(`${stackName}-`) && f.endsWith(".history.json"))
    .sort();
  const newest = files[files.length - 1];
  if (!newest) return undefined;
  const update = JSON.parse(readFileSync(path.join(dir, newest), "utf8"));
  return {
    ...update,
    startTime: new Date(update.startTime * 1000),
    endTime: new Date(update.endTime * 1000),
  } as UpdateSummary;
}

/**
 * Makes `stack.outputs()` and `stack.info()` (which `up`, `refresh` and `destroy` call) read the
 * file backend in `backendDir`, falling back on the CLI where the files cannot answer.
 */
export function readsFromBackendFiles(stack: Stack, backendDir: string): void {
  const cliOutputs = stack.outputs.bind(stack);
  const cliInfo = stack.info.bind(stack);
  stack.outputs = async (): Promise<OutputMap> => {
    const stored = checkpointOutputs(backendDir, stack.name);
    if (stored === undefined) return cliOutputs();
    const secret = (value: unknown) =>
      value !== null &&
      typeof value === "object" &&
      (value as Record<string, unknown>)[SIG_KEY] === SECRET_SIG;
    // An asset, an archive or a resource reference among the outputs: the CLI's rendering of it.
    if (Object.values(stored).some((v) => !secret(v) && holdsSpecialValue(v))) return cliOutputs();
    const secrets = Object.values(stored).filter(secret);
    const plain = secrets.length === 0 ? {} : await showSecrets(stack);
    const outputs: OutputMap = {};
    for (const [key, value] of Object.entries(stored)) {
      outputs[key] = secret(value) ? { value: plain[key], secret: true } : { value, secret: false };
    }
    return outputs;
  };
  stack.info = async (showSecretsToo?: boolean): Promise<UpdateSummary | undefined> =>
    // The summary's config holds secrets in clear only with --show-secrets: that one is the CLI's.
    (showSecretsToo ? undefined : lastUpdate(backendDir, stack.name)) ?? cliInfo(showSecretsToo);
}

/** `pulumi stack output --json --show-secrets`: every output in clear, one CLI process. */
async function showSecrets(stack: Stack): Promise<Record<string, unknown>> {
  const workspace = stack.workspace as unknown as {
    runPulumiCmd(args: string[]): Promise<{ stdout: string }>;
  };
  const result = await workspace.runPulumiCmd([
    "stack",
    "output",
    "--json",
    "--show-secrets",
    "--stack",
    stack.name,
  ]);
  return JSON.parse(result.stdout);
}
