/**
 * The plugin's part of the compat module: what serves `<package>:compat:<Resource>` and
 * `<package>:compat:<function>` (the bridged provider's names, provider/compat/definitions.ts).
 * A compat resource is served as `compat:<Resource>` by our kind's lifecycle, translated both ways
 * (provider/compat/lifecycle.ts); a compat function by provider/compat/functions.ts, which calls ours.
 */
import { compatFunction, compatResource, bridgedNameOf, type CompatResource } from "../compat/definitions";
import { callCompatFunction } from "../compat/functions";
import type { FunctionsByName } from "./functions.generated";
import { compatLifecycle } from "../compat/lifecycle";
import type { Lifecycle } from "../resources/framework/lifecycle";
import { KINDS } from "../resources/registry.generated";

/** The prefix of a compat kind as the plugin names it (`compat:ZoneRecord`). */
export const COMPAT_KIND = "compat:";

/** The compat kind a token names (`compat:ZoneRecord`), or undefined when it names none. */
export function compatKindOf(token: string, packageName: string): string | undefined {
  const prefix = `${packageName}:compat:`;
  if (!token.startsWith(prefix)) return undefined;
  const name = token.slice(prefix.length);
  return compatResource(name) ? `${COMPAT_KIND}${name}` : undefined;
}

function resourceOf(kind: string): CompatResource {
  const resource = compatResource(kind.slice(COMPAT_KIND.length));
  if (!resource) throw new Error(`no compat resource "${kind}"`);
  return resource;
}

/** Our kind of a kind the plugin serves: itself, or the kind a compat resource is made of. */
export function ourKindOf(kind: string): string {
  return kind.startsWith(COMPAT_KIND) ? resourceOf(kind).kind : kind;
}

/** A name of our kind's as the served kind calls it (`content` → `value` for `compat:ZoneRecord`). */
export function servedNameOf(kind: string, ours: string): string {
  return kind.startsWith(COMPAT_KIND) ? bridgedNameOf(resourceOf(kind), ours) : ours;
}

/** The outputs a preview shows as unknown: our kind's, in the served names, and the derived ones. */
export function servedOutputsOf(kind: string): string[] {
  const outputs = Object.keys(KINDS[ourKindOf(kind)]!().schema?.outputs ?? {});
  if (!kind.startsWith(COMPAT_KIND)) return outputs;
  const resource = resourceOf(kind);
  return [
    ...outputs.filter((key) => !resource.hidden?.includes(key)).map((key) => bridgedNameOf(resource, key)),
    ...Object.keys(resource.derived ?? {}),
  ];
}

const lifecycles = new Map<string, Lifecycle>();

/** The lifecycle of a compat kind, made of our kind's (`lifecycleFor`). */
export function compatLifecycleFor(kind: string, lifecycleFor: (kind: string) => Lifecycle): Lifecycle {
  let lifecycle = lifecycles.get(kind);
  if (!lifecycle) {
    const resource = resourceOf(kind);
    lifecycle = compatLifecycle(resource, lifecycleFor(resource.kind), (key, value) =>
      key === "dnssecEnabled" && value === true
        ? "dnssecEnabled: true is not supported through the plugin (it would declare a child resource): declare a " +
          "dnsimple-dynamic:index:Dnssec resource for the domain instead, or leave dnssecEnabled out"
        : undefined,
    );
    lifecycles.set(kind, lifecycle);
  }
  return lifecycle;
}

/** The compat function a token names, or undefined. */
export function compatFunctionOf(token: string, packageName: string): string | undefined {
  const prefix = `${packageName}:compat:`;
  if (!token.startsWith(prefix)) return undefined;
  const name = token.slice(prefix.length);
  return compatFunction(name) ? name : undefined;
}

/**
 * Runs a compat function for an invoke: sdk/compat/functions.ts's plain form, on our functions as
 * the plugin runs them (with the settings it was configured with). The secret outputs (the private key) are named for the wire.
 */
export async function invokeCompat(
  name: string,
  args: Record<string, unknown>,
  functions: FunctionsByName,
): Promise<{ result: Record<string, unknown>; secret: Set<string> }> {
  const definition = compatFunction(name)!;
  const result = await callCompatFunction(definition, args, functions);
  const secret = new Set(
    Object.entries(definition.outputs)
      .filter(([, o]) => o.secret)
      .map(([key]) => key),
  );
  return { result, secret };
}
