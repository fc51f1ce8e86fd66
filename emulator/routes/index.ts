/**
 * Registers every API route group.
 */
import type { RouteRegistry } from "../context";
import type { Events } from "../events";
import type { Jobs } from "../jobs";
import type { Store } from "../store";
import { registerBillingRoutes } from "./billing";
import { registerCertificateRoutes } from "./certificates";
import { registerContactRoutes } from "./contacts";
import { registerDnssecRoutes } from "./dnssec";
import { registerDomainRoutes } from "./domains";
import { registerEmailForwardRoutes } from "./email-forwards";
import { registerIdentityRoutes } from "./identity";
import { registerPlatformRoutes } from "./platform";
import { registerPushRoutes } from "./pushes";
import { registerRegistrantChangeRoutes } from "./registrant-changes";
import { registerRegistrarRoutes } from "./registrar";
import { registerSecondaryDnsRoutes } from "./secondary-dns";
import { registerV1Routes } from "./v1";
import { registerWebhookRoutes } from "./webhooks";
import { registerZoneRoutes } from "./zones";

/** Adds all v2 and v1 routes; groups with pending work register their job handlers too. */
export function registerAllRoutes(r: RouteRegistry, jobs: Jobs, events: Events, store: Store): void {
  registerIdentityRoutes(r);
  registerBillingRoutes(r);
  registerDomainRoutes(r);
  registerDnssecRoutes(r);
  registerEmailForwardRoutes(r);
  registerPushRoutes(r);
  registerCertificateRoutes(r, jobs, events, store);
  registerRegistrarRoutes(r, jobs, events, store);
  registerRegistrantChangeRoutes(r, jobs, events, store);
  registerContactRoutes(r);
  registerZoneRoutes(r);
  registerSecondaryDnsRoutes(r);
  registerWebhookRoutes(r);
  registerPlatformRoutes(r);
  registerV1Routes(r);
}
