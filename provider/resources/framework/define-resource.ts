import type * as dynamic from "@pulumi/pulumi/dynamic";
import { z } from "zod";
import { type DnsimpleClient, isApiError, isConnectionError } from "../../client";
import { getClient, getSettings } from "./runtime";
import { requireAccount } from "./settings";
import { containsUnknown } from "./unknown";
import { type CheckFailure, type FieldSchemas, validateInputs } from "./validation";
import { isDeepStrictEqual } from "node:util";
import { isPartialCreate } from "./partial";

/** What every operation of a resource receives: the client and the account it acts on. */
export interface ResourceContext {
  readonly client: DnsimpleClient;
  readonly account: string;
}

export type State = Record<string, unknown>;

/** The result of creating or adopting an object: its id and the outputs read from the service. */
export interface Created {
  readonly id: string;
  readonly outs: State;
}

/**
 * Everything a resource kind declares; `toDynamicProvider` turns it into Pulumi's
 * check/diff/create/read/update/delete with the same semantics for every kind.
 */
export interface ResourceDefinition {
  /** Type name shown in previews, e.g. `Domain`. */
  readonly kind: string;
  /** Input schemas by property; defaults declared here are filled in by `check`. */
  readonly inputs: FieldSchemas;
  /** Inputs the API cannot change in place: a change replaces the object. */
  readonly replaceOnChange: ReadonlyArray<string>;
  /** Inputs that only steer this provider (no API call): a change updates state in place. */
  readonly localOnly?: ReadonlyArray<string>;
  /** How the service rewrites a value (case, trailing dots, punycode): compared after this. */
  readonly normalize?: Readonly<Record<string, (value: unknown) => unknown>>;
  /** Rules across fields, run when no input is unknown. */
  refine?(inputs: State): CheckFailure[];
  create(ctx: ResourceContext, inputs: State): Promise<Created>;
  /** Finds an existing object matching the inputs, for `adopt: true`. */
  adopt?(ctx: ResourceContext, inputs: State): Promise<Created | undefined>;
  /**
   * Finds an object identical to the inputs in every property that identifies it: what an
   * earlier create left behind when Pulumi never recorded its result (an engine killed mid-`up`,
   * a response lost in an earlier run). Taking it over is indistinguishable from creating it, and
   * it is the only way a plain `refresh` + `up` after a crash ends with each object exactly once.
   */
  findIdentical?(ctx: ResourceContext, inputs: State): Promise<Created | undefined>;
  /**
   * When `findIdentical` runs: `before-create` for kinds the service lets exist twice (records,
   * DS records, webhooks, contacts); `on-conflict` for kinds it keeps unique, only when it
   * refuses the create as a duplicate (an existing object that differs still fails with the
   * adopt hint).
   */
  readonly identicalCheck?: "before-create" | "on-conflict";
  /**
   * For kinds whose `read` and `delete` accept a natural key (a domain's name): that key. When a
   * create fails in a way that leaves open whether it took effect, and the client's read-back
   * could not settle it, the object is kept in state under this id, marked unconfirmed; the next
   * `up` reads it and creates it only if it is not there (a `refresh` settles it too).
   */
  naturalId?(inputs: State): string;
  /** The object's current outputs, or undefined when it is gone. */
  read(ctx: ResourceContext, id: string, state: State): Promise<State | undefined>;
  /** In-place update of the inputs not listed in `replaceOnChange`. */
  update?(ctx: ResourceContext, id: string, olds: State, news: State): Promise<State>;
  delete(ctx: ResourceContext, id: string, state: State): Promise<void>;
}

/** Inputs every resource accepts. */
export const commonInputs: FieldSchemas = {
  account: z
    .union([z.string().regex(/^\d+$/, "account must be a numeric account id"), z.number().int().positive()])
    .transform(String)
    .optional(),
  adopt: z.boolean().optional(),
};

const COMMON_LOCAL_ONLY = ["adopt"];

/**
 * State marker of an object whose create may or may not have taken effect (see `naturalId`).
 * Not an input: `check` never lets a program set it.
 */
export const CREATE_UNCONFIRMED = "createUnconfirmed";

/** The account an existing object lives in: recorded at create time, never re-derived. */
function stateAccount(state: State): string {
  const account = state.accountId ?? state.account;
  return requireAccount(getSettings(), account as string | number | undefined);
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

/** The service refused a create because the object (or its unique name) already exists. */
function isConflict(error: unknown): error is Error {
  return error instanceof Error && /already|taken|exists|in use/i.test(error.message);
}

/** Wraps "already exists" style failures with the way out: adopting the object. */
function explainConflict(definition: ResourceDefinition, error: unknown): unknown {
  if (!isConflict(error) || !definition.adopt) return error;
  error.message +=
    `. To manage the existing ${definition.kind} with Pulumi instead of creating a new one, ` +
    `set \`adopt: true\` on this resource (see the README, "Adopting existing objects").`;
  return error;
}

/**
 * Objects this process created or took over, by kind: two resources of one program that declare
 * identical objects still get one object each.
 */
const claimed = new Set<string>();

async function claimIdentical(
  definition: ResourceDefinition,
  ctx: ResourceContext,
  inputs: State,
): Promise<Created | undefined> {
  const found = await definition.findIdentical?.(ctx, inputs);
  if (!found) return undefined;
  const key = `${definition.kind}:${ctx.account}:${found.id}`;
  if (claimed.has(key)) return undefined;
  claimed.add(key);
  return found;
}

function remember(definition: ResourceDefinition, account: string, id: string): void {
  claimed.add(`${definition.kind}:${account}:${id}`);
}

/**
 * Whether a failed create may still have taken effect: the request left and no answer came, or
 * the service failed with a 5xx (or 408) after perhaps processing it. A 4xx or a 429 is a refusal.
 */
function mayHaveTakenEffect(error: unknown): boolean {
  if (isConnectionError(error)) return true;
  if (!isApiError(error) || error.status === undefined) return false;
  return error.status >= 500 || error.status === 408;
}

/**
 * `definition.create`, settling a failure that leaves open whether the object was created. For
 * kinds with `findIdentical` the service is asked: an identical object no one in this process
 * has claimed is the one just created, and is taken over. If none exists, the create surely did
 * not happen; it is sent again when the client stopped before its retry budget was spent (a
 * create without a read-back fails on its first ambiguous attempt), up to `maxRetries` times.
 */
async function createSettlingAmbiguity(
  definition: ResourceDefinition,
  ctx: ResourceContext,
  inputs: State,
): Promise<Created> {
  const { maxRetries } = getSettings();
  for (let round = 0; ; round++) {
    try {
      return await definition.create(ctx, inputs);
    } catch (error) {
      if (!definition.findIdentical || !mayHaveTakenEffect(error)) throw error;
      let found: Created | undefined;
      try {
        found = await claimIdentical(definition, ctx, inputs);
      } catch {
        throw error; // the read-back failed too: report the create's own failure
      }
      if (found) return found;
      // A client that spent its whole budget has said all there is; one that stopped early did so
      // only because it could not tell whether the create went through, which is now settled.
      const clientExhausted = isApiError(error) && error.retries >= maxRetries;
      if (clientExhausted || round >= maxRetries) throw error;
      await sleep(Math.min(250 * 2 ** round, 5_000) * (0.5 + Math.random() / 2));
    }
  }
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
  const outs =
    (await definition.read(ctx, id, previous)) ??
    (await createSettlingAmbiguity(definition, ctx, declared)).outs;
  const settled: State = { ...previous, ...outs };
  delete settled[CREATE_UNCONFIRMED];
  return settled;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function toDynamicProvider(definition: ResourceDefinition): dynamic.ResourceProvider {
  const fields: FieldSchemas = { ...commonInputs, ...definition.inputs };
  const localOnly = new Set([...COMMON_LOCAL_ONLY, ...(definition.localOnly ?? [])]);
  const normalized = (key: string, value: unknown): unknown => {
    const normalize = definition.normalize?.[key];
    return normalize && value !== undefined && value !== null ? normalize(value) : value;
  };

  return {
    async check(_olds: State, news: State): Promise<dynamic.CheckResult> {
      const { inputs, failures } = validateInputs(fields, news);
      if (failures.length === 0 && definition.refine && !containsUnknown(inputs)) {
        failures.push(...definition.refine(inputs));
      }
      return { inputs, failures };
    },

    async diff(_id: string, olds: State, news: State): Promise<dynamic.DiffResult> {
      const replaces: string[] = [];
      let changes = false;
      for (const key of Object.keys(fields)) {
        if (key === "account" || key === "adopt") continue;
        const next = news[key];
        const before = olds[key];
        const differs =
          containsUnknown(next) || !isDeepStrictEqual(normalized(key, before), normalized(key, next));
        if (!differs) continue;
        changes = true;
        if (definition.replaceOnChange.includes(key)) replaces.push(key);
      }
      // Moving to another account means a new object there, whatever the other inputs say.
      const nextAccount = news.account ?? getSettings().account;
      const previousAccount = olds.accountId ?? olds.account;
      if (
        nextAccount !== undefined &&
        previousAccount !== undefined &&
        (containsUnknown(nextAccount) || String(nextAccount) !== String(previousAccount))
      ) {
        changes = true;
        replaces.push("account");
      }
      // An unconfirmed create is settled by the update.
      if (olds[CREATE_UNCONFIRMED] === true) changes = true;
      return replaces.length > 0 ? { changes: true, replaces, deleteBeforeReplace: true } : { changes };
    },

    async create(props: State): Promise<dynamic.CreateResult> {
      const inputs = ownProperties(props);
      const account = requireAccount(getSettings(), inputs.account as string | undefined);
      const ctx = context(account);
      let created: Created | undefined;
      if (inputs.adopt === true && definition.adopt) created = await definition.adopt(ctx, inputs);
      if (!created && definition.findIdentical && definition.identicalCheck === "before-create") {
        created = await claimIdentical(definition, ctx, inputs);
      }
      if (!created) {
        try {
          created = await createSettlingAmbiguity(definition, ctx, inputs);
        } catch (error) {
          if (definition.findIdentical && definition.identicalCheck === "on-conflict" && isConflict(error)) {
            created = await claimIdentical(definition, ctx, inputs);
            if (created) return { id: created.id, outs: { ...inputs, ...created.outs, accountId: account } };
          }
          if (isPartialCreate(error)) {
            // Pulumi records the object with these properties (ErrorResourceInitFailed).
            throw Object.assign(new Error(error.message), {
              id: error.created.id,
              // The engine stores these as the resource's state: it needs the provider code
              // too, or refresh and destroy of the partial resource cannot load a provider.
              properties: {
                ...inputs,
                ...error.created.outs,
                accountId: account,
                __provider: props.__provider,
              },
              reasons: [error.message],
            });
          }
          if (definition.naturalId && mayHaveTakenEffect(error)) {
            const message =
              `${(error as Error).message}. Whether the ${definition.kind} was created is unknown: it is kept ` +
              `in the stack as unconfirmed, and the next \`pulumi up\` checks the service and creates it only ` +
              `if it is not there`;
            throw Object.assign(new Error(message), {
              id: definition.naturalId(inputs),
              properties: {
                ...inputs,
                accountId: account,
                [CREATE_UNCONFIRMED]: true,
                __provider: props.__provider,
              },
              reasons: [message],
            });
          }
          throw explainConflict(definition, error);
        }
      }
      remember(definition, account, created.id);
      return { id: created.id, outs: { ...inputs, ...created.outs, accountId: account } };
    },

    async read(id: string, props: State): Promise<dynamic.ReadResult> {
      const state = ownProperties(props);
      const account = stateAccount(state);
      const outs = await definition.read(context(account), id, state);
      if (!outs) return {};
      const merged = { ...state, ...outs, accountId: account };
      return { id, props: merged, inputs: inputsOf(definition, merged) };
    },

    async update(id: string, olds: State, news: State): Promise<dynamic.UpdateResult> {
      let previous = ownProperties(olds);
      const next = ownProperties(news);
      const account = stateAccount(previous);
      if (previous[CREATE_UNCONFIRMED] === true) previous = await settleUnconfirmed(definition, id, previous);
      const apiChange = Object.keys(definition.inputs).some(
        (key) =>
          !localOnly.has(key) &&
          !isDeepStrictEqual(normalized(key, previous[key]), normalized(key, next[key])),
      );
      let outs: State = {};
      if (apiChange) {
        if (!definition.update) {
          throw new Error(
            `${definition.kind} cannot be updated in place (provider bug: diff should replace)`,
          );
        }
        outs = await definition.update(context(account), id, previous, next);
      }
      const merged: State = { ...previous, ...outs };
      for (const key of Object.keys(fields)) delete merged[key];
      delete merged[CREATE_UNCONFIRMED];
      return { outs: { ...merged, ...next, accountId: account } };
    },

    async delete(id: string, props: State): Promise<void> {
      const state = ownProperties(props);
      await definition.delete(context(stateAccount(state)), id, state);
    },
  };
}
