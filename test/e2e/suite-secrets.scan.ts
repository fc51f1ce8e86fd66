/**
 * The last step of the test command: every project the end-to-end suites left under .work/e2e
 * (scripts/test runs them with E2E_KEEP_WORKDIRS=1) is scanned for secrets in clear: each file
 * (state, state history and backups, workspace files, engine output) and `pulumi stack export`,
 * for the tokens the tests use and each project's own secrets (secret config and every secret
 * value in its state).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { projectsUnder, scanProject, scanProjects, tokensInTests } from "./secret-scan";

const root = path.resolve(__dirname, "../../.work/e2e");
const projects = projectsUnder(root);

describe("secrets after the whole end-to-end suite", () => {
  it("has the project folders of the end-to-end suites to scan", () => {
    // A scan of nothing proves nothing: run alone, without the e2e suites kept by
    // E2E_KEEP_WORKDIRS=1 (scripts/test does both), this fails rather than pass empty.
    expect({ root, projects: projects.length > 5 }).toEqual({ root, projects: true });
  });

  it("would notice a planted secret, also JSON-escaped", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "scan-check-"));
    try {
      writeFileSync(path.join(dir, "state.json"), JSON.stringify({ note: 'pass"word-1234567' }));
      expect(await scanProject(dir, ['pass"word-1234567', "never-written-value"])).toEqual([
        { secret: 'pass"word-1234567', file: "state.json" },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("finds no token, password, auth code, key or personal data in clear", async () => {
    const tokens = tokensInTests();
    expect(tokens.length).toBeGreaterThan(3);
    const { leaks, scanned } = await scanProjects(projects, tokens);
    expect({ leaks, scanned }).toEqual({ leaks: [], scanned: projects.length });
  });
});
