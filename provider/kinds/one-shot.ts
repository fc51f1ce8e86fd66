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
import { outcomeUnknown } from "../client";
import type { CreateMark, ResourceContext } from "../framework/definition";
import type { ActionEffect, ActionPrice } from "../framework/definition";
import {
  defineResource,
  type FieldShape,
  type Found,
  type IdFormat,
  type InputsOf,
  isSecret,
  type KindDocs,
  type KindExamples,
  type KindReview,
  type KindSpec,
  type Matched,
  type Normalizers,
  type OutputsOf,
  type StoredOf,
} from "../framework/kind";
import { maskEmail, str } from "../framework/review-text";

/** The inputs `oneShot` adds to every action: `triggers`, and `orderAgain` (declared on paid ones). */
const actionInputs = {
  triggers: z
    .unknown()
    .optional()
    .describe(
      "Any value: when it changes (or is removed), the action runs again (the resource is replaced). " +
        "A date, a version or a counter makes a good trigger.",
    ),
  orderAgain: z
    .boolean()
    .default(false)
    .describe(
      "Consent to send the action again when an earlier attempt of this resource got no answer and " +
        "nothing proves whether it went through (it could be paid twice). Default false; set it only " +
        "after checking the account, and remove it afterwards.",
    ),
};

type ActionInputs<I extends FieldShape> = I & typeof actionInputs;
/** What an action's operations receive: its own inputs and `triggers`/`orderAgain`. */
type ActionValues<I extends FieldShape> = InputsOf<ActionInputs<I>>;

/** What an action kind declares; `oneShot` turns it into a resource definition. */
export interface ActionSpec<I extends FieldShape, O extends FieldShape, Id extends string | number> {
  readonly kind: string;
  readonly docs: KindDocs;
  /** Example declarations (see `KindSpec.examples`). */
  readonly examples: KindExamples;
  /**
   * What the review says of the action beyond what its inputs tell (see `actionReview`): its noun,
   * the registrar price that applies, what else running it does.
   */
  readonly review: {
    readonly noun: readonly [string, string];
    readonly price?: ActionPrice;
    readonly effect?: ActionEffect;
    readonly masks?: KindReview["masks"];
  };
  /** What the action acts on and with; every one of them replaces (runs the action again). */
  readonly inputs: I;
  /** What the action's result shows. */
  readonly outputs: O;
  readonly ids: IdFormat<Id>;
  /** Inputs that only steer the provider (no new run when they change). */
  readonly localOnly?: ReadonlyArray<keyof I & string>;
  readonly normalize?: Normalizers<I>;
  /** What the action is, in words, for messages: `the renewal of example.com`. */
  describe(inputs: ActionValues<I>): string;
  /**
   * True for actions that charge the account (or place an order): an unknown outcome is never
   * resent without proof or consent (`orderAgain`).
   */
  readonly spendsMoney: boolean;
  /** Performs the action; the id names its result (an order id when the service gives one). */
  run(ctx: ResourceContext, inputs: ActionValues<I>, mark: CreateMark): Promise<Found<O, Id>>;
  /** What the service still shows of the result; `undefined` keeps the state as it is. */
  refresh?(
    ctx: ResourceContext,
    id: Id,
    state: StoredOf<ActionInputs<I>, O>,
  ): Promise<Partial<OutputsOf<O>> | undefined>;
  /**
   * After an attempt whose answer was lost: the result of that attempt if something proves it
   * took effect since `mark`, else undefined (which proves nothing).
   */
  proveDone?(
    ctx: ResourceContext,
    inputs: ActionValues<I>,
    mark: CreateMark,
  ): Promise<Matched<O, Id> | undefined>;
  /** For actions whose results the service lists with creation times: as `KindSpec.findMatching`. */
  findMatching?(ctx: ResourceContext, inputs: ActionValues<I>): Promise<Array<Matched<O, Id>>>;
}

/** The input that runs the action again when its value changes. */
export const TRIGGERS = "triggers";

const falseAsAbsent = (v: unknown): unknown => (v === false ? undefined : v);

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
 * Inputs of actions the review never shows although state keeps them in clear: registry data
 * (`extendedAttributes`) and certificate requests (`csr`). Secret inputs and outputs come from the
 * `secret()` markers.
 */
const INPUTS_NEVER_SHOWN = ["extendedAttributes", "csr"];

/**
 * An action's review entry: every input shown but the secret ones and the local-only ones
 * (`orderAgain`), labelled by what it acts on. Created or replaced, it runs at the service;
 * deleted, it undoes nothing.
 */
function actionReview<I extends FieldShape, O extends FieldShape, Id extends string | number>(
  spec: ActionSpec<I, O, Id>,
  allInputs: FieldShape,
  localOnly: readonly string[],
): KindReview {
  const inputs = Object.keys(allInputs).filter((f) => !localOnly.includes(f));
  const hidden = [
    ...inputs.filter((f) => isSecret(allInputs[f]!) || INPUTS_NEVER_SHOWN.includes(f)),
    ...Object.entries(spec.outputs as FieldShape)
      .filter(([, field]) => isSecret(field))
      .map(([f]) => f),
  ];
  const has = (f: string) => inputs.includes(f);
  return {
    section: "actions",
    noun: spec.review.noun,
    verbs: {
      create: "run",
      update: "changed",
      delete: "left the stack (nothing undone)",
      replace: "run again",
    },
    // What it acts on: the domain (a certificate's name in it, a certificate of it), else the
    // plan, the user's address (local part hidden) or the OAuth application.
    label: (p) => {
      if (has("domain")) {
        const domain = str(p.domain);
        const name = has("name") ? str(p.name) : "";
        const base = name === "" ? domain : `${name}.${domain}`;
        return has("certificateId") ? `${base} certificate ${str(p.certificateId)}` : base;
      }
      if (has("email")) return maskEmail(p.email);
      return str(has("plan") ? p.plan : p.clientId);
    },
    fields: inputs.filter((f) => !hidden.includes(f)),
    hidden,
    ...(spec.review.masks !== undefined ? { masks: spec.review.masks } : {}),
    action: {
      spendsMoney: spec.spendsMoney,
      ...(spec.review.price !== undefined ? { price: spec.review.price } : {}),
      ...(spec.review.effect !== undefined ? { effect: spec.review.effect } : {}),
    },
  };
}

/**
 * The resource definition of an action.
 *
 * @example
 * export const renewalResource = oneShot({ kind: "DomainRenewal", inputs: {...}, spendsMoney: true, ... });
 */
export function oneShot<I extends FieldShape, O extends FieldShape, Id extends string | number>(
  spec: ActionSpec<I, O, Id>,
) {
  const { orderAgain, triggers } = actionInputs;
  // Any value; compared whole, and removing it counts as a change too (see `markers`).
  // Typed as if every action took `orderAgain`; only paid ones declare it (check refuses it on others).
  const inputs = { ...spec.inputs, triggers, ...(spec.spendsMoney ? { orderAgain } : {}) } as ActionInputs<I>;
  const localOnly = [...(spec.localOnly ?? []), ...(spec.spendsMoney ? ["orderAgain" as const] : [])];
  const steering = new Set<string>(localOnly);
  const replaceOnChange = Object.keys(inputs).filter((key) => !steering.has(key));
  const { run, describe, proveDone, findMatching } = spec;
  const definition: KindSpec<ActionInputs<I>, O, Id> = {
    kind: spec.kind,
    docs: spec.docs,
    examples: spec.examples,
    review: actionReview(spec, inputs, localOnly),
    inputs,
    outputs: spec.outputs,
    ids: spec.ids,
    notImportable:
      "it is a one-shot action (run once when created, never undone), not an object the service keeps to read back",
    replaceOnChange,
    localOnly,
    // `triggers` left out after having a value is a change, not a value left to the service.
    markers: ["triggers"],
    normalize: { ...(spec.normalize ?? {}), orderAgain: falseAsAbsent },

    async create(ctx, values, mark) {
      try {
        return await run(ctx, values, mark);
      } catch (error) {
        if (spec.spendsMoney && outcomeUnknown(error) && error instanceof Error) {
          // The same error (its status and brand keep the create journal's entry): more words.
          error.message +=
            `. Whether ${describe(values)} took effect is unknown; it is not sent again. The ` +
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

    ...(findMatching
      ? { findMatching }
      : {
          async recover(ctx, values, mark) {
            const proof = await proveDone?.(ctx, values, mark);
            if (proof) return proof;
            const consent = (values as { orderAgain?: boolean }).orderAgain === true;
            if (!spec.spendsMoney || consent) return undefined;
            throw new Error(unknownOutcomeMessage(spec.kind, describe(values), mark.since.toISOString()));
          },
        }),
  };
  return defineResource(definition);
}
