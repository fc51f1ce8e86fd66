/**
 * A create whose response is lost after the service made the change (the emulator's
 * `drop-after` fault) must not be duplicated: the client reads back before trying again.
 */
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createClient } from "../../provider/client";
import { request } from "undici";

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
});
afterAll(() => emu.close());

async function faults(body: unknown) {
  const r = await request(`${emu.url}/__admin/faults`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  await r.body.dump();
}

const client = () =>
  createClient({ token: emu.token, baseUrl: emu.v2Url, retry: { baseDelayMs: 1, maxDelayMs: 5 } });

describe("creates whose response is lost", () => {
  it.each([
    ["domain", () => client().domains.create(1, { name: "lost-once.com" }), "/1/domains"],
    [
      "email forward",
      () =>
        client().emailForwards.create(1, "lost-once.com", {
          alias_name: "x",
          destination_email: "x@example.org",
        }),
      "/1/domains/lost-once.com/email_forwards",
    ],
    [
      "webhook (given the highest id before, as webhooks carry no creation time)",
      async () => {
        const c = client();
        return c.webhooks.create(
          1,
          { url: "https://lost.example.com/hook" },
          { newerThanId: await c.webhooks.highestId(1) },
        );
      },
      "/1/webhooks",
    ],
  ])("creates a %s exactly once", async (_what, create, listPath) => {
    await faults({ rate: 1, kinds: ["drop-after"], count: 1, routes: "^POST " });
    const created = await create();
    const answer = await request(`${emu.v2Url}${listPath}`, {
      headers: { authorization: `Bearer ${emu.token}` },
    });
    const items = ((await answer.body.json()) as { data: Array<{ id: number }> }).data;
    expect(items.filter((item) => item.id === created.id)).toHaveLength(1);
    expect(items).toHaveLength(1);
  });
});
