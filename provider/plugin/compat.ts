/**
 * The plugin's part of the compat module: what serves `<package>:compat:<Resource>` and
 * `<package>:compat:<function>` (the bridged provider's names, provider/compat/definitions.ts).
 * A compat resource is served as `compat:<Resource>` by our kind's lifecycle, translated both ways
 * (provider/compat/lifecycle.ts); a compat function by provider/compat/functions.ts, which calls ours.
 */
import { compatFunction, compatResource, bridgedNameOf, type CompatResource } from "../compat/definitions";
import { callCompatFunction } from "../compat/functions";
import type { FunctionsByName } from "../functions/call-table";
import { compatLifecycle } from "../compat/lifecycle";
import type { State } from "../framework/definition";
import { KeptInStateError, type Lifecycle } from "../framework/lifecycle";
import { KINDS } from "../kinds/registry.generated";

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
    lifecycle = compatLifecycle(resource, lifecycleFor(resource.kind));
    if (resource.name === "RegisteredDomain") lifecycle = withDnssec(lifecycle, lifecycleFor("Dnssec"));
    lifecycles.set(kind, lifecycle);
  }
  return lifecycle;
}

const DNSSEC = "dnssecEnabled";

/**
 * `RegisteredDomain` with `dnssecEnabled: true` through the plugin: what TypeScript's `/compat`
 * declares as a child `Dnssec` (sdk/nodejs/compat/resources.ts), done here by the `Dnssec` kind's
 * lifecycle on the registration's domain, since a plugin's resource declares no other: enabled
 * after the registration is made or when the input turns true, disabled when it turns false and
 * at destroy. The same kind's rules hold (signing already on and not by this stack is refused).
 * When enabling or disabling fails, the registration stays in state with `dnssecEnabled` as it
 * is at the service, so the next `up` tries again.
 */
export function withDnssec(registration: Lifecycle, dnssec: Lifecycle): Lifecycle {
  const domainOf = (state: State) => String(state.name);
  const keyOf = (ownerKey: string | undefined) => (ownerKey ? `${ownerKey}$dnssec` : undefined);
  async function turn(on: boolean, state: State, ownerKey: string | undefined): Promise<void> {
    const domain = domainOf(state);
    if (!on) return dnssec.delete(domain, { domain }, keyOf(ownerKey));
    const { inputs, failures } = await dnssec.check({}, { domain }, keyOf(ownerKey));
    if (failures.length) throw new Error(failures.map((f) => `${f.property}: ${f.reason}`).join("; "));
    await dnssec.create(inputs, keyOf(ownerKey));
  }
  const kept = (error: unknown, id: string, outs: State, on: boolean) =>
    new KeptInStateError(
      `${DNSSEC}: DNSSEC could not be turned ${on ? "on" : "off"} for ${domainOf(outs)}: ` +
        `${(error as Error).message ?? String(error)}`,
      id,
      { ...outs, [DNSSEC]: !on },
    );
  return {
    ...registration,

    async create(inputs, ownerKey) {
      const made = await registration.create(inputs, ownerKey);
      if (made.outs[DNSSEC] !== true) return made;
      await turn(true, made.outs, ownerKey).catch((error: unknown) => {
        throw kept(error, made.id, made.outs, true);
      });
      return made;
    },

    async read(id, state, ownerKey) {
      const found = await registration.read(id, state, ownerKey);
      if (!found.props || state[DNSSEC] !== true) return found;
      // Signing turned off outside Pulumi shows as a change back to true at the next preview.
      const signing = await dnssec.read(domainOf(found.props), { domain: domainOf(found.props) });
      return { ...found, props: { ...found.props, [DNSSEC]: signing.id !== undefined } };
    },

    async update(id, olds, news, ownerKey) {
      const { outs } = await registration.update(id, olds, news, ownerKey);
      const on = news[DNSSEC] === true;
      if ((olds[DNSSEC] === true) !== on) {
        await turn(on, outs, ownerKey).catch((error: unknown) => {
          throw kept(error, id, outs, on);
        });
      }
      return { outs };
    },

    async delete(id, state, ownerKey) {
      await registration.delete(id, state, ownerKey);
      if (state[DNSSEC] === true) await turn(false, state, ownerKey);
    },
  };
}

/** The compat function a token names, or undefined. */
export function compatFunctionOf(token: string, packageName: string): string | undefined {
  const prefix = `${packageName}:compat:`;
  if (!token.startsWith(prefix)) return undefined;
  const name = token.slice(prefix.length);
  return compatFunction(name) ? name : undefined;
}

/**
 * Runs a compat function for an invoke: sdk/nodejs/compat/functions.ts's plain form, on our functions as
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
