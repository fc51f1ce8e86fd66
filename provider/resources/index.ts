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
import { contactResource } from "./contact";
import { dnssecResource } from "./dnssec";
import { nameServerDelegationResource, registryNameServerResource, templateResource } from "./legacy-v1";
import { letsEncryptCertificateResource } from "./letsencrypt-certificate";
import { platformMessageResource, platformMetadataResource } from "./platform";
import { domainPushAnswerResource, domainPushResource } from "./pushes";
import { domainRegistrationResource, domainTransferResource } from "./registrar";
import { zoneRecordResource } from "./zone-record";
import { zoneRecordsResource } from "./zone-records";
import { zoneResource } from "./zone";
import { domainDelegationResource } from "./delegation";
import {
  domainRenewalResource,
  domainRestoreResource,
  domainTransferOutAuthorizationResource,
  letsEncryptCertificateRenewalResource,
  oauthAccessTokenResource,
} from "./actions";
import {
  legacyCertificateConfigurationResource,
  legacyCertificatePurchaseResource,
  legacyCertificateSubmissionResource,
  legacyDomainRegistrationResource,
  legacyDomainRenewalResource,
  legacyDomainResource,
  legacyDomainTokenResetResource,
  legacyDomainTransferOutResource,
  legacyDomainTransferResource,
  legacySubscriptionResource,
  legacyUserResource,
} from "./legacy-actions";

import { type ResourceDefinition, toDynamicProvider } from "./framework/define-resource";
import { configureRuntime } from "./framework/runtime";
import type { ConfigSource } from "./framework/settings";

/** Every resource kind, one definition each (a kind's file is named after it). */
export const definitions: ReadonlyArray<ResourceDefinition> = [
  domainResource,
  dsRecordResource,
  emailForwardResource,
  webhookResource,
  secondaryZoneResource,
  primaryServerResource,
  contactResource,
  zoneRecordResource,
  zoneRecordsResource,
  zoneResource,
  domainDelegationResource,
  dnssecResource,
  domainRegistrationResource,
  domainTransferResource,
  letsEncryptCertificateResource,
  domainPushResource,
  domainPushAnswerResource,
  platformMessageResource,
  platformMetadataResource,
  nameServerDelegationResource,
  templateResource,
  registryNameServerResource,
  // One-shot actions (docs/operations.md).
  domainRenewalResource,
  domainRestoreResource,
  domainTransferOutAuthorizationResource,
  letsEncryptCertificateRenewalResource,
  oauthAccessTokenResource,
  legacyDomainResource,
  legacyDomainRegistrationResource,
  legacyDomainTransferResource,
  legacyDomainRenewalResource,
  legacyDomainTransferOutResource,
  legacyDomainTokenResetResource,
  legacyCertificatePurchaseResource,
  legacyCertificateConfigurationResource,
  legacyCertificateSubmissionResource,
  legacySubscriptionResource,
  legacyUserResource,
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
