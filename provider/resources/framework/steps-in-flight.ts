/**
 * The engine's steps this provider process is working on: creates, updates and deletes it was
 * handed and has not answered yet, per kind. The engine hands at most `--parallel` steps at a time
 * and hands no more until one is answered, so when every step in flight is waiting on something
 * (the zone-record batcher, say), waiting longer cannot bring more work in. The most steps ever
 * in flight at once is what this process has seen of `--parallel` (the engine does not tell
 * providers its value).
 */

const inFlight = new Map<string, number>();
const peak = new Map<string, number>();
const listeners = new Set<() => void>();

/**
 * Counts a step of `kind` from now until the returned function is called (once; later calls do
 * nothing). Listeners of {@link onStepAnswered} hear of its end.
 *
 * @example
 * const answered = stepStarted("ZoneRecord");
 * try { return await create(); } finally { answered(); }
 */
export function stepStarted(kind: string): () => void {
  const now = (inFlight.get(kind) ?? 0) + 1;
  inFlight.set(kind, now);
  if (now > (peak.get(kind) ?? 0)) peak.set(kind, now);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    inFlight.set(kind, inFlight.get(kind)! - 1);
    for (const listener of listeners) listener();
  };
}

/** Steps of `kind` handed to this process and not answered yet. */
export function stepsInFlight(kind: string): number {
  return inFlight.get(kind) ?? 0;
}

/** The most steps of `kind` this process has had in flight at once. */
export function mostStepsInFlight(kind: string): number {
  return peak.get(kind) ?? 0;
}

/** Calls `listener` after each step's end; returns the function that stops it. */
export function onStepAnswered(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets every count (tests). */
export function resetStepsInFlight(): void {
  inFlight.clear();
  peak.clear();
}
