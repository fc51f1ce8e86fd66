/**
 * The body of the generic program (index.ts): declares what the stack config lists. Also run
 * as an inline program by the test harness (test/e2e/harness.ts), inside the test process.
 *
 * Each entry: `{ type: "Domain", name: "main", args: {...}, options?: { dependsOn?: string[],
 * protect?: boolean } }`. An argument `{ "$ref": "main.name" }` takes another resource's output.
 */
import * as pulumi from "@pulumi/pulumi";
import { readDeclarations } from "../declarations";

interface Declaration {
  type: string;
  name: string;
  args: Record<string, unknown>;
  options?: { dependsOn?: string[]; protect?: boolean; additionalSecretOutputs?: string[] };
}

type ResourceClass = new (
  name: string,
  args: any,
  opts?: pulumi.CustomResourceOptions,
) => pulumi.CustomResource;

/** Declares the listed resources with the package's classes; returns every resource's id, by name. */
export function declareResources(dnsimple: object): Record<string, pulumi.Output<pulumi.ID>> {
  const created = new Map<string, pulumi.CustomResource>();

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

  for (const declaration of readDeclarations<Declaration>()) {
    const Class = (dnsimple as Record<string, ResourceClass>)[declaration.type];
    if (!Class) throw new Error(`unknown resource type ${declaration.type}`);
    const dependsOn = (declaration.options?.dependsOn ?? []).map((name) => created.get(name)!);
    const resource = new Class(declaration.name, resolve(declaration.args), {
      dependsOn,
      ...(declaration.options?.protect !== undefined ? { protect: declaration.options.protect } : {}),
      ...(declaration.options?.additionalSecretOutputs
        ? { additionalSecretOutputs: declaration.options.additionalSecretOutputs }
        : {}),
    });
    created.set(declaration.name, resource);
  }
  return Object.fromEntries([...created].map(([name, resource]) => [name, resource.id]));
}
