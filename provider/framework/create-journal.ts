/**
 * The write-ahead record of creates in flight (docs/decisions/005). Before a create is sent, an
 * entry names the resource (its owner key: the TypeScript SDK's `ownerKey`, or one the provider
 * plugin makes from the URN), the kind, the account and when the attempt started in the service's
 * time; when the service answers, the entry gets the new object's id. The next `pulumi up` of the same stack on the same machine finds it:
 *
 * - an entry with an id whose resource is not in state: the engine died after the service
 *   answered and before it saved the result. That object is ours.
 * - an entry without an id: the answer was lost. Only an object identical to the declaration
 *   and created after the entry's start can be ours.
 *
 * An answered create keeps its entry after the create returns: only a later operation that
 * receives the id from Pulumi's state (diff, read, update, delete) proves the engine recorded it
 * and removes the entry. So a run whose state is saved only at its end (`PULUMI_SKIP_CHECKPOINTS`)
 * and is killed before it leaves every object it made named here, and the next `up` takes each
 * over by its id. Entries are small files, one per resource (no inputs, so no personal data or
 * secrets), under `$PULUMI_HOME/dnsimple-dynamic/creates` (or `DNSIMPLE_CREATE_JOURNAL_DIR`),
 * written atomically; entries older than 30 days are ignored, and deleted when the folder is read.
 * `listCreates` is what `pulumi-dnsimple-dynamic unrecorded-creates` shows.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import * as path from "node:path";

export interface CreateJournalEntry {
  /** The resource's owner key (see `Lifecycle` in `lifecycle.ts`). */
  readonly key: string;
  readonly kind: string;
  readonly account: string;
  /** When the first attempt started, in the service's time (ISO 8601). */
  readonly since: string;
  /** For kinds whose objects carry no creation time: the highest id that existed before. */
  readonly newerThanId?: number;
  /** The id the service answered with, once it did. */
  readonly createdId?: string;
}

const MAX_AGE_MS = 30 * 24 * 3600 * 1000;

/** Where the entries live; read at every call so tests and programs can point it elsewhere. */
export function journalDir(env: Record<string, string | undefined> = process.env): string {
  const explicit = env["DNSIMPLE_CREATE_JOURNAL_DIR"];
  if (explicit) return explicit;
  const home = env["PULUMI_HOME"] || path.join(homedir(), ".pulumi");
  return path.join(home, "dnsimple-dynamic", "creates");
}

function fileOf(key: string): string {
  return path.join(journalDir(), `${createHash("sha256").update(key).digest("hex").slice(0, 40)}.json`);
}

function parse(text: string): CreateJournalEntry | undefined {
  try {
    const entry = JSON.parse(text) as CreateJournalEntry;
    if (typeof entry.key !== "string" || typeof entry.since !== "string") return undefined;
    const age = Date.now() - Date.parse(entry.since);
    return Number.isFinite(age) && age < MAX_AGE_MS ? entry : undefined;
  } catch {
    return undefined;
  }
}

function write(entry: CreateJournalEntry): void {
  const file = fileOf(entry.key);
  mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(temp, JSON.stringify(entry));
  renameSync(temp, file);
}

/** The entry of a resource, if a create of it was in flight and never confirmed by state. */
export function pendingCreate(key: string): CreateJournalEntry | undefined {
  try {
    const entry = parse(readFileSync(fileOf(key), "utf8"));
    return entry?.key === key ? entry : undefined;
  } catch {
    return undefined;
  }
}

/** Notes a create about to be sent. */
export function beginCreate(entry: Omit<CreateJournalEntry, "createdId">): void {
  write(entry);
}

/** Notes the id the service answered with. */
export function createAnswered(key: string, id: string): void {
  const entry = pendingCreate(key);
  if (entry) write({ ...entry, createdId: id });
}

/** Drops the entry: the create surely failed, or Pulumi's state holds its result. */
export function forgetCreate(key: string): void {
  rmSync(fileOf(key), { force: true });
}

/** Drops the entry when state shows the engine recorded the object with this id. */
export function settleCreate(key: unknown, id: string): void {
  if (typeof key !== "string") return;
  const entry = pendingCreate(key);
  if (entry?.createdId === id) forgetCreate(key);
}

/**
 * Every entry of the folder (default: this process's), oldest first. Entries past 30 days are
 * deleted: nothing takes them as proof any more.
 */
export function listCreates(dir = journalDir()): CreateJournalEntry[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const entries: CreateJournalEntry[] = [];
  for (const name of names) {
    if (!name.endsWith(".json")) continue;
    const file = path.join(dir, name);
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue; // removed meanwhile by a settled create
    }
    const entry = parse(text);
    if (entry) entries.push(entry);
    else if (expired(text)) rmSync(file, { force: true });
  }
  return entries.sort((a, b) => a.since.localeCompare(b.since));
}

/** Whether an entry file is an entry past its age (not merely one this version cannot read). */
function expired(text: string): boolean {
  try {
    const since = Date.parse((JSON.parse(text) as { since?: string }).since ?? "");
    return Number.isFinite(since) && Date.now() - since >= MAX_AGE_MS;
  } catch {
    return false;
  }
}

/** Ids that other resources' entries hold for this kind and account: not candidates for recovery. */
export function idsHeldByOthers(key: string, kind: string, account: string): Set<string> {
  const held = new Set<string>();
  for (const entry of listCreates()) {
    if (entry.key !== key && entry.kind === kind && entry.account === account && entry.createdId) {
      held.add(entry.createdId);
    }
  }
  return held;
}
