/**
 * Every declared output exists (issue 11): each kind declared with its required inputs only has,
 * after `up`, every output its SDK class names, defaults the service applied included (a primary
 * server's port 53, a record's TTL, a DS record's digest fields). Shared with bench/ownership.ts.
 */
import { type OutputsOutcome, runOutputsScenario, sdkDeclaredProperties } from "./ownership-scenarios";

let outcome: OutputsOutcome;

beforeAll(async () => {
  outcome = await runOutputsScenario();
}, 600_000);

const kinds = [...sdkDeclaredProperties().keys()].sort();

it("covers every resource class of the SDK", () => {
  expect(outcome.kindsChecked).toBe(kinds.length);
});

it.each(kinds)("%s has every output its SDK class declares", (kind) => {
  expect(outcome.missing[kind] ?? []).toEqual([]);
});
