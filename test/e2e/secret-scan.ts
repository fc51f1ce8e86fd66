/**
 * Finds secrets in clear in what an end-to-end project leaves on disk: state files (current,
 * history, backups), engine output and any log. The secrets of a project are harvested from the
 * project itself with its passphrase or the end-to-end keeper's key (secrets-keeper.ts): every
 * secret config value and every secret value in its state, so nothing has to be listed by hand.
 * They are decrypted here, as Pulumi's passphrase
 * secrets manager does (`sdk/go/common/resource/config/crypt.go`: a PBKDF2-SHA256 key of 1,000,000
 * rounds from the passphrase and the stack's salt, AES-256-GCM values `v1:<nonce>:<sealed>`):
 * one key derivation per project, where `pulumi config --show-secrets` and
 * `pulumi stack export --show-secrets` cost two CLI processes and a derivation each. The salt's
 * own sealed check value must open to "pulumi", and every secret must open, or the harvest fails:
 * a wrong key never passes as "no secrets". test/e2e/secrets.test.ts harvests a project whose
 * config and state hold secrets and compares with what it declared, and scans its
 * `pulumi stack export` output as well.
 */
import { createDecipheriv, pbkdf2 } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { parse as parseYaml } from "yaml";
import { inPool } from "./in-pool";
import { KEEPER_PROVIDER_URL, openSealed } from "./secrets-keeper";

/** Pulumi's marker of a secret value in serialized state. */
const PULUMI_SIG_MARKER = "1b47061264138c4ac30d75fd1eb44270";
/** The stack every end-to-end project uses. */
const STACK = "test";

export interface Leak {
  secret: string;
  file: string;
}

function stringLeaves(value: unknown, out: Set<string>): void {
  if (typeof value === "string") out.add(value);
  else if (Array.isArray(value)) value.forEach((v) => stringLeaves(v, out));
  else if (value !== null && typeof value === "object")
    Object.values(value).forEach((v) => stringLeaves(v, out));
}

/** Opens Pulumi's symmetric secrets (`v1:<nonce>:<sealed>`, AES-256-GCM) sealed with `key`. */
function symmetricOpener(key: Buffer): (sealed: string) => string {
  return (sealed: string): string => {
    const [v, nonce, data] = sealed.split(":");
    if (v !== "v1" || nonce === undefined || data === undefined) throw new Error(`unknown secret ${sealed}`);
    const bytes = Buffer.from(data, "base64");
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64"));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([
      decipher.update(bytes.subarray(0, bytes.length - 16)),
      decipher.final(),
    ]).toString();
  };
}

/** Opens the passphrase secrets of one salt (`v1:<salt>:v1:<nonce>:<sealed "pulumi">`). */
async function passphraseCrypter(salt: string, passphrase: string): Promise<(sealed: string) => string> {
  const [version, saltText, ...check] = salt.split(":");
  if (version !== "v1" || saltText === undefined) throw new Error(`unknown encryption salt ${salt}`);
  const key = await promisify(pbkdf2)(passphrase, Buffer.from(saltText, "base64"), 1_000_000, 32, "sha256");
  const open = symmetricOpener(key);
  if (open(check.join(":")) !== "pulumi") throw new Error("the passphrase does not open this project's salt");
  return open;
}

/**
 * Opens the secrets of a stack whose secrets provider is the end-to-end keeper
 * (secrets-keeper.ts): its data key, sealed by the keeper, base64 in config and state.
 */
function keeperCrypter(url: unknown, encryptedKey: unknown): (sealed: string) => string {
  if (url !== KEEPER_PROVIDER_URL || typeof encryptedKey !== "string")
    throw new Error(`secrets provider ${String(url)} is neither the passphrase nor the end-to-end keeper`);
  return symmetricOpener(openSealed(Buffer.from(encryptedKey, "base64").toString()));
}

/** Secure config values (`{secure: "v1:…"}`, also inside structured values), opened. */
function secureConfig(value: unknown, open: (sealed: string) => string, out: Set<string>): void {
  if (Array.isArray(value)) value.forEach((v) => secureConfig(v, open, out));
  else if (value !== null && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (typeof o.secure === "string" && Object.keys(o).length === 1) out.add(open(o.secure));
    else Object.values(o).forEach((v) => secureConfig(v, open, out));
  }
}

/** Secret values of a deployment (`{<sig>: <marker>, ciphertext}`), opened, their string leaves. */
function secretsInDeployment(value: unknown, open: (sealed: string) => string, out: Set<string>): void {
  if (Array.isArray(value)) value.forEach((v) => secretsInDeployment(v, open, out));
  else if (value !== null && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (Object.values(o).includes(PULUMI_SIG_MARKER)) {
      const plaintext = typeof o.ciphertext === "string" ? open(o.ciphertext) : o.plaintext;
      if (typeof plaintext === "string") stringLeaves(JSON.parse(plaintext), out);
      return;
    }
    Object.values(o).forEach((v) => secretsInDeployment(v, open, out));
  }
}

/** The stack's checkpoint in the project's file backend (`backend/.pulumi/stacks/<project>/test.json`). */
function checkpointOf(workDir: string): { latest?: Record<string, any> } | undefined {
  const stacks = path.join(workDir, "backend", ".pulumi", "stacks");
  if (!existsSync(stacks)) return undefined;
  for (const project of readdirSync(stacks)) {
    const file = path.join(stacks, project, `${STACK}.json`);
    if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")).checkpoint;
  }
  return undefined;
}

/**
 * The secrets of a project: secret config values and secret values in its state. Values shorter
 * than 8 characters are left out (a country code or a port would match everywhere); every token
 * and auth code the suite uses is longer.
 */
export async function harvestSecrets(workDir: string, passphrase = "e2e-passphrase"): Promise<Set<string>> {
  const found = new Set<string>();
  const configFile = path.join(workDir, `Pulumi.${STACK}.yaml`);
  // No stack config: the project was removed half-way; nothing to harvest.
  if (!existsSync(path.join(workDir, "Pulumi.yaml")) || !existsSync(configFile)) return found;
  const crypters = new Map<string, Promise<(sealed: string) => string>>();
  const crypter = (salt: string) => {
    if (!crypters.has(salt)) crypters.set(salt, passphraseCrypter(salt, passphrase));
    return crypters.get(salt)!;
  };
  const config = (parseYaml(readFileSync(configFile, "utf8")) ?? {}) as Record<string, unknown>;
  if (typeof config.encryptionsalt === "string")
    secureConfig(config.config, await crypter(config.encryptionsalt), found);
  else if (config.encryptedkey !== undefined)
    secureConfig(config.config, keeperCrypter(config.secretsprovider, config.encryptedkey), found);
  const latest = checkpointOf(workDir)?.latest;
  if (latest !== undefined) {
    const provider = latest.secrets_providers;
    const sealed = JSON.stringify(latest.resources ?? []).includes('"ciphertext"');
    const open = !sealed
      ? () => {
          throw new Error("no ciphertext expected");
        }
      : provider?.type === "passphrase"
        ? await crypter(provider.state.salt)
        : provider?.type === "cloud"
          ? keeperCrypter(provider.state?.url, provider.state?.encryptedkey)
          : () => {
              throw new Error(`${workDir}: secrets provider ${provider?.type} is not one the scan can open`);
            };
    secretsInDeployment(latest.resources ?? [], open, found);
  }
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

/**
 * Every file under `workDir` scanned: the checkpoint among them, which is what
 * `pulumi stack export` prints (test/e2e/secrets.test.ts scans that output too).
 */
export async function scanProject(workDir: string, secrets: Iterable<string>): Promise<Leak[]> {
  const list = [...secrets];
  const leaks: Leak[] = [];
  const texts: Array<[string, string]> = filesUnder(workDir).map((f) => [
    path.relative(workDir, f),
    readFileSync(f, "latin1"),
  ]);
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
 * projects at a time (a key derivation each, in libuv's thread pool); leaks name the project.
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
