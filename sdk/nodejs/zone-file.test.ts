import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { readZoneFile } from "./zone-file";

describe("readZoneFile", () => {
  it("gives the file's text, named by its path", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "read-zone-file-"));
    try {
      const file = path.join(dir, "example.com.zone");
      writeFileSync(file, "www 60 IN A 192.0.2.1\n");
      expect(readZoneFile(file)).toEqual({ name: file, text: "www 60 IN A 192.0.2.1\n" });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says which file is missing, with an example", () => {
    expect(() => readZoneFile("zones/missing.zone")).toThrow(
      'readZoneFile: cannot read the zone file "zones/missing.zone" (no such file), e.g. readZoneFile("zones/example.com.zone")',
    );
  });
});
