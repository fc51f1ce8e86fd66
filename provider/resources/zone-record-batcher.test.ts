/**
 * When a batch of zone-record changes leaves: as soon as every engine call the process is
 * answering waits in it (nothing more can join), and not before while another call is still
 * running. A fake client and fake timers make the order of events exact.
 */
import type { DnsimpleClient } from "../client";
import { countCall } from "./framework/calls-in-progress";
import { submitRecordOp } from "./zone-record-batcher";

function fakeClient() {
  let nextId = 1;
  const batch = jest.fn(async (_account: string, _zone: string, body: { creates?: unknown[] }) => ({
    creates: (body.creates ?? []).map((input) => ({ ...(input as object), id: nextId++ })),
    updates: [],
    deletes: [],
  }));
  const create = jest.fn(async (_account: string, _zone: string, input: object) => ({
    ...input,
    id: nextId++,
  }));
  const client = { zones: { records: { batch, create } } } as unknown as DnsimpleClient;
  return { client, batch, create };
}

const input = (i: number) => ({ name: `host${i}`, type: "A", content: `192.0.2.${i}`, ttl: 3600 });

/** An engine call that is still running until `end()` (a check or a diff, say). */
function runningCall(): { end(): void; done: Promise<void> } {
  let end!: () => void;
  const done = countCall(() => new Promise<void>((resolve) => (end = resolve)));
  return { end: () => end(), done };
}

beforeEach(() => jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] }));
afterEach(() => jest.useRealTimers());

/** Lets promise callbacks run, then moves the fake clock. */
async function advance(ms: number): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await jest.advanceTimersByTimeAsync(ms);
}

describe("a batch of zone-record changes", () => {
  it("leaves a few milliseconds after every engine call in progress waits in it, as one request", async () => {
    const { client, batch, create } = fakeClient();
    const results = [1, 2, 3].map((i) =>
      countCall(() => submitRecordOp(client, "1", "example.com", { kind: "create", input: input(i) })),
    );
    await advance(10);
    expect(batch).toHaveBeenCalledTimes(1);
    expect(batch.mock.calls[0]![2].creates).toHaveLength(3);
    expect(create).not.toHaveBeenCalled();
    expect((await Promise.all(results)).map((r) => r?.id)).toEqual([1, 2, 3]);
  });

  it("waits while another engine call is still running, and leaves when it ends", async () => {
    const { client, batch } = fakeClient();
    const check = runningCall();
    const results = [1, 2].map((i) =>
      countCall(() => submitRecordOp(client, "1", "example.com", { kind: "create", input: input(i) })),
    );
    await advance(50);
    expect(batch).not.toHaveBeenCalled();

    check.end();
    await check.done;
    await advance(10);
    expect(batch).toHaveBeenCalledTimes(1);
    expect(batch.mock.calls[0]![2].creates).toHaveLength(2);
    await Promise.all(results);
  });

  it("still leaves after the quiet window when a long call keeps running", async () => {
    const { client, batch } = fakeClient();
    const order = runningCall();
    const results = [1, 2].map((i) =>
      countCall(() => submitRecordOp(client, "1", "example.com", { kind: "create", input: input(i) })),
    );
    await advance(50);
    expect(batch).not.toHaveBeenCalled();
    await advance(200);
    expect(batch).toHaveBeenCalledTimes(1);
    await Promise.all(results);
    order.end();
    await order.done;
  });
});

describe("once the engine's parallelism is known", () => {
  it("a batch holding half of it leaves while the engine still starts steps, without waiting for the rest", async () => {
    const { client, batch } = fakeClient();
    // Six calls at once, all waiting: the engine runs six steps at a time.
    const first = [1, 2, 3, 4, 5, 6].map((i) =>
      countCall(() => submitRecordOp(client, "1", "example.com", { kind: "create", input: input(i) })),
    );
    await advance(10);
    await Promise.all(first);
    expect(batch.mock.calls.map((c) => c[2].creates?.length)).toEqual([6]);

    // Then the engine streams: a check runs while three creates wait; half of six leaves at once.
    const check = runningCall();
    const next = [7, 8, 9].map((i) =>
      countCall(() => submitRecordOp(client, "1", "example.com", { kind: "create", input: input(i) })),
    );
    await advance(5);
    expect(batch.mock.calls.map((c) => c[2].creates?.length)).toEqual([6, 3]);
    await Promise.all(next);
    check.end();
    await check.done;
  });
});
