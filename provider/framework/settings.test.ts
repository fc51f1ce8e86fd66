import { DEFAULT_RETRY_OPTIONS } from "../client/retry";
import { MissingSettingError, requireAccount, requireToken, resolveSettings } from "./settings";

const config = (values: Record<string, string>) => ({ get: (key: string) => values[key] });

describe("provider settings", () => {
  it("prefers stack config over the environment", () => {
    const s = resolveSettings(config({ "dnsimple:token": "from-config" }), {
      DNSIMPLE_TOKEN: "from-env",
      DNSIMPLE_ACCOUNT: "42",
    });
    expect(s.token).toBe("from-config");
    expect(s.account).toBe("42");
  });

  it("reads the sandbox flag from either source", () => {
    expect(resolveSettings(undefined, { DNSIMPLE_SANDBOX: "true" }).sandbox).toBe(true);
    expect(resolveSettings(config({ "dnsimple:sandbox": "false" }), {}).sandbox).toBe(false);
  });

  it("names the setting and the variable when the token is missing, without inventing one", () => {
    const s = resolveSettings(undefined, {});
    expect(() => requireToken(s)).toThrow(MissingSettingError);
    expect(() => requireToken(s)).toThrow(/dnsimple:token .*DNSIMPLE_TOKEN/);
  });

  it("lets a resource's account override the provider's", () => {
    const s = resolveSettings(undefined, { DNSIMPLE_ACCOUNT: "1" });
    expect(requireAccount(s)).toBe("1");
    expect(requireAccount(s, 7)).toBe("7");
    expect(() => requireAccount(resolveSettings(undefined, {}))).toThrow(/dnsimple:account/);
  });

  it("retries each request 8 times unless told otherwise, and names the setting when it is bad", () => {
    expect(resolveSettings(undefined, {}).maxRetries).toBe(8);
    // One default: the client used alone (functions, generate-program) retries as often.
    expect(DEFAULT_RETRY_OPTIONS.maxRetries).toBe(resolveSettings(undefined, {}).maxRetries);
    expect(resolveSettings(config({ "dnsimple:maxRetries": "0" }), {}).maxRetries).toBe(0);
    expect(resolveSettings(undefined, { DNSIMPLE_MAX_RETRIES: "12" }).maxRetries).toBe(12);
    for (const bad of ["-1", "three", "2.5", "21"]) {
      expect(() => resolveSettings(config({ "dnsimple:maxRetries": bad }), {})).toThrow(
        /dnsimple:maxRetries .*DNSIMPLE_MAX_RETRIES.*0 to 20/,
      );
    }
  });
});

describe("provider settings, each one", () => {
  it("comes from its own config key or environment variable", () => {
    const env = {
      DNSIMPLE_TOKEN: "t",
      DNSIMPLE_ACCOUNT: "1",
      DNSIMPLE_BASE_URL: "http://127.0.0.1:1/v2",
      DNSIMPLE_SANDBOX: "true",
      DNSIMPLE_V1_BASE_URL: "http://127.0.0.1:1/v1",
      DNSIMPLE_V1_EMAIL: "me@example.com",
      DNSIMPLE_V1_TOKEN: "v1t",
      DNSIMPLE_MAX_RETRIES: "20",
      DNSIMPLE_BATCH_ZONE_RECORDS: "false",
      DNSIMPLE_REQUEST_LOG: "true",
      DNSIMPLE_STRICT_RECORDS: "true",
      DNSIMPLE_PROGRESS_INTERVAL: "1.5",
      DNSIMPLE_VERIFY_CREDENTIALS: "false",
      DNSIMPLE_MAX_SAFE_UPDATE_SHARE: "0.5",
      DNSIMPLE_MAX_SAFE_DELETE_SHARE: "0.25",
      DNSIMPLE_MIN_EXISTING_RECORDS: "20",
    };
    expect(resolveSettings(undefined, env)).toEqual({
      token: "t",
      account: "1",
      baseUrl: "http://127.0.0.1:1/v2",
      sandbox: true,
      v1BaseUrl: "http://127.0.0.1:1/v1",
      v1Email: "me@example.com",
      v1Token: "v1t",
      maxRetries: 20,
      batchZoneRecords: false,
      requestLog: true,
      strictRecords: true,
      progressIntervalSeconds: 1.5,
      verifyCredentials: false,
      maxSafeUpdateShare: 0.5,
      maxSafeDeleteShare: 0.25,
      minExistingRecords: 20,
    });
    const keys = {
      "dnsimple:token": "t2",
      "dnsimple:account": "2",
      "dnsimple:baseUrl": "https://b.example/v2",
      "dnsimple:sandbox": "TRUE",
      "dnsimple:v1BaseUrl": "https://b.example/v1",
      "dnsimple:v1Email": "e",
      "dnsimple:v1Token": "v1t2",
      "dnsimple:maxRetries": "3",
      "dnsimple:batchZoneRecords": "False",
      "dnsimple:requestLog": "false",
      "dnsimple:strictRecords": "false",
      "dnsimple:progressInterval": "0",
      "dnsimple:verifyCredentials": "true",
      "dnsimple:maxSafeUpdateShare": "1",
      "dnsimple:maxSafeDeleteShare": "0",
      "dnsimple:minExistingRecords": "0",
    };
    expect(resolveSettings(config(keys), env)).toEqual({
      token: "t2",
      account: "2",
      baseUrl: "https://b.example/v2",
      sandbox: true,
      v1BaseUrl: "https://b.example/v1",
      v1Email: "e",
      v1Token: "v1t2",
      maxRetries: 3,
      batchZoneRecords: false,
      requestLog: false,
      strictRecords: false,
      progressIntervalSeconds: 0,
      verifyCredentials: true,
      maxSafeUpdateShare: 1,
      maxSafeDeleteShare: 0,
      minExistingRecords: 0,
    });
  });

  it("counts an empty value as unset", () => {
    expect(resolveSettings(config({ "dnsimple:token": "" }), {})).toMatchObject({ token: undefined });
    expect(resolveSettings(undefined, { DNSIMPLE_ACCOUNT: "", DNSIMPLE_MAX_RETRIES: "" })).toMatchObject({
      account: undefined,
      maxRetries: 8,
    });
  });

  it("reads true-or-false flags in any case, defaulting sandbox off and batching on, refusing anything else", () => {
    const flags = (value: string | undefined) =>
      resolveSettings(undefined, { DNSIMPLE_SANDBOX: value, DNSIMPLE_BATCH_ZONE_RECORDS: value });
    expect(flags(undefined)).toMatchObject({ sandbox: false, batchZoneRecords: true });
    expect(flags("TRUE")).toMatchObject({ sandbox: true, batchZoneRecords: true });
    expect(flags("False")).toMatchObject({ sandbox: false, batchZoneRecords: false });
    for (const bad of ["maybe", "no thanks", "yes", "1", " true"]) {
      expect(() => flags(bad)).toThrow(
        `dnsimple:sandbox (or DNSIMPLE_SANDBOX) must be true or false, got ${JSON.stringify(bad)}`,
      );
    }
  });

  it("logs no requests and says progress every 30 s unless told otherwise", () => {
    expect(resolveSettings(undefined, {})).toMatchObject({ requestLog: false, progressIntervalSeconds: 30 });
    expect(resolveSettings(undefined, { DNSIMPLE_REQUEST_LOG: "TRUE" }).requestLog).toBe(true);
    expect(() => resolveSettings(undefined, { DNSIMPLE_REQUEST_LOG: "maybe" })).toThrow(/requestLog/);
    expect(resolveSettings(undefined, { DNSIMPLE_PROGRESS_INTERVAL: "3600" }).progressIntervalSeconds).toBe(
      3600,
    );
  });

  it.each(["-1", "3601", "soon", "1e3", "0x10"])("refuses a progress interval of %s, quoting it", (bad) => {
    expect(() => resolveSettings(config({ "dnsimple:progressInterval": bad }), {})).toThrow(
      `dnsimple:progressInterval (or DNSIMPLE_PROGRESS_INTERVAL) must be a number of seconds from 0 ` +
        `(no progress messages) to 3600, got "${bad}"`,
    );
  });

  it("quotes a bad retry count as given", () => {
    expect(() => resolveSettings(undefined, { DNSIMPLE_MAX_RETRIES: "21" })).toThrow(
      'dnsimple:maxRetries (or DNSIMPLE_MAX_RETRIES) must be a whole number from 0 to 20, got "21"',
    );
  });

  it("tells how to set a missing token or account", () => {
    const none = resolveSettings(undefined, {});
    expect(() => requireToken(none)).toThrow(
      "dnsimple:token is not set: run `pulumi config set --secret dnsimple:token <token>` or set the environment variable DNSIMPLE_TOKEN",
    );
    expect(() => requireAccount(none, "")).toThrow(
      "dnsimple:account is not set: run `pulumi config set dnsimple:account <account id>` or set the environment variable DNSIMPLE_ACCOUNT",
    );
    expect(new MissingSettingError("a", "B", "c").name).toBe("MissingSettingError");
    expect(requireToken(resolveSettings(undefined, { DNSIMPLE_TOKEN: "tok" }))).toBe("tok");
    expect(requireAccount(resolveSettings(undefined, { DNSIMPLE_ACCOUNT: "5" }), "")).toBe("5");
  });
});

describe("true-or-false flags, whole words only", () => {
  it.each(["truey", "notrue", "uno", "nope", "1", "0", "yes", "no"])("%s is refused", (value) => {
    expect(() => resolveSettings(undefined, { DNSIMPLE_BATCH_ZONE_RECORDS: value })).toThrow(
      `dnsimple:batchZoneRecords (or DNSIMPLE_BATCH_ZONE_RECORDS) must be true or false, got "${value}"`,
    );
  });
});

describe("where each setting is read from", () => {
  // The module is loaded inside the example, so that its table of names is checked here.
  const fresh = (): typeof import("./settings") => {
    let settings: typeof import("./settings") | undefined;
    jest.isolateModules(() => {
      settings = require("./settings") as typeof import("./settings");
    });
    return settings!;
  };

  it.each([
    ["token", "dnsimple:token", "DNSIMPLE_TOKEN", "fake-token", "fake-token"],
    ["account", "dnsimple:account", "DNSIMPLE_ACCOUNT", "1234", "1234"],
    ["baseUrl", "dnsimple:baseUrl", "DNSIMPLE_BASE_URL", "http://127.0.0.1:1/v2", "http://127.0.0.1:1/v2"],
    ["sandbox", "dnsimple:sandbox", "DNSIMPLE_SANDBOX", "true", true],
    [
      "v1BaseUrl",
      "dnsimple:v1BaseUrl",
      "DNSIMPLE_V1_BASE_URL",
      "http://127.0.0.1:1/v1",
      "http://127.0.0.1:1/v1",
    ],
    ["v1Email", "dnsimple:v1Email", "DNSIMPLE_V1_EMAIL", "me@example.com", "me@example.com"],
    ["v1Token", "dnsimple:v1Token", "DNSIMPLE_V1_TOKEN", "fake-v1-token", "fake-v1-token"],
    ["maxRetries", "dnsimple:maxRetries", "DNSIMPLE_MAX_RETRIES", "3", 3],
    ["batchZoneRecords", "dnsimple:batchZoneRecords", "DNSIMPLE_BATCH_ZONE_RECORDS", "false", false],
    ["requestLog", "dnsimple:requestLog", "DNSIMPLE_REQUEST_LOG", "true", true],
    ["strictRecords", "dnsimple:strictRecords", "DNSIMPLE_STRICT_RECORDS", "true", true],
    ["progressIntervalSeconds", "dnsimple:progressInterval", "DNSIMPLE_PROGRESS_INTERVAL", "5", 5],
  ] as const)("%s: from %s alone, or from %s alone", (field, configKey, envName, given, expected) => {
    const { resolveSettings } = fresh();
    const defaults = resolveSettings(undefined, {});
    expect(defaults[field]).not.toEqual(expected);
    const fromConfig = resolveSettings(config({ [configKey]: given }), {});
    expect(fromConfig).toEqual({ ...defaults, [field]: expected });
    const fromEnv = resolveSettings(undefined, { [envName]: given });
    expect(fromEnv).toEqual({ ...defaults, [field]: expected });
  });
});

describe("the request log flag, whole words only", () => {
  it.each([
    ["true", true],
    ["True", true],
    ["false", false],
  ])("%s: request log %s", (value, on) => {
    expect(resolveSettings(undefined, { DNSIMPLE_REQUEST_LOG: value }).requestLog).toBe(on);
  });
  it.each(["yes", "notrue", "yesterday", "1000"])("%s is refused", (value) => {
    expect(() => resolveSettings(undefined, { DNSIMPLE_REQUEST_LOG: value })).toThrow(
      `dnsimple:requestLog (or DNSIMPLE_REQUEST_LOG) must be true or false, got "${value}"`,
    );
  });
});

describe("the progress interval", () => {
  it("takes fractions of a second to any number of decimals", () => {
    expect(resolveSettings(undefined, { DNSIMPLE_PROGRESS_INTERVAL: "1.25" }).progressIntervalSeconds).toBe(
      1.25,
    );
    expect(resolveSettings(undefined, { DNSIMPLE_PROGRESS_INTERVAL: "0.125" }).progressIntervalSeconds).toBe(
      0.125,
    );
  });
});

describe("numbers are digits and nothing else around them", () => {
  const refused = (envName: string, value: string) => () => resolveSettings(undefined, { [envName]: value });

  it("takes a retry count or a record count of several digits", () => {
    expect(resolveSettings(undefined, { DNSIMPLE_MAX_RETRIES: "15" }).maxRetries).toBe(15);
    expect(resolveSettings(undefined, { DNSIMPLE_MIN_EXISTING_RECORDS: "250" }).minExistingRecords).toBe(250);
  });

  it.each([" 5", "+5", "-0", "0x10", "5 ", "5.", "1e1", "1.0", "5x", "x5"])(
    "a retry count or record count of %j is refused",
    (value) => {
      expect(refused("DNSIMPLE_MAX_RETRIES", value)).toThrow(
        `dnsimple:maxRetries (or DNSIMPLE_MAX_RETRIES) must be a whole number from 0 to 20, got ${JSON.stringify(value)}`,
      );
      expect(refused("DNSIMPLE_MIN_EXISTING_RECORDS", value)).toThrow(/^dnsimple:minExistingRecords /);
    },
  );

  it("takes a progress interval or a share of several digits, with a fraction of several digits", () => {
    expect(resolveSettings(undefined, { DNSIMPLE_PROGRESS_INTERVAL: "120" }).progressIntervalSeconds).toBe(
      120,
    );
    expect(resolveSettings(undefined, { DNSIMPLE_PROGRESS_INTERVAL: "12.75" }).progressIntervalSeconds).toBe(
      12.75,
    );
    expect(resolveSettings(undefined, { DNSIMPLE_MAX_SAFE_UPDATE_SHARE: "0.5" }).maxSafeUpdateShare).toBe(
      0.5,
    );
    expect(resolveSettings(undefined, { DNSIMPLE_MAX_SAFE_DELETE_SHARE: "0.05" }).maxSafeDeleteShare).toBe(
      0.05,
    );
  });

  it.each([" 5", "+5", "-0", "0x10", "5 ", "5.", ".5", "1e1", "1.5.5", "1.5x", "x1.5", "1.x", "1,5"])(
    "a progress interval of %j is refused",
    (value) => {
      expect(refused("DNSIMPLE_PROGRESS_INTERVAL", value)).toThrow(
        `dnsimple:progressInterval (or DNSIMPLE_PROGRESS_INTERVAL) must be a number of seconds from 0 ` +
          `(no progress messages) to 3600, got ${JSON.stringify(value)}`,
      );
    },
  );
});

describe("a mass-change share is digits with an optional fraction, and nothing else", () => {
  it.each([" 0.5", "+0.5", "-0", "0.5 ", "1.", ".5", "0.5.5", "0.5x", "1e-1", "0x1"])(
    "%j is refused",
    (value) => {
      expect(() => resolveSettings(undefined, { DNSIMPLE_MAX_SAFE_UPDATE_SHARE: value })).toThrow(
        "dnsimple:maxSafeUpdateShare (or DNSIMPLE_MAX_SAFE_UPDATE_SHARE) must be a share of records from 0 to 1 " +
          `(0.3 is 30 %; 1 turns this check off), got ${JSON.stringify(value)}`,
      );
    },
  );
});

describe("an account id is digits only", () => {
  it("takes an id of one or several digits", () => {
    expect(resolveSettings(undefined, { DNSIMPLE_ACCOUNT: "7" }).account).toBe("7");
    expect(resolveSettings(undefined, { DNSIMPLE_ACCOUNT: "1234" }).account).toBe("1234");
  });

  it.each(["x1234", "1234x", " 1234", "1234 ", "12 34", "-1234", "acct"])(
    "refuses %j, saying an example",
    (value) => {
      expect(() => resolveSettings(config({ "dnsimple:account": value }), {})).toThrow(
        `dnsimple:account (or DNSIMPLE_ACCOUNT) must be a numeric account id (e.g. 1234), got ${JSON.stringify(value)}`,
      );
    },
  );
});

describe("a base URL is an absolute http or https URL, as given", () => {
  it.each(["http://127.0.0.1:8080/v2", "https://api.sandbox.dnsimple.com/v2"])("takes %s", (url) => {
    expect(resolveSettings(undefined, { DNSIMPLE_BASE_URL: url, DNSIMPLE_V1_BASE_URL: url })).toMatchObject({
      baseUrl: url,
      v1BaseUrl: url,
    });
  });

  it.each([
    "ftp://api.dnsimple.com/v2",
    "file:///etc/hosts",
    "ws://api.dnsimple.com/v2",
    "api.dnsimple.com/v2",
    "/v2",
    "not a url",
    " https://api.dnsimple.com/v2",
    "https://api.dnsimple.com/v2 ",
    "https://api.dnsimple.com/v2\n",
  ])("refuses %j for either API", (url) => {
    expect(() => resolveSettings(undefined, { DNSIMPLE_BASE_URL: url })).toThrow(
      `dnsimple:baseUrl (or DNSIMPLE_BASE_URL) must be an absolute http(s) URL, got ${JSON.stringify(url)}`,
    );
    expect(() => resolveSettings(config({ "dnsimple:v1BaseUrl": url }), {})).toThrow(
      `dnsimple:v1BaseUrl (or DNSIMPLE_V1_BASE_URL) must be an absolute http(s) URL, got ${JSON.stringify(url)}`,
    );
  });
});
