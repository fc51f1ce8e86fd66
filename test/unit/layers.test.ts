/**
 * The layers of the provider (docs/architecture.md): the framework, the two adapters, the kinds, the functions,
 * the commands, the review and the SDK use the API client through its public surface only
 * (`provider/client/index.ts`, what `pulumi-dnsimple-dynamic/client` exports), never the modules
 * behind it; and nothing in `provider/` imports `sdk/` (`sdk -> provider`, never back), by
 * `import`, `require` or `import()`. Tests may reach inside.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import * as path from "node:path";

const ROOT = path.join(__dirname, "../..");

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourcesUnder(full);
    return name.endsWith(".ts") && !name.endsWith(".test.ts") ? [full] : [];
  });
}

/** The client modules a file imports other than the public index, as written. */
function clientModulesImported(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/from "((?:\.\.?\/)+(?:[\w-]+\/)*client\/[\w-]+)"/g)].map((m) => m[1]!);
}

const layers = [
  "provider/framework",
  "provider/dynamic",
  "provider/kinds",
  "provider/functions",
  "provider/plugin",
  "provider/dns",
  "provider/compat",
  "provider/cli",
  "provider/review",
  "provider/generate",
  "sdk",
];

/**
 * The one exception, a leaf of constants: settings read the retry default from its module, since
 * the SDK loads settings and the index would load the client's transport into every program
 * (provider/module-loading.test.ts).
 */
const ALLOWED = new Set(["provider/framework/settings.ts imports ../client/retry"]);

describe("outside the client, only its public index is imported", () => {
  it.each(layers)("%s", (layer) => {
    const offending = sourcesUnder(path.join(ROOT, layer)).flatMap((file) =>
      clientModulesImported(file)
        .filter((spec) => !/\/client\/index$/.test(spec))
        .map((spec) => `${path.relative(ROOT, file)} imports ${spec}`)
        .filter((line) => !ALLOWED.has(line)),
    );
    expect(offending).toEqual([]);
  });

  it("sees an import of a client module behind the index", () => {
    // The detector itself, on a line as a resource file would write it.
    const line = 'import { createdSince } from "../client/internal";';
    expect([...line.matchAll(/from "((?:\.\.?\/)+(?:[\w-]+\/)*client\/[\w-]+)"/g)].map((m) => m[1])).toEqual([
      "../client/internal",
    ]);
  });
});

/** The modules of `sdk/` a file imports, requires or imports dynamically, as written. */
function sdkModulesImported(source: string): string[] {
  const specifiers = [...source.matchAll(/(?:from\s+|require\(\s*|import\(\s*)"([^"]+)"/g)].map((m) => m[1]!);
  return specifiers.filter((spec) => /^(?:\.\.?\/)+(?:[\w-]+\/)*sdk(?:\/|$)/.test(spec));
}

/** The source files of provider/, each folder and its top files. */
const providerFiles = () => sourcesUnder(path.join(ROOT, "provider"));

describe("nothing in provider/ imports sdk/", () => {
  it("covers every folder of provider/, the plugin, the DNS rules and the functions' definitions among them", () => {
    const folders = new Set(providerFiles().map((file) => path.relative(ROOT, file).split(path.sep)[1]));
    expect([...folders]).toEqual(
      expect.arrayContaining([
        "framework",
        "dynamic",
        "plugin",
        "kinds",
        "dns",
        "functions",
        "compat",
        "client",
        "cli",
      ]),
    );
  });

  it("no file of provider/ imports, requires or imports() a module of sdk/", () => {
    const offending = providerFiles().flatMap((file) =>
      sdkModulesImported(readFileSync(file, "utf8")).map(
        (spec) => `${path.relative(ROOT, file)} imports ${spec}`,
      ),
    );
    expect(offending).toEqual([]);
  });

  it("sees each form of an import of sdk/, and not a folder that only ends in sdk", () => {
    expect(
      sdkModulesImported(
        [
          'import type * as functions from "../../sdk/functions";',
          'const sdk = require("../../sdk/functions");',
          'const { kebab } = await import("../sdk/common");',
          'import { x } from "../../sdk";',
          'import { y } from "./plugin-sdk-notes";',
          'import { z } from "@pulumi/pulumi/sdk/thing";',
        ].join("\n"),
      ),
    ).toEqual(["../../sdk/functions", "../../sdk/functions", "../sdk/common", "../../sdk"]);
  });
});

/** The modules `file` imports by a relative path (`from`, a bare `import`, `require()`, `import()`), resolved. */
function relativeImports(file: string): Array<{ spec: string; target: string }> {
  return [
    ...readFileSync(file, "utf8").matchAll(/(?:from |import |require\(|import\()"(\.\.?\/[^"]+)"/g),
  ].map((m) => ({ spec: m[1]!, target: path.resolve(path.dirname(file), m[1]!) }));
}

describe("provider/dns/ stands on its own", () => {
  // What a record, a name, a zone file and a record line may be: below the kinds, which ask it.
  it("imports no other folder of provider/, nor sdk/ or emulator/", () => {
    const dns = path.join(ROOT, "provider/dns");
    const offending = providerFiles()
      .filter((file) => file.startsWith(dns + path.sep))
      .flatMap((file) =>
        relativeImports(file)
          .filter(({ target }) => !target.startsWith(dns))
          .map(({ spec }) => `${path.relative(ROOT, file)} imports ${spec}`),
      );
    expect(offending).toEqual([]);
  });
});

describe("the folders of provider/", () => {
  it("never import each other both ways: each pair of folders has one direction at most", () => {
    const provider = path.join(ROOT, "provider");
    const folderOf = (file: string) => path.relative(provider, file).split(path.sep)[0]!;
    const edges = new Set<string>();
    for (const file of providerFiles()) {
      if (file.endsWith(".test.ts") || path.dirname(file) === provider) continue;
      for (const { target } of relativeImports(file)) {
        if (!target.startsWith(provider + path.sep)) continue;
        const [from, to] = [folderOf(file), folderOf(target)];
        if (from !== to && !to.endsWith(".ts")) edges.add(`${from} -> ${to}`);
      }
    }
    const mutual = [...edges].filter((edge) => edges.has(edge.split(" -> ").reverse().join(" -> ")));
    expect(edges.size).toBeGreaterThan(10);
    expect(mutual).toEqual([]);
  });
});

describe("the two adapters stand side by side, above the lifecycle they serve", () => {
  const provider = path.join(ROOT, "provider");
  /** The folders of provider/ that `folder`'s files (tests excepted) import. */
  const importedBy = (folder: string): Set<string> =>
    new Set(
      providerFiles()
        .filter((file) => file.startsWith(path.join(provider, folder) + path.sep))
        .flatMap((file) => relativeImports(file).map(({ target }) => path.relative(provider, target)))
        .filter((target) => !target.startsWith(".."))
        .map((target) => target.split(path.sep)[0]!),
    );

  it("the dynamic providers and the plugin never import each other", () => {
    expect(importedBy("dynamic")).not.toContain("plugin");
    expect(importedBy("plugin")).not.toContain("dynamic");
    // Both serve the lifecycles of the kinds, through the framework.
    expect([...importedBy("dynamic")]).toEqual(expect.arrayContaining(["framework", "kinds"]));
    expect([...importedBy("plugin")]).toEqual(expect.arrayContaining(["framework", "kinds"]));
  });

  it.each(["framework", "kinds"])("%s/ imports neither adapter", (folder) => {
    const imported = importedBy(folder);
    expect(imported.size).toBeGreaterThan(0);
    expect([...imported].filter((f) => f === "dynamic" || f === "plugin")).toEqual([]);
  });

  it("the framework imports no kind: the kinds are made of it", () => {
    expect(importedBy("framework")).not.toContain("kinds");
  });
});
