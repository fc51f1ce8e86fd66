/**
 * The resource kinds of the extended set (issue 6), registered in `index.ts` in one line so the
 * core list stays untouched.
 */
import { contactResource } from "./contact";
import { dnssecResource } from "./dnssec";
import type { ResourceDefinition } from "./framework/define-resource";
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

export const extendedResources: ReadonlyArray<ResourceDefinition> = [
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
  // Issue 16: every operation reachable (one-shot actions, docs/operations.md).
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
