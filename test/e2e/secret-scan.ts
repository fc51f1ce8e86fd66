/**
 * Finds secrets in clear in what an end-to-end project leaves on disk: state files (current,
 * history, backups), `pulumi stack export`, engine output and any log. The secrets of a project
 * are harvested from the project itself with its passphrase: every secret config value
 * (`pulumi config --show-secrets`) and every secret value in the state
 * (`pulumi stack export --show-secrets`), so nothing has to be listed by hand.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import { inPool } from "./in-pool";

/** Pulumi's marker of a secret value in serialized state. */
const PULUMI_SIG_MARKER = "1b47061264138c4ac30d75fd1eb44270";

export interface Leak {
  secret: string;
  file: string;
}

function projectEnv(workDir: string, passphrase: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PULUMI_BACKEND_URL: `file://${path.join(workDir, "backend")}`,
    PULUMI_HOME: path.join(workDir, "pulumi-home"),
    PULUMI_CONFIG_PASSPHRASE: passphrase,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
  };
}

function pulumi(workDir: string, passphrase: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      "pulumi",
      [...args, "--stack", "test", "--non-interactive"],
      { cwd: workDir, env: projectEnv(workDir, passphrase), maxBuffer: 512 * 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
  });
}

function stringLeaves(value: unknown, out: Set<string>): void {
  if (typeof value === "string") out.add(value);
  else if (Array.isArray(value)) value.forEach((v) => stringLeaves(v, out));
  else if (value !== null && typeof value === "object")
    Object.values(value).forEach((v) => stringLeaves(v, out));
}

function secretsInDeployment(value: unknown, out: Set<string>): void {
  if (Array.isArray(value)) value.forEach((v) => secretsInDeployment(v, out));
  else if (value !== null && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (Object.values(o).includes(PULUMI_SIG_MARKER) && typeof o.plaintext === "string") {
      stringLeaves(JSON.parse(o.plaintext), out);
      return;
    }
    Object.values(o).forEach((v) => secretsInDeployment(v, out));
  }
}

/**
 * The secrets of a project: secret config values and secret values in its state. Values shorter
 * than 8 characters are left out (a country code or a port would match everywhere); every token
 * and auth code the suite uses is longer.
 */
export async function harvestSecrets(workDir: string, passphrase = "e2e-passphrase"): Promise<Set<string>> {
  const found = new Set<string>();
  if (!existsSync(path.join(workDir, "Pulumi.yaml"))) return found;
  const [config, exported] = await Promise.allSettled([
    pulumi(workDir, passphrase, ["config", "--show-secrets", "--json"]),
    pulumi(workDir, passphrase, ["stack", "export", "--show-secrets"]),
  ]);
  // Rejected: no stack (the project was removed half-way) or no state yet: nothing to harvest.
  if (config.status === "fulfilled") {
    const entries = JSON.parse(config.value) as Record<string, { value?: unknown; secret?: boolean }>;
    for (const entry of Object.values(entries)) if (entry.secret) stringLeaves(entry.value, found);
  }
  if (exported.status === "fulfilled") secretsInDeployment(JSON.parse(exported.value), found);
  // A secret nested in a secret keeps Pulumi's marker string: that is not a value of ours.
  return new Set([...found].filter((s) => s.length >= 8 && s !== PULUMI_SIG_MARKER));
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    const stat = statSync(full);
    if (stat.isDirectory()) {
      // Plugins and node modules are code, not output.
      if (entry === "node_modules" || entry === "plugins") continue;
      out.push(...filesUnder(full));
    } else if (stat.size < 256 * 1024 * 1024) out.push(full);
  }
  return out;
}

/** Every file under `workDir` and its `pulumi stack export` (without --show-secrets), scanned. */
export async function scanProject(
  workDir: string,
  secrets: Iterable<string>,
  passphrase = "e2e-passphrase",
): Promise<Leak[]> {
  const list = [...secrets];
  const leaks: Leak[] = [];
  const texts: Array<[string, string]> = filesUnder(workDir).map((f) => [
    path.relative(workDir, f),
    readFileSync(f, "latin1"),
  ]);
  try {
    texts.push(["(pulumi stack export)", await pulumi(workDir, passphrase, ["stack", "export"])]);
  } catch {
    // no state
  }
  for (const [file, text] of texts) {
    for (const secret of list) {
      // Also as it would appear inside a JSON string.
      const escaped = JSON.stringify(secret).slice(1, -1);
      if (text.includes(secret) || text.includes(escaped)) leaks.push({ secret, file });
    }
  }
  return leaks;
}

/**
 * Every project scanned for its own secrets (harvested from it) and `commonSecrets`, a few
 * projects at a time (each scan waits on three Pulumi CLI processes); leaks name the project.
 */
export async function scanProjects(
  projects: string[],
  commonSecrets: string[],
  concurrency = 4,
): Promise<{ leaks: Leak[]; scanned: number }> {
  const leaks: Leak[] = [];
  let scanned = 0;
  await inPool(projects, concurrency, async (project) => {
    const secrets = new Set([...commonSecrets, ...(await harvestSecrets(project))]);
    for (const leak of await scanProject(project, secrets))
      leaks.push({ ...leak, file: `${path.basename(project)}/${leak.file}` });
    scanned++;
  });
  leaks.sort((a, b) => a.file.localeCompare(b.file) || a.secret.localeCompare(b.secret));
  return { leaks, scanned };
}

/** The end-to-end project folders under `root` (default .work/e2e). */
export function projectsUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .map((d) => path.join(root, d))
    .filter((d) => existsSync(path.join(d, "Pulumi.yaml")));
}

/** Every `const SOMETHING_TOKEN = "..."` (and auth codes, secrets, passwords) in the e2e tests. */
export function tokensInTests(dir: string = __dirname): string[] {
  const found = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
    const text = readFileSync(path.join(dir, file), "utf8");
    for (const m of text.matchAll(/const \w*(?:TOKEN|AUTH_CODE|SECRET|PASSWORD)\w* = "([^"]{8,})"/g))
      found.add(m[1]!);
  }
  found.delete(PULUMI_SIG_MARKER);
  return [...found];
}
