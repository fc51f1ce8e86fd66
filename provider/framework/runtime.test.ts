/**
 * The provider process's one API client: built from the settings on first use (never for check
 * or diff), rebuilt when `configure` hands over new settings.
 */
import { flushReports, type LogSink, report, setLogSink } from "./engine-log";
import { configureRuntime, getClient, getSettings, resetRuntime } from "./runtime";

const config = (values: Record<string, string>) => ({ get: (key: string) => values[key] });
afterEach(() => resetRuntime());

describe("the provider's API client", () => {
  it("is built once from the settings, with the provider's user agent and retry count", () => {
    configureRuntime(
      config({
        "dnsimple:token": "t",
        "dnsimple:baseUrl": "http://127.0.0.1:9/v2",
        "dnsimple:maxRetries": "3",
      }),
    );
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
    configureRuntime(config({ "dnsimple:token": "t", "dnsimple:sandbox": "true" }));
    expect(getClient().transport.config.baseUrl).toBe("https://api.sandbox.dnsimple.com/v2");
    configureRuntime(config({ "dnsimple:token": "t" }));
    expect(getClient().transport.config.baseUrl).toBe("https://api.dnsimple.com/v2");
  });

  it("is rebuilt after configure, and settings are read from the environment before it", () => {
    configureRuntime(config({ "dnsimple:token": "t1" }));
    const first = getClient();
    configureRuntime(config({ "dnsimple:token": "t2" }));
    expect(getClient()).not.toBe(first);
    expect(getClient().transport.config.credentials).toEqual({ kind: "bearer", token: "t2" });
    resetRuntime();
    expect(getSettings()).toBe(getSettings());
  });

  it("speaks v1 with the e-mail and the v1 token, or the API token when there is no v1 token", () => {
    configureRuntime(
      config({
        "dnsimple:token": "t",
        "dnsimple:v1Email": "me@example.com",
        "dnsimple:v1Token": "v1",
        "dnsimple:v1BaseUrl": "http://127.0.0.1:9/v1",
      }),
    );
    expect(getClient().v1Transport.config).toMatchObject({
      baseUrl: "http://127.0.0.1:9/v1",
      credentials: { kind: "service-token", email: "me@example.com", token: "v1" },
    });
    configureRuntime(config({ "dnsimple:token": "t", "dnsimple:v1Email": "me@example.com" }));
    expect(getClient().v1Transport.config.credentials).toEqual({
      kind: "service-token",
      email: "me@example.com",
      token: "t",
    });
    configureRuntime(config({ "dnsimple:token": "t" }));
    expect(getClient().v1Transport.config.credentials).toEqual({ kind: "none" });
  });

  it("has its tokens removed from every message once it is built", async () => {
    const messages: string[] = [];
    const sink: LogSink = { write: async (_severity, message) => void messages.push(message) };
    setLogSink(sink);
    try {
      configureRuntime(
        config({
          "dnsimple:token": "api-token-1234",
          "dnsimple:v1Email": "me@example.com",
          "dnsimple:v1Token": "v1-token-5678",
        }),
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
    configureRuntime(config({}));
    const saved = process.env["DNSIMPLE_TOKEN"];
    delete process.env["DNSIMPLE_TOKEN"];
    try {
      configureRuntime(config({}));
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
      configureRuntime(config({ "dnsimple:account": "42" }));
      expect(getSettings().account).toBe("42");
      resetRuntime();
      expect(getSettings().account).toBeUndefined();
    } finally {
      if (saved !== undefined) process.env["DNSIMPLE_ACCOUNT"] = saved;
    }
  });
});
