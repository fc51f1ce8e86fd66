/**
 * The platform lists are paginated by the service (30 per page by default): the client reads every
 * page, so entries past the first page are not dropped.
 */
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createClient } from "../../provider/client";

describe("client platform lists", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0 });
  });
  afterAll(async () => {
    await emu.close();
  });

  it("returns every message and every metadata entry, past the first page", async () => {
    const requests: string[] = [];
    const c = createClient({
      token: emu.token,
      baseUrl: emu.v2Url,
      hooks: { onRequest: (e) => requests.push(`${e.method} ${new URL(e.url).search}`) },
    });
    const d = await c.domains.create(1, { name: "pages.example" });
    const resource = `domain:${d.id}`;
    const made: number[] = [];
    for (let i = 0; i < 135; i++)
      made.push((await c.platform.messages.create(1, { resource, title: `m${i}` })).id);
    for (let i = 0; i < 35; i++) await c.platform.metadata.set(1, resource, { key: `k${i}`, value: `v${i}` });
    requests.length = 0;
    const messages = await c.platform.messages.list(1);
    expect(messages.map((m) => m.id)).toEqual(made);
    expect(requests).toEqual(["GET ?page=1&per_page=100", "GET ?page=2&per_page=100"]);
    const entries = await c.platform.metadata.list(1, resource);
    expect(entries.map((e) => e.key).sort()).toEqual(Array.from({ length: 35 }, (_, i) => `k${i}`).sort());
  });
});
