/**
 * A record declared with the name `@` (issue 13): the service stores the apex as "", and the
 * provider compares `@` and "" as the same name, so after `up` a preview shows no change. Runs in
 * the live suite too (test/live/target.ts: this file's emulator, or an account of the service).
 */
import { closeTarget, liveTarget, named, type Target } from "../live/target";
import { v2 } from "./extended-api";
import { collect, createE2eStack, type E2eStack } from "./harness";

const ZONE = named("apex-e2e.com");
let target: Target;
let e2e: E2eStack;

beforeAll(async () => {
  target = await liveTarget();
  e2e = await createE2eStack({ baseUrl: target.baseUrl, token: target.token, account: target.account });
  await e2e.declare([
    { type: "Domain", name: "domain", args: { name: ZONE } },
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
  await closeTarget();
});

it("creates the apex record, stored as the apex", async () => {
  await e2e.stack.up(collect(e2e));
  const api = v2(target.baseUrl, target.token);
  const records = (await api("GET", `/${target.account}/zones/${ZONE}/records?type=TXT`)).body.data;
  expect(records.map((r: { name: string; content: string }) => [r.name, r.content])).toEqual([
    ["", "v=spf1 -all"],
  ]);
});

it("previews no change afterwards", async () => {
  const preview = await e2e.stack.preview(collect(e2e));
  expect(preview.changeSummary).toEqual({ same: 3 });
});
