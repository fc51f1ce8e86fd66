/**
 * The mass-change guard as one resource's change meets it (framework/mass-change.ts): the refusal's
 * whole message (the counts, the shares, how to force this one change, the setting to raise), the
 * `allowMassChange` value that lets exactly this change through, and the refusal recognised as such
 * also when another copy of the module made it.
 */
import {
  DEFAULT_MASS_CHANGE,
  guardMassChange,
  isMassChange,
  MassChangeError,
  massChangeVerdict,
  type ChangeCounts,
} from "./mass-change";

/** The refusal `guardMassChange` throws for a ZoneRecords change, or "passes". */
function refusal(counts: ChangeCounts, allowed?: unknown): MassChangeError | "passes" {
  try {
    guardMassChange("ZoneRecords", counts, DEFAULT_MASS_CHANGE, "allowMassChange", allowed);
    return "passes";
  } catch (error) {
    if (error instanceof MassChangeError) return error;
    throw error;
  }
}

const messageOf = (counts: ChangeCounts, allowed?: unknown) => {
  const found = refusal(counts, allowed);
  return found === "passes" ? found : found.message;
};

/** The name the brand is registered under: what every copy of the module looks for. */
const BRAND = Symbol.for("pulumi-dnsimple-dynamic.MassChangeError");

describe("the refusal's message", () => {
  /** The whole refusal of a ZoneRecords change: its reasons, forcing it with its size, the setting to raise. */
  const refusalText = (reasons: string, size: number, setting: string) =>
    `Mass change refused: this ZoneRecords ${reasons}. If the records were lost by mistake (a bad merge, a` +
    ` truncated zone file), restore them. If the change is meant, set \`allowMassChange: ${size}\` on this` +
    " resource (the records this change updates and deletes) and preview again: the reviewer sees it in the" +
    " diff, and it lets through this change only. The thresholds are stack settings" +
    ` (\`pulumi config set ${setting} 0.5\`)`;

  it.each([
    {
      // 31 of 100 is 31 %, more than the default 30 %; forcing takes the 31 records it touches.
      title:
        "says the deletes, their share, the forcing input with the change's size and the setting to raise",
      counts: { existing: 100, updates: 0, deletes: 31 },
      reasons: "deletes 31 of 100 existing records (31 %), more than 30 % (dnsimple:maxSafeDeleteShare)",
      size: 31,
      setting: "dnsimple:maxSafeDeleteShare",
    },
    {
      // 7 of 20 updated is 35 %, 8 of 20 deleted is 40 %: both over 30 %; the change touches 15.
      title:
        "joins both reasons with 'and', counts updates and deletes together, and offers the first setting",
      counts: { existing: 20, updates: 7, deletes: 8 },
      reasons:
        "updates 7 of 20 existing records (35 %), more than 30 % (dnsimple:maxSafeUpdateShare) and" +
        " deletes 8 of 20 existing records (40 %), more than 30 % (dnsimple:maxSafeDeleteShare)",
      size: 15,
      setting: "dnsimple:maxSafeUpdateShare",
    },
  ])("$title", ({ counts, reasons, size, setting }) => {
    expect(messageOf(counts)).toBe(refusalText(reasons, size, setting));
  });

  it("says nothing of a forcing value when none is set, whether left out or null", () => {
    const unset = messageOf({ existing: 100, updates: 0, deletes: 31 });
    expect(messageOf({ existing: 100, updates: 0, deletes: 31 }, null)).toBe(unset);
    expect(unset).toContain("it lets through this change only. The thresholds are stack settings");
    expect(unset).not.toContain("which was set for another change");
  });

  it("names a forcing value set for another change, as the program gives it", () => {
    const forThirty = messageOf({ existing: 100, updates: 0, deletes: 40 }, 31);
    expect(forThirty).toContain(
      "set `allowMassChange: 40` on this resource (the records this change updates and deletes) and" +
        " preview again: the reviewer sees it in the diff, and it lets through this change only" +
        " (allowMassChange is 31, which was set for another change). The thresholds are stack settings",
    );
    // The right number as text is not that number: it forces nothing and is shown quoted.
    expect(messageOf({ existing: 100, updates: 0, deletes: 40 }, "40")).toContain(
      'only (allowMassChange is "40", which was set for another change). The thresholds',
    );
  });
});

describe("the refusal as an error", () => {
  it("is a MassChangeError with the code mass_change, the kind and the counts", () => {
    const counts = { existing: 100, updates: 0, deletes: 31 };
    const error = refusal(counts);
    expect(error).toBeInstanceOf(MassChangeError);
    const refused = error as MassChangeError;
    expect({ name: refused.name, code: refused.code, kind: refused.kind, counts: refused.counts }).toEqual({
      name: "MassChangeError",
      code: "mass_change",
      kind: "ZoneRecords",
      counts,
    });
    expect(String(refused)).toMatch(/^MassChangeError: Mass change refused: this ZoneRecords deletes 31 /);
  });

  it("is recognised when another copy of the module made it, by the brand registered under its name", () => {
    const refused = refusal({ existing: 100, updates: 0, deletes: 31 }) as MassChangeError;
    let other: typeof import("./mass-change") | undefined;
    jest.isolateModules(() => (other = jest.requireActual<typeof import("./mass-change")>("./mass-change")));
    expect(refused).not.toBeInstanceOf(other!.MassChangeError);
    expect(other!.isMassChange(refused)).toBe(true);
    // A copy of another build knows the brand only by its registered name, and reads it as true.
    expect((refused as unknown as Record<symbol, unknown>)[BRAND]).toBe(true);
    expect(isMassChange(Object.assign(new Error("Mass change refused: …"), { [BRAND]: true }))).toBe(true);
  });

  it("is not any other error, nor a branded object that is no error, nor a message alone", () => {
    expect(isMassChange(new Error("Mass change refused: this ZoneRecords deletes 31 of 100"))).toBe(false);
    expect(
      isMassChange(Object.assign(new Error("x"), { code: "mass_change", name: "MassChangeError" })),
    ).toBe(false);
    expect(isMassChange({ [BRAND]: true, message: "Mass change refused" })).toBe(false);
    expect(isMassChange("Mass change refused")).toBe(false);
    expect(isMassChange(undefined)).toBe(false);
  });
});

describe("the guard on one change", () => {
  it("lets a mass change through when the forcing value is its number of updates and deletes", () => {
    expect(refusal({ existing: 20, updates: 7, deletes: 8 }, 15)).toBe("passes");
    expect(refusal({ existing: 20, updates: 7, deletes: 8 }, 8)).toBeInstanceOf(MassChangeError);
  });

  it("lets a change within the thresholds through whatever the forcing value", () => {
    expect(refusal({ existing: 100, updates: 30, deletes: 30 }, 99)).toBe("passes");
  });

  it("never refuses a change when no record exists before it, even with the guard on from 0 records", () => {
    // The review counts a zone's changes apart from its existing records, and may know none of
    // them: nothing can be a share of no records.
    const fromZero = { ...DEFAULT_MASS_CHANGE, minExisting: 0 };
    expect(massChangeVerdict({ existing: 0, updates: 2, deletes: 3 }, fromZero)).toEqual({
      refused: false,
      reasons: [],
      settings: [],
    });
    // From one record on, the same change is measured.
    expect(massChangeVerdict({ existing: 1, updates: 0, deletes: 1 }, fromZero)).toEqual({
      refused: true,
      reasons: ["deletes 1 of 1 existing records (100 %), more than 30 % (dnsimple:maxSafeDeleteShare)"],
      settings: ["dnsimple:maxSafeDeleteShare"],
    });
  });
});
