/**
 * The secrets test's program: like the generic program (stack config `resources`, `{ "$ref":
 * "name.prop" }`), plus `{ "$secret": "key" }`, which reads a secret stack config value the way a
 * user keeps a token or an auth code (`pulumi config set --secret key value`), so no secret is
 * ever in plain config. Options: `dependsOn`, `retainOnDelete`.
 */
import * as pulumi from "@pulumi/pulumi";
import { readDeclarations } from "../declarations";
import * as dnsimple from "pulumi-dnsimple-dynamic";

interface Declaration {
  type: string;
  name: string;
  args: Record<string, unknown>;
  options?: { dependsOn?: string[]; retainOnDelete?: boolean };
}

type ResourceClass = new (
  name: string,
  args: any,
  opts?: pulumi.CustomResourceOptions,
) => pulumi.CustomResource;

const config = new pulumi.Config();
const declarations = readDeclarations<Declaration>();
const created = new Map<string, pulumi.CustomResource>();

function resolve(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolve);
  if (value !== null && typeof value === "object") {
    const { $ref: ref, $secret: secret } = value as { $ref?: unknown; $secret?: unknown };
    if (typeof secret === "string") return config.requireSecret(secret);
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
  const Class = (dnsimple as unknown as Record<string, ResourceClass>)[declaration.type];
  if (!Class) throw new Error(`unknown resource type ${declaration.type}`);
  const resource = new Class(declaration.name, resolve(declaration.args), {
    dependsOn: (declaration.options?.dependsOn ?? []).map((name) => created.get(name)!),
    ...(declaration.options?.retainOnDelete !== undefined
      ? { retainOnDelete: declaration.options.retainOnDelete }
      : {}),
  });
  created.set(declaration.name, resource);
}

export const ids = Object.fromEntries([...created].map(([name, resource]) => [name, resource.id]));
