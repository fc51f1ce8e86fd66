/**
 * Everything the definition of `ZoneRecords` declares, held to what the kind does with it: its
 * examples (a valid declaration; the changes that replace it, change it in place or change
 * nothing; the declarations `check` must refuse, each for one property), which input replaces the
 * set and which only lives in state, the messages of its input shapes, and how the review shows a
 * record set (section, words, zone, label, fields, its records as records).
 *
 * Each test loads the definition afresh (`jest.isolateModules`): these declarations are evaluated
 * when the module loads, and mutation testing (bench/mutation) credits code run at load to no test,
 * so each test loads the copy it checks. The examples are read from that copy, never written out
 * here: an example changed so that it no longer shows what its kind says fails its test.
 */
import { docOf } from "../framework/kind";
import { failurePath, reasonOf } from "../framework/validation";
import { SECRET_SIG } from "../framework/review-text";
import { UNKNOWN } from "../framework/unknown";

type Props = Record<string, unknown>;

/** The provider's settings here: an account and no token (nothing here may reach the service). */
const SETTINGS: Record<string, string> = { "dnsimple:account": "1", "dnsimple:token": "" };

/**
 * A fresh copy of the ZoneRecords definition and its provider. Everything is loaded inside the
 * callback: what a module loaded in it requires later comes from the test file's own modules.
 */
function loaded() {
  let definition!: typeof import("./zone-records").zoneRecordsResource;
  let provider!: ReturnType<typeof import("../dynamic").providerFor>;
  jest.isolateModules(() => {
    const runtime: typeof import("../framework/runtime") = require("../framework/runtime");
    runtime.configureRuntime({ get: (key) => SETTINGS[key] });
    provider = (require("../dynamic") as typeof import("../dynamic")).providerFor("ZoneRecords");
    definition = (require("./zone-records") as typeof import("./zone-records")).zoneRecordsResource;
  });
  return { definition, examples: definition.schema.examples, provider };
}

/**
 * A fresh copy of the review with the provider: the review reads every kind's definition through
 * the registry loaded with it, this ZoneRecords definition among them.
 */
function loadedWithReview() {
  let provider!: ReturnType<typeof import("../dynamic").providerFor>;
  let review!: typeof import("../review");
  jest.isolateModules(() => {
    const runtime: typeof import("../framework/runtime") = require("../framework/runtime");
    runtime.configureRuntime({ get: (key) => SETTINGS[key] });
    review = require("../review");
    provider = (require("../dynamic") as typeof import("../dynamic")).providerFor("ZoneRecords");
  });
  return { provider, review };
}

/** The review's section of the zone `example.com`: its records, a table with these rows. */
const recordsOfExampleCom = (...rows: string[]) =>
  [
    "#### `example.com`",
    "",
    "**Records**",
    "",
    "| | name | type | before | after | TTL |",
    "|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");

/** Inputs as state keeps them after a create. */
const state = (props: Props) => ({ ...props, accountId: "1" });

/** An example's change applied to the valid declaration (`undefined` removes a property). */
function applied(valid: Props, change: Props): Props {
  const args: Props = { ...valid, ...change };
  for (const [key, value] of Object.entries(change)) if (value === undefined) delete args[key];
  return args;
}

describe("the examples of ZoneRecords", () => {
  it("accepts the valid declaration, and sees no change against itself", async () => {
    const { examples, provider } = loaded();
    const { inputs, failures } = await provider.check!({}, examples.valid);
    expect(failures).toEqual([]);
    expect(await provider.diff!("1", state(inputs), inputs)).toEqual({ changes: false });
  });

  it("replaces the set on a change of exactly the inputs it declares replacing: the zone", async () => {
    const { definition, examples, provider } = loaded();
    const { inputs: olds } = await provider.check!({}, examples.valid);
    expect(definition.replaceOnChange).toEqual(Object.keys(examples.replaces));
    for (const [key, value] of Object.entries(examples.replaces)) {
      const { inputs, failures } = await provider.check!({}, { ...examples.valid, [key]: value });
      expect({ key, failures }).toEqual({ key, failures: [] });
      expect({ key, diff: await provider.diff!("1", state(olds), inputs) }).toEqual({
        key,
        diff: { changes: true, replaces: [key], deleteBeforeReplace: false },
      });
    }
  });

  it("changes the records and authoritative in place", async () => {
    const { examples, provider } = loaded();
    const { inputs: olds } = await provider.check!({}, examples.valid);
    expect(Object.keys(examples.inPlace ?? {})).not.toEqual([]);
    for (const [key, value] of Object.entries(examples.inPlace ?? {})) {
      const { inputs, failures } = await provider.check!({}, { ...examples.valid, [key]: value });
      expect({ key, failures }).toEqual({ key, failures: [] });
      expect({ key, diff: await provider.diff!("1", state(olds), inputs) }).toEqual({
        key,
        diff: { changes: true },
      });
    }
  });

  it("says of every input what its change does: replace, change in place, or change state alone", () => {
    const { definition, examples } = loaded();
    const declared = [
      ...Object.keys(examples.replaces),
      ...Object.keys(examples.inPlace ?? {}),
      ...(definition.localOnly ?? []),
    ];
    expect(declared.sort()).toEqual(Object.keys(definition.inputs).sort());
  });

  it("sees no change, either way, in the zone and records as the service spells them", async () => {
    const { examples, provider } = loaded();
    expect(examples.same).not.toEqual([]);
    for (const spelling of examples.same ?? []) {
      const respelled = { ...examples.valid, ...spelling };
      expect(await provider.diff!("1", state(examples.valid), respelled)).toEqual({ changes: false });
      expect(await provider.diff!("1", state(respelled), examples.valid)).toEqual({ changes: false });
    }
  });

  it("refuses each invalid declaration, naming the one property it gets wrong and why", async () => {
    const { examples, provider } = loaded();
    // What check says where zone-records.ts words it itself (the others come from shared rules).
    const reasons: Record<string, string | RegExp> = {
      records: "must be a list of records, or a map of keys to records",
      "records[1]": /^declares the same record as records\[0\] \(.+\); each record once$/,
    };
    expect(examples.invalid).not.toEqual([]);
    for (const [property, why, change] of examples.invalid) {
      expect(why).toMatch(/\w+ \w+/);
      const { failures = [] } = await provider.check!({}, applied(examples.valid, change));
      expect({ why, properties: [...new Set(failures.map(failurePath))] }).toEqual({
        why,
        properties: [property],
      });
      for (const { reason } of failures)
        expect({ why, reason }).toEqual({ why, reason: expect.stringMatching(/\w/) });
      const expected = reasons[property];
      if (expected !== undefined)
        expect(failures.map((f) => reasonOf(f))).toEqual([expect.stringMatching(expected)]);
    }
  });
});

describe("ZoneRecords inputs and outputs", () => {
  it("documents every output, the ones the reference page leaves out (zoneName, records) among them", () => {
    const { definition } = loaded();
    const undocumented = Object.entries(definition.schema.outputs).filter(([, field]) => !docOf(field));
    expect(undocumented.map(([key]) => key)).toEqual([]);
  });

  it("refuses records that are neither a list nor a map of records, saying what they must be", async () => {
    const { examples, provider } = loaded();
    const failures = async (records: unknown) =>
      (await provider.check!({}, { ...examples.valid, records })).failures;
    expect(await failures(42)).toEqual([
      { property: "records", reason: "must be a list of records, or a map of keys to records" },
    ]);
    // In a list or a map, the first record that is not one, by its place or its key.
    const shape = "each record must be an object { name, type, content, ttl?, priority?, regions? }";
    expect(await failures([{ name: "www", type: "A", content: "192.0.2.1" }, "A 192.0.2.1"])).toEqual([
      { property: "records", reason: `records[1]: ${shape}` },
    ]);
    expect(await failures({ www: "A 192.0.2.1" })).toEqual([
      { property: "records", reason: `records.www: ${shape}` },
    ]);
  });

  it("refuses a zoneFile that is not what readZoneFile gives, pointing at readZoneFile", async () => {
    const { examples, provider } = loaded();
    const readZoneFile = 'read a file with dnsimple.readZoneFile("zones/example.com.zone")';
    const path = await provider.check!({}, { ...examples.valid, zoneFile: "zones/example.com.zone" });
    expect(path.failures).toEqual([
      { property: "zoneFile", reason: `must be { text, name? }: ${readZoneFile}` },
    ]);
    const noText = await provider.check!({}, { ...examples.valid, zoneFile: { name: "example.com.zone" } });
    expect(noText.failures).toEqual([
      // Inside an input: the path first in the reason (the engine prints no value for it).
      { property: "", reason: `zoneFile.text: is the zone file's text: ${readZoneFile}` },
    ]);
  });

  it("keeps a zone file's name in state alone: a new name makes no request, a changed record does", async () => {
    const { examples, provider } = loaded();
    const declared = (name: string, text: string) =>
      provider.check!({}, { ...examples.valid, zoneFile: { name, text } }).then((r) => r.inputs);
    const olds = await declared("a.zone", "$TTL 300\napi A 192.0.2.9\n");
    const renamed = await declared("b.zone", "$TTL 300\napi A 192.0.2.9\n");
    // No token is configured: an update that asks the service anything fails.
    const { outs } = await provider.update!("example.com/1", state(olds), renamed);
    expect(outs).toEqual({ ...state(olds), zoneFile: { name: "b.zone" } });
    const changed = await declared("b.zone", "$TTL 300\napi A 192.0.2.8\n");
    await expect(provider.update!("example.com/1", state(olds), changed)).rejects.toThrow(
      /dnsimple:token is not set/,
    );
  });
});

describe("the review of a ZoneRecords change", () => {
  const URN = (name: string) => `urn:pulumi:prod::dns::pulumi-nodejs:dynamic/dnsimple:ZoneRecords::${name}`;
  const step = (op: string, name: string, before: Props | undefined, after: Props | undefined) => ({
    op,
    urn: URN(name),
    ...(before ? { oldState: { inputs: before, outputs: { accountId: "1" } } } : {}),
    ...(after ? { newState: { inputs: after } } : {}),
  });
  const preview = (...steps: unknown[]) => ({ config: { "dnsimple:account": "1" }, steps });
  const record = (name: string) => ({ name, type: "A", content: "192.0.2.1", ttl: 600 });

  it("lists a new set's records one by one, as records of its zone", async () => {
    const { provider, review } = loadedWithReview();
    const { inputs } = await provider.check!(
      {},
      {
        zoneName: "example.com",
        records: [record("www"), { name: "", type: "MX", content: "mail.example.com", priority: 10 }],
      },
    );
    const { headline, markdown } = review.renderReview(
      review.parsePreview(preview(step("create", "hosts", undefined, inputs))),
    );
    expect(headline).toBe("2 records added in example.com");
    expect(markdown).toContain(
      recordsOfExampleCom(
        "| **add** | `@` | MX |  | `10 mail.example.com` | 3600 |",
        "| **add** | `www` | A |  | `192.0.2.1` | 600 |",
      ),
    );
  });

  it("shows a set whose records stay the same as a record set of its zone, its fields but the records", async () => {
    const { provider, review } = loadedWithReview();
    const { inputs } = await provider.check!({}, { zoneName: "Example.COM.", records: [record("www")] });
    const { headline, markdown, risks } = review.renderReview(
      review.parsePreview(preview(step("update", "hosts", inputs, { ...inputs, authoritative: true }))),
    );
    expect(headline).toBe("1 record set changed");
    expect(markdown).toContain(
      recordsOfExampleCom(
        "| **change** | record set `hosts` |  | `authoritative: false` | `authoritative: true` |  |",
      ),
    );
    expect(risks.map((r) => r.reasons.join(" "))).toEqual([
      expect.stringMatching(/^Authoritative: every record of `example\.com` it does not declare is deleted/),
    ]);
  });

  it("orders record sets by their number of records, and counts them as record sets", async () => {
    const { provider, review } = loadedWithReview();
    const set = async (...names: string[]) =>
      (await provider.check!({}, { zoneName: "example.com", records: names.map((n) => record(n)) })).inputs;
    const [big, small] = [await set("a", "b", "c"), await set("d")];
    const flipped = (inputs: Props) => ({ ...inputs, authoritative: true });
    const { headline, markdown } = review.renderReview(
      review.parsePreview(
        preview(step("update", "big", big, flipped(big)), step("update", "small", small, flipped(small))),
      ),
    );
    expect(headline).toBe("2 record sets changed");
    expect(markdown.split("\n").filter((line) => line.startsWith("| **change**"))).toEqual([
      "| **change** | record set `small` |  | `authoritative: false` | `authoritative: true` |  |",
      "| **change** | record set `big` |  | `authoritative: false` | `authoritative: true` |  |",
    ]);
    const { label } = review.KINDS.ZoneRecords!;
    expect([label(big), label(small), label({ records: UNKNOWN }), label({ records: null })]).toEqual([
      "3 records",
      "1 record",
      "records",
      "records",
    ]);
  });

  it("lists each record of a set as that record's own kind: a ZoneRecord in the set's zone", () => {
    const { review } = loadedWithReview();
    const { members } = review.KINDS.ZoneRecords!;
    expect([members?.kind, members?.field]).toEqual(["ZoneRecord", "records"]);
    expect(
      members?.of({
        zoneName: "example.com",
        account: "2",
        records: {
          "www A 192.0.2.1": "www 600 A 192.0.2.1",
          apex: { name: "", type: "A", content: "192.0.2.2" },
        },
      }),
    ).toEqual({
      "www A 192.0.2.1": {
        name: "www",
        ttl: 600,
        type: "A",
        content: "192.0.2.1",
        zoneName: "example.com",
        account: "2",
      },
      apex: { name: "", type: "A", content: "192.0.2.2", zoneName: "example.com", account: "2" },
    });
    // Records not known as records (secret, from another resource, not yet known): none listed.
    for (const records of [
      { [SECRET_SIG]: "x", plaintext: "[]" },
      { $from: "other", kind: "ZoneRecords" },
      UNKNOWN,
    ])
      expect(members?.of({ zoneName: "example.com", records })).toBeUndefined();
  });
});
