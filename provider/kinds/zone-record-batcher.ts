/**
 * Coalescing of zone-record changes (issue 14). Creates, updates and deletes of records that are
 * in flight at the same time in one provider process are gathered per account and zone and sent
 * as batch requests (`POST /{account}/zones/{zone}/batch`, all or nothing), so 1,000 records cost
 * a handful of requests instead of 1,000. Each caller still gets its own result or its own error:
 *
 * - a batch refused because of some operations (400 naming them by index): those operations fail
 *   with their own message, the others are sent again without them (a delete of a record already
 *   gone is retried alone, where "not found" counts as done);
 * - a batch refused as a whole without naming operations (too many for the service, say): split
 *   and sent again, at most 100 per request, then halves; the size that worked is kept;
 * - an account whose plan has no batch changes (402, 403, 405): every change goes as a single
 *   request from then on, said once in the engine's log (a warning);
 * - a lost answer (of a batch or of a single create) is settled here, by the framework's one rule
 *   (`settleLostAnswer`): the zone is read back and {@link settleBatch} tells whether the request
 *   took effect: then its answer is rebuilt from what exists; otherwise it is sent again. If the
 *   outcome stays unknown, every operation gets the failure (a set of records keeps its creates
 *   as unconfirmed, to settle at the next `up`).
 *
 * Gathering: the engine starts its steps one after another (a check and a diff each), so changes
 * trickle in, and it hands at most `--parallel` steps at a time (framework/steps-in-flight reads
 * that number). A step holds one of those slots from the engine's checkpoint before it to the
 * checkpoint after it. Changes answered together end their steps together, and the engine handles
 * those ends (checkpoints) one after another before it starts new steps: in a trace of 300 records
 * at `--parallel` 8 and 120 ms a request, the engine's calls to `check` paused for 100 ms or more
 * 38 times with batches, twice with single requests, and each change waited 50 ms on average for
 * company. So gathering is worth its time only where the engine has slots to spare, and changes
 * leave as soon as waiting longer cannot make the batch bigger:
 *
 * - at the engine's default `--parallel` (4 per CPU) or below, a step's change is sent at once as
 *   the single request it would be with batching off: per-record programs take the time of single
 *   requests. Batches of `ZoneRecord`s are what a higher `--parallel` buys; `ZoneRecords` batches
 *   whatever the parallelism;
 * - above it, gathered changes leave at once when every step the engine may run at once is in this
 *   process (gathered here, or elsewhere: in batches being sent, say): the engine hands no new step
 *   until one is answered, so waiting cannot make the batch bigger. With a fast service, batches of
 *   `--parallel`. (Leaving at half of the free slots, the rule before, split 1,000 records at
 *   `--parallel` 64 into 31 batches, then ever smaller ones beside batches in flight: half of the
 *   batches of a trace were single changes.) Several batches of a zone may be in flight, as single
 *   requests would be; a set of records' batches go one after another;
 * - otherwise they gather while new steps arrive: until none arrived for three usual gaps between
 *   arrivals, at least 250 ms (the engine takes that long to hand new steps after a batch's
 *   answers) and at most 1 s;
 * - changes that are not part of an engine step: a quiet window of four usual gaps (100 ms to
 *   1 s); never later than `MAX_WAIT_MS` after the first change, never more than `maxItems`.
 *
 * Two batches of a zone in flight never create the same record (name, type and content): a lost
 * answer is settled by reading the zone back, and a record made by the other batch must not pass
 * for this one's. A change that would is held until the other batch is answered. A change that
 * leaves alone is sent as the single request it always was.
 */
import {
  batchOperationErrors,
  createdSince,
  type DnsimpleClient,
  isApiError,
  type ZoneRecord,
  type ZoneRecordBatch,
  type ZoneRecordBatchResult,
  type ZoneRecordBatchUpdate,
  type ZoneRecordInput,
  type ZoneRecordListOptions,
  type ZoneRecordUpdate,
} from "../client";
import { reportOnce } from "../framework/engine-log";
import { settleLostAnswer } from "../framework/ownership";
import { defaultParallelism, engineParallelism, stepsInFlight } from "../framework/steps-in-flight";
import { canonicalContent } from "../dns/record-data";

/**
 * After a lost answer, a record at the service is the one sent when its content means the same
 * (record-data's canonical form: the service compresses IPv6, quotes TXT, lower-cases host names).
 */
const sameContent = (type: string, stored: string, sent: string): boolean =>
  canonicalContent(type, stored) === canonicalContent(type, sent);

/**
 * Whether a batch whose answer was lost took effect, judged from the zone's records: each create
 * needs its own identical record (name, type, content as {@link sameContent} compares it) created
 * since the batch left and not made by this process before (`made`); each delete, its record gone.
 * Returns the answer the batch would have had, or `undefined` when it did not take effect (or only
 * partly seems to: then nothing is claimed).
 *
 * @example
 * settleBatch({ creates: [{ name: "www", type: "A", content: "192.0.2.1" }] }, records, since, new Set());
 */
export function settleBatch(
  batch: ZoneRecordBatch,
  records: readonly ZoneRecord[],
  since: Date,
  made: ReadonlySet<number>,
): ZoneRecordBatchResult | undefined {
  const byId = new Map(records.map((r) => [r.id, r]));
  if ((batch.deletes ?? []).some((d) => byId.has(d.id))) return undefined;
  const taken = new Set<number>();
  const candidates = records
    .filter((r) => !r.system_record && !made.has(r.id) && createdSince(r.created_at, since))
    .sort((a, b) => a.id - b.id);
  const creates: ZoneRecord[] = [];
  for (const c of batch.creates ?? []) {
    const own = candidates.find(
      (r) =>
        !taken.has(r.id) &&
        r.name === c.name &&
        r.type === c.type.toUpperCase() &&
        sameContent(r.type, r.content, c.content),
    );
    if (!own) return undefined;
    taken.add(own.id);
    creates.push(own);
  }
  const updates: ZoneRecord[] = [];
  for (const u of batch.updates ?? []) {
    const r = byId.get(u.id);
    if (!r) return undefined;
    updates.push(r);
  }
  // A batch of updates alone cannot be told from one not sent: the records' values decide.
  if (creates.length === 0 && (batch.deletes ?? []).length === 0) {
    const applied = (batch.updates ?? []).every((u) => {
      const r = byId.get(u.id)!;
      return (
        (u.name === undefined || r.name === u.name) &&
        (u.content === undefined || sameContent(r.type, r.content, u.content)) &&
        (u.ttl === undefined || r.ttl === u.ttl) &&
        (u.priority === undefined || r.priority === u.priority)
      );
    });
    if (!applied) return undefined;
  }
  return { creates, updates, deletes: (batch.deletes ?? []).map((d) => ({ id: d.id })) };
}

/**
 * Sends `batch` (or a single create, `send`), settling a lost answer against the zone's records
 * ({@link settleBatch}; `filter` narrows the read-back to a single create's name and type).
 */
function sendSettling<T>(
  q: ZoneQueue,
  batch: ZoneRecordBatch,
  send: () => Promise<T>,
  answer: (settled: ZoneRecordBatchResult) => T | undefined,
  filter?: Pick<ZoneRecordListOptions, "name" | "type">,
): Promise<T> {
  const since = q.client.transport.serviceTime();
  return settleLostAnswer(send, async () => {
    const records: ZoneRecord[] = [];
    for await (const r of q.client.zones.records.iterate(q.account, q.zone, filter)) records.push(r);
    const settled = settleBatch(batch, records, since, q.made);
    return settled && answer(settled);
  });
}

/** Most operations per batch request (the emulator's default limit); lowered when refused. */
export const DEFAULT_MAX_ITEMS = 1000;
/** What the real service announced as its limit: the first size tried after a refusal. */
const SERVICE_ANNOUNCED_MAX = 100;
/** The shortest and longest quiet window: gaps between arrivals decide in between. */
const QUIET_MS = 100;
const LONGEST_QUIET_MS = 1000;
/** A batch leaves at the latest this long after its first change arrived. */
const MAX_WAIT_MS = 30_000;
/** Gaps longer than this are pauses of the program, not the pace of the engine. */
const PAUSE_MS = 2000;
/** While the engine is handing steps, a batch waits three usual gaps for the next, between these. */
const SHORTEST_STEP_QUIET_MS = 250;
const LONGEST_STEP_QUIET_MS = 1000;
/**
 * Batches of one zone in flight at once: of `ZoneRecord` steps as many as the engine runs steps at
 * once by default on two cores (single requests would be as many); of a set of records
 * (`ZoneRecords`), one after another.
 */
const MAX_BATCHES_IN_FLIGHT = 8;
const MAX_SET_BATCHES_IN_FLIGHT = 1;

/** One change of one record, and how to send it alone. */
export type RecordOp =
  | { kind: "create"; input: ZoneRecordInput }
  | { kind: "update"; id: number; patch: ZoneRecordUpdate }
  | { kind: "delete"; id: number };

type OpResult = ZoneRecord | undefined;

interface Pending {
  op: RecordOp;
  /** When it arrived (ms since the epoch). */
  at: number;
  /** The kind of the engine's step this change is part of (`ZoneRecord`), if any. */
  step: string | undefined;
  resolve(value: OpResult): void;
  reject(error: unknown): void;
}

interface ZoneQueue {
  readonly client: DnsimpleClient;
  readonly account: string;
  readonly zone: string;
  pending: Pending[];
  /** Batches (or single requests) of this zone in flight. */
  sending: number;
  /** The records the batches in flight create (see `createKey`), with how many of each. */
  readonly creating: Map<string, number>;
  /** Set by a set of records (`submitRecordOps`): nothing more will join, leave at once. */
  complete: boolean;
  lastAt: number;
  timer: NodeJS.Timeout | undefined;
  /**
   * The usual gap between two arriving changes (a moving average, in ms). The engine starts its
   * steps one after another (a check and a diff each), so changes trickle in; a quiet window of a
   * few such gaps means the engine is waiting for answers (`--parallel` steps are in flight).
   */
  gapMs: number;
  /** Records this process's batches created in the zone: never taken for a later batch's own. */
  readonly made: Set<number>;
}

const queues = new WeakMap<DnsimpleClient, Map<string, ZoneQueue>>();
/** Accounts (per client) that cannot use batch changes, and the batch size that works per account. */
const noBatch = new WeakMap<DnsimpleClient, Set<string>>();
const maxItems = new WeakMap<DnsimpleClient, Map<string, number>>();
let enabled = true;

/** Turns coalescing on or off (setting `dnsimple:batchZoneRecords`); off sends every change alone. */
export function setBatching(on: boolean): void {
  enabled = on;
}

/** Counts of what was sent, for tests. */
export const batchStats = { batches: 0, singles: 0 };

function queueFor(client: DnsimpleClient, account: string, zone: string): ZoneQueue {
  let byZone = queues.get(client);
  if (!byZone) queues.set(client, (byZone = new Map()));
  const key = `${account}/${zone}`;
  let q = byZone.get(key);
  if (!q) {
    q = {
      client,
      account,
      zone,
      pending: [],
      sending: 0,
      creating: new Map(),
      complete: false,
      lastAt: 0,
      timer: undefined,
      gapMs: 0,
      made: new Set(),
    };
    byZone.set(key, q);
  }
  return q;
}

function limitFor(client: DnsimpleClient, account: string): number {
  return maxItems.get(client)?.get(account) ?? DEFAULT_MAX_ITEMS;
}

function batchUnavailable(client: DnsimpleClient, account: string): boolean {
  return noBatch.get(client)?.has(account) ?? false;
}

/**
 * Sends one change of a record of `zone`, coalesced with the changes in flight at the same time.
 * `step` names the kind of the engine's step the change belongs to (`ZoneRecord`): the batch
 * leaves at once when every such step in flight is waiting in it. Resolves with the record
 * (create, update) or undefined (delete); rejects with this change's own error.
 *
 * @example
 * const record = await submitRecordOp(client, "1", "example.com", { kind: "create", input }, "ZoneRecord");
 */
export function submitRecordOp(
  client: DnsimpleClient,
  account: string,
  zone: string,
  op: RecordOp,
  step?: string,
): Promise<OpResult> {
  const q = queueFor(client, account, zone);
  if (!enabled || batchUnavailable(client, account) || !gathers(step)) return sendAlone(q, op);
  const result = enqueue(q, op, step);
  schedule(q);
  return result;
}

/**
 * Whether a change of an engine step of `step`'s kind waits for company: only above the engine's
 * default `--parallel`, where it has slots to spare (the module's comment). Changes that are not
 * steps always do.
 */
export function gathers(step: string | undefined): boolean {
  return step === undefined || engineParallelism() > defaultParallelism();
}

/** Adds one change to what `q` gathers (`schedule` decides when it leaves). */
function enqueue(q: ZoneQueue, op: RecordOp, step: string | undefined): Promise<OpResult> {
  return new Promise<OpResult>((resolve, reject) => {
    const now = Date.now();
    const gap = now - q.lastAt;
    if (q.lastAt > 0 && gap < PAUSE_MS) q.gapMs = q.gapMs === 0 ? gap : 0.8 * q.gapMs + 0.2 * gap;
    q.lastAt = now;
    q.pending.push({ op, at: now, step, resolve, reject });
  });
}

/**
 * Sends many changes of one zone at once (a `ZoneRecords` resource): batches of the size the
 * service takes, one after another. Each change settles on its own, like `Promise.allSettled`.
 */
export function submitRecordOps(
  client: DnsimpleClient,
  account: string,
  zone: string,
  ops: readonly RecordOp[],
): Promise<PromiseSettledResult<OpResult>[]> {
  const q = queueFor(client, account, zone);
  if (!enabled || batchUnavailable(client, account))
    return Promise.allSettled(ops.map((op) => sendAlone(q, op)));
  // Every change joins before any leaves, and nothing more will join: no quiet window to wait
  // for, and the set's batches go one after another.
  const all = ops.map((op) => enqueue(q, op, undefined));
  q.complete = true;
  schedule(q);
  return Promise.allSettled(all);
}

/**
 * Sends what `q` gathered when it is due, or sets a timer. A change never leaves in the call that
 * submitted it: changes submitted in the same turn of the event loop (calls the process received
 * together) join first.
 */
function schedule(q: ZoneQueue, onTimer = false): void {
  if (q.timer) clearTimeout(q.timer);
  q.timer = undefined;
  if (q.pending.length === 0) return;
  if (q.sending >= (q.complete ? MAX_SET_BATCHES_IN_FLIGHT : MAX_BATCHES_IN_FLIGHT)) return;
  const now = Date.now();
  const due = q.complete ? now : dueAt(q, now);
  if (q.pending.length >= limitFor(q.client, q.account) || (onTimer && due <= now)) {
    void flush(q);
    return;
  }
  q.timer = setTimeout(
    () => {
      q.timer = undefined;
      schedule(q, true);
    },
    Math.max(0, due - now),
  );
}

/** When the changes waiting in `q` leave (see the module's comment). */
function dueAt(q: ZoneQueue, now: number): number {
  const step = q.pending[0]!.step;
  return leavesAt({
    now,
    firstAt: q.pending[0]!.at,
    lastAt: q.lastAt,
    gapMs: q.gapMs,
    gathered: q.pending.length,
    stepsInFlight: step ? stepsInFlight(step) : 0,
    parallelism: step ? engineParallelism() : 0,
  });
}

/** What decides when gathered changes leave; times in ms since the epoch. */
export interface Gathering {
  now: number;
  /** When the first change still waiting arrived. */
  firstAt: number;
  /** When the last change arrived. */
  lastAt: number;
  /** The usual gap between two arriving changes (0: not known yet). */
  gapMs: number;
  /** Changes gathered, not sent yet. */
  gathered: number;
  /** The engine's steps this process works on, of the kind the changes are part of (gathered ones included). */
  stepsInFlight: number;
  /** How many steps the engine runs at once (`--parallel`); 0 for changes that are not steps. */
  parallelism: number;
}

/**
 * When gathered changes leave (the rules of the module's comment).
 *
 * @example
 * leavesAt({ now: 1000, firstAt: 990, lastAt: 999, gapMs: 3, gathered: 6, stepsInFlight: 16, parallelism: 16 }) // 1000
 */
export function leavesAt(g: Gathering): number {
  const latest = g.firstAt + MAX_WAIT_MS;
  if (g.parallelism > 0) {
    // Every slot is this process's: the engine hands no new step until one is answered.
    if (Math.max(g.stepsInFlight, g.gathered) >= g.parallelism) return Math.min(g.now, latest);
    const quiet = Math.min(LONGEST_STEP_QUIET_MS, Math.max(SHORTEST_STEP_QUIET_MS, 3 * g.gapMs));
    return Math.min(g.lastAt + quiet, latest);
  }
  const quiet = Math.min(LONGEST_QUIET_MS, Math.max(QUIET_MS, 4 * g.gapMs));
  return Math.min(g.lastAt + quiet, latest);
}

/** What a create makes, for telling whether two batches could make the same record. */
function createKey(op: RecordOp): string | undefined {
  if (op.kind !== "create") return undefined;
  const type = op.input.type.toUpperCase();
  return `${op.input.name.toLowerCase()} ${type} ${canonicalContent(type, op.input.content)}`;
}

async function flush(q: ZoneQueue): Promise<void> {
  const limit = limitFor(q.client, q.account);
  // Creates of a record another batch in flight creates stay behind (the module's comment).
  const taken: Pending[] = [];
  const held: Pending[] = [];
  const keys = new Set<string>();
  for (const p of q.pending) {
    const key = createKey(p.op);
    if (taken.length >= limit || (key !== undefined && (q.creating.has(key) || keys.has(key)))) {
      held.push(p);
      continue;
    }
    taken.push(p);
    if (key !== undefined) keys.add(key);
  }
  if (taken.length === 0) return;
  q.pending = held;
  if (q.pending.length === 0) q.complete = false;
  q.sending++;
  for (const key of keys) q.creating.set(key, (q.creating.get(key) ?? 0) + 1);
  // What is left may leave beside this batch.
  schedule(q);
  try {
    await sendGroup(q, taken);
  } catch (error) {
    for (const p of taken) p.reject(error);
  } finally {
    q.sending--;
    for (const key of keys) {
      const left = q.creating.get(key)! - 1;
      if (left === 0) q.creating.delete(key);
      else q.creating.set(key, left);
    }
    schedule(q);
  }
}

/** One change as the single request it is with batching off; a create settles its lost answer. */
async function sendAlone(q: ZoneQueue, op: RecordOp): Promise<OpResult> {
  batchStats.singles++;
  const { client, account, zone } = q;
  switch (op.kind) {
    case "create": {
      const { input } = op;
      const record = await sendSettling(
        q,
        { creates: [input] },
        () => client.zones.records.create(account, zone, input),
        (settled) => settled.creates[0],
        { name: input.name, type: input.type },
      );
      q.made.add(record.id);
      return record;
    }
    case "update":
      return client.zones.records.update(account, zone, op.id, op.patch);
    case "delete":
      await client.zones.records.delete(account, zone, op.id);
      return undefined;
  }
}

function settleAlone(q: ZoneQueue, items: Pending[]): Promise<void> {
  return Promise.all(items.map((p) => sendAlone(q, p.op).then(p.resolve, p.reject))).then(() => undefined);
}

function bodyOf(items: Pending[]): {
  body: ZoneRecordBatch;
  creates: Pending[];
  updates: Pending[];
  deletes: Pending[];
} {
  const creates: Pending[] = [];
  const updates: Pending[] = [];
  const deletes: Pending[] = [];
  const inputs: ZoneRecordInput[] = [];
  const patches: ZoneRecordBatchUpdate[] = [];
  const ids: Array<{ id: number }> = [];
  for (const p of items) {
    const { op } = p;
    switch (op.kind) {
      case "create":
        creates.push(p);
        inputs.push(op.input);
        break;
      case "update":
        updates.push(p);
        patches.push({ id: op.id, ...op.patch });
        break;
      case "delete":
        deletes.push(p);
        ids.push({ id: op.id });
        break;
    }
  }
  const body: ZoneRecordBatch = {};
  if (creates.length > 0) body.creates = inputs;
  if (updates.length > 0) body.updates = patches;
  if (deletes.length > 0) body.deletes = ids;
  return { body, creates, updates, deletes };
}

/** Sends `items` as one batch (or alone when one), splitting and resending after refusals. */
async function sendGroup(q: ZoneQueue, items: Pending[]): Promise<void> {
  if (items.length === 0) return;
  if (items.length === 1 || batchUnavailable(q.client, q.account)) return settleAlone(q, items);
  const { body, creates, updates, deletes } = bodyOf(items);
  let result;
  try {
    batchStats.batches++;
    result = await sendSettling(
      q,
      body,
      () => q.client.zones.records.batch(q.account, q.zone, body),
      (settled) => settled,
    );
  } catch (error) {
    return afterRefusal(q, items, { creates, updates, deletes }, error);
  }
  creates.forEach((p, i) => {
    const record = result.creates[i];
    if (record) q.made.add(record.id);
    if (record) p.resolve(record);
    else p.reject(new Error(`the batch answer has no record for create ${i} (${q.zone})`));
  });
  updates.forEach((p, i) => {
    const record = result.updates[i];
    if (record) p.resolve(record);
    else p.reject(new Error(`the batch answer has no record for update ${i} (${q.zone})`));
  });
  for (const p of deletes) p.resolve(undefined);
}

async function afterRefusal(
  q: ZoneQueue,
  items: Pending[],
  lists: { creates: Pending[]; updates: Pending[]; deletes: Pending[] },
  error: unknown,
): Promise<void> {
  if (!isApiError(error) || error.status === undefined || error.status === 429 || error.status >= 500) {
    // Not a refusal: retried, and a lost answer read back, as often as allowed. Each change gets the failure.
    for (const p of items) p.reject(error);
    return;
  }
  if ([402, 403, 405].includes(error.status) || (error.status === 404 && error.apiMessage === "Not Found")) {
    let accounts = noBatch.get(q.client);
    if (!accounts) noBatch.set(q.client, (accounts = new Set()));
    accounts.add(q.account);
    reportOnce(
      `batch-fallback:${q.account}`,
      `account ${q.account} cannot use batch changes of zone records ` +
        `(${error.status} ${error.apiMessage ?? ""}); zone records are sent one request each`,
    );
    return settleAlone(q, items);
  }
  if (error.status === 404) return settleAlone(q, items); // the zone: each change gets its own 404
  const failed = batchOperationErrors(error);
  if (!failed) {
    // Refused as a whole: too many operations for the service, say. Smaller batches.
    const size = items.length > SERVICE_ANNOUNCED_MAX ? SERVICE_ANNOUNCED_MAX : Math.ceil(items.length / 2);
    let sizes = maxItems.get(q.client);
    if (!sizes) maxItems.set(q.client, (sizes = new Map()));
    sizes.set(q.account, Math.min(size, limitFor(q.client, q.account)));
    for (let i = 0; i < items.length; i += size) await sendGroup(q, items.slice(i, i + size));
    return;
  }
  const rest: Pending[] = [];
  const alone: Pending[] = [];
  for (const [list, errors] of [
    [lists.creates, failed.creates],
    [lists.updates, failed.updates],
    [lists.deletes, failed.deletes],
  ] as const) {
    list.forEach((p, index) => {
      const own = errors.get(index);
      if (!own) rest.push(p);
      // A delete of a record already gone is done: alone, "not found" is ignored by the caller.
      else if (p.op.kind === "delete") alone.push(p);
      else p.reject(own);
    });
  }
  await Promise.all([sendGroup(q, rest), settleAlone(q, alone)]);
}
