/**
 * Zone files in programs: `readZoneFile` reads one for `ZoneRecords`' `zoneFile`, so the
 * records it holds are declared, checked at preview (each refusal names the file and line) and
 * shown per record in the preview and the review.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * new dnsimple.ZoneRecords("example-com", {
 *   zoneName: "example.com",
 *   zoneFile: dnsimple.readZoneFile("zones/example.com.zone"),
 * });
 * ```
 */
import { readFileSync } from "node:fs";

/** A zone file as `ZoneRecords` takes it: its text, and its path for messages. */
export interface ZoneFile {
  readonly text: string;
  readonly name: string;
}

/** Reads the zone file at `path` (relative to the program's folder, where `pulumi` runs it). */
export function readZoneFile(path: string): ZoneFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : `${error}`;
    throw new Error(
      `readZoneFile: cannot read the zone file "${path}" (${reason}), e.g. readZoneFile("zones/example.com.zone")`,
    );
  }
  return { text, name: path };
}
