/**
 * `pulumi stack init` and `pulumi config set-all` of a stack on a file backend whose secrets the
 * end-to-end keeper seals (secrets-keeper.ts), done by writing the files those commands write:
 * the backend's layout (`.pulumi/meta.yaml`), the stack's empty checkpoint, and the stack's
 * settings (`Pulumi.<stack>.yaml`: the secrets provider, the stack's data key sealed by the
 * keeper, the config with each secret sealed by that key as the CLI seals it, AES-256-GCM as
 * `v1:<nonce>:<sealed>`). Each of those commands is a CLI process of about 0.4 s of CPU, and
 * every end-to-end stack ran both. The engine then opens the stack as if the CLI had made it;
 * test/e2e/stack-reads.test.ts has the CLI read back what was written.
 *
 * Config set with `path: true` (nested keys) still goes through the CLI.
 */
import type { ConfigMap, ConfigValue, LocalWorkspace } from "@pulumi/pulumi/automation";
import { createCipheriv, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { parse, stringify } from "yaml";
import { KEEPER_PROVIDER_URL, sealWithKeeper } from "./secrets-keeper";

/** Seals a config value with the stack's data key, as the CLI's symmetric crypter does. */
export function sealWithDataKey(dataKey: Buffer, plain: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", dataKey, nonce);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `v1:${nonce.toString("base64")}:${sealed.toString("base64")}`;
}

/**
 * Makes `workspace` create its stacks and set their config through the files of the file backend
 * in `backendDir` (see the module's comment); the workspace must use the keeper's secrets provider.
 */
export function stacksThroughFiles(workspace: LocalWorkspace, backendDir: string): void {
  if (workspace.secretsProvider !== KEEPER_PROVIDER_URL)
    throw new Error(
      `stacks through files need the keeper's secrets provider, not ${workspace.secretsProvider}`,
    );
  const dataKeys = new Map<string, Buffer>();
  const settingsFile = (stackName: string) => path.join(workspace.workDir, `Pulumi.${stackName}.yaml`);
  const project = async () => (await workspace.projectSettings()).name;

  workspace.createStack = async (stackName: string) => {
    const checkpoint = path.join(backendDir, ".pulumi/stacks", await project(), `${stackName}.json`);
    if (existsSync(checkpoint)) throw new Error(`stack '${stackName}' already exists`);
    mkdirSync(path.dirname(checkpoint), { recursive: true });
    writeFileSync(path.join(backendDir, ".pulumi/meta.yaml"), "version: 1\n");
    writeFileSync(
      checkpoint,
      JSON.stringify({ version: 3, checkpoint: { stack: `organization/${await project()}/${stackName}` } }),
    );
    const dataKey = randomBytes(32);
    dataKeys.set(stackName, dataKey);
    writeFileSync(
      settingsFile(stackName),
      stringify({
        secretsprovider: KEEPER_PROVIDER_URL,
        encryptedkey: Buffer.from(sealWithKeeper(dataKey)).toString("base64"),
      }),
    );
  };

  const cliSetAllConfig = workspace.setAllConfig.bind(workspace);
  workspace.setAllConfig = async (stackName: string, config: ConfigMap, usePath?: boolean) => {
    const dataKey = dataKeys.get(stackName);
    if (usePath || !dataKey) return cliSetAllConfig(stackName, config, usePath);
    const settings = parse(readFileSync(settingsFile(stackName), "utf8")) ?? {};
    const namespace = await project();
    settings.config ??= {};
    for (const [key, { value, secret }] of Object.entries(config)) {
      settings.config[key.includes(":") ? key : `${namespace}:${key}`] = secret
        ? { secure: sealWithDataKey(dataKey, value) }
        : value;
    }
    writeFileSync(settingsFile(stackName), stringify(settings));
  };
  workspace.setConfig = (stackName: string, key: string, value: ConfigValue, usePath?: boolean) =>
    workspace.setAllConfig(stackName, { [key]: value }, usePath);
}
