/**
 * Each resource kind's provider stub is the whole export of its own module under `sdk/nodejs/stubs/`:
 * that is what lets Pulumi store a one-line `require` of it in state (see sdk/nodejs/provider-stub.ts).
 */
import { readdirSync } from "node:fs";
import { execFileSync } from "node:child_process";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { resourceKinds } from "../../provider/kinds";
import { kebab, providerCode, stubModule } from "./common";

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

  it("hold the provider code each kind stores in state: one require of its own stub", () => {
    for (const kind of resourceKinds) {
      const code = providerCode(kind);
      expect(code).toContain(`require("pulumi-dnsimple-dynamic/stubs/${kebab(kind)}")`);
      expect(code.match(/require\(/g)).toHaveLength(1);
    }
    // Loaded as Pulumi's provider process loads it (require-from-string, from the program's
    // folder), in a Node process of its own: jest's module registry would give other instances.
    const script = `
      const requireFromString = require("require-from-string");
      const kinds = JSON.parse(process.argv[1]);
      const loaded = kinds.filter(({ code, stub }) => requireFromString(code).handler() === require(stub));
      process.stdout.write(JSON.stringify(loaded.map(({ kind }) => kind)));`;
    const kinds = resourceKinds.map((kind) => ({ kind, code: providerCode(kind), stub: stubModule(kind) }));
    const out = execFileSync(process.execPath, ["-e", script, JSON.stringify(kinds)], {
      cwd: path.join(__dirname, "../.."),
      encoding: "utf8",
    });
    expect(JSON.parse(out)).toEqual([...resourceKinds]);
  });

  it("are what every resource class registers, with the type token of its own kind", async () => {
    const registered = new Map<string, unknown>();
    await pulumi.runtime.setMocks(
      {
        newResource: (args) => {
          registered.set(args.type, args.inputs.__provider);
          return { id: `${args.name}-id`, state: args.inputs };
        },
        call: (args) => args.inputs,
      },
      "project",
      "stack",
      true,
    );
    const sdk = require("./index") as Record<string, new (...a: unknown[]) => unknown>;
    const resources = resourceKinds.map(
      (kind) => new sdk[kind]!(`probe-${kind}`, {}) as pulumi.CustomResource,
    );
    await Promise.all(resources.map((r) => new Promise((done) => r.urn.apply(done))));
    expect([...registered.keys()].sort()).toEqual(
      resourceKinds.map((kind) => `pulumi-nodejs:dynamic/dnsimple:${kind}`).sort(),
    );
    for (const kind of resourceKinds)
      expect(registered.get(`pulumi-nodejs:dynamic/dnsimple:${kind}`)).toBe(providerCode(kind));
  });
});
