// A zone moved from another DNS host: the zone file it exported is kept in git as the source of
// truth. Each record in it is checked at preview (a bad line fails with the file and line) and
// shown per record in the preview; the file's apex SOA and NS are the service's own, left out.
import * as dnsimple from "pulumi-dnsimple-dynamic";

const domain = new dnsimple.Domain("example-moved", { name: "example-moved.com" });

const records = new dnsimple.ZoneRecords("example-moved-records", {
  zoneName: domain.name,
  // Relative to this folder, where `pulumi` runs the program.
  zoneFile: dnsimple.readZoneFile("zones/example-moved.com.zone"),
});

export const recordCount = records.recordCount;
