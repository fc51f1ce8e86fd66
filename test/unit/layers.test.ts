/**
 * The layers of the provider (docs/architecture.md): the resources, the commands, the review and
 * the SDK use the API client through its public surface only (`provider/client/index.ts`, what
 * `pulumi-dnsimple-dynamic/client` exports), never the modules behind it. Tests may reach inside.
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

const layers = ["provider/resources", "provider/cli", "provider/review", "provider/generate", "sdk"];

/**
 * The one exception, a leaf of constants: settings read the retry default from its module, since
 * the SDK loads settings and the index would load the client's transport into every program
 * (provider/module-loading.test.ts).
 */
const ALLOWED = new Set(["provider/resources/framework/settings.ts imports ../../client/retry"]);

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
