/**
 * What the SDK's provider stubs load at run time, inside Pulumi's provider process:
 * `require("pulumi-dnsimple-dynamic/provider")`. One dynamic provider per resource kind, made from
 * the kind's definition the first time the engine asks for it: a provider process serves the
 * kinds of one program, so it loads the framework and those definitions only.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { saveCompiledCodeSoon } from "./framework/compiled-code";
import { type ResourceDefinition, toDynamicProvider } from "./framework/define-resource";
import { configureRuntime } from "./framework/runtime";
import type { ConfigSource } from "./framework/settings";

/** Every resource kind and where its definition is (a kind's file is named after it). */
const KINDS: Readonly<Record<string, () => ResourceDefinition>> = {
  Domain: () => require("./domain").domainResource,
  DsRecord: () => require("./ds-record").dsRecordResource,
  EmailForward: () => require("./email-forward").emailForwardResource,
  Webhook: () => require("./webhook").webhookResource,
  SecondaryZone: () => require("./secondary-zone").secondaryZoneResource,
  PrimaryServer: () => require("./primary-server").primaryServerResource,
  Contact: () => require("./contact").contactResource,
  ZoneRecord: () => require("./zone-record").zoneRecordResource,
  ZoneRecords: () => require("./zone-records").zoneRecordsResource,
  Zone: () => require("./zone").zoneResource,
  DomainDelegation: () => require("./domain-delegation").domainDelegationResource,
  Dnssec: () => require("./dnssec").dnssecResource,
  DomainRegistration: () => require("./domain-registration").domainRegistrationResource,
  DomainTransfer: () => require("./domain-transfer").domainTransferResource,
  LetsEncryptCertificate: () => require("./lets-encrypt-certificate").letsEncryptCertificateResource,
  DomainPush: () => require("./domain-push").domainPushResource,
  DomainPushAnswer: () => require("./domain-push-answer").domainPushAnswerResource,
  PlatformMessage: () => require("./platform-message").platformMessageResource,
  PlatformMetadata: () => require("./platform-metadata").platformMetadataResource,
  NameServerDelegation: () => require("./name-server-delegation").nameServerDelegationResource,
  Template: () => require("./template").templateResource,
  RegistryNameServer: () => require("./registry-name-server").registryNameServerResource,
  // One-shot actions (docs/operations.md).
  DomainRenewal: () => require("./domain-renewal").domainRenewalResource,
  DomainRestore: () => require("./domain-restore").domainRestoreResource,
  DomainTransferOutAuthorization: () =>
    require("./domain-transfer-out-authorization").domainTransferOutAuthorizationResource,
  LetsEncryptCertificateRenewal: () =>
    require("./lets-encrypt-certificate-renewal").letsEncryptCertificateRenewalResource,
  OAuthAccessToken: () => require("./o-auth-access-token").oauthAccessTokenResource,
  LegacyDomain: () => require("./legacy-domain").legacyDomainResource,
  LegacyDomainRegistration: () => require("./legacy-domain-registration").legacyDomainRegistrationResource,
  LegacyDomainTransfer: () => require("./legacy-domain-transfer").legacyDomainTransferResource,
  LegacyDomainRenewal: () => require("./legacy-domain-renewal").legacyDomainRenewalResource,
  LegacyDomainTransferOut: () => require("./legacy-domain-transfer-out").legacyDomainTransferOutResource,
  LegacyDomainTokenReset: () => require("./legacy-domain-token-reset").legacyDomainTokenResetResource,
  LegacyCertificatePurchase: () => require("./legacy-certificate-purchase").legacyCertificatePurchaseResource,
  LegacyCertificateConfiguration: () =>
    require("./legacy-certificate-configuration").legacyCertificateConfigurationResource,
  LegacyCertificateSubmission: () =>
    require("./legacy-certificate-submission").legacyCertificateSubmissionResource,
  LegacySubscription: () => require("./legacy-subscription").legacySubscriptionResource,
  LegacyUser: () => require("./legacy-user").legacyUserResource,
};

export const resourceKinds: ReadonlyArray<string> = Object.keys(KINDS);

/** Every kind's definition, loaded (for the SDK generator and the tests). */
export function allDefinitions(): ResourceDefinition[] {
  return resourceKinds.map((kind) => KINDS[kind]!());
}

const providers = new Map<string, dynamic.ResourceProvider>();

/** The dynamic provider of one resource kind. */
export function providerFor(kind: string): dynamic.ResourceProvider {
  let provider = providers.get(kind);
  if (!provider) {
    const definition = Object.hasOwn(KINDS, kind) ? KINDS[kind]!() : undefined;
    if (!definition) {
      throw new Error(
        `pulumi-dnsimple-dynamic has no resource kind "${kind}": the installed package is older than the one ` +
          `that created this resource; install a matching version of pulumi-dnsimple-dynamic`,
      );
    }
    provider = toDynamicProvider(definition);
    providers.set(kind, provider);
    saveCompiledCodeSoon();
  }
  return provider;
}

/** Receives the stack config from Pulumi's `configure` call, the first call of a provider process. */
export function configure(config: ConfigSource | undefined): void {
  configureRuntime(config);
  saveCompiledCodeSoon();
}
