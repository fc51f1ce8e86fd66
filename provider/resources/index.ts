/**
 * What the SDK's provider stubs load at run time, inside Pulumi's provider process:
 * `require("pulumi-dnsimple-dynamic/provider")`. One dynamic provider per resource kind, made from
 * the kind's lifecycle (`framework/lifecycle.ts`) the first time the engine asks for it: a provider
 * process serves the kinds of one program, so it loads the framework and those definitions only.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { saveCompiledCodeSoon } from "./framework/compiled-code";
import { dynamicProviderOf, type ResourceDefinition } from "./framework/define-resource";
import { engineFailures } from "./framework/validation";
import { type Lifecycle, lifecycleOf } from "./framework/lifecycle";
import { configureRuntime } from "./framework/runtime";
import type { ConfigSource } from "./framework/settings";
import { KINDS } from "./registry.generated";

export const resourceKinds: ReadonlyArray<string> = Object.keys(KINDS);

/** Every kind's definition, loaded (for the SDK generator and the tests). */
export function allDefinitions(): ResourceDefinition[] {
  return resourceKinds.map((kind) => KINDS[kind]!());
}

const lifecycles = new Map<string, Lifecycle>();
const providers = new Map<string, dynamic.ResourceProvider>();

/**
 * The lifecycle of one resource kind, made from its definition the first time it is asked for:
 * what every way of serving the kind (the dynamic provider, the provider plugin) runs.
 */
export function lifecycleFor(kind: string): Lifecycle {
  let lifecycle = lifecycles.get(kind);
  if (!lifecycle) {
    const definition = Object.hasOwn(KINDS, kind) ? KINDS[kind]!() : undefined;
    if (!definition) {
      throw new Error(
        `pulumi-dnsimple-dynamic has no resource kind "${kind}": the installed package is older than the one ` +
          `that created this resource; install a matching version of pulumi-dnsimple-dynamic`,
      );
    }
    lifecycle = lifecycleOf(definition);
    lifecycles.set(kind, lifecycle);
    saveCompiledCodeSoon();
  }
  return lifecycle;
}

/**
 * The dynamic provider of one resource kind, as the engine is served: its check failures in the
 * form the engine prints with their values (`engineFailures`, as the plugin answers them too).
 */
export function providerFor(kind: string): dynamic.ResourceProvider {
  let provider = providers.get(kind);
  if (!provider) {
    const served = dynamicProviderOf(lifecycleFor(kind));
    provider = {
      ...served,
      check: async (olds, news) => {
        const { inputs, failures } = await served.check!(olds, news);
        return { inputs, failures: engineFailures(failures ?? []) };
      },
    };
    providers.set(kind, provider);
  }
  return provider;
}

/** Receives the stack config from Pulumi's `configure` call, the first call of a provider process. */
export function configure(config: ConfigSource | undefined): void {
  configureRuntime(config);
  saveCompiledCodeSoon();
}
