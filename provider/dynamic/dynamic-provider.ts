/**
 * A kind's lifecycle (`../framework/lifecycle.ts`) served as a Pulumi dynamic provider. All that is the dynamic
 * provider's own is here: the provider code Pulumi keeps in every resource's properties
 * (`__provider`) is stripped before the lifecycle sees them and put back into the properties of an
 * object kept in state, which the dynamic provider server reports as ErrorResourceInitFailed; and
 * `diff` answers in the dynamic provider's words. The definition's type is
 * `../framework/definition.ts`; `../framework/kind.ts` types it for kind files.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { ResourceDefinition, State } from "../framework/definition";
import { isKeptInState, type Lifecycle, lifecycleOf } from "../framework/lifecycle";

/** Strips Pulumi's bookkeeping so only the resource's own properties remain. */
function ownProperties(props: State): State {
  const { __provider: _ignored, ...rest } = props;
  return rest;
}

/**
 * An object kept in state, as the dynamic provider server reports it: the engine stores the
 * properties as the resource's state, so they carry the provider code too, or refresh and destroy
 * of the object could not load a provider.
 */
function withProviderCode(error: unknown, provider: unknown): unknown {
  if (!isKeptInState(error)) return error;
  return Object.assign(new Error(error.message), {
    id: error.id,
    properties: { ...error.properties, __provider: provider },
    reasons: error.reasons,
  });
}

/** `definition`'s kind as a dynamic provider. */
export function toDynamicProvider(definition: ResourceDefinition): dynamic.ResourceProvider {
  return dynamicProviderOf(lifecycleOf(definition));
}

/** A lifecycle as a dynamic provider (one per kind: see `providerFor` in `index.ts`). */
export function dynamicProviderOf(lifecycle: Lifecycle): dynamic.ResourceProvider {
  return {
    check: (olds, news) => lifecycle.check(olds, news),
    async diff(id, olds, news) {
      const { changed: _shownByThePluginOnly, ...diff } = await lifecycle.diff(id, olds, news);
      return diff.replaces.length === 0 ? { changes: diff.changes } : diff;
    },
    create: (props) =>
      lifecycle.create(ownProperties(props)).catch((error: unknown) => {
        throw withProviderCode(error, props.__provider);
      }),
    read: (id, props) => lifecycle.read(id, ownProperties(props)),
    update: (id, olds, news) =>
      lifecycle.update(id, ownProperties(olds), ownProperties(news)).catch((error: unknown) => {
        throw withProviderCode(error, news.__provider);
      }),
    delete: (id, props) => lifecycle.delete(id, ownProperties(props)),
  };
}
