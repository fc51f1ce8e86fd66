/**
 * Every operation of the service's specification is reachable from a program through the
 * exported SDK (issue 16): measured by running each export against the emulator (see
 * bench/lib/operations.ts), and held against the table of docs/operations.md.
 */
import { existsSync, readFileSync } from "node:fs";
import * as path from "node:path";
import {
  measureReach,
  operationKey,
  parseSpecOperations,
  readSpecOperations,
  type ReachReport,
  specFile,
} from "../../bench/lib/operations";
import { docsTable, readDocsOperations } from "../../bench/lib/operations-docs";
import { REPO_ROOT } from "../shared-reference";

const SPEC = specFile(REPO_ROOT);
const DOCS = path.join(REPO_ROOT, "docs/operations.md");
// The spec sits beside the checkout; without it the documented list (checked against the spec
// whenever both are there) stands in, so a clone alone still measures every operation.
const operations = existsSync(SPEC)
  ? readSpecOperations(SPEC)
  : readDocsOperations(readFileSync(DOCS, "utf8"));

let report: ReachReport;
beforeAll(async () => {
  report = await measureReach(operations);
}, 180_000);

describe("the spec's operations", () => {
  it("are read from the spec's endpoint tables: 93, each once", () => {
    expect(operations).toHaveLength(93);
    expect(new Set(operations.map((o) => o.key)).size).toBe(93);
  });

  it("make parameters and the certificate authority's segment uniform", () => {
    expect(operationKey("post", "/v2/:account/domains/:domain/certificates/publicca/:purchaseId/issue")).toBe(
      operationKey("POST", "/v2/:account/domains/:domain/certificates/letsencrypt/:purchase/issue"),
    );
    const [update] = parseSpecOperations(
      "## Endpoints\n| POST | `/:account/platform/messages` with `:message` in the parameters (update) | x |\n## End\n",
    );
    expect(update?.key).toBe("POST /v2/:/platform/messages/:");
  });
});

describe("every operation of the spec", () => {
  it("is reached by an export of the SDK, every scenario running and every name exported", () => {
    expect(report.failures).toEqual([]);
    expect(report.notExported).toEqual([]);
    expect(report.unreachable.map((o) => `${o.method} ${o.path}`)).toEqual([]);
    expect(report.reachedBy.size).toBe(operations.length);
  });

  it("is listed in docs/operations.md with the exports that reach it", () => {
    expect(readFileSync(DOCS, "utf8")).toContain(docsTable(report));
  });
});
