/**
 * What a kind's SDK class, stub and reference page say comes from its definition: for every kind,
 * the committed files are what the generator renders from it now, every description, example and
 * "changing it replaces" included. `npm run generate -- --check` says the same in the test command;
 * this says it where bench/mutation changes a kind's declarations (its `kinds` and `zone-records`
 * groups), so that a doc emptied or a replacement dropped fails a unit test.
 *
 * Each test loads its kind (and the renderer) afresh with `jest.isolateModules`: descriptions and
 * examples are evaluated when the module loads, and mutation testing credits code run at load to no
 * test, so each test loads the copy it renders.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import type { ResourceDefinition } from "../framework/definition";
import { type FoundKind, findKinds } from "../../scripts/sdk-generator/registry";

const ROOT = path.resolve(__dirname, "../..");

/** The renderer and the kind it renders, loaded inside the calling test. */
function loaded({ file, exportName }: FoundKind) {
  let render!: typeof import("../../scripts/sdk-generator/render");
  let definition!: ResourceDefinition;
  jest.isolateModules(() => {
    render = require("../../scripts/sdk-generator/render");
    definition = (require(`./${file}`) as Record<string, ResourceDefinition>)[exportName]!;
  });
  return { render, kind: { kind: definition.kind, schema: definition.schema! } };
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

const kinds = findKinds(__dirname);

it("finds every kind, ZoneRecords among them", () => {
  expect(kinds.length).toBeGreaterThan(30);
  expect(kinds.map((k) => k.kind)).toContain("ZoneRecords");
});

it.each(kinds.map((found) => [found.kind, found] as const))(
  "%s: the SDK class, stub and reference page are what the definition renders",
  (_kind, found) => {
    const { render, kind } = loaded(found);
    const files = render.renderAll([kind]).filter((f) => !/(index\.ts|README\.md)$/.test(f.path));
    expect(files.map((f) => f.path)).toHaveLength(3);
    for (const file of files)
      expect({ file: file.path, text: unformatted(file.text) }).toEqual({
        file: file.path,
        text: unformatted(readFileSync(path.join(ROOT, file.path), "utf8")),
      });
  },
);
