/**
 * A create journal of its own for each test of the block (or file) that asks for one: a fresh
 * folder named by DNSIMPLE_CREATE_JOURNAL_DIR before each test, removed after it and the variable
 * unset. For the unit tests beside the code that create with an owner key (the lifecycle's and
 * the dynamic provider's). Here rather than beside the code, so it is neither built into the
 * package nor mutated as provider code.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";

/** Registers the hooks; returns the folder of the test that is running. */
export function useTemporaryJournal(): () => string {
  let dir = "";
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "journal-"));
    process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = dir;
  });
  afterEach(() => {
    delete process.env["DNSIMPLE_CREATE_JOURNAL_DIR"];
    rmSync(dir, { recursive: true, force: true });
  });
  return () => dir;
}
