/**
 * The package schema's `compat` module: the bridged provider's resources and functions
 * (`dnsimple-dynamic:compat:ZoneRecord`, `dnsimple-dynamic:compat:getZone`) with its property
 * names, made of our kinds' and functions' rendered schema by the table of the bridged names
 * (provider/compat/definitions.ts). A property's type and doc are ours, renamed; only what the
 * bridged provider has and we do not (its extras and derived outputs) is described by the table.
 * Pure: the rendered `index` module in, the `compat` module out.
 */
import {
  bridgedNameOf,
  COMPAT_FUNCTIONS,
  COMPAT_RESOURCES,
  type CompatResource,
  type CompatType,
} from "../../provider/compat/definitions";

/** The module of the bridged names: `dnsimple-dynamic:compat:<Name>`. */
export const COMPAT_MODULE = "compat";

type Property = Record<string, unknown>;

interface RenderedResource {
  description: string;
  properties: Record<string, Property>;
  required: string[];
  inputProperties: Record<string, Property>;
  requiredInputs: string[];
}

interface RenderedFunction {
  description?: string;
  inputs: { properties: Record<string, Property>; required?: string[] };
  outputs: { properties: Record<string, Property>; required?: string[] };
}

/** The compat module's types (objects the table names), collected while rendering. */
class CompatTypes {
  readonly all: Record<string, unknown> = {};
  constructor(private readonly packageName: string) {}

  /** A table type as a schema type: a named object becomes a type of the compat module. */
  of(type: CompatType): Property {
    if (type.type === "array") return { type: "array", items: this.of(type.items) };
    if (type.type === "object" && "properties" in type) {
      const token = `${this.packageName}:${COMPAT_MODULE}:${type.name}`;
      this.all[token] = {
        type: "object",
        description: `Part of the bridged provider's ${type.name}.`,
        properties: Object.fromEntries(
          Object.entries(type.properties).map(([key, { description, ...t }]) => [
            key,
            { ...this.of(t as CompatType), ...(description ? { description } : {}) },
          ]),
        ),
      };
      return { $ref: `#/types/${token}` };
    }
    if (type.type === "object")
      return { type: "object", additionalProperties: this.of(type.additionalProperties) };
    return { type: type.type };
  }
}

function resourceOf(def: CompatResource, ours: RenderedResource, types: CompatTypes, token: string) {
  const hidden = new Set(def.hidden ?? []);
  const rename = (key: string) => bridgedNameOf(def, key);
  const inputProperties: Record<string, Property> = {};
  for (const [key, property] of Object.entries(ours.inputProperties)) {
    if (!hidden.has(key)) inputProperties[rename(key)] = property;
  }
  const properties: Record<string, Property> = {};
  for (const [key, property] of Object.entries(ours.properties)) {
    if (hidden.has(key)) continue;
    const name = rename(key);
    const output = def.renames[name]?.output;
    const { type: _type, oneOf: _oneOf, ...rest } = property;
    properties[name] = output ? { ...rest, type: output === "number" ? "integer" : "string" } : property;
  }
  for (const [key, extra] of Object.entries(def.extras ?? {})) {
    const property = {
      ...types.of(extra.type),
      description: extra.description,
      ...(extra.default !== undefined && typeof extra.default !== "object" ? { default: extra.default } : {}),
      ...(extra.replaces ? { willReplaceOnChanges: true } : {}),
    };
    inputProperties[key] = property;
    const { default: _default, ...asOutput } = property;
    properties[key] = asOutput;
  }
  for (const [key, derived] of Object.entries(def.derived ?? {})) {
    properties[key] = { ...types.of(derived.type), description: derived.description };
  }
  return {
    description: `${def.description} Served by our \`${token}\`; the same checks, ownership rules and messages.`,
    properties,
    required: ours.required.filter((key) => !hidden.has(key)).map(rename),
    inputProperties,
    requiredInputs: ours.requiredInputs.filter((key) => !hidden.has(key)).map(rename),
  };
}

/**
 * The compat module of a schema whose `index` module is rendered: its resources, functions and
 * types, keyed by token.
 *
 * @example
 * const compat = renderCompatModule("dnsimple-dynamic", schema.resources, schema.functions);
 * compat.resources["dnsimple-dynamic:compat:ZoneRecord"].inputProperties.value; // our `content`, renamed
 */
export function renderCompatModule(
  packageName: string,
  resources: Readonly<Record<string, unknown>>,
  functions: Readonly<Record<string, unknown>>,
): {
  resources: Record<string, unknown>;
  functions: Record<string, unknown>;
  types: Record<string, unknown>;
} {
  const types = new CompatTypes(packageName);
  const tokenOf = (name: string) => `${packageName}:${COMPAT_MODULE}:${name}`;
  const oursOf = (name: string) => `${packageName}:index:${name}`;
  const compatResources: Record<string, unknown> = {};
  // A schema of other kinds (a toy folder's, in the generator's tests) has no compat module.
  if (!COMPAT_RESOURCES.some((def) => resources[oursOf(def.kind)])) {
    return { resources: {}, functions: {}, types: {} };
  }
  for (const def of COMPAT_RESOURCES) {
    const ours = resources[oursOf(def.kind)] as RenderedResource | undefined;
    if (!ours)
      throw new Error(`the compat resource ${def.name} is made of ${def.kind}, which the schema lacks`);
    compatResources[tokenOf(def.name)] = resourceOf(def, ours, types, oursOf(def.kind));
  }
  const compatFunctions: Record<string, unknown> = {};
  // Likewise a schema rendered without the SDK's functions has no compat functions.
  const withFunctions = COMPAT_FUNCTIONS.some((def) => functions[oursOf(def.ours)]);
  for (const def of withFunctions ? COMPAT_FUNCTIONS : []) {
    const ours = functions[oursOf(def.ours)] as RenderedFunction | undefined;
    if (!ours)
      throw new Error(`the compat function ${def.name} is made of ${def.ours}, which the schema lacks`);
    const inputs: Record<string, Property> = {};
    for (const [key, arg] of Object.entries(def.args)) {
      const base = arg.ours ? ours.inputs.properties[arg.ours] : undefined;
      inputs[key] = {
        ...(arg.type ? types.of(arg.type) : base),
        ...(arg.description
          ? { description: arg.description }
          : base?.description
            ? { description: base.description }
            : {}),
      };
    }
    if (ours.inputs.properties.account) inputs.account = ours.inputs.properties.account;
    const outputs: Record<string, Property> = {};
    const required: string[] = [];
    for (const [key, o] of Object.entries(def.outputs)) {
      const base = o.ours !== undefined ? ours.outputs.properties[o.ours] : undefined;
      if (o.ours !== undefined && !base)
        throw new Error(
          `the compat function ${def.name}'s ${key} is ${def.ours}'s ${o.ours}, which it lacks`,
        );
      outputs[key] = {
        ...(o.type ? types.of(o.type) : base),
        ...(o.description ? { description: o.description } : {}),
        ...(o.secret ? { secret: true } : {}),
      };
      // An argument given back is required as the argument is (`timeouts` may be left out).
      const givenBack = o.fromArg === undefined || def.args[o.fromArg]?.required === true;
      if (
        (o.ours === undefined && givenBack) ||
        (o.ours !== undefined && ours.outputs.required?.includes(o.ours))
      )
        required.push(key);
    }
    const requiredInputs = Object.entries(def.args)
      .filter(([, a]) => a.required)
      .map(([key]) => key);
    compatFunctions[tokenOf(def.name)] = {
      description: `${def.description} Served by our \`${oursOf(def.ours)}\`.`,
      inputs: { properties: inputs, ...(requiredInputs.length ? { required: requiredInputs } : {}) },
      outputs: { properties: outputs, ...(required.length ? { required } : {}) },
    };
  }
  return { resources: compatResources, functions: compatFunctions, types: types.all };
}
