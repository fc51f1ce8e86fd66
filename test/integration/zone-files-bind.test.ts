/**
 * Zone files checked by BIND's own tools (Debian's bind9-utils, installed by the test command's
 * bootstrap): every real zone file of `test/zone-files/real` (written by others: SOURCES.md) reads
 * the same records with our parser as with `named-compilezone`; the service's records written
 * back out are the same records again; and what we write passes `named-checkzone`.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { bindAvailable, bindRecords, checkZone, compareWithBind, realZoneFiles } from "../zone-files/bind";
import { writeZoneFile, zoneFileRecords } from "../../provider/dns/zone-file/records";

const haveBind = bindAvailable();
if (!haveBind) {
  const message =
    "named-compilezone is not installed: the zone-file tests need Debian's bind9-utils (bash scripts/bootstrap installs it)";
  if (process.env.CI === "true") throw new Error(message);
  console.warn(`skipped: ${message}`);
}
const describeWithBind = haveBind ? describe : describe.skip;

describeWithBind("real zone files, read by us and by BIND", () => {
  const files = realZoneFiles();

  it("come from at least three public sources, twenty files or more", () => {
    const sources = new Set(files.map((f) => f.file.split("/")[0]));
    expect(files.length).toBeGreaterThanOrEqual(20);
    expect(sources.size).toBeGreaterThanOrEqual(3);
    const listed = readFileSync(path.join(__dirname, "../zone-files/real/SOURCES.md"), "utf8");
    for (const f of files) expect(listed).toContain(f.file);
  });

  it.each(realZoneFiles().map((f) => [f.file, f] as const))("%s: the same records as BIND", (_name, f) => {
    const c = compareWithBind(f.origin, f.text);
    expect(c.differences).toEqual([]);
    expect(c.parsedEqual).toBe(c.bindRecords);
    expect(c.serviceEqual).toBe(c.serviceRecords);
    expect(c.writtenChecks).toEqual({ ok: true, output: expect.stringContaining("OK") });
  });
});

describeWithBind("a zone file of every type the service holds", () => {
  const text = readFileSync(path.join(__dirname, "../zone-files/every-type.example.com.zone"), "utf8");

  it("is read by us as by BIND, and nothing in it is refused", () => {
    const c = compareWithBind("example.com", text);
    expect(c.refused).toEqual([]);
    expect(c.differences).toEqual([]);
    expect(c.serviceEqual).toBe(c.bindRecords);
  });

  it("written from the service's records, passes named-checkzone and compiles to the same records", () => {
    const read = zoneFileRecords(text, { zone: "example.com" });
    const soa = {
      name: "",
      type: "SOA",
      content: "ns1.dnsimple.com admin.dnsimple.com 1 86400 7200 604800 300",
      ttl: 3600,
    };
    const ns = { name: "", type: "NS", content: "ns1.dnsimple.com", ttl: 3600 };
    const written = writeZoneFile("example.com", [soa, ns, ...read.records.map((r) => r.record)]);
    expect(checkZone("example.com", written).ok).toBe(true);
    const fromBind = bindRecords("example.com", written).filter(
      (l) => !/ IN (SOA|NS) /.test(l) || !l.startsWith("example.com. "),
    );
    const original = bindRecords("example.com", text).filter(
      (l) => !/ IN (SOA|NS) /.test(l) || !l.startsWith("example.com. "),
    );
    expect(fromBind).toEqual(original);
  });
});
