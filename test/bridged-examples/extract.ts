/**
 * Extracts the examples of the bridged provider's package schema (pulumi/pulumi-dnsimple,
 * `provider/cmd/pulumi-resource-dnsimple/schema.json`, Apache-2.0) into examples/: each resource's
 * and function's description holds its examples as fenced blocks of Python, Go and YAML. They are
 * committed (CI has no copy of that repository) with their source named in examples/SOURCE.md,
 * and so are the bridged resources' and functions' property names (bridged-names.json).
 *
 *   git --git-dir=<fetched pulumi-dnsimple> show HEAD:provider/cmd/pulumi-resource-dnsimple/schema.json > schema.json
 *   npx ts-node --transpile-only test/bridged-examples/extract.ts schema.json <commit>
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";

export const LANGUAGES = ["python", "go", "yaml"] as const;
export type ExampleLanguage = (typeof LANGUAGES)[number];
const EXTENSION: Record<ExampleLanguage, string> = { python: "py", go: "go", yaml: "yaml" };

/** One example: `ZoneRecord-1.py` is the first Python example of ZoneRecord. */
export interface ExtractedExample {
  /** The bridged resource or function (`ZoneRecord`, `getZone`). */
  readonly subject: string;
  readonly language: ExampleLanguage;
  /** 1 for the first example of that subject in that language. */
  readonly index: number;
  readonly file: string;
  readonly text: string;
}

/** Every example of a bridged schema, in its order. */
export function extractExamples(schema: {
  resources: Record<string, { description?: string }>;
  functions: Record<string, { description?: string }>;
}): ExtractedExample[] {
  const out: ExtractedExample[] = [];
  for (const [token, { description = "" }] of [
    ...Object.entries(schema.resources),
    ...Object.entries(schema.functions),
  ]) {
    const subject = token.split(":").pop()!.split("/").pop()!;
    for (const language of LANGUAGES) {
      const blocks = [...description.matchAll(new RegExp("```" + language + "\\n([\\s\\S]*?)```", "g"))];
      blocks.forEach((match, i) => {
        const index = i + 1;
        out.push({
          subject,
          language,
          index,
          file: `${subject}-${index}.${EXTENSION[language]}`,
          text: match[1]!,
        });
      });
    }
  }
  return out;
}

/** This folder in the checkout, from the source or from its build (dist/). */
const HERE =
  path.basename(path.resolve(__dirname, "../..")) === "dist"
    ? path.resolve(__dirname, "../../../test/bridged-examples")
    : __dirname;
export const EXAMPLES_DIR = path.join(HERE, "examples");

/** The bridged resources' and functions' property names (bridged-names.json): what the compat module must offer. */
export interface BridgedNames {
  resources: Record<string, { inputs: string[]; requiredInputs: string[]; outputs: string[] }>;
  functions: Record<string, { inputs: string[]; outputs: string[] }>;
}

type Props = { properties?: Record<string, unknown> } | undefined;

export function bridgedNames(schema: {
  resources: Record<
    string,
    {
      inputProperties?: Record<string, unknown>;
      requiredInputs?: string[];
      properties?: Record<string, unknown>;
    }
  >;
  functions: Record<string, { inputs?: Props; outputs?: Props }>;
}): BridgedNames {
  const last = (token: string) => token.split(":").pop()!.split("/").pop()!;
  return {
    resources: Object.fromEntries(
      Object.entries(schema.resources).map(([token, r]) => [
        last(token),
        {
          inputs: Object.keys(r.inputProperties ?? {}).sort(),
          requiredInputs: [...(r.requiredInputs ?? [])].sort(),
          outputs: Object.keys(r.properties ?? {}).sort(),
        },
      ]),
    ),
    functions: Object.fromEntries(
      Object.entries(schema.functions)
        .filter(([token]) => token.includes(":index/"))
        .map(([token, f]) => [
          last(token),
          {
            inputs: Object.keys(f.inputs?.properties ?? {}).sort(),
            outputs: Object.keys(f.outputs?.properties ?? {}).sort(),
          },
        ]),
    ),
  };
}

if (require.main === module) {
  const [schemaFile, commit = "unknown"] = process.argv.slice(2);
  if (!schemaFile) throw new Error("usage: extract.ts <bridged schema.json> [commit]");
  const schema = JSON.parse(readFileSync(schemaFile, "utf8"));
  const examples = extractExamples(schema);
  rmSync(EXAMPLES_DIR, { recursive: true, force: true });
  mkdirSync(EXAMPLES_DIR, { recursive: true });
  for (const e of examples) writeFileSync(path.join(EXAMPLES_DIR, e.file), e.text);
  writeFileSync(
    path.join(HERE, "bridged-names.json"),
    `${JSON.stringify({ source: `pulumi/pulumi-dnsimple@${commit}`, ...bridgedNames(schema) }, null, 2)}\n`,
  );
  writeFileSync(
    path.join(EXAMPLES_DIR, "SOURCE.md"),
    [
      "# The bridged provider's examples",
      "",
      `Extracted by \`test/bridged-examples/extract.ts\` from the descriptions of`,
      "`provider/cmd/pulumi-resource-dnsimple/schema.json` in",
      `[pulumi/pulumi-dnsimple](https://github.com/pulumi/pulumi-dnsimple) at commit \`${commit}\`,`,
      "unchanged. That repository is under the Apache License 2.0, which allows copying and",
      "redistributing them with this notice; its copyright stays with its authors.",
      "",
      `${examples.length} examples: ${LANGUAGES.map((l) => `${examples.filter((e) => e.language === l).length} ${l}`).join(", ")}.`,
      "",
    ].join("\n"),
  );
  console.log(`wrote ${examples.length} examples to ${path.relative(process.cwd(), EXAMPLES_DIR)}`);
}
