/**
 * How the provider's messages reach the engine's output: in order, prefixed, credentials
 * removed, said once where asked, to stderr when the engine cannot take them; what the engine's
 * `Log` call carries; and how the provider process recognises the engine's address among its
 * arguments.
 */
import { LogSeverity } from "@pulumi/pulumi/proto/engine_pb";
import {
  engineAddress,
  engineSink,
  flushReports,
  MESSAGE_PREFIX,
  registerSecrets,
  report,
  reportOnce,
  setLogSink,
  stderrSink,
  type LogSink,
  type Severity,
} from "./engine-log";

// The engine's gRPC client, in place of a connection to a real engine: each sink gets a client
// whose `log` calls are recorded by the test.
jest.mock("@pulumi/pulumi/proto/engine_grpc_pb", () => ({ EngineClient: jest.fn() }));
const { EngineClient } = jest.requireMock("@pulumi/pulumi/proto/engine_grpc_pb") as {
  EngineClient: jest.Mock;
};

interface LogCall {
  address: string;
  severity: number;
  message: string;
  urn: string;
  streamId: number;
  ephemeral: boolean;
  deadline: number;
}

/** Records the engine's `Log` calls; each is answered with `answer` (an error: the engine refused). */
function fakeEngine(answer: Error | null = null): LogCall[] {
  const calls: LogCall[] = [];
  EngineClient.mockImplementation((address: string) => ({
    log(
      req: {
        getSeverity(): number;
        getMessage(): string;
        getUrn(): string;
        getStreamid(): number;
        getEphemeral(): boolean;
      },
      _meta: unknown,
      options: { deadline: number },
      done: (err: Error | null) => void,
    ) {
      calls.push({
        address,
        severity: req.getSeverity(),
        message: req.getMessage(),
        urn: req.getUrn(),
        streamId: req.getStreamid(),
        ephemeral: req.getEphemeral(),
        deadline: options.deadline,
      });
      done(answer);
    },
  }));
  return calls;
}

/** Captures what is written to stderr while `run` runs. */
async function stderrOf(run: () => Promise<void>): Promise<string[]> {
  const written: string[] = [];
  const spy = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return written;
}

/**
 * The module loaded inside the test, as the provider process loads it, with its own sink (so that
 * mutation testing credits its top-level declarations to the test).
 */
function loadedAfresh(): typeof import("./engine-log") {
  let fresh!: typeof import("./engine-log");
  jest.isolateModules(() => {
    fresh = require("./engine-log");
  });
  return fresh;
}

function recorder(fail = false): LogSink & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    async write(severity: Severity, message: string, ephemeral: boolean) {
      if (fail) throw new Error("engine gone");
      lines.push(`${severity}${ephemeral ? " (ephemeral)" : ""} ${message}`);
    },
  };
}

afterEach(() => {
  setLogSink(undefined);
  EngineClient.mockReset();
});

describe("engine address", () => {
  it.each([
    [
      ["node", "/x/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js", "127.0.0.1:41749"],
      "127.0.0.1:41749",
    ],
    [["node", "/x/@pulumi/pulumi/cmd/dynamic-provider", "localhost:5"], "localhost:5"],
    [["node", "C:\\x\\@pulumi\\pulumi\\cmd\\dynamic-provider\\index.js", "[::1]:9000"], "[::1]:9000"],
    [["node", "/x/cmd/dynamic-provider/index.js", "not an address"], undefined],
    [["node", "/x/cmd/dynamic-provider/index.js", "tcp://127.0.0.1:41749"], undefined],
    [["node", "/x/cmd/dynamic-provider/index.js", "127.0.0.1:41749/"], undefined],
    [["node", "/x/cmd/dynamic-provider/index.js", "tcp:[::1]:9000"], undefined],
    [["node", "/x/cmd/dynamic-provider/index.js", "[::1]:9000/"], undefined],
    [["node", "/x/cmd/dynamic-provider/other.js", "127.0.0.1:41749"], undefined],
    [["node", "/x/cmd/dynamic-provider/index.js"], undefined],
    [["node", "/x/jest/bin/jest.js", "127.0.0.1:1"], undefined],
    [["node"], undefined],
  ])("of %j is %s", (argv, expected) => {
    expect(engineAddress(argv)).toBe(expected);
  });
});

describe("reports", () => {
  it("arrive in order, prefixed, with their severity and whether they stay in the summary", async () => {
    const sink = recorder();
    setLogSink(sink);
    void report("info", "first", { ephemeral: true });
    void report("warning", "second");
    await report("debug", "third");
    expect(sink.lines).toEqual([
      `info (ephemeral) ${MESSAGE_PREFIX}first`,
      `warning ${MESSAGE_PREFIX}second`,
      `debug ${MESSAGE_PREFIX}third`,
    ]);
  });

  it("never carry a registered credential, however it got into the message", async () => {
    const sink = recorder();
    setLogSink(sink);
    registerSecrets(["tok-secret-123", undefined, "abc", "wxyz"]);
    await report(
      "error",
      "request failed with tok-secret-123 in it; abc stays (too short to be a credential), wxyz does not",
    );
    expect(sink.lines).toEqual([
      `error ${MESSAGE_PREFIX}request failed with [REDACTED] in it; abc stays (too short to be a credential), [REDACTED] does not`,
    ]);
  });

  it("forget the registered credentials when tests set the sink again", async () => {
    registerSecrets(["tok-secret-123"]);
    const sink = recorder();
    setLogSink(sink);
    await report("info", "tok-secret-123");
    expect(sink.lines).toEqual([`info ${MESSAGE_PREFIX}tok-secret-123`]);
  });

  it("are said once per key when asked", async () => {
    const sink = recorder();
    setLogSink(sink);
    expect(reportOnce("k", "slow way")).toBe(true);
    expect(reportOnce("k", "slow way again")).toBe(false);
    expect(reportOnce("other", "noted", "info")).toBe(true);
    await flushReports();
    expect(sink.lines).toEqual([`warning ${MESSAGE_PREFIX}slow way`, `info ${MESSAGE_PREFIX}noted`]);
  });

  it("go to stderr, this one and every later one, when the engine cannot take them; never fail", async () => {
    const written: string[] = [];
    const spy = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      setLogSink(recorder(true));
      await expect(report("warning", "line one\nline two")).resolves.toBeUndefined();
      await report("info", "after");
      expect(written).toEqual([`warning: ${MESSAGE_PREFIX}line one line two\n`, `${MESSAGE_PREFIX}after\n`]);
    } finally {
      spy.mockRestore();
    }
  });

  it("name the plugin that speaks", async () => {
    const fresh = loadedAfresh();
    const sink = recorder();
    fresh.setLogSink(sink);
    await fresh.report("info", "zone example.com: 3 records");
    expect(sink.lines).toEqual(["info dnsimple: zone example.com: 3 records"]);
  });

  it("tag stderr lines by severity, info untagged", async () => {
    const fresh = loadedAfresh();
    const written = await stderrOf(async () => {
      for (const severity of ["debug", "info", "warning", "error"] as const)
        await fresh.stderrSink.write(severity, "m", false);
    });
    expect(written).toEqual(["debug: m\n", "m\n", "warning: m\n", "error: m\n"]);
  });

  it("are dropped, not written twice, when stderr itself cannot take them", async () => {
    let attempts = 0;
    const spy = jest.spyOn(process.stderr, "write").mockImplementation(() => {
      attempts++;
      throw new Error("EPIPE");
    });
    try {
      setLogSink(stderrSink);
      await expect(report("warning", "lost")).resolves.toBeUndefined();
      expect(attempts).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("the engine's Log call", () => {
  it("carries the message with its severity and whether it stays in the summary, to the engine's address", async () => {
    const calls = fakeEngine();
    const sink = engineSink("127.0.0.1:41749");
    const before = Date.now();
    await sink.write("warning", "slow way", false);
    await sink.write("error", "failed", true);
    await sink.write("info", "waiting", true);
    await sink.write("debug", "detail", false);
    const after = Date.now();
    expect(calls.map(({ deadline: _, ...call }) => call)).toEqual([
      {
        address: "127.0.0.1:41749",
        severity: LogSeverity.WARNING,
        message: "slow way",
        urn: "",
        streamId: 0,
        ephemeral: false,
      },
      {
        address: "127.0.0.1:41749",
        severity: LogSeverity.ERROR,
        message: "failed",
        urn: "",
        streamId: 0,
        ephemeral: true,
      },
      {
        address: "127.0.0.1:41749",
        severity: LogSeverity.INFO,
        message: "waiting",
        urn: "",
        streamId: 0,
        ephemeral: true,
      },
      {
        address: "127.0.0.1:41749",
        severity: LogSeverity.DEBUG,
        message: "detail",
        urn: "",
        streamId: 0,
        ephemeral: false,
      },
    ]);
    // One client for every message of the sink.
    expect(EngineClient).toHaveBeenCalledTimes(1);
    // Each call gives up after 5 s.
    for (const { deadline } of calls) {
      expect(deadline).toBeGreaterThanOrEqual(before + 5_000);
      expect(deadline).toBeLessThanOrEqual(after + 5_000);
    }
  });

  it("fails when the engine refuses the message, and a report then goes to stderr", async () => {
    fakeEngine(new Error("engine gone"));
    const sink = engineSink("127.0.0.1:41749");
    await expect(sink.write("info", "m", false)).rejects.toThrow("engine gone");
    setLogSink(sink);
    const written = await stderrOf(() => report("warning", "to stderr"));
    expect(written).toEqual([`warning: ${MESSAGE_PREFIX}to stderr\n`]);
  });
});
