/**
 * The table of bad inputs, made from the kinds' definitions (`examples.invalid`): each row is a
 * complete set of arguments for one resource kind that is wrong in exactly one property, and must
 * be rejected by `check` (before any API call) with a message naming that property. Used by
 * test/e2e/bad-input.test.ts and bench/bad-input.ts.
 */
import { allDefinitions } from "../../provider/kinds";
import { LIVE, liveTarget, requestsLogged } from "../live/target";
import { type BadInput, badInputRows } from "./bad-input-rows";
import { inPool } from "./in-pool";
import { createStack, spawnEmulator, type Declaration } from "./reliability-lib";

export type { BadInput };

/** Valid arguments of each kind (its definition's `examples.valid`); rows override one property. */
export const VALID: Record<string, Record<string, unknown>> = Object.fromEntries(
  allDefinitions().map((definition) => [definition.kind, { ...definition.schema!.examples.valid }]),
);

/** Every kind's invalid examples (`examples.invalid` in its definition), as complete arguments. */
export const BAD_INPUTS: BadInput[] = allDefinitions().flatMap(badInputRows);

/**
 * Bad inputs that `check` lets through today (a request reaches the API): bugs reported to the
 * owners, kept out of BAD_INPUTS so the suite stays green, and asserted with `it.failing`.
 */
export const KNOWN_GAPS: BadInput[] = [];

/** Every row as a resource of the generic program, named `bad<index>`. */
export function badInputProgram(rows: BadInput[] = BAD_INPUTS): Declaration[] {
  return rows.map((r, i) => ({ type: r.kind, name: resourceName(i), args: r.args }));
}

export const resourceName = (index: number) => `bad${String(index).padStart(2, "0")}`;

/**
 * Whether the engine output names `property` as the problem of resource `name`. The engine prints
 * one diagnostic per failure: `<type> resource '<name>': property <property> value {…} has a
 * problem: <reason>` for an input itself, and `<type> resource '<name>' has a problem:
 * <property>: <reason>` for a path inside one (`engineFailures`: the engine shows no value there).
 */
export function engineNamesProperty(output: string, name: string, property: string): boolean {
  return new RegExp(engineProblem(name, property)).test(output);
}

/** The start of the engine's line for a failure of `property` of resource `name`, as a regex source. */
export function engineProblem(name: string, property: string): string {
  const escaped = property.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return `resource '${name}'(: property ${escaped} value .* has a problem:| has a problem: ${escaped}:)`;
}

export interface PreviewOutcome {
  row: BadInput;
  name: string;
  /** Exit code of `pulumi preview` (non-zero expected). */
  code: number;
  text: string;
  /**
   * API calls in the target's request log when this preview finished (cumulative), where the log
   * can be read (the emulator's); undefined against the service.
   */
  callsSoFar: number | undefined;
  /** Requests the provider logged in this preview (`dnsimple:requestLog`): counted on any target. */
  requestsLogged: number;
}

/**
 * Where the previews run: an emulator of this process's own (its request log is read), or, in
 * live mode (scripts/test-live), the account of test/live/target.ts, where only the provider's
 * own request log counts calls. Nothing is made on it: every row fails in `check`.
 */
export interface PreviewTarget {
  baseUrl: string;
  token: string;
  account: string | number;
  /** Every API call the target has seen so far, where it can tell (the emulator). */
  requests?: () => Promise<unknown[]>;
  close(): Promise<void>;
}

export async function openPreviewTarget(token: string): Promise<PreviewTarget> {
  if (LIVE) {
    const live = await liveTarget();
    return { baseUrl: live.baseUrl, token: live.token, account: live.account, close: async () => {} };
  }
  const emulator = await spawnEmulator({ token });
  await emulator.clearRequests();
  return {
    baseUrl: emulator.v2Url,
    token,
    account: 1,
    requests: () => emulator.requests(),
    close: () => emulator.close(),
  };
}

/**
 * Whether row `index` is the first of its kind: those rows go through the engine in the normal
 * suite (bad-input.test.ts), the others in the live suite (test/live/bad-input-engine.live.ts), so every
 * row is previewed once.
 */
export function isFirstOfItsKind(rows: readonly BadInput[], index: number): boolean {
  return rows.findIndex((other) => other.kind === rows[index]!.kind) === index;
}

/**
 * One `pulumi preview` per row: the engine stops at the first `check` failure of a program, so
 * rows cannot share one. Rows are spread over `workers` stacks that preview in parallel, each
 * from the generic program's folder (its own program process), never inline: the engine ends a
 * preview at the failed `check` while an inline program is still registering in this process,
 * and what it left running there broke the next inline preview (twice in nine clean runs: a bad
 * input that previewed without error, and gRPC calls to an engine already gone).
 */
export async function previewEachRow(
  target: PreviewTarget,
  rows: BadInput[] = BAD_INPUTS,
  workers = 3,
): Promise<PreviewOutcome[]> {
  const outcomes: PreviewOutcome[] = new Array(rows.length);
  const stacks = await Promise.all(
    Array.from({ length: Math.min(workers, rows.length) }, () =>
      // The token in the environment: no secret config, so no key derivation per preview.
      createStack({
        program: "generic",
        baseUrl: target.baseUrl,
        token: target.token,
        tokenIn: "env",
        account: target.account,
        // One line per request in the engine's output: how calls are counted on the service.
        config: { "dnsimple:requestLog": "true" },
      }),
    ),
  );
  // At most one row per stack at a time: a row takes an idle stack and gives it back.
  const idle = [...stacks];
  try {
    await inPool(rows, stacks.length, async (row, i) => {
      const stack = idle.pop()!;
      try {
        const name = resourceName(i);
        await stack.declare([{ type: row.kind, name, args: row.args }]);
        const { code, text } = await stack.cli(["preview"], { allowFailure: true });
        outcomes[i] = {
          row,
          name,
          code,
          text,
          callsSoFar: target.requests && (await target.requests()).length,
          requestsLogged: requestsLogged(text.split("\n")).size,
        };
      } finally {
        idle.push(stack);
      }
    });
  } finally {
    await Promise.all(stacks.map((s) => s.cleanup()));
  }
  return outcomes;
}
