/**
 * What a route handler receives, and the registration type every route file uses.
 */
import type { AccountRow, UserRow } from "./model";
import type { Reply } from "./http";
import type { Store } from "./store";
import type { Events } from "./events";
import type { Jobs } from "./jobs";

/** Who made the request. */
export interface Principal {
  kind: "account" | "user";
  /** Accounts this credential may act on. */
  accountIds: readonly number[];
  account: AccountRow | null;
  user: UserRow | null;
  /** Rate-limit bucket key. */
  key: string;
}

/** Emulator-wide options a handler may read. */
export interface HandlerOptions {
  allowHttpWebhooks: boolean;
}

/** Per-request context. */
export interface Ctx {
  store: Store;
  events: Events;
  jobs: Jobs;
  options: HandlerOptions;
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  body: unknown;
  principal: Principal | null;
  /** The `:account` path parameter, checked against the principal (v2 routes only). */
  accountId: number;
  requestId: string;
}

/** A route handler. */
export type Handler = (ctx: Ctx) => Reply | Promise<Reply>;

/** How a route authenticates. */
export type AuthMode = "v2" | "v1" | "none";

/** What route files register into. */
export interface RouteRegistry {
  add(method: string, pattern: string, handler: Handler, auth?: AuthMode): void;
}

/** A path parameter that must be present (the router guarantees it for declared parameters). */
export function param(ctx: Ctx, name: string): string {
  return ctx.params[name] ?? "";
}
