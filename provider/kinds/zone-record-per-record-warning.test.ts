/**
 * A program with many `ZoneRecord`s in one zone: the provider process that checks them says once
 * per zone what that costs and names the way off (docs/per-record-to-set.md), not once per
 * resource, and says nothing below the threshold.
 */
import { type LogSink, setLogSink, type Severity } from "../framework/engine-log";
import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { configureRuntime, resetRuntime } from "../framework/runtime";
import { zoneRecordResource } from "./zone-record";
import { PER_RECORD_WARNING_THRESHOLD, resetDeclaredRecords } from "./zone-record-neighbours";
import { stackConfig } from "../../test/stack-config";

const provider = toDynamicProvider(zoneRecordResource);
let said: Array<{ severity: Severity; message: string }>;
const sink: LogSink = { write: async (severity, message) => void said.push({ severity, message }) };

beforeEach(() => {
  configureRuntime(stackConfig({ account: "1" }));
  resetDeclaredRecords();
  said = [];
  setLogSink(sink);
});
afterAll(() => {
  setLogSink(undefined);
  resetRuntime();
});

/** Checks `count` A records in `zone`, as one preview's provider process does. */
async function checkRecords(zone: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++)
    await provider.check!(
      {},
      {
        zoneName: zone,
        name: `host${i}`,
        type: "A",
        content: `192.0.2.${(i % 250) + 1}`,
        ttl: 3600,
        ownerKey: `site/dev/dnsimple:ZoneRecord::${zone}-host${i}`,
      },
    );
}

it("warns once per zone at the threshold, naming the cost and the doc", async () => {
  await checkRecords("big.example.com", PER_RECORD_WARNING_THRESHOLD + 20);
  await checkRecords("other.example.com", PER_RECORD_WARNING_THRESHOLD);
  expect(said).toEqual([
    {
      severity: "warning",
      message: expect.stringMatching(/^dnsimple: big\.example\.com: 300 or more ZoneRecord/),
    },
    {
      severity: "warning",
      message: expect.stringMatching(/^dnsimple: other\.example\.com: 300 or more ZoneRecord/),
    },
  ]);
  expect(said[0]!.message).toContain("3.70 times");
  expect(said[0]!.message).toContain("docs/per-record-to-set.md");
});

it("says nothing below the threshold, nor when the same records are checked again", async () => {
  await checkRecords("small.example.com", PER_RECORD_WARNING_THRESHOLD - 1);
  await checkRecords("small.example.com", PER_RECORD_WARNING_THRESHOLD - 1);
  expect(said).toEqual([]);
});
