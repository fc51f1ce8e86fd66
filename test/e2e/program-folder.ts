/**
 * A TypeScript program folder run as a user runs it: its files copied into a project under
 * .work/e2e (the secret scan's layout), TypeScript run by the Pulumi CLI as the folder's own
 * tsconfig says (transpile-only with `noCheck`), `pulumi-dnsimple-dynamic` resolved from
 * node_modules like an installed package, stack config pointing at the emulator.
 */
import { type ConfigMap, type Stack } from "@pulumi/pulumi/automation";
import { randomUUID } from "node:crypto";
import { copyFileSync, mkdirSync } from "node:fs";
import * as path from "node:path";
import { newStack, REPO_ROOT } from "./harness";
import { pulumiHome } from "./pulumi-home";
import { KEEPER_PROVIDER_URL, keeperEnv } from "./secrets-keeper";

/** The files a user copies; a README stays behind. */
export const PROGRAM_FILES = ["Pulumi.yaml", "index.ts", "tsconfig.json", "package.json"];

export interface ProgramFolderOptions {
  /** The folder holding the program's files. */
  source: string;
  /** Names the project folder under .work/e2e. */
  label: string;
  /** The emulator's API v2 base URL (with `/v2`). */
  baseUrl: string;
  token: string;
  account?: string;
  config?: ConfigMap;
  /** Files of the folder besides the program's own (modules the program imports). */
  extraFiles?: string[];
  /** Environment of the engine and the program (and so of the provider processes). */
  env?: Record<string, string>;
  /** false: the emulator's address goes in `DNSIMPLE_BASE_URL` instead of stack config. */
  baseUrlInConfig?: boolean;
}

export async function programFolderStack(
  options: ProgramFolderOptions,
): Promise<{ stack: Stack; workDir: string }> {
  const workDir = path.join(REPO_ROOT, ".work/e2e", `${options.label}-${randomUUID().slice(0, 8)}`);
  mkdirSync(path.join(workDir, "backend"), { recursive: true });
  pulumiHome(path.join(workDir, "pulumi-home"));
  for (const file of [...PROGRAM_FILES, ...(options.extraFiles ?? [])]) {
    mkdirSync(path.dirname(path.join(workDir, file)), { recursive: true });
    copyFileSync(path.join(options.source, file), path.join(workDir, file));
  }
  const inConfig = options.baseUrlInConfig !== false;
  const stack = await newStack(workDir, {
    // Secrets sealed with a data key the test process's keeper opens, not a passphrase: no key
    // derivation in every CLI process (secrets-keeper.ts); the program runs the same either way.
    secretsProvider: KEEPER_PROVIDER_URL,
    envVars: {
      PULUMI_BACKEND_URL: `file://${path.join(workDir, "backend")}`,
      PULUMI_HOME: path.join(workDir, "pulumi-home"),
      ...(await keeperEnv()),
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
      // The program's own tsconfig (noCheck) decides transpile-only, not the test command's shell.
      PULUMI_NODEJS_TRANSPILE_ONLY: "",
      ...(inConfig ? {} : { DNSIMPLE_BASE_URL: options.baseUrl }),
      ...options.env,
    },
  });
  await stack.setAllConfig({
    "dnsimple:token": { value: options.token, secret: true },
    "dnsimple:account": { value: options.account ?? "1" },
    ...(inConfig ? { "dnsimple:baseUrl": { value: options.baseUrl } } : {}),
    ...options.config,
  });
  return { stack, workDir };
}
