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
import { nameServerDelegationResource } from "./name-server-delegation";
import { registryNameServerResource } from "./registry-name-server";
import { templateResource } from "./template";
import { letsEncryptCertificateResource } from "./lets-encrypt-certificate";
import { platformMessageResource } from "./platform-message";
import { platformMetadataResource } from "./platform-metadata";
import { domainPushAnswerResource } from "./domain-push-answer";
import { domainPushResource } from "./domain-push";
import { domainRegistrationResource } from "./domain-registration";
import { domainTransferResource } from "./domain-transfer";
import { zoneRecordResource } from "./zone-record";
import { zoneRecordsResource } from "./zone-records";
import { zoneResource } from "./zone";
import { domainDelegationResource } from "./domain-delegation";
import { domainRenewalResource } from "./domain-renewal";
import { domainRestoreResource } from "./domain-restore";
import { domainTransferOutAuthorizationResource } from "./domain-transfer-out-authorization";
import { letsEncryptCertificateRenewalResource } from "./lets-encrypt-certificate-renewal";
import { oauthAccessTokenResource } from "./o-auth-access-token";
import { legacyCertificateConfigurationResource } from "./legacy-certificate-configuration";
import { legacyCertificatePurchaseResource } from "./legacy-certificate-purchase";
import { legacyCertificateSubmissionResource } from "./legacy-certificate-submission";
import { legacyDomainRegistrationResource } from "./legacy-domain-registration";
import { legacyDomainRenewalResource } from "./legacy-domain-renewal";
import { legacyDomainResource } from "./legacy-domain";
import { legacyDomainTokenResetResource } from "./legacy-domain-token-reset";
import { legacyDomainTransferOutResource } from "./legacy-domain-transfer-out";
import { legacyDomainTransferResource } from "./legacy-domain-transfer";
import { legacySubscriptionResource } from "./legacy-subscription";
import { legacyUserResource } from "./legacy-user";

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
