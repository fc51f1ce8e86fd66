/**
 * The official Terraform provider (terraform-provider-dnsimple) against the emulator, untouched:
 * its source exported from a mirror, and an interception proxy that plays the service's two API
 * hosts. The provider's client has no base-URL setting (`https://api.dnsimple.com`, or
 * `https://api.sandbox.dnsimple.com` with `sandbox`), so the processes that run it get
 * `HTTPS_PROXY` pointing at the proxy: it answers `CONNECT` for those two hosts only, ends TLS with
 * a certificate signed by a throwaway CA made with `openssl` for the run (`SSL_CERT_FILE`), and
 * forwards the plain HTTP to the emulator. Any other host is refused and reported. Used by
 * bench/terraform-acceptance.ts (the provider's own acceptance suite) and bench/cycle-costs.ts
 * (the same 300-record cycle under Terraform).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import * as path from "node:path";
import * as tls from "node:tls";
import { REPO } from "../../test/e2e/reliability-lib";

/** The provider's source: `TERRAFORM_PROVIDER_SOURCE` (a bare git mirror or a folder), else the mirror beside the repository. */
export const SOURCE =
  process.env.TERRAFORM_PROVIDER_SOURCE ??
  path.join(REPO, "../.mirror/dnsimple+terraform-provider-dnsimple/repo");
export const HOSTS = new Set(["api.dnsimple.com", "api.sandbox.dnsimple.com"]);

export function fail(message: string): never {
  console.error(`terraform: ${message}`);
  process.exit(2);
}

export function which(name: string, fallbacks: string[] = []): string | undefined {
  for (const dir of [...(process.env.PATH ?? "").split(path.delimiter), ...fallbacks]) {
    if (dir !== "" && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  return undefined;
}

/** The Terraform binary: `TF_ACC_TERRAFORM_PATH` (as the acceptance framework reads it), else `terraform` on PATH. */
export function findTerraform(): string | undefined {
  const terraform = process.env.TF_ACC_TERRAFORM_PATH ?? which("terraform");
  return terraform !== undefined && existsSync(terraform) ? terraform : undefined;
}

/** Exports the provider's source into `dir`; answers its version (`git describe`, or the CHANGELOG). */
export function exportSource(dir: string): string {
  if (!existsSync(SOURCE)) {
    fail(
      `the provider's source is not at ${SOURCE}: set TERRAFORM_PROVIDER_SOURCE to a clone or bare mirror of ` +
        "github.com/dnsimple/terraform-provider-dnsimple",
    );
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const bare = existsSync(path.join(SOURCE, "HEAD")) && existsSync(path.join(SOURCE, "objects"));
  const gitDir = bare
    ? SOURCE
    : existsSync(path.join(SOURCE, ".git"))
      ? path.join(SOURCE, ".git")
      : undefined;
  if (gitDir !== undefined) {
    const archive = execFileSync("git", ["--git-dir", gitDir, "archive", "HEAD"], { maxBuffer: 1 << 30 });
    execFileSync("tar", ["-x", "-C", dir], { input: archive });
  } else if (existsSync(path.join(SOURCE, "go.mod"))) {
    execFileSync("cp", ["-R", `${SOURCE}/.`, dir]);
  } else {
    fail(`${SOURCE} is neither a git repository nor a Go module`);
  }
  if (!existsSync(path.join(dir, "go.mod"))) fail(`no go.mod in the source exported from ${SOURCE}`);
  if (gitDir !== undefined) {
    try {
      return execFileSync("git", ["--git-dir", gitDir, "describe", "--tags"], { encoding: "utf8" }).trim();
    } catch {
      // No tags: fall back to the CHANGELOG.
    }
  }
  const changelog = path.join(dir, "CHANGELOG.md");
  const heading = existsSync(changelog) ? /^## (\S+)/m.exec(readFileSync(changelog, "utf8")) : null;
  return heading ? `v${heading[1]}` : "unknown";
}

/** A throwaway CA and a certificate for the service's two API hosts, signed by it. */
export function makeCertificates(dir: string): { caFile: string; key: Buffer; cert: Buffer } {
  const run = (argv: string[]) => execFileSync("openssl", argv, { cwd: dir, stdio: "pipe" });
  run(
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "ca.key",
      "-out",
      "ca.pem",
      "-days",
      "2",
    ].concat(["-subj", "/CN=terraform-acceptance throwaway CA"]),
  );
  run(
    ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr"].concat([
      "-subj",
      "/CN=api.dnsimple.com",
    ]),
  );
  writeFileSync(
    path.join(dir, "server.ext"),
    `subjectAltName=${[...HOSTS].map((h) => `DNS:${h}`).join(",")}\nextendedKeyUsage=serverAuth\n`,
  );
  run(
    ["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial"].concat([
      "-out",
      "server.pem",
      "-days",
      "2",
      "-extfile",
      "server.ext",
    ]),
  );
  return {
    caFile: path.join(dir, "ca.pem"),
    key: readFileSync(path.join(dir, "server.key")),
    cert: readFileSync(path.join(dir, "server.pem")),
  };
}

export interface Proxy {
  url: string;
  forwarded: number;
  /** Tunnels opened, by host. */
  connects: Record<string, number>;
  refused: string[];
  close(): Promise<void>;
}

/** The interception proxy: CONNECT to the API hosts → TLS ended here → plain HTTP to the emulator. */
export async function startProxy(emulatorUrl: string, key: Buffer, cert: Buffer): Promise<Proxy> {
  const target = new URL(emulatorUrl);
  const secureContext = tls.createSecureContext({ key, cert });
  const sockets = new Set<Socket>();
  const state = { forwarded: 0, refused: [] as string[], connects: {} as Record<string, number> };
  const inner = http.createServer((req, res) => {
    state.forwarded++;
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", (error) => {
      res.writeHead(502, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: `proxy: ${error.message}` }));
    });
    req.pipe(upstream);
  });
  const outer = http.createServer((req, res) => {
    state.refused.push(`${req.method} ${req.url}`);
    res.writeHead(403);
    res.end("only CONNECT to the API hosts\n");
  });
  outer.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  outer.on("connect", (req: http.IncomingMessage, socket: Socket, head: Buffer) => {
    const [host, port] = (req.url ?? "").split(":");
    if (host === undefined || !HOSTS.has(host) || port !== "443") {
      state.refused.push(`CONNECT ${req.url}`);
      socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    state.connects[host] = (state.connects[host] ?? 0) + 1;
    socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.length > 0) socket.unshift(head);
    const secure = new tls.TLSSocket(socket, { isServer: true, secureContext });
    secure.on("error", () => socket.destroy());
    inner.emit("connection", secure);
  });
  await new Promise<void>((resolve) => outer.listen(0, "127.0.0.1", resolve));
  const port = (outer.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get forwarded() {
      return state.forwarded;
    },
    refused: state.refused,
    connects: state.connects,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => outer.close(() => resolve()));
      inner.close();
    },
  };
}

export function goEnv(): NodeJS.ProcessEnv {
  const go = which("go", process.env.GOROOT ? [path.join(process.env.GOROOT, "bin")] : []);
  if (go === undefined) fail("`go` is not on PATH (nor in $GOROOT/bin)");
  return { PATH: `${path.dirname(go)}${path.delimiter}${process.env.PATH ?? ""}` };
}
