/**
 * The engine-overhead baseline: the same program shape as the generic program (stack config
 * `resources` lists what to declare, `{ "$ref": "name.prop" }` takes another resource's output),
 * but every resource is a dynamic resource whose provider (`./provider.ts`) does nothing: no
 * client, no API call.
 * `bench/engine-overhead.ts` runs N of these against N email forwards.
 */
import * as pulumi from "@pulumi/pulumi";
import { readDeclarations } from "../declarations";

interface Declaration {
  type: string;
  name: string;
  args: Record<string, unknown>;
}

/**
 * The provider: from the installed package `noop-dynamic-provider` when the program runs in the
 * installed project (so state stores a `require` of it, as for our resources), else this folder's
 * copy (stored by value, as our stubs are from a linked checkout).
 */
function loadNoopProvider(): pulumi.dynamic.ResourceProvider {
  try {
    return require("noop-dynamic-provider");
  } catch (error) {
    if ((error as { code?: string }).code !== "MODULE_NOT_FOUND") throw error;
    return require("./provider");
  }
}
const noopProvider = loadNoopProvider();

class Noop extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  constructor(name: string, args: Record<string, unknown>, opts?: pulumi.CustomResourceOptions) {
    super(noopProvider, name, { name: undefined, ...args }, opts, "noop", "Noop");
  }
}

const declarations = readDeclarations<Declaration>();
const created = new Map<string, Noop>();

function resolve(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolve);
  if (value !== null && typeof value === "object") {
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === "string") {
      const [resourceName, property] = ref.split(".");
      const target = created.get(resourceName ?? "");
      if (!target || !property) throw new Error(`unknown reference ${ref}`);
      return (target as unknown as Record<string, pulumi.Output<unknown>>)[property];
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
  }
  return value;
}

for (const declaration of declarations) {
  created.set(
    declaration.name,
    new Noop(declaration.name, resolve(declaration.args) as Record<string, unknown>),
  );
}

export const ids = Object.fromEntries([...created].map(([name, resource]) => [name, resource.id]));
