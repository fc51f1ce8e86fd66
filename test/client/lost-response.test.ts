/**
 * A create whose response is lost after the service made the change (the emulator's
 * `drop-after` fault) must not be duplicated. The client does not resend it: it fails as an
 * unknown outcome, which the provider settles: with the kind's one identity (its definition's
 * `findMatching`), or for records by reading the zone back (`zone-record-batcher.ts`).
 */
import { startEmulator, type RunningEmulator } from "../../emulator";
import { createClient, outcomeUnknown } from "../../provider/client";
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
    ["webhook", () => client().webhooks.create(1, { url: "https://lost.example.com/hook" }), "/1/webhooks"],
    [
      "zone record",
      () =>
        client().zones.records.create(1, "lost-once.com", { name: "www", type: "A", content: "192.0.2.1" }),
      "/1/zones/lost-once.com/records?name=www",
    ],
  ])(
    "does not send a %s again: it fails as an unknown outcome, and the object exists once",
    async (_what, create, listPath) => {
      await faults({ rate: 1, kinds: ["drop-after"], count: 1, routes: "^POST " });
      const error = await create().then(
        () => undefined,
        (e: unknown) => e,
      );
      // The provider settles it with the kind's identity (test/e2e/lost-answers.test.ts).
      expect(outcomeUnknown(error)).toBe(true);
      const answer = await request(`${emu.v2Url}${listPath}`, {
        headers: { authorization: `Bearer ${emu.token}` },
      });
      expect(((await answer.body.json()) as { data: unknown[] }).data).toHaveLength(1);
    },
  );
});
