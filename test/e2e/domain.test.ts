/**
 * The Domain resource through the real Pulumi engine: the whole lifecycle a user goes through,
 * and what lands in state. Through the public API only, so the live suite (scripts/test-live)
 * runs it against an account of the service too: the target is this file's emulator or that
 * account (test/live/target.ts), and every domain carries the run's prefix. A registered
 * domain's delete guard needs a registered domain made by the emulator: domain-registered.test.ts.
 */
import { readFileSync } from "node:fs";
import { closeTarget, liveTarget, named, type Target } from "../live/target";
import { v2 } from "./extended-api";
import { collect, createE2eStack, type E2eStack } from "./harness";

const DOMAIN = named("e2e-domain.com");
const EXISTING = named("existing-e2e.com");
let target: Target;
let e2e: E2eStack;
let call: ReturnType<typeof v2>;

/** The account's API: `path` after `/<account>`. */
const api = (method: "GET" | "POST" | "DELETE", path: string, body?: unknown) =>
  call(method, `/${target.account}${path}`, body);

beforeAll(async () => {
  target = await liveTarget();
  call = v2(target.baseUrl, target.token);
  e2e = await createE2eStack({ baseUrl: target.baseUrl, token: target.token, account: target.account });
  await e2e.declare([{ type: "Domain", name: "main", args: { name: DOMAIN } }]);
}, 120_000);

afterAll(async () => {
  await e2e?.stack.destroy().catch(() => undefined);
  await e2e?.cleanup();
  await closeTarget();
});

describe("Domain with the real engine", () => {
  it("creates the domain on up", async () => {
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges?.create).toBe(2); // the stack and the domain
    const found = await api("GET", `/domains/${DOMAIN}`);
    expect(found.status).toBe(200);
    expect(found.body.data.name).toBe(DOMAIN);
    expect(String(found.body.data.id)).toBe(result.outputs.ids?.value.main);
  });

  it("shows no changes on a second preview", async () => {
    const preview = await e2e.stack.preview(collect(e2e));
    expect(preview.changeSummary).toEqual({ same: 2 });
  });

  it("drops the domain from state on refresh after it was deleted behind Pulumi's back", async () => {
    expect((await api("DELETE", `/domains/${DOMAIN}`)).status).toBe(204);
    const refresh = await e2e.stack.refresh(collect(e2e));
    expect(refresh.summary.resourceChanges?.delete).toBe(1);
    const state = JSON.parse(await e2e.exportState());
    const types = state.deployment.resources.map((r: { type: string }) => r.type);
    expect(types).not.toContain("pulumi-nodejs:dynamic/dnsimple:Domain");
  });

  it("recreates it on the next up", async () => {
    const result = await e2e.stack.up(collect(e2e));
    expect(result.summary.resourceChanges?.create).toBe(1);
    expect((await api("GET", `/domains/${DOMAIN}`)).status).toBe(200);
  });

  it("keeps the token out of state and ships a small provider", async () => {
    const exported = await e2e.exportState();
    expect(exported).not.toContain(target.token);
    expect(readFileSync(e2e.stateFile(), "utf8")).not.toContain(target.token);
    const state = JSON.parse(exported);
    const domain = state.deployment.resources.find(
      (r: { type: string }) => r.type === "pulumi-nodejs:dynamic/dnsimple:Domain",
    );
    expect(domain).toBeDefined();
    const code: string = domain.outputs.__provider;
    expect(typeof code).toBe("string");
    expect(Buffer.byteLength(code)).toBeLessThan(600);
    expect(code).toContain('require("pulumi-dnsimple-dynamic/stubs/domain")');
    expect(code).not.toContain(target.token);
  });

  it("deletes the domain on destroy", async () => {
    await e2e.stack.destroy(collect(e2e));
    expect((await api("GET", `/domains/${DOMAIN}`)).status).toBe(404);
  });

  it("never printed the token in the engine's output", () => {
    expect(e2e.output.join("\n")).not.toContain(target.token);
  });
});

describe("Domain adoption and registered domains", () => {
  it("refuses to create a domain that already exists and says how to adopt it", async () => {
    const created = await api("POST", "/domains", { name: EXISTING });
    expect(created.status).toBe(201);
    await e2e.declare([{ type: "Domain", name: "existing", args: { name: EXISTING } }]);
    const lines: string[] = [];
    await expect(e2e.stack.up({ onOutput: (l) => lines.push(l) })).rejects.toThrow();
    expect(lines.join("")).toMatch(/set `adopt: true` on this resource/);
  });

  it("adopts the existing domain with adopt: true, without a duplicate", async () => {
    const existing = (await api("GET", `/domains/${EXISTING}`)).body.data;
    await e2e.declare([{ type: "Domain", name: "existing", args: { name: EXISTING, adopt: true } }]);
    const result = await e2e.stack.up(collect(e2e));
    expect(result.outputs.ids?.value.existing).toBe(String(existing.id));
    const all = (await api("GET", `/domains?name_like=${EXISTING}`)).body.data;
    expect(all).toHaveLength(1);
  });
});
