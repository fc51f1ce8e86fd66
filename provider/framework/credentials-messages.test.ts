/**
 * The check of credentials (credentials.ts) in the words a user reads: each message whole, for
 * the production and the sandbox API and a base URL of its own; which failures of `GET /whoami`
 * get which words; user tokens that reach no account or belong to no known user; and starting
 * over, which forgets what the check learned. credentials.test.ts holds the main examples.
 */
import type { DnsimpleClient } from "../client";
import { ApiConnectionError, createStatusError } from "../client/internal";
import { CredentialCheck, CredentialsError, explainSettingError } from "./credentials";
import { resolveSettings } from "./settings";

const TOKEN = "secret-token-abc123";
/** The words every message uses for the three settings the check is about. */
const TOKEN_SETTING = "dnsimple:token (or DNSIMPLE_TOKEN)";
const ACCOUNT_SETTING = "dnsimple:account (or DNSIMPLE_ACCOUNT)";
const BASE_URL_SETTING = "dnsimple:baseUrl (or DNSIMPLE_BASE_URL)";
const PRODUCTION = `the production API https://api.dnsimple.com/v2 (${BASE_URL_SETTING} sets another)`;
const SANDBOX = `the sandbox API https://api.sandbox.dnsimple.com/v2 (${BASE_URL_SETTING} sets another)`;

/** Settings from the stack config alone (the environment left out), with a token and account 1. */
const settings = (over: Record<string, string> = {}) =>
  resolveSettings(
    {
      get: (key) => ({ "dnsimple:token": TOKEN, "dnsimple:account": "1", ...over })[key],
    },
    {},
  );

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
const refused401 = (url: string) =>
  createStatusError({ status: 401, method: "GET", url, body: { message: "Authentication failed" } });

/** The error a promise is rejected with (the test fails when it resolves). */
async function failure(p: Promise<unknown>): Promise<Error> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error("expected the check to fail");
  return error;
}

describe("the message of a token the service refuses at whoami", () => {
  it("names the token setting and the production API, and says how to set a valid token", async () => {
    const { client } = fakeClient({ whoami: whoamiFails(refused401("https://api.dnsimple.com/v2/whoami")) });
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
      whoami: whoamiFails(refused401("https://api.sandbox.dnsimple.com/v2/whoami")),
    });
    const error = await failure(
      new CredentialCheck().verify(client, settings({ "dnsimple:sandbox": "true" }), "1"),
    );
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
    const error = await failure(
      new CredentialCheck().verify(client, settings({ "dnsimple:account": "2" }), "2"),
    );
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
    await check.verify(client, settings({ "dnsimple:account": "4" }), "4");
    expect(calls).toEqual(["GET /whoami", "GET /accounts", "GET /whoami", "GET /accounts"]);
  });

  it("forgets a failure: after reset, a token the service now takes passes", async () => {
    let whoami: () => unknown = whoamiFails(refused401("https://api.dnsimple.com/v2/whoami"));
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
  it("give a 401 from any request the whole hint: what is wrong with the token, at which endpoint", () => {
    const error = createStatusError({
      status: 401,
      method: "POST",
      url: "https://api.dnsimple.com/v2/1/domains",
      body: { message: "Authentication failed" },
    });
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
      expect(
        (explainSettingError(refused(), settings({ "dnsimple:baseUrl": written })) as Error).message,
      ).toBe(
        `Connection failed [ECONNREFUSED] (POST /v2/1/domains): check the API base URL http://127.0.0.1:9/v2 (${BASE_URL_SETTING})`,
      );
    }
  });
});
