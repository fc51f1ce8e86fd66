/**
 * A PULUMI_HOME for the engine runs of one test, bench or demo.
 *
 * The Pulumi CLI (3.2xx) writes a debug log of every command into `$PULUMI_HOME/logs`, the
 * properties of every call between engine, program and providers included, gzip-compressed. For a
 * `ZoneRecords` of 10,000 records that log is half the engine's CPU time of a preview
 * (bench/RESULTS.md, "A no-change preview"), and it is spent at every command of the test suite.
 * A file where that folder would be turns it off: the CLI cannot make the folder, notes
 * "automatic logging unavailable" at debug level and goes on. Nothing else changes.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";

export const AUTOMATIC_LOG_OFF =
  "The Pulumi CLI's automatic debug log is off in this PULUMI_HOME: this file stands where its folder would be.\n";

/** Makes `dir` (and its parents) a PULUMI_HOME without the automatic debug log; returns `dir`. */
export function pulumiHome(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const logs = path.join(dir, "logs");
  if (!existsSync(logs)) writeFileSync(logs, AUTOMATIC_LOG_OFF);
  return dir;
}
