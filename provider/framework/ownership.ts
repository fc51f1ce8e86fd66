/**
 * Ours or adopted (docs/decisions/005): the rules by which a create takes an object as this
 * stack's. An object is ours when this process made it and the answer came, when the program
 * adopts it (`adopt: true`, exactly one match), or when a create whose answer was lost is proved
 * to have made it: identical by the kind's identity (`findMatching`), made since the create began
 * (or newer than the highest id before it), and held by no other resource (this process's claims
 * and the create journal). Similarity alone never is. `lifecycle.ts` applies these rules in its
 * create; nothing here knows the engine.
 */
import { isDeepStrictEqual } from "node:util";
import { backoffDelay, createdSince, DEFAULT_RETRY_OPTIONS, isApiError, outcomeUnknown } from "../client";
import { idsHeldByOthers, pendingCreate } from "./create-journal";
import type { Created, CreateMark, ResourceContext, ResourceDefinition, State } from "./definition";
import { getSettings } from "./runtime";

/** The error a create gets when the object exists and is not ours: with the way out. */
export class AlreadyExistsError extends Error {
  override readonly name = "AlreadyExistsError";
}

function alreadyExists(definition: ResourceDefinition, existing: Created[], cause: unknown): Error {
  const ids = existing.map((c) => c.id).join(", ");
  const reason = cause instanceof Error ? `${cause.message}. ` : "";
  return new AlreadyExistsError(
    `${reason}A ${definition.kind} like this already exists (id ${ids}) and was not made by this stack. ` +
      `To manage the existing ${definition.kind} with Pulumi instead of creating a new one, set ` +
      `\`adopt: true\` on this resource (see the README, "Adopting existing objects").`,
  );
}

/**
 * A refusal that may mean "it exists already": the service answers 400, 409 or 422 for a
 * duplicate. Only a look at what exists decides (`findMatching`), never the words of the message.
 */
function mayBeDuplicateRefusal(error: unknown): boolean {
  return isApiError(error) && error.status !== undefined && [400, 409, 422].includes(error.status);
}

/** Whether a second object like `inputs` cannot exist (`refusesDuplicates`, per declaration). */
export function refusesDuplicate(definition: ResourceDefinition, inputs: State): boolean {
  return typeof definition.refusesDuplicates === "function"
    ? definition.refusesDuplicates(inputs)
    : definition.refusesDuplicates === true;
}

/** An id as the service's number, to order ids by; NaN for ids that are names (they order by name). */
function idOrder(id: string): number {
  return /^\d+$/.test(id) ? Number.parseInt(id, 10) : Number.NaN;
}

/** Objects this process created, adopted or recovered, by kind and account: never claimed twice. */
const claimed = new Set<string>();
const claimKey = (definition: ResourceDefinition, account: string, id: string) =>
  `${definition.kind}:${account}:${id}`;

/** For tests: start over as a new provider process would. */
export function forgetClaimsOfThisProcess(): void {
  claimed.clear();
}

export function remember(definition: ResourceDefinition, account: string, id: string): void {
  claimed.add(claimKey(definition, account, id));
}

/** Whether no resource of this process holds the object `c` of `definition`'s kind. */
const unclaimed = (definition: ResourceDefinition, account: string) => (c: Created) =>
  !claimed.has(claimKey(definition, account, c.id));

/** The first of `found`, now this resource's (undefined when there is none). */
function claimFirst(definition: ResourceDefinition, account: string, found: Created[]): Created | undefined {
  const [first] = found;
  if (first) remember(definition, account, first.id);
  return first;
}

/**
 * The object one of our creates made, if the service holds one: identical to the inputs, made
 * after the create started (`mark`), and held by no other resource. The oldest such object wins.
 */
async function findOwnCreate(
  definition: ResourceDefinition,
  ctx: ResourceContext,
  inputs: State,
  mark: CreateMark,
  key: string | undefined,
): Promise<Created | undefined> {
  if (!definition.findMatching) return undefined;
  const heldElsewhere = key ? idsHeldByOthers(key, definition.kind, ctx.account) : new Set<string>();
  const candidates = (await definition.findMatching(ctx, inputs))
    .filter((c) =>
      mark.newerThanId !== undefined
        ? idOrder(c.id) > mark.newerThanId
        : createdSince(c.createdAt, mark.since),
    )
    .filter((c) => unclaimed(definition, ctx.account)(c) && !heldElsewhere.has(c.id))
    .sort((a, b) => idOrder(a.id) - idOrder(b.id) || a.id.localeCompare(b.id));
  return claimFirst(definition, ctx.account, candidates);
}

/**
 * Brings an object taken over (adopted, or recovered from a lost answer) in line with the
 * declaration: the inputs that differ and can change in place are updated.
 */
export async function converge(
  definition: ResourceDefinition,
  ctx: ResourceContext,
  found: Created,
  inputs: State,
  localOnly: ReadonlySet<string>,
  normalized: (key: string, value: unknown, inputs: State) => unknown,
): Promise<Created> {
  if (!definition.update) return found;
  const current: State = { ...inputs, ...found.outs };
  const differs = Object.keys(definition.inputs).some(
    (key) =>
      !localOnly.has(key) &&
      !definition.replaceOnChange.includes(key) &&
      inputs[key] !== undefined &&
      !isDeepStrictEqual(normalized(key, current[key], current), normalized(key, inputs[key], inputs)),
  );
  if (!differs) return found;
  return { ...found, outs: await definition.update(ctx, found.id, current, inputs) };
}

/** `adopt: true`: the one existing object matching the inputs, if any; several is an error. */
export async function findToAdopt(
  definition: ResourceDefinition,
  ctx: ResourceContext,
  inputs: State,
): Promise<Created | undefined> {
  const matching = (await definition.findMatching!(ctx, inputs)).filter(unclaimed(definition, ctx.account));
  if (matching.length > 1) {
    throw new Error(
      `adopt: ${matching.length} existing ${definition.kind} objects match this declaration ` +
        `(ids ${matching.map((c) => c.id).join(", ")}) and adopt will not choose one; make the ` +
        `declaration match exactly one (or delete the extra objects)`,
    );
  }
  return claimFirst(definition, ctx.account, matching);
}

/**
 * `definition.create`, settling a lost answer by the kind's identity ({@link settleLostAnswer}
 * with {@link findOwnCreate}). A refusal of a create sent again is checked against what exists: an
 * object made by its first send (whose answer was lost) is taken; anything else, and whatever
 * refuses a first send, is someone else's and gets the adopt hint.
 */
export async function createSettlingAmbiguity(
  definition: ResourceDefinition,
  ctx: ResourceContext,
  inputs: State,
  mark: CreateMark,
  key: string | undefined,
): Promise<Created> {
  const findMatching = definition.findMatching;
  if (!findMatching) return definition.create(ctx, inputs, mark);
  let sends = 0;
  const create = async (): Promise<Created> => {
    sends++;
    try {
      return await definition.create(ctx, inputs, mark);
    } catch (error) {
      if (!mayBeDuplicateRefusal(error) || !refusesDuplicate(definition, inputs)) throw error;
      let existing: Created[];
      try {
        existing = await findMatching(ctx, inputs);
      } catch {
        throw error;
      }
      if (existing.length === 0) throw error;
      // Only a create sent again after a lost answer can be refused by what its first send made.
      // A first send refused was refused by someone else's object, however recent: one made in the
      // same second as this create started would pass a creation-time proof.
      if (sends > 1) {
        const own = await findOwnCreate(definition, ctx, inputs, mark, key);
        if (own) return own;
      }
      throw alreadyExists(definition, existing, error);
    }
  };
  return settleLostAnswer(create, () => findOwnCreate(definition, ctx, inputs, mark, key));
}

/**
 * The one rule for a change whose answer was lost (`outcomeUnknown`: the request left and no
 * answer came, or a 5xx left the outcome open). The client never resends such a request; here,
 * after a backoff step (so that a change still settling at the service is found rather than sent
 * twice), `readBack` looks for what the change would have made, by proof rather than similarity
 * (the caller's: its own create made since the change left, held by no one else). Found, that is
 * the answer. Not found, the change surely did not happen and is sent again, while the client
 * stopped before its retry budget was spent and up to `maxRetries` times. A read-back that fails
 * leaves the outcome unknown: the change's own failure is thrown.
 *
 * @example
 * const record = await settleLostAnswer(
 *   () => client.zones.records.create(account, zone, input),
 *   async () => ownRecordMadeSince(since),
 * );
 */
export async function settleLostAnswer<T>(
  send: () => Promise<T>,
  readBack: () => Promise<T | undefined>,
): Promise<T> {
  const { maxRetries } = getSettings();
  for (let round = 0; ; round++) {
    try {
      return await send();
    } catch (error) {
      // Settled already by an inner change (a record create inside a kind's create): not again.
      if (!outcomeUnknown(error) || unsettled.has(error as object)) throw error;
      await sleep(backoffDelay(round, SETTLING_BACKOFF));
      let found: T | undefined;
      try {
        found = await readBack();
      } catch {
        throw error; // the read-back failed too: report the change's own failure
      }
      if (found !== undefined) return found;
      // A client that spent its whole budget has said all there is; one that stopped early did so
      // only because it could not tell whether the change went through, which is now settled.
      const clientExhausted = isApiError(error) && error.retries >= maxRetries;
      if (clientExhausted || round >= maxRetries) {
        unsettled.add(error as object);
        throw error;
      }
      await sleep(backoffDelay(round, SETTLING_BACKOFF));
    }
  }
}

/** Lost answers {@link settleLostAnswer} read back and resent as often as it may. */
const unsettled = new WeakSet<object>();

/**
 * What a create of this resource left behind in an earlier run that Pulumi never recorded: the
 * journal's entry names the object (the answer came) or the time the create started (it did not).
 */
export async function recoverEarlierCreate(
  definition: ResourceDefinition,
  ctx: ResourceContext,
  inputs: State,
  key: string,
): Promise<Created | undefined> {
  const entry = pendingCreate(key);
  if (!entry || entry.kind !== definition.kind || entry.account !== ctx.account) return undefined;
  if (entry.createdId !== undefined) {
    if (claimed.has(claimKey(definition, ctx.account, entry.createdId))) return undefined;
    const outs = await definition.read(ctx, entry.createdId, inputs);
    if (!outs) return undefined;
    remember(definition, ctx.account, entry.createdId);
    return { id: entry.createdId, outs };
  }
  const mark: CreateMark = {
    since: new Date(entry.since),
    ...(entry.newerThanId !== undefined ? { newerThanId: entry.newerThanId } : {}),
  };
  if (definition.recover) return definition.recover(ctx, inputs, mark);
  return findOwnCreate(definition, ctx, inputs, mark, key);
}

/**
 * The wait between two creates settled as "surely not made": the client's backoff (one formula),
 * capped lower, since the client already waited between its own attempts.
 */
const SETTLING_BACKOFF = { ...DEFAULT_RETRY_OPTIONS, maxDelayMs: 5_000 };

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
