/**
 * Renders the Pulumi package schema of the provider plugin (provider/plugin/schema.json) from the
 * same typed definitions that give the TypeScript SDK and the reference pages: every kind as a
 * resource (inputs, outputs, docs, secrets, what replaces, defaults, enums), the provider's
 * settings as its configuration. Pulumi's own code generators make the Python, Go and other SDKs
 * from it (scripts/generate-sdks), and the plugin answers GetSchema with it. Pure: definitions in,
 * a JSON value out.
 */
import { z } from "zod";
import { docOf, isSecret, type KindSchema } from "../../provider/framework/kind";
import { SETTINGS } from "../../provider/framework/settings";
import { renderCompatModule } from "./compat";
import type { FunctionToRender, NamedTypes } from "./functions";
import { isOptionalInput, jsonSchemaOf, type JsonSchema, type KindToRender } from "./render";

/** The Pulumi package's name: not `dnsimple`, the bridged provider's, so both fit in one program. */
export const PACKAGE_NAME = "dnsimple-dynamic";
/** The repository (package.json's `repository` says the same; a unit test compares them). */
export const REPOSITORY = "https://github.com/pulumi-dnsimple-dynamic/pulumi-dnsimple-dynamic";
/**
 * Where the engine downloads a release's plugin tarballs (`pulumi plugin install resource
 * dnsimple-dynamic <version>`, or a program's SDK naming the plugin): the GitHub releases of
 * REPOSITORY, tag `v<version>`, asset `pulumi-resource-dnsimple-dynamic-v<version>-<os>-<arch>.tar.gz`
 * (scripts/plugin-binary builds them). A `github://` source, not an https folder: the engine asks
 * GitHub's API for the asset (with GITHUB_TOKEN when set) and finds the latest release when no
 * version is given.
 */
export const PLUGIN_DOWNLOAD_URL = `github://api.github.com/${new URL(REPOSITORY).pathname.slice(1)}`;

/** The module every token is in: `dnsimple-dynamic:index:Domain`. */
export const tokenOf = (name: string) => `${PACKAGE_NAME}:index:${name}`;

/** Where the generated Go SDK lives, as Go imports it. */
export const GO_IMPORT_BASE =
  "github.com/pulumi-dnsimple-dynamic/pulumi-dnsimple-dynamic/sdk/go/dnsimpledynamic";

/** A type in Pulumi's schema language (a property's type part). */
export type PulumiType =
  | { type: "string" | "integer" | "number" | "boolean" }
  | { type: "array"; items: PulumiType }
  | { type: "object"; additionalProperties: PulumiType }
  | { $ref: string }
  | { oneOf: PulumiType[] };

export interface PulumiProperty extends Record<string, unknown> {
  description?: string;
  secret?: boolean;
  willReplaceOnChanges?: boolean;
  default?: unknown;
}

interface ObjectType {
  type: "object";
  description: string;
  properties: Record<string, PulumiProperty>;
  required?: string[];
}

interface EnumType {
  type: "string";
  description: string;
  enum: Array<{ value: string }>;
}

export interface PackageSchema {
  name: string;
  displayName: string;
  version: string;
  description: string;
  keywords: string[];
  license: string;
  repository: string;
  pluginDownloadURL: string;
  publisher: string;
  config: { variables: Record<string, PulumiProperty>; defaults: string[] };
  provider: { description: string; inputProperties: Record<string, PulumiProperty> };
  types: Record<string, ObjectType | EnumType>;
  resources: Record<string, Resource>;
  functions: Record<string, unknown>;
  language: Record<string, unknown>;
}

interface Resource {
  description: string;
  properties: Record<string, PulumiProperty>;
  required: string[];
  inputProperties: Record<string, PulumiProperty>;
  requiredInputs: string[];
}

const ANY: PulumiType = { $ref: "pulumi.json#/Any" };
const PRIMITIVES = new Set(["string", "integer", "number", "boolean"]);

/** The types a kind's fields name, collected while its properties are written. */
export class Types {
  readonly all: Record<string, ObjectType | EnumType> = {};

  /** Registers `name` once; the same name for two different shapes is a generator bug. */
  add(name: string, type: ObjectType | EnumType): PulumiType {
    const token = tokenOf(name);
    const before = this.all[token];
    if (before && JSON.stringify(before) !== JSON.stringify(type))
      throw new Error(`two different types would be named ${token}`);
    this.all[token] = type;
    return { $ref: `#/types/${token}` };
  }
}

/**
 * The Pulumi type of a JSON schema (zod's rendering of a field). `name` is what a type made for it
 * is called (the kind and the property, `LetsEncryptCertificateRenewalSignatureAlgorithm`), unless
 * the field names its own (`.meta({ id })`). Nullable values are optional values; unions of
 * primitives stay unions; a value of no fixed shape (`triggers`) is Pulumi's Any.
 */
export function pulumiType(
  js: JsonSchema,
  name: string,
  io: "input" | "output",
  types: Types,
  defs: Record<string, JsonSchema>,
): PulumiType {
  if (js.$ref) {
    const id = js.$ref.replace("#/$defs/", "");
    const description = defs[id]?.description ?? js.description;
    return pulumiType({ ...defs[id], ...(description ? { description } : {}) }, id, io, types, defs);
  }
  const members = (js.anyOf ?? js.oneOf)?.filter((m) => m.type !== "null" && m.const !== "");
  if (members) {
    if (members.length === 1) return pulumiType(members[0]!, name, io, types, defs);
    // Tried aside first: a union that ends as Any names no types.
    const scratch = new Types();
    const each = members.map((m) => pulumiType(m, name, io, scratch, defs));
    const distinct = [...new Map(each.map((t) => [JSON.stringify(t), t])).values()];
    if (distinct.length === 1) return pulumiType(members[0]!, name, io, types, defs);
    // An output is what the service answered: one shape per field, or Any.
    if (io === "output") return ANY;
    // Pulumi's Python runtime takes no union of a list and a map (ZoneRecords' records): the
    // schema offers the first form, the list; TypeScript programs keep both.
    if (!distinct.every((t) => "type" in t && PRIMITIVES.has(t.type)))
      return distinct.every(isPlainUnionMember) ? pulumiType(members[0]!, name, io, types, defs) : ANY;
    return {
      oneOf: [
        ...new Map(
          members.map((m) => pulumiType(m, name, io, types, defs)).map((t) => [JSON.stringify(t), t]),
        ).values(),
      ],
    };
  }
  if (Array.isArray(js.type)) {
    const type = js.type.filter((t) => t !== "null");
    if (type.length === 1) return pulumiType({ ...js, type: type[0]! }, name, io, types, defs);
    return pulumiType({ anyOf: type.map((t) => ({ ...js, type: t })) }, name, io, types, defs);
  }
  if (js.enum && js.enum.every((v) => typeof v === "string")) {
    if (io === "output") return { type: "string" };
    return types.add(name, {
      type: "string",
      description: js.description ?? `The values of ${name}.`,
      enum: (js.enum as string[]).map((value) => ({ value })),
    });
  }
  if (js.const !== undefined && typeof js.const === "string") return { type: "string" };
  switch (js.type) {
    case "string":
    case "integer":
    case "number":
    case "boolean":
      return { type: js.type };
    case "array":
      return { type: "array", items: pulumiType(js.items ?? {}, `${name}Item`, io, types, defs) };
    case "object": {
      if (js.properties) {
        const properties = Object.fromEntries(
          Object.entries(js.properties).map(([key, value]) => [
            key,
            property(value, `${name}${capitalize(key)}`, io, types, defs),
          ]),
        );
        const required = (js.required ?? []).filter((key) => key in properties);
        return types.add(name, {
          type: "object",
          description: docText(js.description) ?? `Part of ${name}.`,
          properties,
          ...(required.length ? { required } : {}),
        });
      }
      const values = typeof js.additionalProperties === "object" ? js.additionalProperties : {};
      return { type: "object", additionalProperties: pulumiType(values, `${name}Value`, io, types, defs) };
    }
    default:
      return ANY;
  }
}

/** The generators take unions of primitives, lists and maps; not of object types. */
function isPlainUnionMember(t: PulumiType): boolean {
  if ("type" in t) return t.type === "array" || t.type === "object" || PRIMITIVES.has(t.type);
  return false;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A doc as every language's SDK shows it: TypeScript's `{@link X}` as code. */
const docText = (doc: string | undefined) => doc?.replace(/\{@link ([^}]+)\}/g, "`$1`");

/** A property: its type, doc, secrecy and (for primitives) default. */
export function property(
  js: JsonSchema,
  name: string,
  io: "input" | "output",
  types: Types,
  defs: Record<string, JsonSchema>,
  description: string | undefined = js.description,
): PulumiProperty {
  const type = pulumiType(js, name, io, types, defs);
  const primitiveDefault =
    io === "input" && ["string", "number", "boolean"].includes(typeof js.default) ? js.default : undefined;
  return {
    ...type,
    ...(description ? { description: docText(description)! } : {}),
    ...(js.secret === true ? { secret: true } : {}),
    ...(primitiveDefault !== undefined ? { default: primitiveDefault } : {}),
  };
}

/** The doc of an argument: the field's, and that changing it replaces the object. */
function argumentDoc(kind: string, schema: KindSchema, key: string, field: z.ZodType): string | undefined {
  const parts = [docOf(field)];
  if (schema.replaceOnChange.includes(key)) parts.push(`Changing it replaces the ${kind}.`);
  if (isSecret(field)) parts.push("Secret: kept encrypted in state.");
  return parts.filter(Boolean).join(" ") || undefined;
}

/** Inputs every resource takes besides its own (dynamic/dynamic-provider.ts's `commonInputs`). */
function commonInputs(adoptable: boolean): Record<string, PulumiProperty> {
  return {
    account: {
      oneOf: [{ type: "string" }, { type: "integer" }],
      description:
        "The account this object lives in, overriding the provider-wide `account`. Changing it replaces the object.",
      willReplaceOnChanges: true,
    },
    ...(adoptable
      ? {
          adopt: {
            type: "boolean",
            description:
              "Take over the existing object that matches this declaration in every identifying field, instead of " +
              "creating a new one. When none exists it is created; when several match, the create fails and names " +
              "them. Without it, the provider never takes over an object this stack did not make.",
          },
        }
      : {}),
  };
}

/** One kind as a resource of the schema. */
function resourceOf(k: KindToRender, types: Types): Resource {
  const { kind, schema } = k;
  const inputProperties: Record<string, PulumiProperty> = commonInputs(schema.adoptable);
  const requiredInputs: string[] = [];
  const properties: Record<string, PulumiProperty> = {
    accountId: { type: "string", description: "The account the object lives in." },
  };
  const required = ["accountId"];
  for (const [key, field] of Object.entries(schema.inputs)) {
    const name = `${kind}${capitalize(key)}`;
    const asInput = jsonSchemaOf(field, "input");
    const asOutput = jsonSchemaOf(field, "output");
    const defs = { ...asInput.$defs, ...asOutput.$defs };
    const replaces = schema.replaceOnChange.includes(key);
    if (!schema.providerOwned.includes(key)) {
      inputProperties[key] = {
        ...property(asInput, name, "input", types, defs, argumentDoc(kind, schema, key, field)),
        ...(replaces ? { willReplaceOnChanges: true } : {}),
      };
      if (!isOptionalInput(field)) requiredInputs.push(key);
    }
    if (key in schema.outputs) continue;
    properties[key] = property(asOutput, name, "output", types, defs, docOf(field));
    if (!isOptionalInput(field)) required.push(key);
  }
  for (const [key, field] of Object.entries(schema.outputs)) {
    const js = jsonSchemaOf(field, "output");
    properties[key] = property(
      js,
      `${kind}${capitalize(key)}`,
      "output",
      types,
      js.$defs ?? {},
      docOf(field),
    );
    if (!field.safeParse(undefined).success && !field.safeParse(null).success) required.push(key);
  }
  return {
    description: docText(schema.docs.summary)!,
    properties,
    required: [...new Set(required)],
    inputProperties,
    requiredInputs,
  };
}

/** The provider's settings as the package's configuration (`dnsimple-dynamic:token`, …). */
function configProperties(): Record<string, PulumiProperty> {
  return Object.fromEntries(
    SETTINGS.map((s) => [
      s.config.slice("dnsimple:".length),
      {
        type: s.type,
        description: `${s.doc} Environment fallback: \`${s.env}\`.`,
        ...(s.secret ? { secret: true } : {}),
      },
    ]),
  );
}

/** One of the SDK's read-only functions as a function of the schema (an invoke). */
function functionOf(f: FunctionToRender): unknown {
  const required = f.args.filter((a) => a.required).map((a) => a.name);
  return {
    description: f.doc,
    inputs: {
      properties: Object.fromEntries(f.args.map((a) => [a.name, a.property])),
      ...(required.length ? { required } : {}),
    },
    outputs: {
      properties: f.outputs,
      ...(f.requiredOutputs.length ? { required: f.requiredOutputs } : {}),
    },
  };
}

/** The whole package schema for the kinds and functions given. */
export function renderSchema(
  kinds: ReadonlyArray<KindToRender>,
  version: string,
  functions: { functions: ReadonlyArray<FunctionToRender>; types: NamedTypes } = { functions: [], types: {} },
): PackageSchema {
  const types = new Types();
  for (const [name, type] of Object.entries(functions.types)) types.add(name, type);
  const resources = Object.fromEntries(kinds.map((k) => [tokenOf(k.kind), resourceOf(k, types)]));
  const config = configProperties();
  const indexFunctions = Object.fromEntries(functions.functions.map((f) => [tokenOf(f.name), functionOf(f)]));
  // The bridged provider's names, made of the index module (scripts/sdk-generator/compat.ts).
  const compat = renderCompatModule(PACKAGE_NAME, resources, indexFunctions);
  return {
    name: PACKAGE_NAME,
    displayName: "DNSimple (dynamic)",
    version,
    description:
      "DNSimple's domains, DNS records, registrations, certificates and the rest of its API as Pulumi resources, " +
      "served by the pulumi-dnsimple-dynamic provider plugin.",
    keywords: ["pulumi", "dnsimple", "dns", "domains", "category/network", "kind/native"],
    license: "Apache-2.0",
    repository: REPOSITORY,
    pluginDownloadURL: PLUGIN_DOWNLOAD_URL,
    publisher: "pulumi-dnsimple-dynamic",
    config: { variables: config, defaults: [] },
    provider: {
      description: "The provider of pulumi-dnsimple-dynamic: one per account and token.",
      inputProperties: config,
    },
    types: Object.fromEntries(
      Object.entries({ ...types.all, ...compat.types } as PackageSchema["types"]).sort(([a], [b]) =>
        a < b ? -1 : a > b ? 1 : 0,
      ),
    ),
    resources: { ...resources, ...(compat.resources as Record<string, Resource>) },
    functions: { ...indexFunctions, ...compat.functions },
    language: {
      python: {
        packageName: "pulumi_dnsimple_dynamic",
        requires: { pulumi: ">=3.0.0,<4.0.0" },
        pyproject: { enabled: true },
        respectSchemaVersion: true,
      },
      go: {
        importBasePath: GO_IMPORT_BASE,
        generateResourceContainerTypes: true,
        respectSchemaVersion: true,
      },
      nodejs: {
        packageName: "@pulumi-dnsimple-dynamic/plugin-sdk",
        dependencies: { "@pulumi/pulumi": "^3.139.0" },
        respectSchemaVersion: true,
      },
    },
  };
}
