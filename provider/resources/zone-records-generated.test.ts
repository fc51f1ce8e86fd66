/**
 * What the SDK class, the stub and the reference page of `ZoneRecords` say comes from its
 * definition: the committed files are what the generator renders from it now, every description
 * and example included. `npm run generate -- --check` says the same of every kind in the test
 * command; this says it where bench/mutation's zone-records group changes every line.
 *
 * Each test loads the definition (and the renderer) afresh with `jest.isolateModules`: its
 * descriptions and examples are evaluated when the module loads, and mutation testing credits code
 * run at load to no test, so each test loads the copy it renders.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../..");

/** The renderer and the kind it renders, loaded inside the calling test. */
function loaded() {
  let render!: typeof import("../../scripts/sdk-generator/render");
  let definition!: typeof import("./zone-records").zoneRecordsResource;
  jest.isolateModules(() => {
    render = require("../../scripts/sdk-generator/render");
    definition = (require("./zone-records") as typeof import("./zone-records")).zoneRecordsResource;
  });
  return { render, kind: { kind: definition.kind, schema: definition.schema } };
}

/**
 * The text without what prettier decides (spaces, line breaks, trailing separators, the `|` before
 * a union broken over lines, table rules).
 */
const unformatted = (text: string) =>
  text
    .replace(/\s+/g, "")
    .replace(/[;,](?=[)}\]])/g, "")
    .replace(/(?<=[<,(:=])\|/g, "")
    .replace(/-{3,}/g, "---");

it.each([
  ["sdk/resources/zone-records.ts", "renderClass"],
  ["sdk/stubs/zone-records.ts", "renderStub"],
  ["docs/resources/zone-records.md", "renderPage"],
] as const)("%s is what the definition renders", (file, renderer) => {
  const { render, kind } = loaded();
  expect(unformatted(render[renderer](kind))).toBe(unformatted(readFileSync(path.join(ROOT, file), "utf8")));
});
