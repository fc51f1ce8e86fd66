/**
 * Pending operations that finish later (registrations, transfers, renewals, restores, certificate
 * issuance). Each is a persisted row with a due time, so a restarted emulator finishes what the
 * previous process left in flight.
 *
 * @example
 *   jobs.register("order", (id) => completeOrder(id));
 *   jobs.schedule("order", order.id, 50); // runs in 50 ms, or at the next start if the process dies
 */
import type { JobRow } from "./model";
import type { Store } from "./store";

type JobHandler = (refId: number) => void;

/** Persisted timers. */
export class Jobs {
  private readonly handlers = new Map<JobRow["kind"], JobHandler>();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly store: Store) {}

  register(kind: JobRow["kind"], handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Persists a job and arms its timer. */
  schedule(kind: JobRow["kind"], refId: number, delayMs: number): JobRow {
    const job = this.store.jobs.insert({ kind, ref_id: refId, due_at_ms: Date.now() + delayMs });
    this.arm(job);
    return job;
  }

  /** Arms timers for every stored job (after loading a data file). */
  resume(): void {
    for (const job of this.store.jobs.all()) this.arm(job);
  }

  /** Runs every due job now (tests use it through the admin surface). */
  runDue(nowMs = Date.now()): number {
    let n = 0;
    for (const job of this.store.jobs.all()) {
      if (job.due_at_ms <= nowMs) {
        this.fire(job.id);
        n++;
      }
    }
    return n;
  }

  pending(): JobRow[] {
    return this.store.jobs.all();
  }

  /** Forgets every timer (reset). */
  clear(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  close(): void {
    this.closed = true;
    this.clear();
  }

  private arm(job: JobRow): void {
    if (this.closed) return;
    const existing = this.timers.get(job.id);
    if (existing) clearTimeout(existing);
    const delay = Math.max(0, Math.min(job.due_at_ms - Date.now(), 2 ** 31 - 1));
    const timer = setTimeout(() => this.fire(job.id), delay);
    timer.unref();
    this.timers.set(job.id, timer);
  }

  private fire(jobId: number): void {
    const timer = this.timers.get(jobId);
    if (timer) clearTimeout(timer);
    this.timers.delete(jobId);
    const job = this.store.jobs.get(jobId);
    if (job === undefined || this.closed) return;
    this.store.jobs.delete(jobId);
    try {
      this.handlers.get(job.kind)?.(job.ref_id);
    } catch (err) {
      // A failing job must not take the server down; it is reported and dropped.
      process.stderr.write(`emulator: job ${job.kind} ${job.ref_id} failed: ${String(err)}\n`);
    } finally {
      this.store.checkWrites(`job ${job.kind} ${job.ref_id}`);
      try {
        this.store.save();
      } catch {
        // A failed save is retried with the next change; the job stays done in memory.
      }
    }
  }
}
