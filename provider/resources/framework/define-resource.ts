/**
 * A kind's definition as a Pulumi dynamic provider: `check` validates and normalizes inputs,
 * `diff` compares them as the kind says, `create` journals the create and settles it by the rules
 * of `ownership.ts`, `read`/`update`/`delete` run the kind's operations in the account recorded at
 * create time, and an unfinished object is kept in state for the next `up`. The definition's type
 * is `definition.ts`; `kind.ts` types it for kind files.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { outcomeUnknown } from "../../client";
import { beginCreate, createAnswered, forgetCreate, settleCreate } from "./create-journal";
import { flushReports } from "./engine-log";
import { stepStarted } from "./steps-in-flight";
import { getClient, getSettings } from "./runtime";
import { requireAccount } from "./settings";
import { rewriteOf } from "./fields";
import { containsUnknown } from "./unknown";
import { type FieldSchemas, validateInputs } from "./validation";
import { isPartialCreate, PartialCreateError } from "./partial";
import type { Created, CreateMark, ResourceContext, ResourceDefinition, State } from "./definition";
import { converge, createSettlingAmbiguity, findToAdopt, recoverEarlierCreate, remember } from "./ownership";

export type { Created, CreateMark, ResourceContext, ResourceDefinition, State } from "./definition";
export { AlreadyExistsError, forgetClaimsOfThisProcess, refusesDuplicate } from "./ownership";

/** Inputs every resource accepts. */
export const commonInputs: FieldSchemas = {
  account: z
    .union([z.string().regex(/^\d+$/, "account must be a numeric account id"), z.number().int().positive()])
    .transform(String)
    .optional(),
  adopt: z.boolean().optional(),
  /**
   * The resource's stable key, set by the SDK (project, stack, type, name): names the resource's
   * entry in the create journal. Not for programs to set; never a reason for a change.
   */
  ownerKey: z.string().optional(),
};

const COMMON_LOCAL_ONLY = ["adopt", "ownerKey"];

/**
 * State marker of an object whose create may or may not have taken effect (see `naturalId`).
 * Not an input: `check` never lets a program set it.
 */
export const CREATE_UNCONFIRMED = "createUnconfirmed";

/** The account an existing object lives in: recorded at create time, never re-derived. */
function stateAccount(state: State): string {
  return requireAccount(getSettings(), state.accountId ?? state.account);
}

function context(account: string): ResourceContext {
  return { client: getClient(), account };
}

/** Strips Pulumi's bookkeeping so only the resource's own properties remain. */
function ownProperties(props: State): State {
  const { __provider: _ignored, ...rest } = props;
  return rest;
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
 * The one way an unfinished object is kept: Pulumi records it with these properties
 * (ErrorResourceInitFailed) and the error's message. What makes it unfinished is in the state the
 * provider keeps (`providerOwned`, or `createUnconfirmed`), so the next `up` finishes the job
 * instead of starting over. The engine stores the properties as the resource's state: they carry
 * the provider code too, or refresh and destroy of the object could not load a provider.
 */
function keptInState(
  unfinished: PartialCreateError,
  id: string,
  base: State,
  account: string,
  provider: unknown,
): Error {
  return Object.assign(new Error(unfinished.message), {
    id,
    properties: { ...base, ...unfinished.created.outs, accountId: account, __provider: provider },
    reasons: [unfinished.message],
  });
}

export function toDynamicProvider(definition: ResourceDefinition): dynamic.ResourceProvider {
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

  return withReportsFlushed(definition.kind, {
    async check(_olds: State, news: State): Promise<dynamic.CheckResult> {
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
        failures.push(...definition.refinePartial(inputs));
      }
      return { inputs, failures };
    },

    async diff(id: string, olds: State, news: State): Promise<dynamic.DiffResult> {
      settleCreate(olds.ownerKey, id);
      const replaces: string[] = [];
      let changes = false;
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
        changes = true;
        if (definition.replaceOnChange.includes(key)) replaces.push(key);
      }
      // Moving to another account means a new object there, whatever the other inputs say.
      const nextAccount = news.account ?? getSettings().account;
      const previousAccount = olds.accountId ?? olds.account;
      const accountMoves =
        nextAccount !== undefined &&
        previousAccount !== undefined &&
        (containsUnknown(nextAccount) || `${nextAccount}` !== `${previousAccount}`);
      if (accountMoves) replaces.push("account");
      // Unfinished work (an unconfirmed create, an order still pending) is finished by the update.
      if (unfinished(olds)) changes = true;
      if (replaces.length === 0) return { changes };
      const deleteBeforeReplace =
        !accountMoves && !containsUnknown(news) && (definition.deleteBeforeReplace?.(olds, news) ?? false);
      return { changes: true, replaces, deleteBeforeReplace };
    },

    async create(props: State): Promise<dynamic.CreateResult> {
      const inputs = ownProperties(props);
      const account = requireAccount(getSettings(), inputs.account);
      const ctx = context(account);
      // An empty key is no key: every use below asks `if (key)`.
      const key = typeof inputs.ownerKey === "string" ? inputs.ownerKey : undefined;
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
            throw keptInState(error, error.created.id, inputs, account, props.__provider);
          }
          if (definition.naturalId && outcomeUnknown(error)) {
            const message =
              `${(error as Error).message}. Whether the ${definition.kind} was created is unknown: it is kept ` +
              `in the stack as unconfirmed, and the next \`pulumi up\` checks the service and creates it only ` +
              `if it is not there`;
            const unconfirmed = { id: definition.naturalId(inputs), outs: { [CREATE_UNCONFIRMED]: true } };
            throw keptInState(
              new PartialCreateError(message, unconfirmed),
              unconfirmed.id,
              inputs,
              account,
              props.__provider,
            );
          }
          throw error;
        }
        if (key) createAnswered(key, created.id);
      }
      remember(definition, account, created.id);
      return { id: created.id, outs: { ...inputs, ...created.outs, accountId: account } };
    },

    async read(id: string, props: State): Promise<dynamic.ReadResult> {
      const state = ownProperties(props);
      settleCreate(state.ownerKey, id);
      const account = stateAccount(state);
      const outs = await definition.read(context(account), id, state);
      if (!outs) return {};
      const merged = { ...state, ...outs, accountId: account };
      return { id, props: merged, inputs: inputsOf(definition, merged) };
    },

    async update(id: string, olds: State, news: State): Promise<dynamic.UpdateResult> {
      let previous = ownProperties(olds);
      const next = ownProperties(news);
      settleCreate(previous.ownerKey, id);
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
          throw keptInState(error, id, previous, account, news.__provider);
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

    async delete(id: string, props: State): Promise<void> {
      const state = ownProperties(props);
      await definition.delete(context(stateAccount(state)), id, state);
      settleCreate(state.ownerKey, id);
    },
  });
}

/**
 * Each method answers the engine only after the messages it reported (progress, request log)
 * were handed over, so they show before the step's result, and none is lost when the engine
 * stops the provider after the last step.
 */
function withReportsFlushed(
  kind: string,
  provider: Required<
    Pick<dynamic.ResourceProvider, "check" | "diff" | "create" | "read" | "update" | "delete">
  >,
): dynamic.ResourceProvider {
  const flushed =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await method(...args);
      } finally {
        await flushReports();
      }
    };
  /** A create, update or delete is a step of the engine's: counted while this process works on it. */
  const step =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const answered = stepStarted(kind);
      try {
        return await method(...args);
      } finally {
        answered();
      }
    };
  return {
    check: flushed(provider.check),
    diff: flushed(provider.diff),
    create: step(flushed(provider.create)),
    read: flushed(provider.read),
    update: step(flushed(provider.update)),
    delete: step(flushed(provider.delete)),
  };
}
