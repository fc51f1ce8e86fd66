/**
 * `unrecorded-creates`: the journal's creates no later state confirmed, by stack, less what a
 * `pulumi stack export` holds; local files only.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { beginCreate, createAnswered } from "../framework/create-journal";
import { ofStack, unrecordedCreatesMain } from "./unrecorded-creates";

let dir: string;
const saved = process.env["DNSIMPLE_CREATE_JOURNAL_DIR"];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "unrecorded-"));
  process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = path.join(dir, "creates");
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  if (saved === undefined) delete process.env["DNSIMPLE_CREATE_JOURNAL_DIR"];
  else process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = saved;
});

async function run(argv: string[]) {
  let out = "";
  let err = "";
  const code = await unrecordedCreatesMain(argv, {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    env: { DNSIMPLE_CREATE_JOURNAL_DIR: path.join(dir, "creates") },
  });
  return { code, out, err };
}

const made = (key: string, id: string | undefined, since: string) => {
  beginCreate({ key, kind: "ZoneRecord", account: "1", since });
  if (id) createAnswered(key, id);
};

describe("unrecorded-creates", () => {
  it("lists the stack's creates, oldest first, less the ids the exported state holds", async () => {
    made("web/prod/dnsimple:index:ZoneRecord::www", "11", "2099-01-01T00:00:01Z");
    made("urn:pulumi:prod::web::dnsimple:index:ZoneRecord::api", undefined, "2099-01-01T00:00:02Z");
    made("web/prod/dnsimple:index:ZoneRecord::kept", "13", "2099-01-01T00:00:00Z");
    made("web/dev/dnsimple:index:ZoneRecord::www", "14", "2099-01-01T00:00:00Z");
    const state = path.join(dir, "state.json");
    writeFileSync(state, JSON.stringify({ deployment: { resources: [{ id: "13" }, { urn: "no id" }] } }));
    const { code, out } = await run(["--stack", "web/prod", "--state", state]);
    expect(code).toBe(0);
    expect(out.split("\n")).toEqual([
      `2 create(s) in ${path.join(dir, "creates")} not confirmed by a later run's state`,
      "ZoneRecord 11 account 1 started 2099-01-01T00:00:01Z web/prod/dnsimple:index:ZoneRecord::www",
      "ZoneRecord answer lost account 1 started 2099-01-01T00:00:02Z urn:pulumi:prod::web::dnsimple:index:ZoneRecord::api",
      "",
    ]);
    expect((await run([])).out).toMatch(/^4 create\(s\)/);
  });

  it("says so when there is nothing, and refuses a malformed stack or state", async () => {
    expect((await run([])).out).toMatch(/^0 create\(s\)/);
    expect(await run(["--stack", "prod"])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/--stack must be/),
    });
    writeFileSync(path.join(dir, "bad.json"), "{");
    expect(await run(["--state", path.join(dir, "bad.json")])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/not the output of pulumi stack export/),
    });
  });

  it("reads a key as the stack's by the SDK's prefix or the URN's", () => {
    expect(ofStack("web/prod/x::y", "web/prod")).toBe(true);
    expect(ofStack("urn:pulumi:prod::web::t::n", "web/prod")).toBe(true);
    expect(ofStack("urn:pulumi:prod::web2::t::n", "web/prod")).toBe(false);
    expect(ofStack("web/production/x", "web/prod")).toBe(false);
  });
});
