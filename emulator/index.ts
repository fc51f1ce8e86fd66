/**
 * The emulator's public entry: start it in process, or run `scripts/emulator` for the CLI.
 *
 * @example
 *   import { startEmulator } from "../emulator";
 *   const emu = await startEmulator({ port: 0 });
 *   // ... requests to emu.v2Url with `Authorization: Bearer ${emu.token}` ...
 *   await emu.close();
 */
export { startEmulator, Emulator } from "./server";
export type { EmulatorOptions, ObservedExchange, RunningEmulator, RequestLogEntry } from "./server";
export type { Seed } from "./seed";
export type { FaultConfig, FaultKind, RateLimitConfig } from "./faults";
export type { Delays } from "./model";
