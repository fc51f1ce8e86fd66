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
 * Any later operation that receives the id from Pulumi's state (diff, read, update, delete)
 * proves the engine recorded it and removes the entry. Entries are small files (no inputs, so no
 * personal data or secrets) under `$PULUMI_HOME/dnsimple-dynamic/creates` (or
 * `DNSIMPLE_CREATE_JOURNAL_DIR`), written atomically; entries older than 30 days are ignored.
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
export function journalDir(): string {
  const explicit = process.env["DNSIMPLE_CREATE_JOURNAL_DIR"];
  if (explicit) return explicit;
  const home = process.env["PULUMI_HOME"] || path.join(homedir(), ".pulumi");
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

/** Ids that other resources' entries hold for this kind and account: not candidates for recovery. */
export function idsHeldByOthers(key: string, kind: string, account: string): Set<string> {
  const held = new Set<string>();
  let names: string[];
  try {
    names = readdirSync(journalDir());
  } catch {
    return held;
  }
  for (const name of names) {
    if (!name.endsWith(".json")) continue;
    let entry: CreateJournalEntry | undefined;
    try {
      entry = parse(readFileSync(path.join(journalDir(), name), "utf8"));
    } catch {
      continue;
    }
    if (entry && entry.key !== key && entry.kind === kind && entry.account === account && entry.createdId) {
      held.add(entry.createdId);
    }
  }
  return held;
}
