/**
 * Each resource kind's provider stub is the whole export of its own module under `sdk/stubs/`:
 * that is what lets Pulumi store a one-line `require` of it in state (see sdk/provider-stub.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { resourceKinds } from "../provider/resources";

const calls: Array<{ kind: string; method: string }> = [];
jest.mock("pulumi-dnsimple-dynamic/provider", () => ({
  providerFor: (kind: string) =>
    new Proxy(
      {},
      {
        get: (_target, method: string) => async () => {
          calls.push({ kind, method });
          return {};
        },
      },
    ),
  configure: () => undefined,
}));

const STUBS = path.join(__dirname, "stubs");
const kebab = (kind: string) => kind.replace(/(?<!^)(?=[A-Z])/g, "-").toLowerCase();

describe("provider stubs", () => {
  it("exist as a module per resource kind, named after the kind", () => {
    const files = readdirSync(STUBS)
      .filter((f) => f.endsWith(".ts"))
      .map((f) => f.replace(/\.ts$/, ""));
    expect(files.sort()).toEqual(resourceKinds.map(kebab).sort());
  });

  it.each(resourceKinds)("%s: forwards every operation to the provider of its own kind", async (kind) => {
    const stub = require(path.join(STUBS, kebab(kind)));
    calls.length = 0;
    for (const method of ["check", "diff", "create", "read", "update", "delete"]) {
      await stub[method]("a", "b", "c");
    }
    expect(calls).toEqual(
      ["check", "diff", "create", "read", "update", "delete"].map((method) => ({ kind, method })),
    );
  });

  it("are what the resource classes pass to Pulumi, by module", () => {
    const sourcesIn = (dir: string) =>
      readdirSync(dir)
        .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "provider-stub.ts")
        .map((f) => readFileSync(path.join(dir, f), "utf8"))
        .join("\n");
    // Hand-written classes sit in sdk/, generated ones in sdk/resources/ (one folder down).
    const sources = sourcesIn(__dirname) + sourcesIn(path.join(__dirname, "resources"));
    for (const kind of resourceKinds) {
      expect(sources).toMatch(new RegExp(`require\\("\\.\\.?/stubs/${kebab(kind)}"\\)`));
    }
    expect(sources).not.toMatch(/providerStub\(/);
  });
});
