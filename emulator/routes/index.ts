/**
 * Registers every API route group.
 */
import type { RouteRegistry } from "../context";
import type { Events } from "../events";
import type { Jobs } from "../jobs";
import type { Store } from "../store";
import { registerDomainRoutes } from "./domains";
import { registerIdentityRoutes } from "./identity";

/** Adds all v2 and v1 routes; groups with pending work register their job handlers too. */
export function registerAllRoutes(r: RouteRegistry, _jobs: Jobs, _events: Events, _store: Store): void {
  registerIdentityRoutes(r);
  registerDomainRoutes(r);
}
