/**
 * Where the live suite runs: a real account (`bash scripts/test-live`, which sets the variables
 * below) or, without them, an emulator this process starts (so the suite is exercised offline).
 *
 * - `DNSIMPLE_LIVE_TOKEN`, `DNSIMPLE_LIVE_ACCOUNT`, `DNSIMPLE_LIVE_BASE_URL` (default the sandbox):
 *   the account. The token is only ever handed to the client and the engine, never printed.
 * - `LIVE_RUN_PREFIX`: every object the suite makes is named with it (`named`), so that
 *   `pulumi-dnsimple-dynamic sweep --prefix` finds what a killed run left.
 * - `DNSIMPLE_LIVE_PAID=1`: tests of paid operations run (registrations, transfers, renewals,
 *   certificates), and then only on the sandbox.
 *
 * A test that needs the emulator's admin surface (faults, delays, seeds, the request log) is
 * declared with `itWithEmulator` (test/live/tests.ts): skipped in live mode, with the reason in
 * its name. This module itself declares no test: the benchmarks load it too.
 */
import { randomBytes } from "node:crypto";
import { startEmulator, type RunningEmulator } from "../../emulator";
import {
  createClient,
  SANDBOX_BASE_URL,
  type ClientOptions,
  type DnsimpleClient,
} from "../../provider/client";

export interface Target {
  /** "live": an account of the service (or of an emulator reached only through its API). */
  mode: "live" | "emulator";
  baseUrl: string;
  token: string;
  account: string;
  prefix: string;
  /** The emulator, in emulator mode only: its admin surface and request log. */
  emulator?: RunningEmulator;
}

export const LIVE = Boolean(process.env.DNSIMPLE_LIVE_TOKEN);
export const PAID = LIVE && process.env.DNSIMPLE_LIVE_PAID === "1";
const EMULATOR_TOKEN = "live-suite-emulator-token-5e1a";

/** The run's prefix: given by scripts/test-live, else one of this process. */
export const PREFIX = process.env.LIVE_RUN_PREFIX ?? `live-${randomBytes(3).toString("hex")}`;

/** `<prefix>-<what>`: the name of everything the suite makes (domains: `named("shop.com")`). */
export function named(what: string): string {
  return `${PREFIX}-${what}`;
}

let target: Promise<Target> | undefined;

/** The target of this test file (one emulator per file in emulator mode). */
export function liveTarget(): Promise<Target> {
  target ??= LIVE
    ? Promise.resolve({
        mode: "live" as const,
        baseUrl: process.env.DNSIMPLE_LIVE_BASE_URL || SANDBOX_BASE_URL,
        token: process.env.DNSIMPLE_LIVE_TOKEN!,
        account: process.env.DNSIMPLE_LIVE_ACCOUNT ?? "",
        prefix: PREFIX,
      })
    : startEmulator({ port: 0, token: EMULATOR_TOKEN, accountId: 1 }).then((emulator) => ({
        mode: "emulator" as const,
        baseUrl: emulator.v2Url,
        token: EMULATOR_TOKEN,
        account: "1",
        prefix: PREFIX,
        emulator,
      }));
  return target;
}

/** Closes this file's emulator (emulator mode). */
export async function closeTarget(): Promise<void> {
  const t = await target;
  await t?.emulator?.close();
}

/**
 * A client of the target that records every request it sends (`METHOD /path`): what the suite
 * counts in live mode, where it cannot read the emulator's request log.
 */
export function targetClient(
  t: Target,
  extra: Partial<ClientOptions> = {},
): { client: DnsimpleClient; requests: string[] } {
  const requests: string[] = [];
  const client = createClient({
    token: t.token,
    baseUrl: t.baseUrl,
    ...extra,
    hooks: { onRequest: (e) => void requests.push(`${e.method} ${new URL(e.url).pathname}`) },
  });
  return { client, requests };
}

/**
 * The provider's requests in the engine's output (`lines`, from line `from` on), as `METHOD path`
 * by request id: the engine prints each log line twice (as it happens and in the summary), so a
 * request counts once. Counts requests the same way against the real service and the emulator.
 */
export function requestsLogged(lines: readonly string[], from = 0): Map<string, string> {
  const found = new Map<string, string>();
  const line = /dnsimple: request (GET|POST|PUT|PATCH|DELETE) (\S+): .*?request id ([\w-]+)/g;
  for (const m of lines.slice(from).join("\n").matchAll(line))
    found.set(m[3]!, `${m[1]} ${m[2]!.replace(/\?.*$/, "")}`);
  return found;
}
