/**
 * A kind's lifecycle, written once: `check` validates and normalizes inputs, `diff` compares them
 * as the kind says, `create` journals the create and settles it by the rules of `ownership.ts`,
 * `read`/`update`/`delete` run the kind's operations in the account recorded at create time, and
 * an unfinished object is kept in state for the next `up` ({@link KeptInStateError}). Each way of
 * serving a kind to the engine is a thin adapter over this: the dynamic provider
 * (`provider/dynamic/`) and the provider plugin (`provider/plugin/`) only translate the engine's
 * wire form. Nothing here knows either wire form (`__provider`, URNs, gRPC).
 */
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { outcomeUnknown } from "../client";
import { beginCreate, createAnswered, forgetCreate, settleCreate } from "./create-journal";
import { explainSettingError } from "./credentials";
import type { Created, CreateMark, ResourceContext, ResourceDefinition, State } from "./definition";
import { flushReports } from "./engine-log";
import { rewriteOf } from "./fields";
import { converge, createSettlingAmbiguity, findToAdopt, recoverEarlierCreate, remember } from "./ownership";
import { guardMassChange } from "./mass-change";
import { nothingToImport, parseImportId } from "./imports";
import { isPartialCreate, PartialCreateError } from "./partial";
import { getClient, getSettings, verifyCredentials } from "./runtime";
import { massChangeThresholds, requireAccount } from "./settings";
import { stepStarted } from "./steps-in-flight";
import { containsUnknown } from "./unknown";
import { type CheckFailure, type FieldSchemas, validateInputs } from "./validation";

/** Inputs every resource accepts. */
export const commonInputs: FieldSchemas = {
  account: z
    .union([z.string().regex(/^\d+$/, "account must be a numeric account id"), z.number().int().positive()])
    .transform(String)
    .optional(),
  adopt: z.boolean().optional(),
  /**
   * The resource's stable key, set by the TypeScript SDK (project, stack, type, name): the default
   * owner key (see {@link Lifecycle.create}). Not for programs to set; never a reason for a change.
   */
  ownerKey: z.string().optional(),
};

const COMMON_LOCAL_ONLY = ["adopt", "ownerKey"];

/**
 * State marker of an object whose create may or may not have taken effect (see `naturalId`).
 * Not an input: `check` never lets a program set it.
 */
export const CREATE_UNCONFIRMED = "createUnconfirmed";

/** Brand of {@link KeptInStateError}: recognised even from a second copy of this module. */
const KEPT_IN_STATE = Symbol.for("pulumi-dnsimple-dynamic.KeptInStateError");

/**
 * An unfinished object the engine must record as it is: created (or perhaps created) but with
 * work left, which the next `up` finishes instead of starting over. `properties` are its state
 * (inputs, what is true of it, `accountId`, and the marker of the work left: `providerOwned` or
 * `createUnconfirmed`); `reasons` are what the engine reports. An adapter turns it into its
 * engine's "kept but failed" answer (ErrorResourceInitFailed).
 *
 * @example
 * try { return await lifecycle.create(inputs); }
 * catch (error) { if (isKeptInState(error)) keep(error.id, error.properties, error.reasons); throw error; }
 */
export class KeptInStateError extends Error {
  override readonly name = "KeptInStateError";
  readonly [KEPT_IN_STATE] = true;
  readonly reasons: string[];
  constructor(
    message: string,
    readonly id: string,
    readonly properties: State,
  ) {
    super(message);
    this.reasons = [message];
  }
}

/** Whether `error` is a {@link KeptInStateError}, from this copy of the module or another. */
export function isKeptInState(error: unknown): error is KeptInStateError {
  return error instanceof Error && KEPT_IN_STATE in error;
}

/** What `diff` answers: whether anything is to be done, and property by property what and how. */
export interface LifecycleDiff {
  /** Something is to be done: a property changed, or unfinished work waits (even with none). */
  readonly changes: boolean;
  /** Properties whose change needs a new object (`account` when the object moves account). */
  readonly replaces: string[];
  /** Every property that differs, replaced or not (`account` too when it moves). */
  readonly changed: string[];
  /** Set when `replaces` is not empty: the old object goes first. */
  readonly deleteBeforeReplace?: boolean;
}

/**
 * The operations of one kind, as the engine asks for them. `olds`, `news` and `state` are the
 * resource's own properties: an adapter strips its engine's bookkeeping first. The owner key names
 * the resource's entry in the create journal (decision 005): stable across runs, unique in the
 * stack. It defaults to the `ownerKey` input the TypeScript SDK sets; an adapter without that SDK
 * passes its own (the plugin, one made from the URN). An empty key is no key: no journal.
 *
 * @example
 * const zone = lifecycleOf(zoneResource);
 * const { inputs, failures } = await zone.check({}, { name: "example.com" });
 * const { id, outs } = await zone.create(inputs, "urn:pulumi:dev::site::dnsimple-dynamic:index:Zone::main");
 */
export interface Lifecycle {
  readonly kind: string;
  /** `ownerKey`: as for `create`, for the rules across the resources of one run. */
  check(olds: State, news: State, ownerKey?: string): Promise<{ inputs: State; failures: CheckFailure[] }>;
  diff(id: string, olds: State, news: State, ownerKey?: string): Promise<LifecycleDiff>;
  /** @throws {KeptInStateError} when the object exists (or may) and work is left. */
  create(inputs: State, ownerKey?: string): Promise<{ id: string; outs: State }>;
  /** No id when the object is gone. */
  read(id: string, state: State, ownerKey?: string): Promise<{ id?: string; props?: State; inputs?: State }>;
  /**
   * An existing object taken into the stack (`pulumi import`, the `import` option, `get`): the id
   * in any of the kind's forms (framework/imports.ts), read in the stack's account with no write;
   * the answer's inputs are the declaration of the object as `check` leaves it, so the program's
   * matching declaration shows no change. Like `adopt`, the object is the stack's from then on.
   * @throws {ImportIdError} for an id of no form of the kind, or one naming nothing.
   */
  import(id: string): Promise<{ id: string; props: State; inputs: State }>;
  /** @throws {KeptInStateError} when the update was done in part (an order still pending). */
  update(id: string, olds: State, news: State, ownerKey?: string): Promise<{ outs: State }>;
  delete(id: string, state: State, ownerKey?: string): Promise<void>;
}

/** The owner key the TypeScript SDK sets as an input; any other value is no key. */
const ownerKeyInput = (props: State): string | undefined =>
  typeof props.ownerKey === "string" ? props.ownerKey : undefined;

/** The account an existing object lives in: recorded at create time, never re-derived. */
function stateAccount(state: State): string {
  return requireAccount(getSettings(), state.accountId ?? state.account);
}

function context(account: string): ResourceContext {
  return { client: getClient(), account };
}

function inputsOf(definition: ResourceDefinition, state: State): State {
  const out: State = {};
  for (const key of Object.keys({ ...commonInputs, ...definition.inputs })) {
    if (state[key] !== undefined) out[key] = state[key];
  }
  return out;
}

/**
 * The state of an object whose create was left unconfirmed, once settled: read under its natural
 * id if the create took effect, created now (with the inputs it was declared with) if not.
 */
async function settleUnconfirmed(
  definition: ResourceDefinition,
  id: string,
  previous: State,
): Promise<State> {
  const ctx = context(stateAccount(previous));
  const declared = inputsOf(definition, previous);
  const mark: CreateMark = { since: ctx.client.transport.serviceTime() };
  const outs =
    (await definition.read(ctx, id, previous)) ??
    (await createSettlingAmbiguity(definition, ctx, declared, mark, undefined)).outs;
  const settled: State = { ...previous, ...outs };
  delete settled[CREATE_UNCONFIRMED];
  return settled;
}

/** Fields a declaration may leave out whose value the service decides: no opinion, no diff. */
function isOptionalWithoutDefault(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success && schema.safeParse(undefined).data === undefined;
}

/**
 * The one way an unfinished object is kept: its state is what it was declared with, what is true
 * of it, and the account it lives in. What makes it unfinished is in that state (`providerOwned`,
 * or `createUnconfirmed`), so the next `up` finishes the job.
 */
function keptInState(
  unfinished: PartialCreateError,
  id: string,
  base: State,
  account: string,
): KeptInStateError {
  return new KeptInStateError(unfinished.message, id, {
    ...base,
    ...unfinished.created.outs,
    accountId: account,
  });
}

/**
 * The lifecycle of `definition`'s kind. Each call flushes the messages it reported before it
 * answers, and creates, updates and deletes count as steps in flight.
 *
 * @example
 * const { id, outs } = await lifecycleOf(zoneResource).create({ name: "example.com" });
 */
export function lifecycleOf(definition: ResourceDefinition): Lifecycle {
  const fields: FieldSchemas = { ...commonInputs, ...definition.inputs };
  // State the provider keeps; any of it set means unfinished work that the next update resumes.
  const providerOwned = [CREATE_UNCONFIRMED, ...(definition.providerOwned ?? [])];
  const markers = new Set([...(definition.markers ?? []), ...providerOwned]);
  const unfinished = (state: State) =>
    providerOwned.some((key) => state[key] !== undefined && state[key] !== null && state[key] !== false);
  const localOnly = new Set([...COMMON_LOCAL_ONLY, ...(definition.localOnly ?? [])]);
  const serviceDecides = new Set(
    Object.keys(definition.inputs).filter(
      (key) => isOptionalWithoutDefault(definition.inputs[key]!) && !markers.has(key),
    ),
  );
  // The kind's own rewrite of an input, else its field type's (a domain name, a numeric id).
  const normalizers = new Map(
    Object.keys(definition.inputs).flatMap((key) => {
      const normalize = definition.normalize?.[key] ?? rewriteOf(definition.inputs[key]!)?.normalize;
      return normalize ? [[key, normalize] as const] : [];
    }),
  );
  const normalized = (key: string, value: unknown, inputs: State): unknown => {
    // A marker the provider cleared with null is as absent as one never set.
    if (value === null && markers.has(key)) return undefined;
    const normalize = normalizers.get(key);
    return normalize && value !== undefined && value !== null && !containsUnknown(value)
      ? normalize(value, inputs)
      : value;
  };

  return withReportsFlushed({
    kind: definition.kind,

    async check(_olds, news, ownerKey = ownerKeyInput(news)) {
      const validated = validateInputs(fields, news);
      const { failures } = validated;
      let { inputs } = validated;
      if (definition.expand) {
        const expanded = definition.expand(inputs);
        inputs = expanded.inputs;
        failures.push(...expanded.failures);
      }
      for (const key of definition.providerOwned ?? []) {
        if (news[key] === undefined || news[key] === null) continue;
        failures.push({
          property: key,
          reason: `${key} is kept by the provider (it is an output of ${definition.kind}), not set by programs`,
        });
      }
      if (inputs.adopt === true && !definition.findMatching) {
        failures.push({
          property: "adopt",
          reason:
            `a ${definition.kind} cannot be adopted: nothing identifies an existing one for sure ` +
            `(no natural key), so adopt would have to guess; remove adopt and let Pulumi create it`,
        });
      }
      if (failures.length === 0 && definition.refine && !containsUnknown(inputs)) {
        failures.push(...definition.refine(inputs));
      }
      if (definition.refinePartial) {
        failures.push(...definition.refinePartial(inputs, ownerKey, news));
      }
      // Valid inputs: the settings that reach the service are checked too, once per process
      // (credentials.ts), so a preview fails on them. An account not known yet is checked at `up`.
      // A setting the service refuses is a failure of this check, not an error: an error thrown
      // from a dynamic provider's check is also printed, with its stack, as the program's own
      // message, so a wrong token showed three times (the plugin printed it as the engine does).
      if (failures.length === 0) {
        const account = inputs.account ?? getSettings().account;
        try {
          await verifyCredentials(
            typeof account === "string" && !containsUnknown(account) ? account : undefined,
          );
        } catch (error) {
          if (!(error instanceof Error) || error.name !== "CredentialsError") throw error;
          failures.push({ property: "", reason: error.message });
        }
      }
      return { inputs, failures };
    },

    async diff(id, olds, news, ownerKey = ownerKeyInput(olds)) {
      settleCreate(ownerKey, id);
      const changed: string[] = [];
      const replaces: string[] = [];
      for (const key of Object.keys(fields)) {
        if (key === "account" || key === "adopt" || key === "ownerKey") continue;
        const next = news[key];
        const before = olds[key];
        // An optional input left out leaves the value to the service (its default, shown as output).
        if (next === undefined && serviceDecides.has(key)) continue;
        const differs =
          containsUnknown(next) ||
          !isDeepStrictEqual(normalized(key, before, olds), normalized(key, next, news));
        if (!differs) continue;
        changed.push(key);
        if (definition.replaceOnChange.includes(key)) replaces.push(key);
      }
      // Moving to another account means a new object there, whatever the other inputs say.
      const nextAccount = news.account ?? getSettings().account;
      const previousAccount = olds.accountId ?? olds.account;
      const accountMoves =
        nextAccount !== undefined &&
        previousAccount !== undefined &&
        (containsUnknown(nextAccount) || `${nextAccount}` !== `${previousAccount}`);
      if (accountMoves) {
        changed.push("account");
        replaces.push("account");
      }
      // Unfinished work (an unconfirmed create, an order still pending) is finished by the update.
      const changes = changed.length > 0 || unfinished(olds);
      if (replaces.length === 0) {
        // An update that would change or delete too many of the records that exist is refused here,
        // at preview, before any request (mass-change.ts). A replacement moves the whole object on
        // purpose (another zone, another account), and a destroy never asks diff.
        const rule = definition.massChange;
        const counts = changed.length > 0 ? rule?.counts(olds, news) : undefined;
        if (rule && counts) {
          const thresholds = massChangeThresholds(getSettings());
          guardMassChange(definition.kind, counts, thresholds, rule.force, news[rule.force]);
        }
        return { changes, replaces, changed };
      }
      const deleteBeforeReplace =
        !accountMoves && !containsUnknown(news) && (definition.deleteBeforeReplace?.(olds, news) ?? false);
      return { changes, replaces, changed, deleteBeforeReplace };
    },

    async create(inputs, ownerKey = ownerKeyInput(inputs)) {
      const account = requireAccount(getSettings(), inputs.account);
      const ctx = context(account);
      // An empty key is no key: every use below asks `if (key)`.
      const key = ownerKey || undefined;
      let created: Created | undefined;
      if (inputs.adopt === true && definition.findMatching) {
        const found = await findToAdopt(definition, ctx, inputs);
        if (found) created = await converge(definition, ctx, found, inputs, localOnly, normalized);
      }
      if (!created && key) {
        const recovered = await recoverEarlierCreate(definition, ctx, inputs, key);
        if (recovered) created = await converge(definition, ctx, recovered, inputs, localOnly, normalized);
      }
      if (!created) {
        const newerThanId = definition.highestIdBeforeCreate
          ? await definition.highestIdBeforeCreate(ctx)
          : undefined;
        const mark: CreateMark = {
          since: ctx.client.transport.serviceTime(),
          ...(newerThanId !== undefined ? { newerThanId } : {}),
        };
        if (key) {
          beginCreate({
            key,
            kind: definition.kind,
            account,
            since: mark.since.toISOString(),
            ...(newerThanId !== undefined ? { newerThanId } : {}),
          });
        }
        try {
          created = await createSettlingAmbiguity(definition, ctx, inputs, mark, key);
        } catch (error) {
          if (key && !outcomeUnknown(error) && !isPartialCreate(error)) forgetCreate(key);
          if (isPartialCreate(error)) {
            if (key) createAnswered(key, error.created.id);
            throw keptInState(error, error.created.id, inputs, account);
          }
          if (definition.naturalId && outcomeUnknown(error)) {
            const message =
              `${(error as Error).message}. Whether the ${definition.kind} was created is unknown: it is kept ` +
              `in the stack as unconfirmed, and the next \`pulumi up\` checks the service and creates it only ` +
              `if it is not there`;
            const unconfirmed = { id: definition.naturalId(inputs), outs: { [CREATE_UNCONFIRMED]: true } };
            throw keptInState(new PartialCreateError(message, unconfirmed), unconfirmed.id, inputs, account);
          }
          throw error;
        }
        if (key) createAnswered(key, created.id);
      }
      remember(definition, account, created.id);
      return { id: created.id, outs: { ...inputs, ...created.outs, accountId: account } };
    },

    async read(id, state, ownerKey = ownerKeyInput(state)) {
      settleCreate(ownerKey, id);
      const account = stateAccount(state);
      const outs = await definition.read(context(account), id, state);
      if (!outs) return {};
      const merged = { ...state, ...outs, accountId: account };
      return { id, props: merged, inputs: inputsOf(definition, merged) };
    },

    async import(text) {
      const spec = definition.imports;
      if (!spec) {
        throw new Error(
          `a ${definition.kind} cannot be imported: ${definition.notImportable ?? "the provider cannot read one back by an id"}`,
        );
      }
      const target = parseImportId(definition.kind, spec.forms, text);
      const account = requireAccount(getSettings(), undefined);
      const ctx = context(account);
      const located = await spec.locate(ctx, target);
      const outs = located && (await definition.read(ctx, located.id, located.state));
      if (!located || !outs) throw nothingToImport(definition.kind, text, account);
      const declared = await spec.declared(ctx, { ...located, outs });
      // The declaration as `check` leaves it (defaults filled, spellings kept); one `check` refuses
      // is returned as it is, and the engine shows check's reasons.
      const validated = validateInputs(fields, declared.inputs);
      const checked = validated.failures.length === 0 ? validated.inputs : declared.inputs;
      remember(definition, account, located.id);
      const props: State = { ...located.state, ...checked, ...outs, ...declared.outs, accountId: account };
      // What the provider keeps (`goneFromAccount`) is state, never a program's input.
      const inputs = Object.fromEntries(
        Object.entries(checked).filter(([key]) => !providerOwned.includes(key)),
      );
      return { id: located.id, props, inputs };
    },

    async update(id, olds, next, ownerKey = ownerKeyInput(olds)) {
      let previous = olds;
      settleCreate(ownerKey, id);
      const account = stateAccount(previous);
      if (previous[CREATE_UNCONFIRMED] === true) previous = await settleUnconfirmed(definition, id, previous);
      const apiChange = Object.keys(definition.inputs).some(
        (key) =>
          !localOnly.has(key) &&
          !(next[key] === undefined && serviceDecides.has(key)) &&
          !isDeepStrictEqual(normalized(key, previous[key], previous), normalized(key, next[key], next)),
      );
      let outs: State = {};
      if (apiChange) {
        if (!definition.update) {
          throw new Error(
            `${definition.kind} cannot be updated in place (provider bug: diff should replace)`,
          );
        }
        try {
          outs = await definition.update(context(account), id, previous, next);
        } catch (error) {
          if (!isPartialCreate(error)) throw error;
          // Done in part (an order still pending): Pulumi keeps what is true of it in state.
          throw keptInState(error, id, previous, account);
        }
      }
      const merged: State = { ...previous, ...outs };
      // Inputs come from the program; one it leaves out keeps the value the service decided.
      for (const key of Object.keys(fields)) {
        if (!(next[key] === undefined && serviceDecides.has(key))) delete merged[key];
      }
      delete merged[CREATE_UNCONFIRMED];
      const defined = Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined));
      return { outs: { ...merged, ...defined, accountId: account } };
    },

    async delete(id, state, ownerKey = ownerKeyInput(state)) {
      await definition.delete(context(stateAccount(state)), id, state);
      settleCreate(ownerKey, id);
    },
  });
}

/**
 * Each method answers only after the messages it reported (progress, request log) were handed
 * over, so they show before the step's result, and none is lost when the engine stops the
 * provider after the last step. A create, update or delete is a step of the engine's: counted
 * while this process works on it. An error a setting likely caused (a 401, an address where
 * nothing answers) names that setting.
 */
function withReportsFlushed(lifecycle: Lifecycle): Lifecycle {
  const flushed =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await method(...args);
      } catch (error) {
        throw explainSettingError(error, getSettings());
      } finally {
        await flushReports();
      }
    };
  const step =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const answered = stepStarted(lifecycle.kind);
      try {
        return await method(...args);
      } finally {
        answered();
      }
    };
  return {
    kind: lifecycle.kind,
    check: flushed(lifecycle.check),
    diff: flushed(lifecycle.diff),
    create: step(flushed(lifecycle.create)),
    read: flushed(lifecycle.read),
    import: flushed(lifecycle.import),
    update: step(flushed(lifecycle.update)),
    delete: step(flushed(lifecycle.delete)),
  };
}
