/**
 * The create journal on its own (decision 005): what an entry proves, when it is dropped, and
 * what is never taken as proof (old, unreadable or foreign entries).
 */
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import * as path from "node:path";
import {
  beginCreate,
  createAnswered,
  forgetCreate,
  idsHeldByOthers,
  journalDir,
  listCreates,
  pendingCreate,
  settleCreate,
} from "./create-journal";

const saved = { dir: process.env["DNSIMPLE_CREATE_JOURNAL_DIR"], home: process.env["PULUMI_HOME"] };
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "journal-"));
  process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = dir;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
afterAll(() => {
  for (const [name, value] of [
    ["DNSIMPLE_CREATE_JOURNAL_DIR", saved.dir],
    ["PULUMI_HOME", saved.home],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const now = () => new Date().toISOString();
const entry = (key: string, over: Record<string, unknown> = {}) => ({
  key,
  kind: "Toy",
  account: "1",
  since: now(),
  ...over,
});

/** An entry for `key` whose create the service answered with `id`. */
const answered = (key: string, id: string, over: Record<string, unknown> = {}) => {
  beginCreate(entry(key, over));
  createAnswered(key, id);
};

describe("where the journal lives", () => {
  it("in the folder named by the environment, else under PULUMI_HOME, else ~/.pulumi", () => {
    expect(journalDir()).toBe(dir);
    process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = "";
    process.env["PULUMI_HOME"] = "/tmp/ph";
    expect(journalDir()).toBe("/tmp/ph/dnsimple-dynamic/creates");
    process.env["PULUMI_HOME"] = "";
    expect(journalDir()).toBe(path.join(homedir(), ".pulumi", "dnsimple-dynamic", "creates"));
    process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = dir;
  });
});

describe("an entry", () => {
  it("is found by its key until the create is forgotten", () => {
    const e = entry("p/s/Toy/a", { newerThanId: 4 });
    beginCreate(e);
    expect(pendingCreate("p/s/Toy/a")).toEqual(e);
    expect(pendingCreate("p/s/Toy/b")).toBeUndefined();
    forgetCreate("p/s/Toy/a");
    expect(pendingCreate("p/s/Toy/a")).toBeUndefined();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("gets the id when the service answers, and only if it exists", () => {
    beginCreate(entry("k"));
    createAnswered("k", "42");
    expect(pendingCreate("k")).toMatchObject({ key: "k", createdId: "42" });
    createAnswered("other", "43");
    expect(pendingCreate("other")).toBeUndefined();
  });

  it("is dropped once state holds the object with that id, and not for another id", () => {
    answered("k", "42");
    settleCreate("k", "41");
    expect(pendingCreate("k")).toBeDefined();
    settleCreate(undefined, "42");
    settleCreate("", "42");
    expect(pendingCreate("k")).toBeDefined();
    settleCreate("k", "42");
    expect(pendingCreate("k")).toBeUndefined();
  });

  it("proves nothing when it is older than 30 days, has no start, or is not JSON", () => {
    const old = new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString();
    beginCreate(entry("old", { since: old }));
    expect(pendingCreate("old")).toBeUndefined();
    const recent = new Date(Date.now() - 29 * 24 * 3600 * 1000).toISOString();
    beginCreate(entry("recent", { since: recent }));
    expect(pendingCreate("recent")).toBeDefined();
    beginCreate(entry("undated", { since: "some day" }));
    expect(pendingCreate("undated")).toBeUndefined();
    beginCreate(entry("untimed", { since: 5 }));
    expect(pendingCreate("untimed")).toBeUndefined();
  });

  it("proves nothing when it names no resource", () => {
    beginCreate(entry("k"));
    const [file] = readdirSync(dir);
    const { key: _key, ...keyless } = entry("k");
    writeFileSync(path.join(dir, file!), JSON.stringify(keyless));
    expect(pendingCreate("k")).toBeUndefined();
  });

  it("proves nothing when the file under its key names another resource", () => {
    beginCreate(entry("k"));
    const [file] = readdirSync(dir);
    writeFileSync(path.join(dir, file!), JSON.stringify(entry("someone-else")));
    expect(pendingCreate("k")).toBeUndefined();
    writeFileSync(path.join(dir, file!), "{not json");
    expect(pendingCreate("k")).toBeUndefined();
  });
});

describe("ids held by other resources' entries", () => {
  it("are those answered to other keys of the same kind and account", () => {
    answered("mine", "1");
    answered("other", "2");
    beginCreate(entry("unanswered"));
    answered("other-kind", "3", { kind: "Other" });
    answered("other-account", "4", { account: "2" });
    beginCreate(entry("too-old", { since: "2000-01-01T00:00:00Z", createdId: "5" }));
    writeFileSync(path.join(dir, "notes.txt"), JSON.stringify(entry("x", { createdId: "6" })));
    writeFileSync(path.join(dir, "broken.json"), "{");
    expect([...idsHeldByOthers("mine", "Toy", "1")]).toEqual(["2"]);
  });

  it("are none when there is no journal yet", () => {
    process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = path.join(dir, "missing");
    expect(idsHeldByOthers("mine", "Toy", "1").size).toBe(0);
  });
});

describe("the journal's edges", () => {
  afterEach(() => jest.useRealTimers());

  it("ignores an entry exactly 30 days old", () => {
    jest.useFakeTimers({ now: Date.parse("2024-03-01T00:00:00Z") });
    beginCreate(
      entry("edge", {
        since: new Date(Date.parse("2024-03-01T00:00:00Z") - 30 * 24 * 3600 * 1000).toISOString(),
      }),
    );
    expect(pendingCreate("edge")).toBeUndefined();
    beginCreate(
      entry("inside", {
        since: new Date(Date.parse("2024-03-01T00:00:00Z") - 30 * 24 * 3600 * 1000 + 1).toISOString(),
      }),
    );
    expect(pendingCreate("inside")).toBeDefined();
  });

  it("forgets an entry that is not there without complaint", () => {
    expect(() => forgetCreate("never-written")).not.toThrow();
  });

  it("counts no id of an entry without a key or a start, nor of a file it cannot read", () => {
    writeFileSync(
      path.join(dir, "keyless.json"),
      JSON.stringify({ kind: "Toy", account: "1", since: now(), createdId: "7" }),
    );
    writeFileSync(
      path.join(dir, "timeless.json"),
      JSON.stringify({ key: "x", kind: "Toy", account: "1", createdId: "8" }),
    );
    mkdirSync(path.join(dir, "folder.json"));
    expect([...idsHeldByOthers("mine", "Toy", "1")]).toEqual([]);
  });
});

describe("how long an entry counts", () => {
  afterEach(() => jest.useRealTimers());

  it("for 30 days from its start, counted by a freshly loaded journal", () => {
    let journal: typeof import("./create-journal") | undefined;
    jest.isolateModules(() => {
      journal = require("./create-journal") as typeof import("./create-journal");
    });
    const start = Date.parse("2024-03-01T00:00:00Z");
    journal!.beginCreate(entry("k", { since: new Date(start).toISOString() }));
    for (const [after, counts] of [
      [1000, true],
      [3600 * 1000, true],
      [29 * 24 * 3600 * 1000, true],
      [30 * 24 * 3600 * 1000, false],
    ] as const) {
      jest.useFakeTimers({ now: start + after });
      expect(journal!.pendingCreate("k") !== undefined).toBe(counts);
    }
  });

  it("not at all when its start is not written as a date string", () => {
    jest.useFakeTimers({ now: Date.parse("2024-01-10T00:00:00Z") });
    // A bare year would read as 1 January 2024, nine days back.
    beginCreate(entry("year", { since: 2024 }));
    expect(pendingCreate("year")).toBeUndefined();
    beginCreate(entry("listed", { since: ["2024-01-09T00:00:00Z"] }));
    expect(pendingCreate("listed")).toBeUndefined();
    beginCreate(entry("dated", { since: "2024-01-09T00:00:00Z" }));
    expect(pendingCreate("dated")).toBeDefined();
  });
});

describe("an entry's file", () => {
  it("is named by the first 40 hex digits of its key's SHA-256, and no temporary file stays", () => {
    beginCreate(entry("p/s/Toy/a"));
    const digest = createHash("sha256").update("p/s/Toy/a").digest("hex");
    expect(readdirSync(dir)).toEqual([`${digest.slice(0, 40)}.json`]);
  });
});

describe("an answered create", () => {
  it("stays, with its id, until state shows that id: a create returning is no proof", () => {
    answered("k", "42");
    answered("k2", "43");
    expect(pendingCreate("k")).toMatchObject({ createdId: "42" });
    settleCreate("k2", "43");
    expect(listCreates().map((e) => e.key)).toEqual(["k"]);
  });
});

describe("the list of creates", () => {
  it("holds every entry, oldest first, and deletes those past 30 days", () => {
    beginCreate(entry("later", { since: "2999-01-01T00:00:00Z" }));
    answered("first", "7", { since: now() });
    beginCreate(entry("too-old", { since: "2000-01-01T00:00:00Z" }));
    writeFileSync(path.join(dir, "broken.json"), "{");
    writeFileSync(path.join(dir, "keyless.json"), JSON.stringify({ since: now() }));
    expect(listCreates().map((e) => [e.key, e.createdId])).toEqual([
      ["first", "7"],
      ["later", undefined],
    ]);
    // The old entry is gone; what this version cannot read is left as it is.
    expect(readdirSync(dir).sort()).toHaveLength(4);
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(["broken.json", "keyless.json"]));
  });

  it("reads another folder, or none", () => {
    const other = path.join(dir, "other");
    mkdirSync(other);
    process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = other;
    beginCreate(entry("elsewhere"));
    process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = dir;
    expect(listCreates(other).map((e) => e.key)).toEqual(["elsewhere"]);
    expect(listCreates(path.join(dir, "missing"))).toEqual([]);
    expect(journalDir({ PULUMI_HOME: "/tmp/ph" })).toBe("/tmp/ph/dnsimple-dynamic/creates");
    expect(journalDir({ DNSIMPLE_CREATE_JOURNAL_DIR: other })).toBe(other);
  });

  it("keeps 300 entries side by side and drops each once state shows its id", () => {
    for (let i = 0; i < 300; i++) answered(`r${i}`, String(i));
    expect(listCreates(dir)).toHaveLength(300);
    // What this costs a create is measured, not asserted: bench/skip-checkpoints.ts.
    for (let i = 0; i < 300; i++) settleCreate(`r${i}`, String(i));
    expect(readdirSync(dir)).toEqual([]);
  });
});
