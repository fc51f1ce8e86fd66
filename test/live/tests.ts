/**
 * How the live suite declares tests that cannot run on every target (test/live/target.ts says
 * which target this run has).
 */
import { LIVE, PAID } from "./target";

/** A test that needs the emulator's admin surface: skipped in live mode, saying why. */
export function itWithEmulator(name: string, why: string, fn: () => Promise<void>, timeout?: number): void {
  if (LIVE) it.skip(`${name} (needs the emulator: ${why})`, fn);
  else it(name, fn, timeout);
}

/** A test of a paid operation: runs only with DNSIMPLE_LIVE_PAID=1 on the sandbox, or on the emulator. */
export function itPaid(name: string, fn: () => Promise<void>, timeout?: number): void {
  if (LIVE && !PAID) it.skip(`${name} (paid: DNSIMPLE_LIVE_PAID=1 runs it on the sandbox)`, fn);
  else it(name, fn, timeout);
}
