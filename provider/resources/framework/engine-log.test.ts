/**
 * How the provider's messages reach the engine's output: in order, prefixed, credentials
 * removed, said once where asked, to stderr when the engine cannot take them; and how the
 * provider process recognises the engine's address among its arguments.
 */
import {
  engineAddress,
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

afterEach(() => setLogSink(undefined));

describe("engine address", () => {
  it.each([
    [
      ["node", "/x/node_modules/@pulumi/pulumi/cmd/dynamic-provider/index.js", "127.0.0.1:41749"],
      "127.0.0.1:41749",
    ],
    [["node", "/x/@pulumi/pulumi/cmd/dynamic-provider", "localhost:5"], "localhost:5"],
    [["node", "C:\\x\\@pulumi\\pulumi\\cmd\\dynamic-provider\\index.js", "[::1]:9000"], "[::1]:9000"],
    [["node", "/x/cmd/dynamic-provider/index.js", "not an address"], undefined],
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
    registerSecrets(["tok-secret-123", undefined, "abc"]);
    await report(
      "error",
      "request failed with tok-secret-123 in it; abc stays (too short to be a credential)",
    );
    expect(sink.lines).toEqual([
      `error ${MESSAGE_PREFIX}request failed with [REDACTED] in it; abc stays (too short to be a credential)`,
    ]);
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

  it("tag stderr lines by severity, info untagged", async () => {
    const written: string[] = [];
    const spy = jest.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    try {
      for (const severity of ["debug", "info", "warning", "error"] as const)
        await stderrSink.write(severity, "m", false);
      expect(written).toEqual(["debug: m\n", "m\n", "warning: m\n", "error: m\n"]);
    } finally {
      spy.mockRestore();
    }
  });
});
