/**
 * One-shot resources: actions that are not desired state (renew a domain, authorize a transfer
 * out, reset a token...). Each is a resource whose `create` performs the action once and records
 * its result; nothing runs again until an input changes, and every input replaces: a new value
 * of `triggers` (any value) runs the action again. `read` refreshes what the service still shows
 * of the result and never drops the resource (dropping it would run the action again on the next
 * `up`); `delete` does nothing at the service: removing the resource undoes nothing.
 *
 * Actions that spend money are never sent twice by surprise. A request whose answer was lost is
 * not resent in the same run; the next `up` (through the create journal, docs/decisions/005)
 * first looks for proof that it took effect (`proveDone`) and, finding none, fails with an
 * explanation unless the program consents with `orderAgain: true`.
 */
import { z } from "zod";
import { isApiError, isConnectionError } from "../client";
import type {
  CreateMark,
  Created,
  ResourceContext,
  ResourceDefinition,
  State,
} from "./framework/define-resource";
import type { FieldSchemas } from "./framework/validation";

/** What an action kind declares; `oneShot` turns it into a resource definition. */
export interface ActionSpec {
  readonly kind: string;
  /** What the action acts on and with; every one of them replaces (runs the action again). */
  readonly inputs: FieldSchemas;
  /** Inputs that only steer the provider (no new run when they change). */
  readonly localOnly?: ReadonlyArray<string>;
  readonly normalize?: Readonly<Record<string, (value: unknown) => unknown>>;
  /** What the action is, in words, for messages: `the renewal of example.com`. */
  describe(inputs: State): string;
  /**
   * True for actions that charge the account (or place an order): an unknown outcome is never
   * resent without proof or consent (`orderAgain`).
   */
  readonly spendsMoney: boolean;
  /** Performs the action; the id names its result (an order id when the service gives one). */
  run(ctx: ResourceContext, inputs: State, mark: CreateMark): Promise<Created>;
  /** What the service still shows of the result; `undefined` keeps the state as it is. */
  refresh?(ctx: ResourceContext, id: string, state: State): Promise<State | undefined>;
  /**
   * After an attempt whose answer was lost: the result of that attempt if something proves it
   * took effect since `mark`, else undefined (which proves nothing).
   */
  proveDone?(ctx: ResourceContext, inputs: State, mark: CreateMark): Promise<Created | undefined>;
  /** For actions whose results the service lists with creation times: as `ResourceDefinition`. */
  findMatching?(ctx: ResourceContext, inputs: State): Promise<Created[]>;
}

/** The input that runs the action again when its value changes. */
export const TRIGGERS = "triggers";

const falseAsAbsent = (v: unknown): unknown => (v === false ? undefined : v);

/** Whether a failed request may still have taken effect (sent, answer lost, or a 5xx). */
export function outcomeUnknown(error: unknown): boolean {
  if (isConnectionError(error)) return true;
  return isApiError(error) && error.status !== undefined && (error.status >= 500 || error.status === 408);
}

/** Why the next `up` refuses to run a paid action again: with the ways out. */
export function unknownOutcomeMessage(kind: string, what: string, since: string): string {
  return (
    `An earlier ${kind} of this stack (${what}, started ${since}) got no answer, and nothing ` +
    `shows whether it took effect. It is not sent again on its own, because that could pay twice. ` +
    `Check the account (listCharges, or the domain's expiry); if it did not take effect, set ` +
    `\`orderAgain: true\` on this ${kind} and run \`pulumi up\` (then remove it again).`
  );
}

/**
 * The resource definition of an action.
 *
 * @example
 * export const renewalResource = oneShot({ kind: "DomainRenewal", inputs: {...}, spendsMoney: true, ... });
 */
export function oneShot(spec: ActionSpec): ResourceDefinition {
  const inputs: FieldSchemas = {
    ...spec.inputs,
    // Any value; compared whole, and removing it counts as a change too (see `markers`).
    [TRIGGERS]: z.unknown().optional(),
    ...(spec.spendsMoney ? { orderAgain: z.boolean().default(false) } : {}),
  };
  const localOnly = [...(spec.localOnly ?? []), ...(spec.spendsMoney ? ["orderAgain"] : [])];
  const replaceOnChange = Object.keys(inputs).filter((key) => !localOnly.includes(key));
  const definition: ResourceDefinition = {
    kind: spec.kind,
    inputs,
    replaceOnChange,
    localOnly,
    // `triggers` left out after having a value is a change, not a value left to the service.
    markers: [TRIGGERS],
    normalize: { ...(spec.normalize ?? {}), orderAgain: falseAsAbsent },

    async create(ctx, values, mark) {
      try {
        return await spec.run(ctx, values, mark);
      } catch (error) {
        if (spec.spendsMoney && outcomeUnknown(error) && error instanceof Error) {
          // The same error (its status and brand keep the create journal's entry): more words.
          error.message +=
            `. Whether ${spec.describe(values)} took effect is unknown; it is not sent again. The ` +
            `next \`pulumi up\` looks for proof that it did, and otherwise asks for \`orderAgain: true\``;
        }
        throw error;
      }
    },

    async read(ctx, id, state) {
      // Never gone: a one-shot dropped from the stack would run again on the next `up`.
      return (await spec.refresh?.(ctx, id, state)) ?? {};
    },

    async delete() {
      // An action cannot be taken back; removing it from the program only forgets it.
    },
  };
  if (spec.findMatching) {
    definition.findMatching = spec.findMatching;
  } else {
    definition.recover = async (ctx, values, mark) => {
      const proof = await spec.proveDone?.(ctx, values, mark);
      if (proof) return proof;
      if (!spec.spendsMoney || values.orderAgain === true) return undefined;
      throw new Error(unknownOutcomeMessage(spec.kind, spec.describe(values), mark.since.toISOString()));
    };
  }
  return definition;
}
