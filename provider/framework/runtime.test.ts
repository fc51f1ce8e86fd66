/**
 * The provider process's one API client: built from the settings on first use (never for check
 * or diff), rebuilt when `configure` hands over new settings.
 */
import { flushReports, type LogSink, report, setLogSink } from "./engine-log";
import { configureRuntime, getClient, getSettings, resetRuntime } from "./runtime";
import { stackConfig } from "../../test/stack-config";

afterEach(() => resetRuntime());

describe("the provider's API client", () => {
  it("is built once from the settings, with the provider's user agent and retry count", () => {
    configureRuntime(stackConfig({ token: "t", baseUrl: "http://127.0.0.1:9/v2", maxRetries: "3" }));
    const client = getClient();
    expect(getClient()).toBe(client);
    expect(client.transport.config).toMatchObject({
      baseUrl: "http://127.0.0.1:9/v2",
      credentials: { kind: "bearer", token: "t" },
      userAgent: expect.stringMatching(/ pulumi$/),
      retry: expect.objectContaining({ maxRetries: 3 }),
    });
  });

  it("goes to the sandbox when told, and to production otherwise", () => {
    configureRuntime(stackConfig({ token: "t", sandbox: "true" }));
    expect(getClient().transport.config.baseUrl).toBe("https://api.sandbox.dnsimple.com/v2");
    configureRuntime(stackConfig({ token: "t" }));
    expect(getClient().transport.config.baseUrl).toBe("https://api.dnsimple.com/v2");
  });

  it("is rebuilt after configure, and settings are read from the environment before it", () => {
    configureRuntime(stackConfig({ token: "t1" }));
    const first = getClient();
    configureRuntime(stackConfig({ token: "t2" }));
    expect(getClient()).not.toBe(first);
    expect(getClient().transport.config.credentials).toEqual({ kind: "bearer", token: "t2" });
    resetRuntime();
    expect(getSettings()).toBe(getSettings());
  });

  it("speaks v1 with the e-mail and the v1 token, or the API token when there is no v1 token", () => {
    configureRuntime(
      stackConfig({
        token: "t",
        v1Email: "me@example.com",
        v1Token: "v1",
        v1BaseUrl: "http://127.0.0.1:9/v1",
      }),
    );
    expect(getClient().v1Transport.config).toMatchObject({
      baseUrl: "http://127.0.0.1:9/v1",
      credentials: { kind: "service-token", email: "me@example.com", token: "v1" },
    });
    configureRuntime(stackConfig({ token: "t", v1Email: "me@example.com" }));
    expect(getClient().v1Transport.config.credentials).toEqual({
      kind: "service-token",
      email: "me@example.com",
      token: "t",
    });
    configureRuntime(stackConfig({ token: "t" }));
    expect(getClient().v1Transport.config.credentials).toEqual({ kind: "none" });
  });

  it("has its tokens removed from every message once it is built", async () => {
    const messages: string[] = [];
    const sink: LogSink = { write: async (_severity, message) => void messages.push(message) };
    setLogSink(sink);
    try {
      configureRuntime(
        stackConfig({ token: "api-token-1234", v1Email: "me@example.com", v1Token: "v1-token-5678" }),
      );
      getClient();
      await report("info", "sent api-token-1234 and v1-token-5678");
      await flushReports();
      expect(messages).toEqual(["dnsimple: sent [REDACTED] and [REDACTED]"]);
    } finally {
      setLogSink(undefined);
    }
  });

  it("is not built without a token, and says which setting is missing", () => {
    configureRuntime(stackConfig({}));
    const saved = process.env["DNSIMPLE_TOKEN"];
    delete process.env["DNSIMPLE_TOKEN"];
    try {
      configureRuntime(stackConfig({}));
      expect(() => getClient()).toThrow(/dnsimple:token is not set/);
    } finally {
      if (saved !== undefined) process.env["DNSIMPLE_TOKEN"] = saved;
    }
  });
});

describe("starting over", () => {
  it("forgets the settings handed over by configure", () => {
    const saved = process.env["DNSIMPLE_ACCOUNT"];
    delete process.env["DNSIMPLE_ACCOUNT"];
    try {
      configureRuntime(stackConfig({ account: "42" }));
      expect(getSettings().account).toBe("42");
      resetRuntime();
      expect(getSettings().account).toBeUndefined();
    } finally {
      if (saved !== undefined) process.env["DNSIMPLE_ACCOUNT"] = saved;
    }
  });
});
