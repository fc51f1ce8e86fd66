/**
 * The engine's calls this provider process is answering right now (check, diff, create, read,
 * update, delete of every kind): what the zone-record batcher compares with the calls waiting in
 * its batches. When every call in progress waits in a batch, the engine is waiting for answers
 * (its `--parallel` steps are all with us), so nothing more can join and the batch leaves.
 *
 * @example
 * ```ts
 * await countCall(() => provider.create(inputs)); // callsInProgress() is 1 while it runs
 * ```
 */
let running = 0;
let lastStartAt = 0;
/** The usual gap between two calls' arrivals while the engine streams them (moving average, ms). */
let gapMs = 0;
const whenOneEnds = new Set<() => void>();
/** Longer gaps are pauses (the engine waiting for answers), not its pace. */
const PAUSE_MS = 200;

/** Engine calls being answered now, in this process. */
export function callsInProgress(): number {
  return running;
}

/** When the engine's latest call arrived (ms since the epoch), 0 before the first. */
export function lastCallStartedAt(): number {
  return lastStartAt;
}

/** The usual gap between the engine's calls while it streams them (ms), 0 before two arrived. */
export function usualCallGapMs(): number {
  return gapMs;
}

/** Calls `listener` each time a call ends (the batcher looks again at what it holds). */
export function onCallEnded(listener: () => void): void {
  whenOneEnds.add(listener);
}

/** Runs one engine call, counted while it runs. */
export async function countCall<R>(call: () => Promise<R>): Promise<R> {
  const now = Date.now();
  const gap = now - lastStartAt;
  if (lastStartAt > 0 && gap < PAUSE_MS) gapMs = gapMs === 0 ? gap : 0.8 * gapMs + 0.2 * gap;
  lastStartAt = now;
  running++;
  try {
    return await call();
  } finally {
    running--;
    for (const listener of whenOneEnds) listener();
  }
}
