import type { DnsimpleClient } from "../client";
import { ApiConnectionError, createStatusError, ResponseValidationError } from "../client/internal";
import { CredentialCheck, CredentialsError, explainSettingError } from "./credentials";
import { configureRuntime, resetRuntime, verifyCredentials } from "./runtime";
import { MissingSettingError, resolveSettings } from "./settings";
import { stackConfig } from "../../test/stack-config";

const TOKEN = "secret-token-abc123";
/** The words every message uses for the three settings the check is about. */
const TOKEN_SETTING = "dnsimple:token (or DNSIMPLE_TOKEN)";
const ACCOUNT_SETTING = "dnsimple:account (or DNSIMPLE_ACCOUNT)";
const BASE_URL_SETTING = "dnsimple:baseUrl (or DNSIMPLE_BASE_URL)";
const PRODUCTION = `the production API https://api.dnsimple.com/v2 (${BASE_URL_SETTING} sets another)`;
const SANDBOX = `the sandbox API https://api.sandbox.dnsimple.com/v2 (${BASE_URL_SETTING} sets another)`;

/** Settings from the stack config alone (the environment left out), with a token and account 1. */
const settings = (over: Record<string, string> = {}) =>
  resolveSettings(stackConfig({ token: TOKEN, account: "1", ...over }), {});

/** A client whose whoami and account list answer as scripted (read at each request), counting requests. */
function fakeClient(answer: { whoami: () => unknown; accounts?: () => unknown }) {
  const calls: string[] = [];
  const client = {
    identity: {
      whoami: async () => {
        calls.push("GET /whoami");
        return answer.whoami();
      },
    },
    accounts: {
      list: async () => {
        calls.push("GET /accounts");
        return answer.accounts?.();
      },
    },
  } as unknown as DnsimpleClient;
  return { client: () => client, calls };
}

const accountToken = (id: number) => () => ({ account: { id, email: `owner${id}@example.com` }, user: null });
const userToken = () => ({ account: null, user: { id: 7, email: "person@example.com" } });
const whoamiFails = (error: unknown) => () => {
  throw error;
};
/** A whoami the service refuses with a 401, asked at url (the production API's unless told). */
const refused401 =
  (url = "https://api.dnsimple.com/v2/whoami") =>
  () => {
    throw createStatusError({ status: 401, method: "GET", url, body: { message: "Authentication failed" } });
  };

/** The error a promise is rejected with (the test fails when it resolves). */
async function failure(p: Promise<unknown>): Promise<Error> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error("expected the check to fail");
  return error;
}

describe("the check of credentials", () => {
  it("asks whoami once per process, however many resources and accounts ask", async () => {
    const { client, calls } = fakeClient({ whoami: accountToken(1) });
    const check = new CredentialCheck();
    await check.verify(client, settings(), "1");
    await check.verify(client, settings(), "1");
    await check.verify(client, settings(), undefined);
    expect(calls).toEqual(["GET /whoami"]);
  });

  it("refuses an account token used for another account, naming the setting or the input", async () => {
    const { client } = fakeClient({ whoami: accountToken(1) });
    const check = new CredentialCheck();
    const fromSetting = await failure(check.verify(client, settings({ account: "2" }), "2"));
    expect(fromSetting).toBeInstanceOf(CredentialsError);
    expect(fromSetting.message).toMatch(
      /^Account 2 \(dnsimple:account \(or DNSIMPLE_ACCOUNT\)\) is not the account/,
    );
    expect(fromSetting.message).toContain("dnsimple:token (or DNSIMPLE_TOKEN)");
    expect(fromSetting.message).toContain("account token of account 1 (owner1@example.com)");
    const fromInput = await failure(check.verify(client, settings(), "3"));
    expect(fromInput.message).toMatch(/^Account 3 \(the resource's `account` input\)/);
  });

  it("lets an unknown account through on the token alone (checked again at up, when known)", async () => {
    const { client, calls } = fakeClient({ whoami: accountToken(1) });
    await new CredentialCheck().verify(client, settings({ account: "" }), undefined);
    expect(calls).toEqual(["GET /whoami"]);
  });

  it("reads the accounts of a user token, once, and refuses an account it does not reach", async () => {
    const { client, calls } = fakeClient({
      whoami: userToken,
      accounts: () => [{ id: 1 }, { id: 4 }],
    });
    const check = new CredentialCheck();
    await check.verify(client, settings(), "1");
    await check.verify(client, settings(), "4");
    const error = await failure(check.verify(client, settings(), "5"));
    expect(error.message).toBe(
      "Account 5 (the resource's `account` input) is not among the accounts the API token, " +
        "dnsimple:token (or DNSIMPLE_TOKEN), reaches: it is a user token of person@example.com, reaching account 1, 4",
    );
    expect(calls).toEqual(["GET /whoami", "GET /accounts"]);
  });

  it("names the token setting on a 401, never the token", async () => {
    const { client } = fakeClient({ whoami: refused401() });
    const error = await failure(new CredentialCheck().verify(client, settings(), "1"));
    expect(error).toBeInstanceOf(CredentialsError);
    expect(error.message).toMatch(
      /^The service refused the API token, dnsimple:token \(or DNSIMPLE_TOKEN\), at the production API https:\/\/api\.dnsimple\.com\/v2 \(dnsimple:baseUrl \(or DNSIMPLE_BASE_URL\) sets another\): 401 Authentication failed \(GET \/v2\/whoami\)/,
    );
    expect(error.message).not.toContain(TOKEN);
  });

  it("keeps the failure: a second resource meets the same error without a second request", async () => {
    const { client, calls } = fakeClient({ whoami: refused401() });
    const check = new CredentialCheck();
    await failure(check.verify(client, settings(), "1"));
    await failure(check.verify(client, settings(), "1"));
    expect(calls).toEqual(["GET /whoami"]);
  });

  it("asks again when the token or the endpoint changes, never keeping the token itself", async () => {
    const { client, calls } = fakeClient({ whoami: accountToken(1) });
    const check = new CredentialCheck();
    await check.verify(client, settings(), "1");
    await check.verify(client, settings({ token: "another" }), "1");
    await check.verify(client, settings({ baseUrl: "http://127.0.0.1:9/v2" }), "1");
    expect(calls).toHaveLength(3);
    expect(
      JSON.stringify([...(check as unknown as { reaches: Map<string, unknown> }).reaches.keys()]),
    ).not.toContain(TOKEN);
  });

  it("names the base URL when nothing answers there", async () => {
    const { client } = fakeClient({
      whoami: () => {
        throw new ApiConnectionError(
          "Connection failed [ECONNREFUSED]: connect ECONNREFUSED 127.0.0.1:9 (GET /v2/whoami); nothing answers at http://127.0.0.1:9, the request was not sent",
          { method: "GET", url: "http://127.0.0.1:9/v2/whoami", sent: false },
        );
      },
    });
    const error = await failure(
      new CredentialCheck().verify(client, settings({ baseUrl: "http://127.0.0.1:9/v2/" }), "1"),
    );
    expect(error.message).toMatch(
      /^Nothing answered the check of credentials at the API base URL http:\/\/127\.0\.0\.1:9\/v2 \(dnsimple:baseUrl \(or DNSIMPLE_BASE_URL\)\): Connection failed \[ECONNREFUSED\]/,
    );
    expect(error.message).toContain("`dnsimple:verifyCredentials false` previews without the service");
  });

  it("asks whether the base URL is the API's when it answers otherwise", async () => {
    for (const answer of [
      createStatusError({ status: 404, method: "GET", url: "http://127.0.0.1:9/whoami", body: undefined }),
      new ResponseValidationError([{ path: "", message: "response body is not valid JSON" }], {
        method: "GET",
        url: "http://127.0.0.1:9/whoami",
        status: 200,
      }),
    ]) {
      const { client } = fakeClient({
        whoami: () => {
          throw answer;
        },
      });
      const error = await failure(
        new CredentialCheck().verify(client, settings({ baseUrl: "http://127.0.0.1:9" }), "1"),
      );
      expect(error.message).toMatch(
        /^The API base URL http:\/\/127\.0\.0\.1:9 \(dnsimple:baseUrl .*\) does not answer as DNSimple's API v2 does: .*ending in \/v2\?$/,
      );
    }
  });

  it("lets an error of no request through as it is (a token not set)", async () => {
    const check = new CredentialCheck();
    const missing = new MissingSettingError(
      "dnsimple:token",
      "DNSIMPLE_TOKEN",
      "--secret dnsimple:token <token>",
    );
    const error = await failure(
      check.verify(
        () => {
          throw missing;
        },
        settings(),
        "1",
      ),
    );
    expect(error).toBe(missing);
  });
});

describe("the check in the provider process", () => {
  afterEach(() => resetRuntime());

  it("is off with dnsimple:verifyCredentials false: no client is even built", async () => {
    configureRuntime(stackConfig({ verifyCredentials: "false" }));
    // No token is set: a check that ran would fail on it.
    await expect(verifyCredentials("1")).resolves.toBeUndefined();
  });

  it("is on by default and needs the token", async () => {
    configureRuntime(stackConfig({ verifyCredentials: "true" }));
    await expect(verifyCredentials("1")).rejects.toThrow(/dnsimple:token is not set/);
  });
});

/*
 * The check in the words a user reads: each message whole, for the production and the sandbox API
 * and a base URL of its own; which failures of `GET /whoami` get which words; user tokens that
 * reach no account or belong to no known user; and starting over, which forgets what the check
 * learned. The examples above are the main ones.
 */
describe("the message of a token the service refuses at whoami", () => {
  it("names the token setting and the production API, and says how to set a valid token", async () => {
    const { client } = fakeClient({ whoami: refused401() });
    const error = await failure(new CredentialCheck().verify(client, settings(), "1"));
    expect(error).toBeInstanceOf(CredentialsError);
    expect(error.name).toBe("CredentialsError");
    expect(String(error)).toMatch(/^CredentialsError: The service refused/);
    expect(error.message).toBe(
      `The service refused the API token, ${TOKEN_SETTING}, at ${PRODUCTION}: ` +
        "401 Authentication failed (GET /v2/whoami). The token is mistyped, revoked or expired, " +
        "or made for another endpoint (a sandbox token works only with dnsimple:sandbox true); " +
        "set a valid one with `pulumi config set --secret dnsimple:token <token>`",
    );
  });

  it("names the sandbox API when dnsimple:sandbox is true", async () => {
    const { client } = fakeClient({
      whoami: refused401("https://api.sandbox.dnsimple.com/v2/whoami"),
    });
    const error = await failure(new CredentialCheck().verify(client, settings({ sandbox: "true" }), "1"));
    expect(error.message).toBe(
      `The service refused the API token, ${TOKEN_SETTING}, at ${SANDBOX}: ` +
        "401 Authentication failed (GET /v2/whoami). The token is mistyped, revoked or expired, " +
        "or made for another endpoint (a sandbox token works only with dnsimple:sandbox true); " +
        "set a valid one with `pulumi config set --secret dnsimple:token <token>`",
    );
  });
});

describe("the message of a whoami that fails otherwise", () => {
  it("is the failure itself with the endpoint, for an answer that is neither a refusal nor a wrong URL", async () => {
    for (const [status, reason] of [
      [500, "Internal Server Error"],
      [403, "Forbidden"],
      [429, "Too Many Requests"],
    ] as const) {
      const { client } = fakeClient({
        whoami: whoamiFails(
          createStatusError({
            status,
            method: "GET",
            url: "https://api.dnsimple.com/v2/whoami",
            body: undefined,
          }),
        ),
      });
      const error = await failure(new CredentialCheck().verify(client, settings(), "1"));
      expect(error).toBeInstanceOf(CredentialsError);
      expect(error.message).toBe(
        `The check of credentials (GET /whoami at ${PRODUCTION}) failed: ${status} ${reason} (GET /v2/whoami); ` +
          "`dnsimple:verifyCredentials false` previews without the service",
      );
    }
  });
});

describe("the message of an account the token does not reach", () => {
  it("for an account token, names both accounts and the two ways out", async () => {
    const { client } = fakeClient({ whoami: accountToken(1) });
    const error = await failure(new CredentialCheck().verify(client, settings({ account: "2" }), "2"));
    expect(error.message).toBe(
      `Account 2 (${ACCOUNT_SETTING}) is not the account of the API token, ${TOKEN_SETTING}: ` +
        "it is an account token of account 1 (owner1@example.com). Use a token of account 2, " +
        "or set the account to 1",
    );
  });

  it("for a user token that reaches no account, says so", async () => {
    const { client } = fakeClient({ whoami: userToken, accounts: () => [] });
    const error = await failure(new CredentialCheck().verify(client, settings(), "1"));
    expect(error.message).toBe(
      `Account 1 (${ACCOUNT_SETTING}) is not among the accounts the API token, ${TOKEN_SETTING}, reaches: ` +
        "it is a user token of person@example.com, reaching no account",
    );
  });

  it("for a token whoami names neither an account nor a user of, speaks of an unknown user", async () => {
    const { client } = fakeClient({
      whoami: () => ({ account: null, user: null }),
      accounts: () => [{ id: 4 }],
    });
    const error = await failure(new CredentialCheck().verify(client, settings(), "1"));
    expect(error.message).toBe(
      `Account 1 (${ACCOUNT_SETTING}) is not among the accounts the API token, ${TOKEN_SETTING}, reaches: ` +
        "it is a user token of an unknown user, reaching account 4",
    );
  });
});

describe("starting over", () => {
  it("forgets who the token belongs to and which accounts it reaches: the next check asks both again", async () => {
    let reachable = [{ id: 1 }];
    const { client, calls } = fakeClient({ whoami: userToken, accounts: () => reachable });
    const check = new CredentialCheck();
    await check.verify(client, settings(), "1");
    // The user was given account 4 meanwhile: only a check that asks again knows.
    reachable = [{ id: 4 }];
    check.reset();
    await check.verify(client, settings({ account: "4" }), "4");
    expect(calls).toEqual(["GET /whoami", "GET /accounts", "GET /whoami", "GET /accounts"]);
  });

  it("forgets a failure: after reset, a token the service now takes passes", async () => {
    let whoami: () => unknown = refused401();
    const { client, calls } = fakeClient({ whoami: () => whoami() });
    const check = new CredentialCheck();
    await failure(check.verify(client, settings(), "1"));
    whoami = accountToken(1);
    check.reset();
    await expect(check.verify(client, settings(), "1")).resolves.toBeUndefined();
    expect(calls).toEqual(["GET /whoami", "GET /whoami"]);
  });
});

describe("errors a setting likely caused, at up", () => {
  /** A 401 from a request other than whoami, the creation of a domain. */
  const refusedAtUp = () =>
    createStatusError({
      status: 401,
      method: "POST",
      url: "https://api.dnsimple.com/v2/1/domains",
      body: { message: "Authentication failed" },
    });

  it("name the token on a 401 from any request", () => {
    const error = refusedAtUp();
    expect((explainSettingError(error, settings()) as Error).message).toMatch(
      /^401 Authentication failed \(POST \/v2\/1\/domains\): the service refused the API token, dnsimple:token \(or DNSIMPLE_TOKEN\)/,
    );
  });

  it("name the base URL on a request that was not sent, and leave other failures alone", () => {
    const refused = new ApiConnectionError("Connection failed [ECONNREFUSED] (POST /v2/1/domains)", {
      method: "POST",
      url: "http://127.0.0.1:9/v2/1/domains",
      sent: false,
    });
    expect(
      (explainSettingError(refused, settings({ baseUrl: "http://127.0.0.1:9/v2" })) as Error).message,
    ).toBe(
      "Connection failed [ECONNREFUSED] (POST /v2/1/domains): check the API base URL http://127.0.0.1:9/v2 (dnsimple:baseUrl (or DNSIMPLE_BASE_URL))",
    );
    const reset = new ApiConnectionError("Connection failed [ECONNRESET] (GET /v2/1/domains)", {
      method: "GET",
      url: "http://127.0.0.1:9/v2/1/domains",
    });
    expect((explainSettingError(reset, settings()) as Error).message).toBe(
      "Connection failed [ECONNRESET] (GET /v2/1/domains)",
    );
    const plain = new Error("not an API error");
    expect(explainSettingError(plain, settings())).toBe(plain);
  });

  it("give a 401 from any request the whole hint: what is wrong with the token, at which endpoint", () => {
    const error = refusedAtUp();
    expect((explainSettingError(error, settings()) as Error).message).toBe(
      `401 Authentication failed (POST /v2/1/domains): the service refused the API token, ${TOKEN_SETTING}: ` +
        `it is mistyped, revoked or expired, or made for another endpoint than ${PRODUCTION}`,
    );
  });

  it("name a base URL without the slashes it was written with at its end", () => {
    const refused = () =>
      new ApiConnectionError("Connection failed [ECONNREFUSED] (POST /v2/1/domains)", {
        method: "POST",
        url: "http://127.0.0.1:9/v2/1/domains",
        sent: false,
      });
    for (const written of ["http://127.0.0.1:9/v2/", "http://127.0.0.1:9/v2//"]) {
      expect((explainSettingError(refused(), settings({ baseUrl: written })) as Error).message).toBe(
        `Connection failed [ECONNREFUSED] (POST /v2/1/domains): check the API base URL http://127.0.0.1:9/v2 (${BASE_URL_SETTING})`,
      );
    }
  });
});
