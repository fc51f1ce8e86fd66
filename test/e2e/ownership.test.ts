/**
 * Ours or adopted, nothing else (issue 11): for every kind the service lets exist twice and every
 * kind whose create used to take over a look-alike, an identical object made by hand before `up`
 * is untouched by `up` and survives `destroy` without `adopt`; with `adopt` it is taken over and
 * deleted by `destroy`. The scenario is shared with bench/ownership.ts. It uses the public API
 * only, so the live suite (scripts/test-live) runs it against an account of the service too: the
 * target is the emulator of this file, or that account (test/live/target.ts).
 */
import { closeTarget, liveTarget, named } from "../live/target";
import { handMadeCases, type HandMadeOutcome, runHandMadeScenario } from "./ownership-scenarios";

let outcomes: HandMadeOutcome[];

beforeAll(async () => {
  const target = await liveTarget();
  outcomes = (await runHandMadeScenario({ ...target, named })).outcomes;
}, 900_000);

afterAll(() => closeTarget());

const byKind = (kind: string) => outcomes.find((o) => o.kind === kind)!;

describe.each(handMadeCases(named).map((c) => [c.kind, c.unique] as const))(
  "a hand-made %s",
  (kind, unique) => {
    it("exists before the program runs", () => {
      expect(byKind(kind).before).toHaveLength(1);
    });

    if (unique) {
      it("makes `up` fail with the adopt hint, since the service keeps it unique", () => {
        expect(byKind(kind).upFailedWithAdoptHint).toBe(true);
        expect(byKind(kind).afterUp).toEqual(byKind(kind).before);
      });
    } else {
      it("is left alone by `up`, which makes the program's own object next to it", () => {
        const o = byKind(kind);
        expect(o.ownId).toBeDefined();
        expect(o.before).not.toContain(o.ownId);
        expect(o.afterUp).toEqual(expect.arrayContaining([...o.before, o.ownId]));
      });
    }

    it("survives `destroy` of a stack that did not adopt it", () => {
      const o = byKind(kind);
      expect(o.afterDestroy).toEqual(o.before);
    });

    it("is taken over with `adopt: true`, and then deleted by `destroy`", () => {
      const o = byKind(kind);
      expect(o.before).toContain(o.adoptedId);
      expect(o.afterAdoptDestroy).not.toContain(o.adoptedId);
    });
  },
);
