/**
 * A bridged resource's lifecycle (`dnsimple-dynamic:compat:ZoneRecord`) made of our kind's: the
 * inputs translated to ours (definitions.ts), our kind's check, diff, create, read, update and
 * delete, and what comes back translated to the bridged names. Checks and messages are our kind's;
 * a failure names the bridged property (`value`, not `content`). What the engine keeps (inputs and
 * state) is in the bridged names, with the extras (`preventDelete`, `timeouts`…) as given.
 */
import type { State } from "../framework/definition";
import { isKeptInState, KeptInStateError, type Lifecycle, type LifecycleDiff } from "../framework/lifecycle";
import type { CheckFailure } from "../framework/validation";
import {
  bridgedNameOf,
  bridgedOutputValue,
  bridgedPathOf,
  type CompatResource,
  ourNameOf,
  renameInputs,
} from "./definitions";

/** What of a bridged state is ours: renamed back, the extras and derived outputs left out. */
function oursOf(resource: CompatResource, bridged: State): State {
  return renameInputs(resource, bridged) as State;
}

/** The extras as given, with their defaults. */
function extrasOf(resource: CompatResource, bridged: State): State {
  const out: State = {};
  for (const [key, extra] of Object.entries(resource.extras ?? {})) {
    const value = bridged[key] ?? extra.default;
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** Our inputs in the bridged names (the hidden ones, set by an extra, left out). */
function bridgedInputs(resource: CompatResource, ours: State, given: State): State {
  const out: State = {};
  for (const [key, value] of Object.entries(ours)) {
    if (resource.hidden?.includes(key)) continue;
    out[bridgedNameOf(resource, key)] = value;
  }
  return { ...out, ...extrasOf(resource, given) };
}

/** Our state in the bridged names, with the derived outputs and the extras. */
function bridgedState(resource: CompatResource, ours: State, given: State): State {
  const out: State = {};
  for (const [key, value] of Object.entries(ours)) {
    if (resource.hidden?.includes(key)) continue;
    const name = bridgedNameOf(resource, key);
    out[name] = bridgedOutputValue(resource.renames[name], value);
  }
  for (const [key, derived] of Object.entries(resource.derived ?? {})) {
    const values = derived.from.map((field) => ours[field]);
    if (values.every((v) => v === undefined)) continue;
    const value = derived.value(...values);
    if (value !== undefined) out[key] = value;
  }
  return { ...out, ...extrasOf(resource, given) };
}

/**
 * An object our kind keeps in state although its create or update did not finish (a registration
 * still pending): the same, its state in the bridged names, so the engine keeps what the next
 * `up` reads back in them. Any other error as it is.
 */
function inBridgedNames(resource: CompatResource, error: unknown, given: State): unknown {
  if (!isKeptInState(error)) return error;
  const kept = new KeptInStateError(error.message, error.id, bridgedState(resource, error.properties, given));
  kept.reasons.splice(0, kept.reasons.length, ...error.reasons);
  return kept;
}

/** A reason in the bridged words: our property's name, where it says it, is the bridged one. */
function bridgedReason(resource: CompatResource, reason: string): string {
  let out = reason;
  for (const [bridged, { ours }] of Object.entries(resource.renames)) {
    out = out.replace(new RegExp(`\`${ours}\``, "g"), `\`${bridged}\``);
  }
  return out;
}

const changedExtras = (resource: CompatResource, olds: State, news: State): string[] =>
  Object.keys(resource.extras ?? {}).filter(
    (key) => JSON.stringify(extrasOf(resource, olds)[key]) !== JSON.stringify(extrasOf(resource, news)[key]),
  );

/** Extras refused here: a failure names the bridged property. */
function refusedExtras(resource: CompatResource, news: State): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const [key, extra] of Object.entries(resource.extras ?? {})) {
    const reason = news[key] === undefined ? undefined : extra.refuse?.(news[key]);
    if (reason) failures.push({ property: key, reason });
  }
  return failures;
}

/**
 * The lifecycle of `resource` on `ours` (our kind's). `refuseExtra` adds what an adapter cannot do.
 *
 * @example
 * const record = compatLifecycle(compatResource("ZoneRecord")!, lifecycleFor("ZoneRecord"));
 * await record.check({}, { zoneName: "example.com", name: "www", type: "A", value: "192.0.2.1" });
 */
export function compatLifecycle(
  resource: CompatResource,
  ours: Lifecycle,
  refuseExtra: (key: string, value: unknown) => string | undefined = () => undefined,
): Lifecycle {
  return {
    kind: ours.kind,

    async check(olds, news, ownerKey) {
      const refused = refusedExtras(resource, news);
      for (const key of Object.keys(resource.extras ?? {})) {
        const reason = news[key] === undefined ? undefined : refuseExtra(key, news[key]);
        if (reason) refused.push({ property: key, reason });
      }
      const { inputs, failures } = await ours.check(oursOf(resource, olds), oursOf(resource, news), ownerKey);
      return {
        inputs: bridgedInputs(resource, inputs, news),
        failures: [
          ...refused,
          ...failures.map((f) => ({
            property: bridgedPathOf(resource, f.property),
            reason: bridgedReason(resource, f.reason),
          })),
        ],
      };
    },

    async diff(id, olds, news, ownerKey) {
      const diff: LifecycleDiff = await ours.diff(
        id,
        oursOf(resource, olds),
        oursOf(resource, news),
        ownerKey,
      );
      const extras = changedExtras(resource, olds, news);
      const replacing = extras.filter((key) => resource.extras![key]!.replaces);
      return {
        ...diff,
        changes: diff.changes || extras.length > 0,
        changed: [...diff.changed.map((key) => bridgedNameOf(resource, key)), ...extras],
        replaces: [...diff.replaces.map((key) => bridgedNameOf(resource, key)), ...replacing],
      };
    },

    async create(inputs, ownerKey) {
      const { id, outs } = await ours.create(oursOf(resource, inputs), ownerKey).catch((error: unknown) => {
        throw inBridgedNames(resource, error, inputs);
      });
      return { id, outs: bridgedState(resource, outs, inputs) };
    },

    async read(id, state, ownerKey) {
      const found = await ours.read(id, oursOf(resource, state), ownerKey);
      return {
        ...(found.id !== undefined ? { id: found.id } : {}),
        ...(found.props ? { props: bridgedState(resource, found.props, state) } : {}),
        ...(found.inputs ? { inputs: bridgedInputs(resource, found.inputs, state) } : {}),
      };
    },

    async import(id) {
      // The bridged id formats (`example.com_1234`) are our kind's; the answer in the bridged names.
      const imported = await ours.import(id);
      return {
        id: imported.id,
        props: bridgedState(resource, imported.props, {}),
        inputs: bridgedInputs(resource, imported.inputs, {}),
      };
    },

    async update(id, olds, news, ownerKey) {
      const oldOurs = oursOf(resource, olds);
      const newOurs = oursOf(resource, news);
      const diff = await ours.diff(id, oldOurs, newOurs, ownerKey);
      if (!diff.changes) {
        // Only an extra changed (`preventDelete`): nothing to send.
        return { outs: { ...olds, ...extrasOf(resource, news) } };
      }
      const { outs } = await ours.update(id, oldOurs, newOurs, ownerKey).catch((error: unknown) => {
        throw inBridgedNames(resource, error, news);
      });
      return { outs: bridgedState(resource, outs, news) };
    },

    async delete(id, state, ownerKey) {
      for (const [key, extra] of Object.entries(resource.extras ?? {})) {
        if (extra.blocksDelete && state[key] === true) {
          throw new Error(
            `${resource.name} ${String(state[ourNameOf(resource, "name")] ?? id)} has ${key}: true, so it is not ` +
              `deleted: set ${key} to false and run \`pulumi up\` first`,
          );
        }
      }
      await ours.delete(id, oursOf(resource, state), ownerKey);
    },
  };
}
