/**
 * What the SDK's provider stubs load at run time, inside Pulumi's provider process:
 * `require("pulumi-dnsimple-dynamic/provider")`. One dynamic provider per resource kind.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { domainResource } from "./domain";
import { dsRecordResource } from "./ds-record";
import { emailForwardResource } from "./email-forward";
import { primaryServerResource } from "./primary-server";
import { secondaryZoneResource } from "./secondary-zone";
import { webhookResource } from "./webhook";
import { extendedResources } from "./extended";
import { type ResourceDefinition, toDynamicProvider } from "./framework/define-resource";
import { configureRuntime } from "./framework/runtime";
import type { ConfigSource } from "./framework/settings";

const definitions: ReadonlyArray<ResourceDefinition> = [
  domainResource,
  dsRecordResource,
  emailForwardResource,
  webhookResource,
  secondaryZoneResource,
  primaryServerResource,
  ...extendedResources,
];

const providers = new Map<string, dynamic.ResourceProvider>(
  definitions.map((definition) => [definition.kind, toDynamicProvider(definition)]),
);

/** The dynamic provider of one resource kind. */
export function providerFor(kind: string): dynamic.ResourceProvider {
  const provider = providers.get(kind);
  if (!provider) {
    throw new Error(
      `pulumi-dnsimple-dynamic has no resource kind "${kind}": the installed package is older than the one ` +
        `that created this resource; install a matching version of pulumi-dnsimple-dynamic`,
    );
  }
  return provider;
}

/** Receives the stack config from Pulumi's `configure` call. */
export function configure(config: ConfigSource | undefined): void {
  configureRuntime(config);
}

export const resourceKinds: ReadonlyArray<string> = definitions.map((d) => d.kind);
