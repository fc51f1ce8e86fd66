/**
 * A record declared with the name `@` (issue 13): the service stores the apex as "", and the
 * provider compares `@` and "" as the same name, so after `up` a preview shows no change.
 */
import { startEmulator, type RunningEmulator } from "../../emulator";
import { v2 } from "./extended-api";
import { collect, createE2eStack, type E2eStack } from "./harness";

const TOKEN = "e2e-apex-token-4d27";
let emulator: RunningEmulator;
let e2e: E2eStack;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: TOKEN, accountId: 1 });
  e2e = await createE2eStack({ baseUrl: emulator.v2Url, token: TOKEN, account: 1 });
  await e2e.declare([
    { type: "Domain", name: "domain", args: { name: "apex-e2e.com" } },
    {
      type: "ZoneRecord",
      name: "spf",
      args: { zoneName: { $ref: "domain.name" }, name: "@", type: "TXT", content: "v=spf1 -all" },
    },
  ]);
});

afterAll(async () => {
  await e2e?.stack.destroy().catch(() => undefined);
  await e2e?.cleanup();
  await emulator?.close();
});

it("creates the apex record, stored as the apex", async () => {
  await e2e.stack.up(collect(e2e));
  const records = (await v2(emulator.v2Url, TOKEN)("GET", "/1/zones/apex-e2e.com/records?type=TXT")).body
    .data;
  expect(records.map((r: { name: string; content: string }) => [r.name, r.content])).toEqual([
    ["", "v=spf1 -all"],
  ]);
});

it("previews no change afterwards", async () => {
  const preview = await e2e.stack.preview(collect(e2e));
  expect(preview.changeSummary).toEqual({ same: 3 });
});
