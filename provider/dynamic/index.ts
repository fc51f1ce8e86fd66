/**
 * What the SDK's provider stubs load at run time, inside Pulumi's provider process:
 * `require("pulumi-dnsimple-dynamic/provider")`. One dynamic provider per resource kind, made from
 * the kind's lifecycle (`../kinds/index.ts`) the first time the engine asks for it.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { configureRuntime } from "../framework/runtime";
import type { ConfigSource } from "../framework/settings";
import { engineFailures } from "../framework/validation";
import { lifecycleFor } from "../kinds";
import { dynamicProviderOf } from "./dynamic-provider";

const providers = new Map<string, dynamic.ResourceProvider>();

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
}
