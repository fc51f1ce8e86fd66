/**
 * What the provider relies on across runs: objects created through the client are still there
 * after the emulator restarts on the same data file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { startEmulator } from "../../emulator";
import { createClient, isNotFound } from "../../provider/client";

const dir = mkdtempSync(path.join(tmpdir(), "dnsimple-persist-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the client across an emulator restart", () => {
  it("finds what it created before the restart, and not what it deleted", async () => {
    const dataFile = path.join(dir, "state.json");
    const first = await startEmulator({ port: 0, dataFile });
    let client = createClient({ token: first.token, baseUrl: first.v2Url });
    const kept = await client.domains.create(1, { name: "kept-across-restart.com" });
    await client.domains.create(1, { name: "deleted-before-restart.com" });
    await client.domains.delete(1, "deleted-before-restart.com");
    await first.close();

    const second = await startEmulator({ port: 0, dataFile });
    try {
      client = createClient({ token: second.token, baseUrl: second.v2Url });
      expect((await client.domains.get(1, "kept-across-restart.com")).id).toBe(kept.id);
      const gone = await client.domains.get(1, "deleted-before-restart.com").catch((e: unknown) => e);
      expect(isNotFound(gone)).toBe(true);
    } finally {
      await second.close();
    }
  });
});
