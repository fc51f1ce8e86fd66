/**
 * The emulator's state: one table per kind of object, counters for ids, settings, and atomic
 * persistence to a JSON file (write a temporary file, fsync it, rename it over the old one, fsync
 * the folder), so a process killed at any moment leaves either the old or the new state on disk.
 *
 * A change is saved because a table was written: `insert`, `update`, `delete` and
 * `updateSettings` mark the store changed, and the server saves after every request and timer step
 * that changed it. Rows are read-only (their fields are `readonly` in `model.ts`): a field changes
 * through `table.update(row, changes)`, never by assigning to the row. With `verifyWrites` on (the
 * test projects turn it on), a change made any other way is reported by {@link Store.checkWrites}.
 *
 * @example
 *   const store = Store.open("/tmp/state.json"); // or Store.open(undefined) for memory only
 *   const d = store.domains.insert({ ...fields });
 *   store.domains.update(d, { state: "hosted" });
 *   store.save(); // writes: the table said something changed
 */
import * as fs from "node:fs";
import * as path from "node:path";
import type {
  AccountRow,
  CertificatePurchaseRow,
  CertificateRenewalRow,
  CertificateRow,
  ChargeRow,
  ContactRow,
  DomainRow,
  DsRow,
  EmailForwardRow,
  JobRow,
  MetadataRow,
  OAuthCodeRow,
  OrderRow,
  PlatformMessageRow,
  PrimaryServerRow,
  PushRow,
  RecordRow,
  RegistrantChangeRow,
  Settings,
  SubscriptionRow,
  TemplateRow,
  TokenRow,
  UserRow,
  WebhookRow,
  ZoneRow,
} from "./model";
import { DEFAULT_BATCH, DEFAULT_DELAYS } from "./model";

/** ISO 8601 UTC without milliseconds, as the service writes timestamps. */
export function now(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** A table of rows with integer ids, in id order, with an optional unique key index. */
export class Table<T extends { id: number }> {
  private readonly rows = new Map<number, T>();
  private readonly index = new Map<string, T>();
  private seq = 0;
  /** Called on every write (set by the store that owns the table). */
  private written: () => void = () => undefined;

  constructor(private readonly keyOf?: (row: T) => string) {}

  /** Calls `listener` on every insert, update, delete and clear. */
  onWrite(listener: () => void): void {
    this.written = listener;
  }

  get size(): number {
    return this.rows.size;
  }

  nextId(): number {
    return ++this.seq;
  }

  /** Inserts a row; `id` is assigned when absent. */
  insert(row: Omit<T, "id"> & { id?: number }): T {
    const id = row.id ?? this.nextId();
    if (id > this.seq) this.seq = id;
    const full = { ...row, id } as T;
    this.rows.set(id, full);
    if (this.keyOf) this.index.set(this.keyOf(full), full);
    this.written();
    return full;
  }

  get(id: number): T | undefined {
    return this.rows.get(id);
  }

  byKey(key: string): T | undefined {
    return this.index.get(key);
  }

  /**
   * Changes fields of a stored row in place (so every reference to it sees them), keeping the key
   * index right; returns the row. A row that is no longer stored is left alone.
   */
  update(row: T, changes: Partial<T>): T {
    const stored = this.rows.get(row.id);
    if (stored === undefined) return row;
    if (this.keyOf) this.index.delete(this.keyOf(stored));
    Object.assign(stored, changes);
    if (this.keyOf) this.index.set(this.keyOf(stored), stored);
    this.written();
    return stored;
  }

  delete(id: number): boolean {
    const row = this.rows.get(id);
    if (row === undefined) return false;
    this.rows.delete(id);
    if (this.keyOf) this.index.delete(this.keyOf(row));
    this.written();
    return true;
  }

  /** Deletes every row matching `pred`; returns the deleted rows. */
  deleteWhere(pred: (row: T) => boolean): T[] {
    const gone: T[] = [];
    for (const row of this.rows.values()) if (pred(row)) gone.push(row);
    for (const row of gone) this.delete(row.id);
    return gone;
  }

  all(): T[] {
    return [...this.rows.values()];
  }

  filter(pred: (row: T) => boolean): T[] {
    const out: T[] = [];
    for (const row of this.rows.values()) if (pred(row)) out.push(row);
    return out;
  }

  find(pred: (row: T) => boolean): T | undefined {
    for (const row of this.rows.values()) if (pred(row)) return row;
    return undefined;
  }

  clear(): void {
    this.rows.clear();
    this.index.clear();
    this.seq = 0;
    this.written();
  }

  dump(): { seq: number; rows: T[] } {
    return { seq: this.seq, rows: this.all() };
  }

  restore(data: { seq?: number; rows?: T[] } | undefined): void {
    this.clear();
    for (const row of data?.rows ?? []) this.insert(row);
    this.seq = Math.max(this.seq, data?.seq ?? 0);
  }
}

function defaultSettings(): Settings {
  return {
    delays: { ...DEFAULT_DELAYS },
    registrar: { taken: [], premium: {}, unsupported_tlds: [], registration_delays: {} },
    batch: { ...DEFAULT_BATCH },
  };
}

const FORMAT_VERSION = 1;

type DeepReadonly<T> = T extends (infer E)[]
  ? readonly DeepReadonly<E>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** All state; `save()` persists it when a data file was given. */
export class Store {
  readonly accounts = new Table<AccountRow>();
  readonly users = new Table<UserRow>((u) => u.email.toLowerCase());
  readonly tokens = new Table<TokenRow>((t) => t.token);
  readonly domains = new Table<DomainRow>((d) => d.name);
  readonly zones = new Table<ZoneRow>((z) => z.name);
  readonly records = new Table<RecordRow>();
  readonly contacts = new Table<ContactRow>();
  readonly dsRecords = new Table<DsRow>();
  readonly emailForwards = new Table<EmailForwardRow>();
  readonly pushes = new Table<PushRow>();
  readonly certificates = new Table<CertificateRow>();
  readonly certificatePurchases = new Table<CertificatePurchaseRow>();
  readonly certificateRenewals = new Table<CertificateRenewalRow>();
  readonly orders = new Table<OrderRow>();
  readonly registrantChanges = new Table<RegistrantChangeRow>();
  readonly primaryServers = new Table<PrimaryServerRow>();
  readonly webhooks = new Table<WebhookRow>();
  readonly charges = new Table<ChargeRow>();
  readonly platformMessages = new Table<PlatformMessageRow>();
  readonly metadata = new Table<MetadataRow>();
  readonly templates = new Table<TemplateRow>();
  readonly subscriptions = new Table<SubscriptionRow>();
  readonly oauthCodes = new Table<OAuthCodeRow>((c) => c.code);
  readonly jobs = new Table<JobRow>();
  private current: Settings = defaultSettings();

  private dirty = false;
  /** With `verifyWrites`: the state as of the last save, to find changes no table was told of. */
  private verified: string | undefined;

  private constructor(
    readonly file: string | undefined,
    readonly verifyWrites: boolean,
  ) {
    for (const table of Object.values(this.tables())) table.onWrite(() => (this.dirty = true));
  }

  /** Delays, registrar answers and batch limits; changed only through {@link updateSettings}. */
  get settings(): DeepReadonly<Settings> {
    return this.current;
  }

  /** Changes settings (a write: the next save persists it). */
  updateSettings(change: (settings: Settings) => void): void {
    change(this.current);
    this.dirty = true;
  }

  /** Opens the store, loading `file` when it exists. */
  static open(file: string | undefined, options: { verifyWrites?: boolean } = {}): Store {
    const store = new Store(
      file === undefined ? undefined : path.resolve(file),
      options.verifyWrites ?? false,
    );
    if (store.file !== undefined && fs.existsSync(store.file)) {
      const text = fs.readFileSync(store.file, "utf8");
      store.load(JSON.parse(text) as Record<string, unknown>);
    }
    if (store.verifyWrites) store.verified = JSON.stringify(store.snapshot());
    return store;
  }

  private tables(): Record<string, Table<{ id: number }>> {
    return {
      accounts: this.accounts,
      users: this.users,
      tokens: this.tokens,
      domains: this.domains,
      zones: this.zones,
      records: this.records,
      contacts: this.contacts,
      ds_records: this.dsRecords,
      email_forwards: this.emailForwards,
      pushes: this.pushes,
      certificates: this.certificates,
      certificate_purchases: this.certificatePurchases,
      certificate_renewals: this.certificateRenewals,
      orders: this.orders,
      registrant_changes: this.registrantChanges,
      primary_servers: this.primaryServers,
      webhooks: this.webhooks,
      charges: this.charges,
      platform_messages: this.platformMessages,
      metadata: this.metadata,
      templates: this.templates,
      subscriptions: this.subscriptions,
      oauth_codes: this.oauthCodes,
      jobs: this.jobs,
    } as unknown as Record<string, Table<{ id: number }>>;
  }

  /** Empties every table and restores default settings. */
  clear(): void {
    for (const t of Object.values(this.tables())) t.clear();
    this.current = defaultSettings();
    this.dirty = true;
  }

  private load(data: Record<string, unknown>): void {
    const tables = (data["tables"] ?? {}) as Record<string, { seq?: number; rows?: { id: number }[] }>;
    for (const [name, table] of Object.entries(this.tables())) table.restore(tables[name]);
    const settings = (data["settings"] ?? {}) as Partial<Settings>;
    const base = defaultSettings();
    this.current = {
      delays: { ...base.delays, ...(settings.delays ?? {}) },
      registrar: { ...base.registrar, ...(settings.registrar ?? {}) },
      batch: { ...base.batch, ...(settings.batch ?? {}) },
    };
  }

  get isDirty(): boolean {
    return this.dirty;
  }

  snapshot(): Record<string, unknown> {
    const tables: Record<string, unknown> = {};
    for (const [name, table] of Object.entries(this.tables())) tables[name] = table.dump();
    return { version: FORMAT_VERSION, settings: this.current, tables };
  }

  /** Writes the state atomically when a data file is configured and a table or setting was written. */
  save(): void {
    if (!this.dirty) return;
    this.dirty = false;
    if (this.verifyWrites) this.verified = JSON.stringify(this.snapshot());
    if (this.file === undefined) return;
    writeAtomic(this.file, JSON.stringify(this.snapshot()));
  }

  /**
   * With `verifyWrites`: throws when the state differs from the last save although no table or
   * setting was written since, i.e. a row was changed by assignment and would not be saved.
   * `step` names what ran (a route, a job) for the message. Without `verifyWrites` it does nothing.
   */
  checkWrites(step: string): void {
    if (!this.verifyWrites || this.dirty) return;
    if (JSON.stringify(this.snapshot()) === this.verified) return;
    const message = `emulator: ${step} changed state without writing a table (use table.update), so it would not be saved`;
    process.stderr.write(`${message}\n`);
    throw new Error(message);
  }
}

/** Write temp + fsync + rename + fsync(dir): readers see the old or the new content, never a mix. */
export function writeAtomic(file: string, content: string): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.tmp`);
  const fd = fs.openSync(tmp, "w", 0o600);
  try {
    fs.writeSync(fd, content);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  try {
    const dfd = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(dfd);
    } finally {
      fs.closeSync(dfd);
    }
  } catch {
    // Some file systems refuse fsync on a directory; the rename is still atomic.
  }
}
