/**
 * A v1 subscription is paid for once: a subscription whose answer is lost is not sent again, and
 * the next `up` takes over the subscription made since the create began (the one-shot's
 * `proveDone`, the one rule for a paid action's lost answer) instead of resending it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { forgetClaimsOfThisProcess } from "../../provider/framework/ownership";
import { toDynamicProvider } from "../../provider/dynamic/dynamic-provider";
import { configureRuntime, resetRuntime } from "../../provider/framework/runtime";
import { legacySubscriptionResource } from "../../provider/kinds/legacy-subscription";

let emu: RunningEmulator;
let journal: string;
const provider = toDynamicProvider(legacySubscriptionResource);
const KEY = "legacy-subscription-lost-answer";
/** The definition's own example declaration: a plan and a card the emulator accepts. */
const declared = legacySubscriptionResource.schema!.examples.valid;

beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
  journal = mkdtempSync(path.join(tmpdir(), "legacy-subscription-"));
  process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = journal;
  configureRuntime({
    get: (key) =>
      ({
        "dnsimple:account": "1",
        "dnsimple:token": emu.token,
        "dnsimple:baseUrl": emu.v2Url,
        "dnsimple:v1BaseUrl": emu.v1Url,
        "dnsimple:v1Email": emu.email,
        "dnsimple:v1Token": emu.v1Token,
      })[key],
  });
});
afterAll(async () => {
  delete process.env["DNSIMPLE_CREATE_JOURNAL_DIR"];
  rmSync(journal, { recursive: true, force: true });
  resetRuntime();
  await emu.close();
});

async function faults(body: unknown): Promise<void> {
  const res = await fetch(`${emu.url}/__admin/faults`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (res.status >= 400) throw new Error(`faults: ${res.status} ${await res.text()}`);
}

const subscriptionPosts = () =>
  emu.requests().filter((r) => r.method === "POST" && r.path.endsWith("/subscription")).length;

describe("a v1 subscription whose answer is lost", () => {
  it("is not sent again in the same run, and the next up takes over the one it made", async () => {
    await faults({ rate: 1, kinds: ["drop-after"], count: 1, routes: "^POST .*/subscription$" });
    const lost = (await provider.create!({ ...declared, ownerKey: KEY }).catch((e: unknown) => e)) as Error;
    expect(lost.message).toMatch(/took effect is unknown; it is not sent again/);
    expect(subscriptionPosts()).toBe(1);

    forgetClaimsOfThisProcess();
    const { id, outs } = await provider.create!({ ...declared, ownerKey: KEY });
    expect(subscriptionPosts()).toBe(1);
    expect(outs).toMatchObject({
      planName: declared["plan"],
      subscriptionState: "subscribed",
      subscriptionId: Number(id),
    });
  });
});
