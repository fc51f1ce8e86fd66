/**
 * The mass-change guard on `ZoneRecords` (framework/mass-change.ts): `diff` refuses, from state and
 * the checked inputs alone, a change that updates or deletes more than a share of the records the
 * set owns, and lets it through when `allowMassChange` names its size.
 */
import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { DEFAULT_MASS_CHANGE, isMassChange, massChangeVerdict } from "../framework/mass-change";
import { configureRuntime, resetRuntime } from "../framework/runtime";
import { resolveSettings } from "../framework/settings";
import { zoneRecordsResource } from "./zone-records";
import { stackConfig } from "../../test/stack-config";

const ZONE = "example.com";
const provider = toDynamicProvider(zoneRecordsResource);

const settings = (extra: Record<string, string> = {}) =>
  configureRuntime(stackConfig({ account: "1", ...extra }));
beforeEach(() => settings());
afterAll(() => resetRuntime());

const host = (i: number, ttl = 3600) => ({ name: `host${i}`, type: "A", content: `192.0.2.${i + 1}`, ttl });
const hosts = (n: number, ttl = 3600) => Array.from({ length: n }, (_, i) => host(i, ttl));

async function checked(props: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { inputs, failures } = await provider.check!({}, { zoneName: ZONE, ...props });
  expect(failures).toEqual([]);
  return inputs;
}

/** The state of a set that owns `records` (ids 1, 2, ...), as an `up` leaves it. */
async function owning(records: unknown[]): Promise<Record<string, unknown>> {
  const inputs = await checked({ records });
  const kept = inputs["records"] as Record<string, string>;
  const recordIds = Object.fromEntries(Object.keys(kept).map((key, i) => [key, i + 1]));
  return {
    ...inputs,
    setId: `${ZONE}/0a1b2c3d`,
    zoneName: ZONE,
    recordIds,
    recordCount: Object.keys(kept).length,
  };
}

/** What `diff` says of going from `records` owned to `next` declared: its error, or "passes". */
async function verdict(records: unknown[], next: Record<string, unknown>): Promise<string> {
  const olds = await owning(records);
  try {
    const diff = await provider.diff!(`${ZONE}/0a1b2c3d`, olds, await checked(next));
    return diff.changes ? "passes" : "no change";
  } catch (error) {
    if (isMassChange(error)) return error.message;
    throw error;
  }
}

describe("the rule", () => {
  it("refuses strictly more than the share, and only from 10 existing records, as octoDNS", () => {
    const at = (existing: number, updates: number, deletes: number) =>
      massChangeVerdict({ existing, updates, deletes }, DEFAULT_MASS_CHANGE).refused;
    expect(at(100, 30, 30)).toBe(false);
    expect(at(100, 31, 0)).toBe(true);
    expect(at(100, 0, 31)).toBe(true);
    expect(at(10, 0, 4)).toBe(true);
    expect(at(9, 9, 9)).toBe(false);
    expect(at(0, 0, 0)).toBe(false);
  });

  it("takes its thresholds from the stack's settings, with octoDNS's defaults", () => {
    const defaults = resolveSettings(undefined, {});
    expect([defaults.maxSafeUpdateShare, defaults.maxSafeDeleteShare, defaults.minExistingRecords]).toEqual([
      0.3, 0.3, 10,
    ]);
    expect(() => resolveSettings(stackConfig({ maxSafeDeleteShare: "30" }), {})).toThrow(
      'dnsimple:maxSafeDeleteShare (or DNSIMPLE_MAX_SAFE_DELETE_SHARE) must be a share of records from 0 to 1 (0.3 is 30 %; 1 turns this check off), got "30"',
    );
    expect(() => resolveSettings(stackConfig({ minExistingRecords: "ten" }), {})).toThrow(
      /minExistingRecords \(or DNSIMPLE_MIN_EXISTING_RECORDS\) must be a whole number/,
    );
  });
});

describe("a ZoneRecords change at preview", () => {
  it("passes when it deletes 29 of 100 records", async () => {
    expect(await verdict(hosts(100), { records: hosts(71) })).toBe("passes");
  });

  it("is refused when it deletes 31 of 100, with the counts, the share and how to go ahead", async () => {
    const message = await verdict(hosts(100), { records: hosts(69) });
    expect(message).toContain(
      "Mass change refused: this ZoneRecords deletes 31 of 100 existing records (31 %), more than 30 % (dnsimple:maxSafeDeleteShare)",
    );
    expect(message).toContain("set `allowMassChange: 31` on this resource");
    expect(message).toContain("pulumi config set dnsimple:maxSafeDeleteShare 0.5");
  });

  it("is refused when it updates 31 of 100 (a new TTL on each)", async () => {
    const next = [...hosts(31, 60), ...hosts(100).slice(31)];
    // The setting the message offers is the one the change passes.
    expect(await verdict(hosts(100), { records: next })).toContain(
      "pulumi config set dnsimple:maxSafeUpdateShare 0.5",
    );
    expect(await verdict(hosts(100), { records: next })).toMatch(
      /updates 31 of 100 existing records \(31 %\)/,
    );
  });

  it("counts a record identical under a new key as kept, not deleted", async () => {
    const spelled = hosts(100).map((h) => ({ ...h, name: h.name.toUpperCase() }));
    expect(await verdict(hosts(100), { records: spelled })).toBe("no change");
  });

  it("is never refused in a zone of 9 records, even when it deletes 8", async () => {
    expect(await verdict(hosts(9), { records: hosts(1) })).toBe("passes");
  });

  it("goes through when allowMassChange is the number of records it updates and deletes", async () => {
    expect(await verdict(hosts(100), { records: hosts(69), allowMassChange: 31 })).toBe("passes");
  });

  it("a value left for another change forces nothing", async () => {
    const message = await verdict(hosts(100), { records: hosts(60), allowMassChange: 31 });
    expect(message).toContain("set `allowMassChange: 40`");
    expect(message).toContain("(allowMassChange is 31, which was set for another change)");
  });

  it("follows the stack's thresholds", async () => {
    settings({ maxSafeDeleteShare: "0.5" });
    expect(await verdict(hosts(100), { records: hosts(69) })).toBe("passes");
    settings({ minExistingRecords: "101" });
    expect(await verdict(hosts(100), { records: hosts(69) })).toBe("passes");
  });

  it("refuses a zone file that lost 80 % of its lines", async () => {
    const file = (n: number) => ({
      name: "zones/example.com.zone",
      text: ["$ORIGIN example.com.", "$TTL 3600", ...hosts(n).map((h) => `${h.name} IN A ${h.content}`)].join(
        "\n",
      ),
    });
    const olds = await (async () => {
      const inputs = await checked({ zoneFile: file(20) });
      const kept = inputs["records"] as Record<string, string>;
      return { ...inputs, recordIds: Object.fromEntries(Object.keys(kept).map((k, i) => [k, i + 1])) };
    })();
    await expect(
      provider.diff!(`${ZONE}/0a1b2c3d`, olds, await checked({ zoneFile: file(4) })),
    ).rejects.toThrow("deletes 16 of 20 existing records (80 %), more than 30 %");
  });

  it("leaves a move to another zone alone: the whole set is replaced on purpose", async () => {
    const olds = await owning(hosts(100));
    const moved = await provider.diff!(`${ZONE}/0a1b2c3d`, olds, {
      ...(await checked({ records: hosts(10) })),
      zoneName: "other.com",
    });
    expect(moved.replaces).toEqual(["zoneName"]);
  });
});
