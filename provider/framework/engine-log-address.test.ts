/**
 * Messages of a process the engine starts other than as the dynamic provider (the provider plugin):
 * once told the engine's address, they go to that engine's `Log` call, not to stderr.
 */
import { flushReports, MESSAGE_PREFIX, report, setEngineAddress, setLogSink } from "./engine-log";

// The engine's gRPC client, in place of a connection to a real engine (as in engine-log.test.ts).
jest.mock("@pulumi/pulumi/proto/engine_grpc_pb", () => ({ EngineClient: jest.fn() }));
const { EngineClient } = jest.requireMock("@pulumi/pulumi/proto/engine_grpc_pb") as {
  EngineClient: jest.Mock;
};

/** Records the address of each engine client and the messages its `Log` call carried. */
function fakeEngine(): Array<{ address: string; message: string }> {
  const calls: Array<{ address: string; message: string }> = [];
  EngineClient.mockImplementation((address: string) => ({
    log(req: { getMessage(): string }, _meta: unknown, _options: unknown, done: (err: Error | null) => void) {
      calls.push({ address, message: req.getMessage() });
      done(null);
    },
  }));
  return calls;
}

afterEach(() => {
  setLogSink(undefined);
  EngineClient.mockReset();
});

describe("a process told the engine's address", () => {
  it("sends its messages to that engine, and nothing to stderr", async () => {
    const calls = fakeEngine();
    const written: string[] = [];
    const spy = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      setEngineAddress("127.0.0.1:41749");
      void report("info", "zone example.com: 3 records");
      await report("warning", "slower than usual");
      await flushReports();
    } finally {
      spy.mockRestore();
    }
    expect(calls).toEqual([
      { address: "127.0.0.1:41749", message: `${MESSAGE_PREFIX}zone example.com: 3 records` },
      { address: "127.0.0.1:41749", message: `${MESSAGE_PREFIX}slower than usual` },
    ]);
    expect(written).toEqual([]);
  });
});
