/**
 * What the transport decides from what a lower layer reports, with a scripted dispatcher instead
 * of a network: whether a failed request surely never left (so even a POST may be sent again),
 * whether it timed out, how headers and bad bodies are reported, and where requests go.
 */
import type { Dispatcher } from "undici";
import { z } from "zod";
import { type ApiError, isApiError, outcomeUnknown } from "./errors";
import { DEFAULT_RETRY_OPTIONS, RateLimiter } from "./retry";
import { DEFAULT_TIMEOUTS, formatIssuePath, parseWith, Transport } from "./transport";

type Step =
  Error | { status: number; headers?: Record<string, string | string[] | undefined>; body?: string };

/** A dispatcher that plays one step per attempt and records where each attempt went. */
function scripted(steps: Step[]) {
  const sent: Array<{ origin: string; path: string; method: string }> = [];
  const dispatcher = {
    dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
      sent.push({ origin: String(options.origin), path: options.path, method: options.method });
      const step = steps.shift() ?? { status: 200, body: "{}" };
      const controller = { abort() {} } as unknown as Dispatcher.DispatchController;
      queueMicrotask(() => {
        if (step instanceof Error || typeof step === "string")
          return handler.onResponseError?.(controller, step);
        handler.onRequestStart?.(controller, {});
        handler.onResponseStart?.(controller, step.status, step.headers ?? {}, "");
        if (step.body !== undefined) handler.onResponseData?.(controller, Buffer.from(step.body));
        handler.onResponseEnd?.(controller, {});
      });
      return true;
    },
  } as unknown as Dispatcher;
  return { dispatcher, sent };
}

function transport(steps: Step[], baseUrl = "http://api.test/v2") {
  const { dispatcher, sent } = scripted(steps);
  const clock = { now: () => 0, sleep: async () => {} };
  const t = new Transport({
    baseUrl,
    credentials: { kind: "bearer", token: "unit-token-123" },
    userAgent: "test",
    retry: { ...DEFAULT_RETRY_OPTIONS, maxRetries: 2 },
    timeouts: DEFAULT_TIMEOUTS,
    clock,
    random: () => 0,
    hooks: {},
    dispatcher,
    rateLimiter: new RateLimiter(clock, 0.1),
  });
  return { t, sent };
}

const withCode = (code: string, message = `failed with ${code}`) =>
  Object.assign(new Error(message), { code });
const nested = (depth: number, inner: Error) => {
  let e: Error = inner;
  for (let i = 0; i < depth; i++) e = Object.assign(new Error(`wrapper ${i}`), { cause: e });
  return e;
};

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!isApiError(e)) throw new Error(`expected an ApiError, got ${String(e)}`);
  return e;
}

const post = (t: Transport) => t.request({ method: "POST", path: "/1/things", body: {} });

describe("a failed request that surely never left", () => {
  it.each([
    ["ECONNREFUSED", "nothing listens at the port"],
    ["ENOTFOUND", "no such host name"],
    ["EAI_AGAIN", "the name lookup failed for now"],
    ["EHOSTUNREACH", "no route to the host"],
    ["ENETUNREACH", "no route to its network"],
    ["EADDRNOTAVAIL", "no local address to send from"],
    ["UND_ERR_CONNECT_TIMEOUT", "no connection made in time"],
    ["ERR_TLS_CERT_ALTNAME_INVALID", "a certificate for another host"],
    ["CERT_HAS_EXPIRED", "an expired certificate"],
    ["DEPTH_ZERO_SELF_SIGNED_CERT", "a self-signed certificate"],
    ["UNABLE_TO_VERIFY_LEAF_SIGNATURE", "a certificate of an unknown issuer"],
  ])("is sent again, even a POST, after %s (%s)", async (code) => {
    const { t, sent } = transport([withCode(code), { status: 201, body: "{}" }]);
    await post(t);
    expect(sent).toHaveLength(2);
  });

  it("is recognised in the cause of a wrapper, three levels down at most", async () => {
    const deep = transport([nested(3, withCode("ECONNREFUSED")), { status: 201 }]);
    await post(deep.t);
    expect(deep.sent).toHaveLength(2);
    const deeper = transport([nested(4, withCode("ECONNREFUSED")), { status: 201 }]);
    await failure(post(deeper.t));
    expect(deeper.sent).toHaveLength(1);
  });

  it("looks past undici's own abort to the reason under it", async () => {
    const { t, sent } = transport([
      Object.assign(new Error("aborted"), { code: "UND_ERR_ABORTED", cause: withCode("ENOTFOUND") }),
      { status: 201 },
    ]);
    await post(t);
    expect(sent).toHaveLength(2);
  });
});

describe("a request nothing answers (a wrong base URL)", () => {
  it.each(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"])(
    "after %s is tried once more, then fails as not sent: its outcome is known",
    async (code) => {
      const { t, sent } = transport([withCode(code), withCode(code), withCode(code)]);
      const e = await failure(post(t));
      expect(sent).toHaveLength(2);
      expect(e.retries).toBe(1);
      expect(outcomeUnknown(e)).toBe(false);
      expect(e.message).toMatch(/nothing answers at http:\/\/api\.test, the request was not sent$/);
    },
  );

  it("a connection reset is still retried to the end of the budget, and its outcome stays open", async () => {
    const { t, sent } = transport([withCode("ECONNRESET"), withCode("ECONNRESET"), withCode("ECONNRESET")]);
    const e = await failure(t.request({ method: "GET", path: "/1/things" }));
    expect(sent).toHaveLength(3);
    expect(outcomeUnknown(e)).toBe(true);
  });
});

describe("a failed request that may have reached the service", () => {
  it.each([
    ["a reset connection", withCode("ECONNRESET")],
    ["a lost socket", withCode("UND_ERR_SOCKET")],
    ["an error without a code", new Error("other side closed")],
    ["a code that is not text", Object.assign(new Error("odd"), { code: 7 })],
    ["a headers timeout", withCode("UND_ERR_HEADERS_TIMEOUT")],
  ])("is never sent again as a POST without a read-back: %s", async (_what, error) => {
    const { t, sent } = transport([error, { status: 201 }]);
    await failure(post(t));
    expect(sent).toHaveLength(1);
  });

  it("is sent again when the request is idempotent", async () => {
    const { t, sent } = transport([withCode("ECONNRESET"), { status: 200, body: "{}" }]);
    await t.request({ method: "GET", path: "/1/things" });
    expect(sent).toHaveLength(2);
  });
});

describe("the error a person reads", () => {
  it.each([
    ["UND_ERR_CONNECT_TIMEOUT", withCode("UND_ERR_CONNECT_TIMEOUT", "connect timeout")],
    ["UND_ERR_HEADERS_TIMEOUT", withCode("UND_ERR_HEADERS_TIMEOUT", "headers timeout")],
    ["UND_ERR_BODY_TIMEOUT", withCode("UND_ERR_BODY_TIMEOUT", "body timeout")],
  ])("says the request timed out on %s", async (code, error) => {
    const { t } = transport([error, error, error]);
    const e = await failure(t.request({ method: "GET", path: "/1/things" }));
    expect(e.code).toBe("api_timeout");
    const notSent = code === "UND_ERR_CONNECT_TIMEOUT" ? "; the request was not sent" : "";
    expect(e.message).toBe(`Request timed out [${code}]: ${error.message} (GET /v2/1/things)${notSent}`);
    expect(e.retries).toBe(2);
  });

  it("says it timed out when the total deadline fired (a TimeoutError)", async () => {
    const deadline = () =>
      Object.assign(new Error("The operation was aborted due to timeout"), { name: "TimeoutError" });
    const { t } = transport([deadline(), deadline(), deadline()]);
    const e = await failure(t.request({ method: "GET", path: "/1/things" }));
    expect(e.message).toBe(
      "Request timed out [TIMEOUT]: The operation was aborted due to timeout (GET /v2/1/things)",
    );
  });

  it("says the connection failed, quoting the lower layer's reason without the token", async () => {
    const refused = Object.assign(new Error("fetch failed"), {
      cause: withCode("ECONNREFUSED", "connect ECONNREFUSED with Bearer unit-token-123"),
    });
    const { t } = transport([refused, refused, refused]);
    const e = await failure(post(t));
    expect(e.code).toBe("api_connection");
    expect(e.message).toBe(
      "Connection failed [ECONNREFUSED]: connect ECONNREFUSED with Bearer [REDACTED] (POST /v2/1/things); " +
        "nothing answers at http://api.test, the request was not sent",
    );
    const plain = transport([new Error("socket hang up")]);
    expect((await failure(post(plain.t))).message).toBe(
      "Connection failed: socket hang up (POST /v2/1/things)",
    );
  });

  it("says the connection failed when a lower layer throws something that is no error", async () => {
    const { t } = transport(["boom" as unknown as Error]);
    const e = await failure(t.request({ method: "GET", path: "/1/things", retryMode: "never" }));
    expect(e.message).toBe("Connection failed: boom (GET /v2/1/things)");
  });

  it("reports repeated headers as one, and leaves out what has no value", async () => {
    const { t } = transport([
      { status: 200, headers: { "set-cookie": ["a=1", "b=2"], gone: undefined, x: "y" }, body: "{}" },
    ]);
    const res = await t.send({ method: "GET", path: "/1/things" });
    expect(res.headers).toEqual({ "set-cookie": "a=1, b=2", x: "y" });
  });
});

describe("where requests go", () => {
  it("to the base URL's origin under its path, without its trailing slashes", async () => {
    const { t, sent } = transport([{ status: 200, body: "{}" }], "https://api.test:8443/v2//");
    await t.request({ method: "GET", path: "/1/things", query: { page: 2 } });
    expect(sent).toEqual([{ origin: "https://api.test:8443", path: "/v2/1/things?page=2", method: "GET" }]);
  });

  it("nowhere when the base URL is no http(s) URL", async () => {
    for (const baseUrl of ["ftp://api.test/v2", "not a url"]) {
      const { t, sent } = transport([], baseUrl);
      const e = await t
        .request({ method: "GET", path: "/x", retryMode: "never" })
        .catch((err: unknown) => err);
      expect(e).toMatchObject({
        code: "api_connection",
        message: expect.stringMatching(/^Connection failed \[ERR_INVALID_URL\]: Invalid base URL/),
      });
      expect(sent).toEqual([]);
    }
  });
});

describe("bad bodies", () => {
  const Thing = z.object({ data: z.array(z.object({ name: z.string(), tags: z.array(z.string()) })) });
  const ctx = { method: "GET", url: "https://api.test/v2/1/things", status: 200 };

  it("names each bad field by its path, and a missing one as missing", () => {
    let error: unknown;
    try {
      parseWith(Thing, { data: [{ name: "a", tags: ["x", 1] }, { tags: [] }] }, ctx);
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({
      code: "response_validation",
      status: 200,
      issues: [
        { path: "data[0].tags[1]", message: expect.stringMatching(/expected string/) },
        { path: "data[1].name", message: "required field is missing" },
      ],
    });
  });

  it("returns what parses", () => {
    expect(parseWith(Thing, { data: [] }, ctx)).toEqual({ data: [] });
  });

  it("writes issue paths the way code reads them", () => {
    expect(formatIssuePath([])).toBe("");
    expect(formatIssuePath([0, "name"])).toBe("[0].name");
    expect(formatIssuePath(["data", 2, "records", 0, "content"])).toBe("data[2].records[0].content");
    expect(formatIssuePath([Symbol.for("s"), "x"])).toBe("Symbol(s).x");
  });
});
