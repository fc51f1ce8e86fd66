/**
 * The secrets provider of most end-to-end stacks: Pulumi's `hashivault://` provider against a
 * stand-in for Vault's transit engine that the test process serves on 127.0.0.1.
 *
 * Why not the passphrase: Pulumi's passphrase provider derives its key with PBKDF2-SHA256 of a
 * million rounds in every CLI process that opens the stack (`up`, `preview`, `refresh`,
 * `destroy`, config with secrets): about 0.27 s of CPU each, some 600 times in the test command
 * (bench/RESULTS.md, "Test command"). With a cloud provider the CLI asks the keeper to open the
 * stack's data key instead (one local request), and then seals every secret with that key
 * exactly as the passphrase provider does (AES-256-GCM, `v1:<nonce>:<sealed>`), so what state
 * and config hold is the same kind of ciphertext. The stacks that test the passphrase as users
 * run it (the installed package and the template's program, state from an earlier version) keep it.
 *
 * The keeper seals with a fixed key (below), not a per-process one: the secret scan runs in
 * another process after the suites and opens every project's data key with `openSealed`.
 * The protocol is the part of Vault's API that gocloud.dev/secrets/hashivault uses:
 * `PUT /v1/transit/encrypt/<key>` `{plaintext: base64}` → `{data: {ciphertext}}` and
 * `PUT /v1/transit/decrypt/<key>` `{ciphertext}` → `{data: {plaintext: base64}}`.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** The secrets provider URL stacks are created with. */
export const KEEPER_PROVIDER_URL = "hashivault://e2e";

const KEY = createHash("sha256").update("pulumi-dnsimple-dynamic end-to-end secrets keeper").digest();
const PREFIX = "vault:v1:";

/** Seals `plain` as the keeper does: `vault:v1:<base64 of nonce, tag and ciphertext>`. */
export function sealWithKeeper(plain: Buffer): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", KEY, nonce);
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), sealed]).toString("base64");
}

/** Opens what `sealWithKeeper` sealed (a data key in a stack's config or state). */
export function openSealed(text: string): Buffer {
  if (!text.startsWith(PREFIX)) throw new Error(`not sealed by the end-to-end keeper: ${text.slice(0, 20)}…`);
  const bytes = Buffer.from(text.slice(PREFIX.length), "base64");
  const decipher = createDecipheriv("aes-256-gcm", KEY, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
}

let keeperUrl: Promise<string> | undefined;

/** Answers one transit request; undefined for anything else. */
function answer(method: string | undefined, url: string | undefined, body: string): object | undefined {
  const route = /^\/v1\/transit\/(encrypt|decrypt)\/e2e$/.exec(url ?? "");
  if (!route || (method !== "PUT" && method !== "POST")) return undefined;
  const input = JSON.parse(body) as { plaintext?: string; ciphertext?: string };
  return route[1] === "encrypt"
    ? { data: { ciphertext: sealWithKeeper(Buffer.from(input.plaintext ?? "", "base64")) } }
    : { data: { plaintext: openSealed(input.ciphertext ?? "").toString("base64") } };
}

/**
 * The environment the Pulumi CLI needs to reach the keeper, which this process starts the first
 * time (it serves as long as the process runs, without keeping it alive).
 */
export async function keeperEnv(): Promise<Record<string, string>> {
  keeperUrl ??= new Promise<string>((resolve, reject) => {
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        let reply: object | undefined;
        try {
          reply = answer(req.method, req.url, body);
        } catch (error) {
          res.writeHead(400, { "content-type": "application/json" });
          res.end(JSON.stringify({ errors: [String(error)] }));
          return;
        }
        res.writeHead(reply ? 200 : 404, { "content-type": "application/json" });
        res.end(JSON.stringify(reply ?? { errors: [`no route ${req.method} ${req.url}`] }));
      });
    });
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.unref();
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
  return { VAULT_SERVER_URL: await keeperUrl, VAULT_SERVER_TOKEN: "e2e-keeper" };
}
