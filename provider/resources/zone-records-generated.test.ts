/**
 * What the SDK class, the stub and the reference page of `ZoneRecords` say comes from its
 * definition: the committed files are what the generator renders from it now, every description
 * and example included. `npm run generate -- --check` says the same of every kind in the test
 * command; this says it where bench/mutation's zone-records group changes every line.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { renderClass, renderPage, renderStub } from "../../scripts/sdk-generator/render";
import { zoneRecordsResource } from "./zone-records";

const ROOT = path.resolve(__dirname, "../..");
const kind = { kind: zoneRecordsResource.kind, schema: zoneRecordsResource.schema };
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
  ["sdk/resources/zone-records.ts", renderClass],
  ["sdk/stubs/zone-records.ts", renderStub],
  ["docs/resources/zone-records.md", renderPage],
] as const)("%s is what the definition renders", (file, render) => {
  expect(unformatted(render(kind))).toBe(unformatted(readFileSync(path.join(ROOT, file), "utf8")));
});
