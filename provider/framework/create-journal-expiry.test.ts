/**
 * The list of creates at its edges: an entry exactly 30 days old is deleted when the folder is
 * read, and an expired entry that another process deletes at the same moment is no error.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { beginCreate, listCreates } from "./create-journal";

// The real file system, with reads the test can step into (another process acting meanwhile).
jest.mock("node:fs", () => {
  const actual = jest.requireActual<typeof import("node:fs")>("node:fs");
  return { ...actual, readFileSync: jest.fn(actual.readFileSync) };
});
const realFs = jest.requireActual<typeof import("node:fs")>("node:fs");
const readFile = readFileSync as unknown as jest.Mock;

const DAY_MS = 24 * 3600 * 1000;
const NOW = Date.parse("2024-03-01T00:00:00Z");

const saved = process.env["DNSIMPLE_CREATE_JOURNAL_DIR"];
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "journal-expiry-"));
  process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = dir;
  jest.useFakeTimers({ now: NOW });
});
afterEach(() => {
  jest.useRealTimers();
  readFile.mockImplementation(realFs.readFileSync);
  rmSync(dir, { recursive: true, force: true });
});
afterAll(() => {
  if (saved === undefined) delete process.env["DNSIMPLE_CREATE_JOURNAL_DIR"];
  else process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = saved;
});

const entry = (key: string, since: number) => ({
  key,
  kind: "Toy",
  account: "1",
  since: new Date(since).toISOString(),
});

describe("reading the list of creates", () => {
  it("deletes an entry exactly 30 days old and keeps one a millisecond younger", () => {
    beginCreate(entry("edge", NOW - 30 * DAY_MS));
    beginCreate(entry("inside", NOW - 30 * DAY_MS + 1));
    expect(readdirSync(dir)).toHaveLength(2);
    expect(listCreates().map((e) => e.key)).toEqual(["inside"]);
    expect(readdirSync(dir)).toHaveLength(1);
    expect(JSON.parse(realFs.readFileSync(path.join(dir, readdirSync(dir)[0]!), "utf8"))).toMatchObject({
      key: "inside",
    });
  });

  it("lists without failing when another process deletes an expired entry just after it was read", () => {
    beginCreate(entry("too-old", NOW - 31 * DAY_MS));
    readFile.mockImplementationOnce((file: string, encoding: BufferEncoding) => {
      const text = realFs.readFileSync(file, encoding);
      realFs.rmSync(file); // another `unrecorded-creates` listing the same folder got there first
      return text;
    });
    expect(listCreates()).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("leaves an entry with no start at all in place: it is not known to be old", () => {
    writeFileSync(path.join(dir, "undated.json"), JSON.stringify({ key: "k", kind: "Toy", account: "1" }));
    expect(listCreates()).toEqual([]);
    expect(readdirSync(dir)).toEqual(["undated.json"]);
  });
});
