/**
 * Resource code takes its inputs as the definitions type them: conversions by hand (`String(x)`,
 * `Number(x)`, `x as T`) are few, and every kind is a typed definition the SDK is generated from.
 */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { docOf } from "../framework/kind";
import { allDefinitions, resourceKinds } from "./index";
import { providerFor } from "../dynamic";

/** The code files of provider/kinds, the framework and the dynamic-provider adapter (tests left out). */
function codeFiles(): string[] {
  return [__dirname, path.join(__dirname, "../framework"), path.join(__dirname, "../dynamic")].flatMap(
    (dir) =>
      readdirSync(dir)
        .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
        .map((f) => path.join(dir, f)),
  );
}

/** Conversions in code, comments left out: `String(`, `Number(` and `as <Type>`. */
function conversions(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "")
    .replace(/"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, '""');
  return (
    code.match(/\b(?:String|Number)\(|\bas (?:[A-Z][\w<>[\]]*|string|number|boolean|unknown|any)\b/g) ?? []
  );
}

describe("typed resource definitions", () => {
  it("are listed under their own kind names, and loaded when a provider is first asked for", () => {
    expect(allDefinitions().map((d) => d.kind)).toEqual(resourceKinds);
    expect(providerFor("Webhook")).toBe(providerFor("Webhook"));
    expect(() => providerFor("NoSuchKind")).toThrow(/no resource kind "NoSuchKind"/);
    expect(() => providerFor("toString")).toThrow(/no resource kind "toString"/);
  });

  it("leave fewer than 25 conversions by hand in the kinds, the framework and the dynamic adapter", () => {
    const found = codeFiles()
      .map((file) => ({ file, source: readFileSync(file, "utf8") }))
      // A mutation run (bench/mutation) rewrites the files in place with a copy of each mutated
      // expression: counted there, the copies would be counted too.
      .filter(({ source }) => !source.includes("stryMutAct_9fa48"))
      .flatMap(({ file, source }) =>
        conversions(source).map((c) => `${path.relative(__dirname, file)}: ${c}`),
      );
    expect(found.length).toBeLessThan(25);
  });

  it("counts conversions in code, not words in comments or messages", () => {
    const sample = [
      "const a = String(inputs.name); // as Pulumi keeps it",
      "const b = Number(id) + (state.ttl as number);",
      "const c = inputs as Record<string, string>;",
      'throw new Error("a code such as US"); /* as Type */',
      "const d = nonEmptyString();",
    ].join("\n");
    expect(conversions(sample)).toEqual(["String(", "Number(", "as number", "as Record<string"]);
  });

  it("cover every kind, each with docs and documented inputs and outputs", () => {
    for (const definition of allDefinitions()) {
      const schema = definition.schema;
      expect({ kind: definition.kind, typed: schema !== undefined }).toEqual({
        kind: definition.kind,
        typed: true,
      });
      const undocumented = Object.entries({ ...schema!.inputs, ...schema!.outputs })
        .filter(([, field]) => !docOf(field))
        .map(([key]) => `${definition.kind}.${key}`);
      expect(undocumented).toEqual([]);
      expect(schema!.docs.summary.length).toBeGreaterThan(10);
    }
  });
});
