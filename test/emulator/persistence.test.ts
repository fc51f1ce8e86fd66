import { spawn, type ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { startEmulator } from "../../emulator";
import { request, v2 } from "./helpers";

const ROOT = path.join(__dirname, "../..");

const dirs: string[] = [];

function tmpFile(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "emu-persist-"));
  dirs.push(dir);
  return path.join(dir, name);
}

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Starts the CLI in a child process (TypeScript through ts-node) and resolves with its URL. */
function startCli(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ["-r", "ts-node/register/transpile-only", path.join(ROOT, "emulator/cli.ts"), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, TS_NODE_TRANSPILE_ONLY: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`emulator did not start: ${out}`)), 30_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /emulator listening on (http:\/\/127\.0\.0\.1:\d+) account=1 token=dev-token/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: m[1] });
      }
    });
    child.stderr?.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`emulator exited with ${code}: ${out}`));
    });
  });
}

describe("emulator persistence", () => {
  it("keeps domains, accounts and settings across a restart with the same data file", async () => {
    const file = tmpFile("state.json");
    const first = await startEmulator({ port: 0, dataFile: file });
    await v2(first).post("/1/domains", { name: "kept.com" });
    await request(`${first.url}/__admin/accounts`, {
      method: "POST",
      body: { id: 5, email: "five@example.com", token: "t5" },
    });
    await request(`${first.url}/__admin/delays`, { method: "PUT", body: { registration: 1234 } });
    await first.close();

    const second = await startEmulator({ port: 0, dataFile: file });
    try {
      const got = await v2(second).get("/1/domains/kept.com");
      expect(got.status).toBe(200);
      expect((await v2(second, "t5").get("/whoami")).body.data.account.id).toBe(5);
      expect((await request(`${second.url}/__admin/delays`)).body.registration).toBe(1234);
      const created = await v2(second).post("/1/domains", { name: "next.com" });
      expect(created.body.data.id).toBeGreaterThan(got.body.data.id);
    } finally {
      await second.close();
    }
  });

  it("without a data file keeps state in memory only", async () => {
    const a = await startEmulator({ port: 0 });
    await v2(a).post("/1/domains", { name: "memory.com" });
    await a.close();
    const b = await startEmulator({ port: 0 });
    expect((await v2(b).get("/1/domains/memory.com")).status).toBe(404);
    await b.close();
  });

  it("leaves a readable data file holding every acknowledged write when killed with SIGKILL mid-write", async () => {
    const file = tmpFile("killed.json");
    for (let round = 0; round < 2; round++) {
      const { child, url } = await startCli(["--port", "0", "--data", file]);
      const acknowledged: string[] = [];
      let stop = false;
      const writer = async (w: number): Promise<void> => {
        for (let i = 0; i < 500 && !stop; i++) {
          const name = `r${round}-w${w}-${i}.com`;
          try {
            const res = await request(`${url}/v2/1/domains`, {
              method: "POST",
              headers: { authorization: "Bearer dev-token" },
              body: { name },
            });
            if (res.status === 201) acknowledged.push(name);
          } catch {
            return;
          }
        }
      };
      const writers = [writer(0), writer(1), writer(2)];
      await new Promise((r) => setTimeout(r, 300 + round * 150));
      const exited = new Promise((r) =>
        child.exitCode !== null || child.signalCode !== null ? r(null) : child.once("exit", r),
      );
      child.kill("SIGKILL");
      stop = true;
      await Promise.all(writers);
      await exited;
      expect(acknowledged.length).toBeGreaterThan(0);

      const parsed = JSON.parse(fs.readFileSync(file, "utf8"));
      expect(parsed.version).toBe(1);
      const emu = await startEmulator({ port: 0, dataFile: file });
      try {
        for (const name of acknowledged) {
          expect(emu.app.store.domains.byKey(name)?.name).toBe(name);
        }
      } finally {
        await emu.close();
      }
    }
  }, 60_000);
});
