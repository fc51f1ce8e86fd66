/**
 * One-shot resources: run once, again on a new trigger, never dropped by refresh, nothing undone
 * by destroy, and a paid action whose answer was lost never sent twice without proof or consent.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { z } from "zod";
import { ApiConnectionError } from "../client";
import { forgetClaimsOfThisProcess } from "../framework/ownership";
import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { numericIds } from "../framework/kind";
import { configureRuntime, resetRuntime } from "../framework/runtime";
import { oneShot } from "./one-shot";
import { stackConfig } from "../../test/stack-config";

let dir: string;
beforeEach(() => {
  configureRuntime(stackConfig({ account: "1", token: "unit-token" }));
  dir = mkdtempSync(path.join(tmpdir(), "one-shot-"));
  process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = dir;
  forgetClaimsOfThisProcess();
});
afterEach(() => {
  delete process.env["DNSIMPLE_CREATE_JOURNAL_DIR"];
  rmSync(dir, { recursive: true, force: true });
});
afterAll(() => resetRuntime());

const lost = () =>
  new ApiConnectionError("Connection failed [UND_ERR_SOCKET]: other side closed (POST /v2/1/renewals)", {
    method: "POST",
    url: "http://127.0.0.1/v2/1/renewals",
    retries: 0,
  });

/** A toy paid action: each run is an order; `script` says which runs lose their answer. */
function toyAction(options: {
  paid: boolean;
  script?: Array<"ok" | "lost-after" | "lost-before">;
  proof?: boolean;
}) {
  const orders: number[] = [];
  const script = options.script ?? [];
  const definition = oneShot({
    kind: options.paid ? "ToyRenewal" : "ToyReset",
    docs: { summary: "A toy action.", example: 'new dnsimple.ToyRenewal("toy", { domain: "a.com" });' },
    examples: {
      valid: { domain: "a.com" },
      replaces: { domain: "b.com" },
      inPlace: {},
      same: [],
      invalid: [],
    },
    review: { noun: ["toy action", "toy actions"] },
    inputs: { domain: z.string().describe("The domain acted on.") },
    outputs: { orderState: z.string().describe("The toy order's state.") },
    ids: numericIds,
    describe: (inputs) => `the toy action on ${inputs.domain}`,
    spendsMoney: options.paid,
    async run() {
      const step = script.shift() ?? "ok";
      if (step === "lost-before") throw lost();
      orders.push(orders.length + 1);
      if (step === "lost-after") throw lost();
      return { id: orders.length, outs: { orderState: "done" } };
    },
    async refresh(_ctx, id) {
      return orders.includes(id) ? { orderState: "renewed" } : undefined;
    },
    ...(options.proof
      ? {
          async proveDone() {
            return orders.length > 0 ? { id: orders.length, outs: { orderState: "proved" } } : undefined;
          },
        }
      : {}),
  });
  return { provider: toDynamicProvider(definition), orders, definition };
}

const KEY = "proj/stack/dnsimple:ToyRenewal::renew";

describe("a one-shot resource", () => {
  it("replaces on every input and on a new or removed trigger, never on orderAgain", async () => {
    const { provider } = toyAction({ paid: true });
    const olds = { domain: "a.com", triggers: "2025", accountId: "1" };
    expect(await provider.diff!("1", olds, { domain: "a.com", triggers: "2025" })).toEqual({
      changes: false,
    });
    expect((await provider.diff!("1", olds, { domain: "a.com", triggers: "2026" })).replaces).toEqual([
      "triggers",
    ]);
    expect((await provider.diff!("1", olds, { domain: "a.com" })).replaces).toEqual(["triggers"]);
    expect((await provider.diff!("1", olds, { domain: "b.com", triggers: "2025" })).replaces).toEqual([
      "domain",
    ]);
    expect(await provider.diff!("1", olds, { domain: "a.com", triggers: "2025", orderAgain: true })).toEqual({
      changes: true,
    });
  });

  it("keeps its state on refresh even when the service shows nothing of it, and destroy calls nothing", async () => {
    const { provider, orders } = toyAction({ paid: true });
    const state = { domain: "a.com", orderState: "done", accountId: "1" };
    expect((await provider.read!("99", state)).id).toBe("99");
    await provider.delete!("99", state);
    expect(orders).toEqual([]);
  });

  it("refuses adopt: nothing identifies an earlier action", async () => {
    const { failures } = await toyAction({ paid: false }).provider.check!(
      {},
      { domain: "a.com", adopt: true },
    );
    expect(failures?.map((f) => f.property)).toEqual(["adopt"]);
  });
});

describe("a paid action whose answer was lost", () => {
  it("is not resent in the same run, and says so", async () => {
    const { provider, orders } = toyAction({ paid: true, script: ["lost-after"] });
    const error = (await provider.create!({ domain: "a.com", ownerKey: KEY }).catch(
      (e: unknown) => e,
    )) as Error;
    expect(error.message).toMatch(
      /other side closed.*Whether the toy action on a.com took effect is unknown/,
    );
    expect(orders).toEqual([1]);
  });

  it("is refused on the next up without proof, with the way out", async () => {
    const { provider, orders } = toyAction({ paid: true, script: ["lost-after"] });
    await provider.create!({ domain: "a.com", ownerKey: KEY }).catch(() => undefined);
    forgetClaimsOfThisProcess();
    await expect(provider.create!({ domain: "a.com", ownerKey: KEY })).rejects.toThrow(
      /got no answer.*not sent again on its own.*set `orderAgain: true`/,
    );
    expect(orders).toEqual([1]);
  });

  it("is sent again on the next up with orderAgain: true", async () => {
    const { provider, orders } = toyAction({ paid: true, script: ["lost-before", "ok"] });
    await provider.create!({ domain: "a.com", ownerKey: KEY }).catch(() => undefined);
    const { id } = await provider.create!({ domain: "a.com", ownerKey: KEY, orderAgain: true });
    expect(id).toBe("1");
    expect(orders).toEqual([1]);
  });

  it("is taken over, not resent, when something proves it went through", async () => {
    const { provider, orders } = toyAction({ paid: true, script: ["lost-after"], proof: true });
    await provider.create!({ domain: "a.com", ownerKey: KEY }).catch(() => undefined);
    const { id, outs } = await provider.create!({ domain: "a.com", ownerKey: KEY });
    expect({ id, orderState: outs?.orderState }).toEqual({ id: "1", orderState: "proved" });
    expect(orders).toEqual([1]);
  });
});

describe("an action that costs nothing", () => {
  it("is simply run again on the next up after a lost answer", async () => {
    const { provider, orders } = toyAction({ paid: false, script: ["lost-after", "ok"] });
    const first = (await provider.create!({ domain: "a.com", ownerKey: KEY }).catch(
      (e: unknown) => e,
    )) as Error;
    expect(first.message).not.toMatch(/took effect is unknown/);
    expect((await provider.create!({ domain: "a.com", ownerKey: KEY })).id).toBe("2");
    expect(orders).toEqual([1, 2]);
  });
});
