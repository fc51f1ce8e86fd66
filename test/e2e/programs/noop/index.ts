/**
 * The engine-overhead baseline: the same program shape as the generic program (stack config
 * `resources` lists what to declare, `{ "$ref": "name.prop" }` takes another resource's output),
 * but every resource is a dynamic resource whose provider does nothing: no client, no API call.
 * `bench/engine-overhead.ts` runs N of these against N email forwards.
 */
import * as pulumi from "@pulumi/pulumi";

interface Declaration {
  type: string;
  name: string;
  args: Record<string, unknown>;
}

/** Echoes its inputs; ids are unique per process. Captures nothing from outside its body. */
const noopProvider: pulumi.dynamic.ResourceProvider = {
  async check(_olds: any, news: any) {
    return { inputs: news };
  },
  async diff(_id: string, olds: any, news: any) {
    const keys = new Set([...Object.keys(olds), ...Object.keys(news)]);
    keys.delete("__provider");
    for (const key of keys) {
      if (JSON.stringify(olds[key]) !== JSON.stringify(news[key])) return { changes: true };
    }
    return { changes: false };
  },
  async create(inputs: any) {
    const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    return { id, outs: { ...inputs, name: inputs.name ?? inputs.aliasName } };
  },
  async read(id: string, props: any) {
    return { id, props };
  },
  async update(_id: string, _olds: any, news: any) {
    return { outs: news };
  },
  async delete() {
    return;
  },
};

class Noop extends pulumi.dynamic.Resource {
  declare readonly name: pulumi.Output<string>;
  constructor(name: string, args: Record<string, unknown>, opts?: pulumi.CustomResourceOptions) {
    super(noopProvider, name, { name: undefined, ...args }, opts, "noop", "Noop");
  }
}

// Read without Config's secret warning: tests store the declarations as secret config.
const rawDeclarations = pulumi.runtime.getConfig(`${pulumi.getProject()}:resources`);
const declarations: Declaration[] = rawDeclarations ? JSON.parse(rawDeclarations) : [];
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
