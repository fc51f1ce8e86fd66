/**
 * The SDK's read-only functions (sdk/functions.ts) as the package schema's functions, read from
 * their TypeScript declarations with the compiler: each exported async function's doc, its
 * parameters (an object parameter's members become arguments of their own) and its result type.
 * The same reading gives the plugin's call table (provider/plugin/functions.generated.ts), so an
 * invoke from Python or YAML runs the very function a TypeScript program calls. Nothing about a
 * function is written twice: add one to sdk/functions.ts and `npm run generate` does the rest.
 */
import * as path from "node:path";
import * as ts from "typescript";
import type { ResultShape } from "../../provider/plugin/function-results";
import type { PulumiProperty, PulumiType } from "./schema";

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
  /** Whether the function answers a Pulumi secret (it returns `pulumi.Output<T>` made secret): every output is. */
  readonly secret: boolean;
}

/** Object types the functions name, as schema types (by their TypeScript names). */
export type NamedTypes = Record<
  string,
  { type: "object"; description: string; properties: Record<string, PulumiProperty>; required?: string[] }
>;

const FUNCTIONS_FILE = path.resolve(__dirname, "../../sdk/functions.ts");

/** The doc of a declaration without its `@example`: the first paragraphs. */
function docOf(symbol: ts.Symbol, checker: ts.TypeChecker): string {
  return ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
}

/** A doc as every language shows it: TypeScript's `{@link X}` as code. */
const plainDoc = (doc: string) => doc.replace(/\{@link ([^}]+)\}/g, "`$1`");

class Reader {
  readonly named: NamedTypes = {};
  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly tokenOf: (name: string) => string,
  ) {}

  /** The members of a type other than `null` and `undefined` (`true | false` as boolean), and whether it had them. */
  private strip(type: ts.Type): { types: ts.Type[]; nullable: boolean } {
    if (!type.isUnion()) return { types: [type], nullable: false };
    const kept = type.types.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
    const nullable = kept.length !== type.types.length;
    if (kept.length > 1 && kept.every((t) => t.flags & ts.TypeFlags.BooleanLiteral))
      return { types: [this.checker.getBooleanType()], nullable };
    return { types: kept, nullable };
  }

  isObject(type: ts.Type): boolean {
    const { types } = this.strip(type);
    const t = types[0]!;
    return (
      types.length === 1 &&
      !!(t.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) &&
      !this.checker.isArrayType(t) &&
      !t.getCallSignatures().length &&
      this.checker.getIndexInfosOfType(t).length === 0
    );
  }

  /** The schema type of a TypeScript type; object types named `context` unless they have names. */
  typeOf(type: ts.Type, context: string): PulumiType {
    const { types } = this.strip(type);
    if (types.length > 1) return this.unionOf(types, context);
    const t = types[0]!;
    if (t.flags & (ts.TypeFlags.String | ts.TypeFlags.StringLiteral)) return { type: "string" };
    if (t.flags & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) return { type: "number" };
    if (t.flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) return { type: "boolean" };
    if (this.checker.isArrayType(t)) {
      const [item] = this.checker.getTypeArguments(t as ts.TypeReference);
      return {
        type: "array",
        items: item ? this.typeOf(item, `${context}Item`) : { $ref: "pulumi.json#/Any" },
      };
    }
    const [index] = this.checker.getIndexInfosOfType(t);
    if (index) return { type: "object", additionalProperties: this.typeOf(index.type, `${context}Value`) };
    if (t.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) {
      const own = t.aliasSymbol?.name ?? t.getSymbol()?.name;
      const name = own && !own.startsWith("__") ? own : context;
      if (!this.named[name]) {
        this.named[name] = { type: "object", description: `Part of a function's result.`, properties: {} };
        const { properties, required } = this.propertiesOf(t, name);
        const description = plainDoc(
          (t.aliasSymbol ?? t.getSymbol()) && !name.startsWith("__")
            ? docOf((t.aliasSymbol ?? t.getSymbol())!, this.checker) || `${name}.`
            : `${name}.`,
        );
        this.named[name] = {
          type: "object",
          description,
          properties,
          ...(required.length ? { required } : {}),
        };
      }
      return { $ref: `#/types/${this.tokenOf(name)}` };
    }
    return { $ref: "pulumi.json#/Any" };
  }

  /** A union: of primitives, a union of them (string literals are strings); of anything else, Any. */
  private unionOf(types: ts.Type[], context: string): PulumiType {
    const members = [...new Set(types.map((m) => JSON.stringify(this.typeOf(m, context))))];
    if (members.length === 1) return JSON.parse(members[0]!) as PulumiType;
    if (members.every((m) => /^\{"type":"(string|number|boolean)"\}$/.test(m)))
      return { oneOf: members.map((m) => JSON.parse(m) as PulumiType) };
    return { $ref: "pulumi.json#/Any" };
  }

  /** The properties of an object type, with docs, and those always present. */
  propertiesOf(
    type: ts.Type,
    context: string,
  ): { properties: Record<string, PulumiProperty>; required: string[] } {
    const properties: Record<string, PulumiProperty> = {};
    const required: string[] = [];
    for (const member of this.checker.getPropertiesOfType(this.strip(type).types[0]!)) {
      const memberType = this.checker.getTypeOfSymbol(member);
      const doc = plainDoc(docOf(member, this.checker));
      properties[member.name] = {
        ...this.typeOf(memberType, `${context}${member.name.charAt(0).toUpperCase()}${member.name.slice(1)}`),
        ...(doc ? { description: doc } : {}),
      };
      const optional = !!(member.flags & ts.SymbolFlags.Optional) || this.strip(memberType).nullable;
      if (!optional) required.push(member.name);
    }
    return { properties, required };
  }
}

/** Every exported async function of sdk/functions.ts, as the schema and the plugin take them. */
export function readFunctions(tokenOf: (name: string) => string): {
  functions: FunctionToRender[];
  types: NamedTypes;
} {
  const program = ts.createProgram([FUNCTIONS_FILE], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(FUNCTIONS_FILE)!;
  const reader = new Reader(checker, tokenOf);
  const functions: FunctionToRender[] = [];
  for (const statement of source.statements) {
    if (!ts.isFunctionDeclaration(statement) || !statement.name) continue;
    const modifiers = ts.getModifiers(statement) ?? [];
    const exported = modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const isAsync = modifiers.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
    if (!exported) continue;
    const name = statement.name.text;
    const symbol = checker.getSymbolAtLocation(statement.name)!;
    const signature = checker.getSignatureFromDeclaration(statement)!;
    // The reads: async functions, and those that answer a secret (an Output, as sdk/functions.ts
    // makes one only with `secret`): the invoke answers its value, marked secret on the wire.
    const secretValue = outputValueOf(signature.getReturnType());
    if (!isAsync && !secretValue) continue;
    const args: FunctionArgument[] = [];
    signature.getParameters().forEach((parameter, index) => {
      const declaration = parameter.valueDeclaration as ts.ParameterDeclaration;
      const type = checker.getTypeOfSymbol(parameter);
      const optional = !!declaration.questionToken || !!declaration.initializer;
      if (reader.isObject(type)) {
        const { properties, required } = reader.propertiesOf(type, name);
        for (const [key, property] of Object.entries(properties))
          args.push({
            name: key,
            required: !optional && required.includes(key),
            property,
            parameter: index,
            via: "member",
          });
        return;
      }
      const doc = plainDoc(ts.displayPartsToString(parameter.getDocumentationComment(checker)));
      args.push({
        name: parameter.name,
        required: !optional,
        property: {
          ...reader.typeOf(type, `${name}${parameter.name}`),
          ...(doc ? { description: doc } : {}),
        },
        parameter: index,
        via: "value",
      });
    });
    const returned =
      secretValue ?? checker.getAwaitedType(signature.getReturnType()) ?? signature.getReturnType();
    const base = reader.typeOf(returned, `${name.charAt(0).toUpperCase()}${name.slice(1)}Info`);
    let result: ResultShape = "value";
    let outputs: Record<string, PulumiProperty> = { value: base };
    let requiredOutputs: string[] = [];
    if ("type" in base && base.type === "array") {
      result = "items";
      outputs = { items: base };
      requiredOutputs = ["items"];
    } else if ("$ref" in base && base.$ref.startsWith("#/types/") && !isNullable(returned)) {
      // The result's own fields are the invoke's outputs (its type stays declared for the SDKs).
      const typeName = base.$ref.slice(`#/types/${tokenOf("")}`.length);
      const shape = reader.named[typeName]!;
      result = "fields";
      outputs = shape.properties;
      requiredOutputs = shape.required ?? [];
    } else if (!isNullable(returned)) {
      requiredOutputs = ["value"];
    }
    functions.push({
      name,
      doc: plainDoc(docOf(symbol, checker)),
      parameters: signature.getParameters().length,
      args,
      outputs: secretValue
        ? Object.fromEntries(Object.entries(outputs).map(([key, p]) => [key, { ...p, secret: true }]))
        : outputs,
      requiredOutputs,
      result,
      secret: secretValue !== undefined,
    });
  }
  return { functions, types: referencedOnly(reader.named, functions, tokenOf) };
}

/**
 * The named types some function still names: a result whose fields became the outputs leaves
 * its own type unnamed (Go would declare `GetZoneResult` twice: the type and the invoke's result).
 */
function referencedOnly(
  named: NamedTypes,
  functions: ReadonlyArray<FunctionToRender>,
  tokenOf: (name: string) => string,
): NamedTypes {
  const prefix = `#/types/${tokenOf("")}`;
  const namesIn = (value: unknown) =>
    (JSON.stringify(value).match(/"#\/types\/[^"]+"/g) ?? []).map((ref) => ref.slice(prefix.length + 1, -1));
  const kept = new Set<string>();
  const pending = functions.flatMap((f) => namesIn([f.args, f.outputs]));
  while (pending.length) {
    const name = pending.pop()!;
    if (kept.has(name) || !named[name]) continue;
    kept.add(name);
    pending.push(...namesIn(named[name]));
  }
  return Object.fromEntries(Object.entries(named).filter(([name]) => kept.has(name)));
}

/** `T` of a `pulumi.Output<T>` (the SDK's secret answers), or undefined for any other type. */
function outputValueOf(type: ts.Type): ts.Type | undefined {
  if (type.aliasSymbol?.name !== "Output" || type.aliasTypeArguments?.length !== 1) return undefined;
  return type.aliasTypeArguments[0];
}

/** Whether a result may be null (or undefined). */
function isNullable(type: ts.Type): boolean {
  return type.isUnion() && type.types.some((t) => t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined));
}

/** The plugin's call table: for each function, how an invoke's arguments become its parameters. */
export function renderCallTable(functions: ReadonlyArray<FunctionToRender>): string {
  const entries = functions.map((f) => {
    const parameters = Array.from({ length: f.parameters }, (_, index) => {
      const mine = f.args.filter((a) => a.parameter === index);
      if (mine[0]?.via === "value") return `args.${mine[0].name}`;
      return `{ ${mine.map((a) => `${a.name}: args.${a.name}`).join(", ")} }`;
    });
    const args = f.args.length ? "args" : "_args";
    const secret = f.secret ? " secret: true," : "";
    return `  ${f.name}: { result: ${JSON.stringify(f.result)},${secret} call: (sdk, ${args}) => sdk.${f.name}(${parameters.join(", ")}) },`;
  });
  return [
    "// Generated by `npm run generate` from the functions of sdk/functions.ts: edit those, not this file.",
    'import type * as functions from "../../sdk/functions";',
    'import type { ResultShape } from "./function-results";',
    "",
    "/** How the plugin runs each function an invoke names: its arguments as the function's parameters. */",
    "export const FUNCTIONS: Readonly<",
    "  Record<",
    "    string,",
    "    {",
    "      result: ResultShape;",
    "      /** The function answers a Pulumi secret: the invoke's outputs are secret on the wire. */",
    "      secret?: true;",
    "      call(sdk: typeof functions, args: Record<string, any>): unknown;",
    "    }",
    "  >",
    "> = {",
    ...entries,
    "};",
    "",
  ].join("\n");
}
