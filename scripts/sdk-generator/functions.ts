/**
 * The SDK's read-only functions, made of their definitions (provider/functions/definitions.ts):
 * the package schema's functions (their arguments and outputs from the definitions' zod schemas),
 * the plugin's call table (provider/functions/call-table.generated.ts), the TypeScript wrappers a
 * program imports (sdk/nodejs/functions.generated.ts) and their reference page (docs/functions.md).
 * Nothing about a function is written twice: add a definition and `npm run generate` does the rest.
 */
import { z } from "zod";
import type { ResultShape } from "../../provider/functions/results";
import { ACCOUNT_OPTION, type FunctionDefinition, isObjectParameter } from "../../provider/functions/define";
import { FUNCTION_DEFINITIONS } from "../../provider/functions/definitions";
import { docComment, jsonSchemaOf, scalarTsType, type GeneratedFile, type JsonSchema } from "./render";
import { property, type PulumiProperty, Types } from "./schema";

/** One argument of a schema function and where the call puts it. */
export interface FunctionArgument {
  readonly name: string;
  readonly required: boolean;
  readonly property: PulumiProperty;
  /** The parameter it fills: itself (`value`), or a member of an object parameter (`member`). */
  readonly parameter: number;
  readonly via: "value" | "member";
}

export interface FunctionToRender {
  readonly name: string;
  readonly doc: string;
  readonly parameters: number;
  readonly args: ReadonlyArray<FunctionArgument>;
  readonly outputs: Record<string, PulumiProperty>;
  readonly requiredOutputs: ReadonlyArray<string>;
  readonly result: ResultShape;
  /** Whether the function answers a Pulumi secret: every output is. */
  readonly secret: boolean;
}

/** Object types the functions name, as schema types (by their names, not tokens). */
export type NamedTypes = Record<
  string,
  { type: "object"; description: string; properties: Record<string, PulumiProperty>; required?: string[] }
>;

/** A doc as every language shows it: TypeScript's `{@link X}` as code. */
const plainDoc = (doc: string) => doc.replace(/\{@link ([^}]+)\}/g, "`$1`");
const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A JSON schema node's meta of the function definitions (define.ts). */
type Node = JsonSchema & { typeName?: string; schemaName?: string; kindInfo?: string };

/** Whether a value of this node may be null. */
function acceptsNull(js: Node): boolean {
  if (js.type === "null") return true;
  if (Array.isArray(js.type) && js.type.includes("null")) return true;
  return (js.anyOf ?? js.oneOf ?? []).some((m) => acceptsNull(m));
}

/**
 * A result's JSON schema as the schema's types take it: a node with a `schemaName` a named
 * type (`$ref`), and a field that may be null not required (the SDKs' results leave it out).
 */
function forSchema(js: Node, defs: Record<string, JsonSchema>): JsonSchema {
  const walk = (node: Node): JsonSchema => {
    const { typeName: _t, schemaName, kindInfo: _k, ...rest } = node;
    const out: JsonSchema = { ...rest };
    if (rest.anyOf) out.anyOf = rest.anyOf.map(walk);
    if (rest.oneOf) out.oneOf = rest.oneOf.map(walk);
    if (rest.items) out.items = walk(rest.items);
    if (rest.properties) {
      out.properties = Object.fromEntries(Object.entries(rest.properties).map(([k, v]) => [k, walk(v)]));
      out.required = (rest.required ?? []).filter((key) => !acceptsNull(rest.properties![key]!));
    }
    if (schemaName) {
      defs[schemaName] = out;
      return { $ref: `#/$defs/${schemaName}` };
    }
    return out;
  };
  for (const [id, def] of Object.entries(js.$defs ?? {})) defs[id] = walk(def);
  const { $defs: _d, ...top } = js;
  return walk(top);
}

/** An argument's JSON schema without what the schema's function arguments do not say (enums, defaults). */
function argumentSchema(schema: z.ZodType): JsonSchema {
  const { enum: values, default: _d, ...js } = jsonSchemaOf(schema, "input");
  return values ? { ...js, type: "string" } : js;
}

/** The positional parameters of a definition: each value, each object, then `options`. */
interface Param {
  readonly name: string;
  readonly kind: "value" | "object" | "options";
  readonly members: ReadonlyArray<[string, z.ZodType]>;
}

function paramsOf(definition: FunctionDefinition): Param[] {
  const params: Param[] = Object.entries(definition.params ?? {}).map(([name, p]) =>
    isObjectParameter(p)
      ? { name, kind: "object", members: Object.entries(p.members) }
      : { name, kind: "value", members: [[name, p]] },
  );
  if (definition.uses === "account")
    params.push({
      name: "options",
      kind: "options",
      members: [...Object.entries(definition.options ?? {}), ["account", ACCOUNT_OPTION]],
    });
  return params;
}

/** Every definition as the schema and the plugin take it, and the object types they name. */
export function functionsToRender(
  tokenOf: (name: string) => string,
  definitions: ReadonlyArray<FunctionDefinition> = FUNCTION_DEFINITIONS,
): { functions: FunctionToRender[]; types: NamedTypes } {
  const types = new Types();
  const functions = definitions.map((definition): FunctionToRender => {
    const { name } = definition;
    const args: FunctionArgument[] = [];
    paramsOf(definition).forEach((param, index) => {
      for (const [key, schema] of param.members) {
        const js = argumentSchema(schema);
        const defs = js.$defs ?? {};
        args.push({
          name: key,
          required: param.kind !== "options" && !schema.safeParse(undefined).success,
          property: property(js, `${name}${capitalize(key)}`, "input", types, defs),
          parameter: index,
          via: param.kind === "value" ? "value" : "member",
        });
      }
    });
    const defs: Record<string, JsonSchema> = {};
    const js = forSchema(jsonSchemaOf(definition.result(), "output") as Node, defs);
    const context = `${capitalize(name)}Info`;
    const resultOf = (): Pick<FunctionToRender, "outputs" | "requiredOutputs" | "result"> => {
      const nullable = acceptsNull(js);
      const shape = js.$ref ? defs[js.$ref.replace("#/$defs/", "")]! : js;
      if (shape.type === "array")
        return {
          result: "items",
          outputs: { items: property(js, context, "output", types, defs) },
          requiredOutputs: ["items"],
        };
      if (shape.type === "object" && shape.properties && !nullable) {
        // The result's own fields are the invoke's outputs (their types named after the result's).
        const owner = js.$ref ? js.$ref.replace("#/$defs/", "") : context;
        return {
          result: "fields",
          outputs: Object.fromEntries(
            Object.entries(shape.properties).map(([key, value]) => [
              key,
              property(value, `${owner}${capitalize(key)}`, "output", types, defs),
            ]),
          ),
          requiredOutputs: shape.required ?? [],
        };
      }
      return {
        result: "value",
        outputs: { value: property(js, context, "output", types, defs) },
        requiredOutputs: nullable ? [] : ["value"],
      };
    };
    const { outputs, requiredOutputs, result } = resultOf();
    return {
      name,
      doc: plainDoc(definition.doc),
      parameters: paramsOf(definition).length,
      args,
      outputs: definition.secret
        ? Object.fromEntries(Object.entries(outputs).map(([key, p]) => [key, { ...p, secret: true }]))
        : outputs,
      requiredOutputs,
      result,
      secret: definition.secret === true,
    };
  });
  const prefix = tokenOf("");
  return {
    functions,
    types: Object.fromEntries(
      Object.entries(types.all).map(([token, type]) => [token.slice(prefix.length), type]),
    ) as NamedTypes,
  };
}

// ---------------------------------------------------------------------------------------------
// The plugin's call table.
// ---------------------------------------------------------------------------------------------

const HEADER =
  "// Generated by `npm run generate` from the definitions in provider/functions: edit those, not this file.";

/**
 * The plugin's call table: for each function, how an invoke's arguments become its parameters, as
 * data (provider/functions/call-table.ts makes the calls from it).
 */
export function renderCallTable(functions: ReadonlyArray<FunctionToRender>): string {
  const entries = functions.map((f) => {
    const parameters = Array.from({ length: f.parameters }, (_, index) => {
      const mine = f.args.filter((a) => a.parameter === index);
      if (mine[0]?.via === "value") return JSON.stringify(mine[0].name);
      return `[${mine.map((a) => JSON.stringify(a.name)).join(", ")}]`;
    });
    const secret = f.secret ? " secret: true," : "";
    return `  ${f.name}: { result: ${JSON.stringify(f.result)},${secret} parameters: [${parameters.join(", ")}] },`;
  });
  return [
    HEADER,
    'import type { CallTable } from "./call-table";',
    "",
    "/** How the plugin calls each function an invoke names: its arguments as the function's parameters. */",
    "export const CALLS: CallTable = {",
    ...entries,
    "};",
    "",
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// The TypeScript wrappers a program imports (sdk/nodejs/functions.generated.ts).
// ---------------------------------------------------------------------------------------------

/** TypeScript types of JSON schemas: named ones declared once, kinds' infos imported. */
class TsTypes {
  readonly declarations = new Map<string, string>();
  readonly imports = new Set<string>();

  typeOf(js: Node): string {
    if (js.kindInfo && js.typeName) {
      this.imports.add(js.typeName);
      return js.typeName;
    }
    if (js.typeName && js.properties) {
      if (!this.declarations.has(js.typeName)) {
        this.declarations.set(js.typeName, "");
        this.declarations.set(
          js.typeName,
          `${docComment(js.description)}export interface ${js.typeName} {\n${this.members(js, "  ")}\n}\n`,
        );
      }
      return js.typeName;
    }
    const members = js.anyOf ?? js.oneOf;
    if (members) return union(members.map((m) => this.typeOf(m)));
    if (js.enum) return union(js.enum.map((v) => JSON.stringify(v)));
    if (Array.isArray(js.type)) return union(js.type.map((type) => this.typeOf({ ...js, type })));
    const scalar = scalarTsType(js.type);
    if (scalar) return scalar;
    switch (js.type) {
      case "array": {
        const item = this.typeOf(js.items ?? {});
        return item.includes(" ") ? `Array<${item}>` : `${item}[]`;
      }
      case "object":
        if (js.properties) return `{ ${this.members(js, "").replace(/\n/g, " ")} }`;
        return "Record<string, unknown>";
      default:
        return "unknown";
    }
  }

  /** An object's members, one a line; docs where the field has one. */
  members(js: Node, indent: string): string {
    const required = new Set(js.required ?? []);
    return Object.entries(js.properties ?? {})
      .map(([key, value]) => {
        const doc = indent ? docComment((value as Node).description, indent) : "";
        return `${doc}${indent}${key}${required.has(key) ? "" : "?"}: ${this.typeOf(value as Node)};`;
      })
      .join("\n");
  }
}

function union(types: string[]): string {
  const flat = types.flatMap((t) => (/[<{(]/.test(t) ? [t] : t.split(" | ")));
  const unique = [...new Set(flat)];
  if (unique.includes("unknown")) return "unknown";
  return unique.join(" | ");
}

/** An argument's TypeScript type (its input form: `string | number` for a domain). */
function argumentType(schema: z.ZodType, ts: TsTypes): string {
  const { default: _d, ...js } = jsonSchemaOf(schema, "input") as Node;
  return ts.typeOf(js);
}

/** The doc of a wrapper: its text, `@deprecated`, the example. */
function wrapperDoc(definition: FunctionDefinition): string {
  const parts = [definition.doc, ""];
  if (definition.deprecated) parts.push(`@deprecated ${definition.deprecated}`);
  parts.push("@example", "```ts", definition.example, "```");
  return docComment(parts.join("\n"));
}

/** The options type of a function of an account. */
function optionsType(definition: FunctionDefinition, ts: TsTypes): string {
  if (definition.uses !== "account" || !definition.options) return "FunctionOptions";
  const members = Object.entries(definition.options);
  if (!definition.optionsType) {
    const inline = members.map(([key, s]) => `${key}?: ${argumentType(s, ts)}`).join("; ");
    return `FunctionOptions & { ${inline} }`;
  }
  if (!ts.declarations.has(definition.optionsType)) {
    const lines = members.map(
      ([key, s]) => `${docComment(s.description, "  ")}  ${key}?: ${argumentType(s, ts)};`,
    );
    ts.declarations.set(
      definition.optionsType,
      `/** Filters of {@link ${definition.name}}. */\nexport interface ${definition.optionsType} extends FunctionOptions {\n${lines.join("\n")}\n}\n`,
    );
  }
  return definition.optionsType;
}

/** One wrapper: the definition's positional parameters, typed, calling its run. */
function renderWrapper(definition: FunctionDefinition, ts: TsTypes): string {
  const params = paramsOf(definition).map((param) => {
    if (param.kind === "options") return `options?: ${optionsType(definition, ts)}`;
    if (param.kind === "object") {
      const members = param.members.map(
        ([key, s]) => `${key}${s.safeParse(undefined).success ? "?" : ""}: ${argumentType(s, ts)}`,
      );
      return `${param.name}: { ${members.join("; ")} }`;
    }
    const [[, schema]] = param.members as [[string, z.ZodType]];
    const fallback = (jsonSchemaOf(schema, "input") as Node).default;
    if (fallback !== undefined)
      return `${param.name}: ${argumentType(schema, ts)} = ${JSON.stringify(fallback)}`;
    return `${param.name}${schema.safeParse(undefined).success ? "?" : ""}: ${argumentType(schema, ts)}`;
  });
  const result = ts.typeOf(jsonSchemaOf(definition.result(), "output") as Node);
  const names = paramsOf(definition).map((p) => p.name);
  const call = `callFunction(${JSON.stringify(definition.name)}, [${names.join(", ")}])`;
  const doc = wrapperDoc(definition);
  if (definition.secret)
    return `${doc}export function ${definition.name}(${params.join(", ")}): pulumi.Output<${result}> {\n  return secret(${call} as Promise<${result}>);\n}\n`;
  return `${doc}export async function ${definition.name}(${params.join(", ")}): Promise<${result}> {\n  return (await ${call}) as ${result};\n}\n`;
}

/** sdk/nodejs/functions.generated.ts: every function's wrapper and the types they name. */
export function renderWrappers(
  definitions: ReadonlyArray<FunctionDefinition> = FUNCTION_DEFINITIONS,
): string {
  const ts = new TsTypes();
  const wrappers = definitions.map((d) => renderWrapper(d, ts));
  const imports = [...ts.imports].sort();
  const account = ACCOUNT_OPTION.description!;
  return [
    "// Generated by `npm run generate` from the definitions in provider/functions: edit those, not this file.",
    "/**",
    " * Plain async functions over the service, for use inside a Pulumi program (or any Node program),",
    " * run in the program's process with its settings (sdk/nodejs/function-runtime.ts). They are read-only:",
    " * calling them during `preview` changes nothing.",
    " */",
    'import type * as pulumi from "@pulumi/pulumi";',
    'import { secret } from "@pulumi/pulumi/output";',
    'import { callFunction } from "./function-runtime";',
    imports.length ? `import type { ${imports.join(", ")} } from "./resources";` : "",
    "",
    "/** Options every function accepts. */",
    "export interface FunctionOptions {",
    `  /** ${account} */`,
    "  account?: string | number;",
    "}",
    "",
    ...[...ts.declarations.values()],
    ...wrappers,
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// The reference page (docs/functions.md).
// ---------------------------------------------------------------------------------------------

/** The reference page of every function: its signature, what it answers, its example. */
export function renderReference(
  definitions: ReadonlyArray<FunctionDefinition> = FUNCTION_DEFINITIONS,
): string {
  const ts = new TsTypes();
  const sections = definitions.map((definition) => {
    const wrapper = renderWrapper(definition, ts);
    const signature = wrapper
      .slice(wrapper.search(/^export (async )?function /m))
      .split(" {\n")[0]!
      .replace(/^export (async )?function /, "");
    const deprecated = definition.deprecated ? `\n\n**Deprecated.** ${plainDoc(definition.deprecated)}` : "";
    const secret = definition.secret
      ? "\n\nThe answer is a Pulumi secret: kept encrypted wherever it goes (an export, another resource's input)."
      : "";
    // Fences of no language: the documentation's TypeScript blocks are compiled and run as programs
    // (test/doc-snippets.ts), and these are lines of one, against the reader's own objects.
    return [
      `### ${definition.name}`,
      "",
      `\`${signature.replace(/\s*\n\s*/g, " ").replace(/, \)/, ")")}\``,
      "",
      `${plainDoc(definition.doc)}${deprecated}${secret}`,
      "",
      "```",
      definition.example,
      "```",
      "",
    ].join("\n");
  });
  const types = [...ts.declarations.values()].join("\n");
  return [
    "<!-- Generated by `npm run generate` from the definitions in provider/functions: edit those, not this file. -->",
    "# Functions",
    "",
    "Plain async functions with typed (camelCase) results, exported from the package. They run in the",
    "program's own process (not in the provider), read the settings from the stack config (raw, so",
    "secrets are not logged) or the environment, and never log the token. They only read, so they",
    "are safe during `preview`. A function of an account takes `options.account` to override the",
    "setting; the legacy ones (API v1) need `dnsimple:v1Email` and `dnsimple:v1Token`. Other",
    "languages call them through the plugin as `dnsimple-dynamic:index:<name>` (an object result",
    "answers its fields, a list `items`, anything else `value`).",
    "",
    "A function that reads objects of a kind (`getDomain`, `listWebhooks`, …) returns `<Kind>Info`:",
    "what a resource of that kind shows; the kind's page in [resources](resources/README.md) lists it.",
    "",
    `${definitions.length} functions:`,
    "",
    "| function | answers |",
    "|---|---|",
    ...definitions.map(
      (d) => `| [\`${d.name}\`](#${d.name.toLowerCase()}) | ${plainDoc(d.doc).replace(/\|/g, "\\|")} |`,
    ),
    "",
    "## Each function",
    "",
    ...sections,
    "## Their types",
    "",
    "```",
    "/** Options every function accepts. */",
    "interface FunctionOptions {",
    `  /** ${ACCOUNT_OPTION.description!} */`,
    "  account?: string | number;",
    "}",
    "",
    types.replace(/export interface/g, "interface").trimEnd(),
    "```",
    "",
  ].join("\n");
}

/** The generated files of the functions other than the schema: the wrappers, the call table, the page. */
export function functionFiles(functions: ReadonlyArray<FunctionToRender>): GeneratedFile[] {
  return [
    { path: "sdk/nodejs/functions.generated.ts", text: renderWrappers() },
    { path: "provider/functions/call-table.generated.ts", text: renderCallTable(functions) },
    { path: "docs/functions.md", text: renderReference() },
  ];
}
