import type { DnsimpleClient } from "../client";
import { ApiConnectionError, createStatusError, ResponseValidationError } from "../client/internal";
import { CredentialCheck, CredentialsError, explainSettingError } from "./credentials";
import { configureRuntime, resetRuntime, verifyCredentials } from "./runtime";
import { MissingSettingError, resolveSettings } from "./settings";

const TOKEN = "secret-token-abc123";
const settings = (over: Record<string, string> = {}) =>
  resolveSettings(
    {
      get: (key) => ({ "dnsimple:token": TOKEN, "dnsimple:account": "1", ...over })[key],
    },
    {},
  );

/** A client whose whoami and account list answer as scripted, counting the requests. */
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
const refused401 = () => {
  throw createStatusError({
    status: 401,
    method: "GET",
    url: "https://api.dnsimple.com/v2/whoami",
    body: { message: "Authentication failed" },
  });
};

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
    const fromSetting = await failure(check.verify(client, settings({ "dnsimple:account": "2" }), "2"));
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
    await new CredentialCheck().verify(client, settings({ "dnsimple:account": "" }), undefined);
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
    const { client } = fakeClient({ whoami: refused401 });
    const error = await failure(new CredentialCheck().verify(client, settings(), "1"));
    expect(error).toBeInstanceOf(CredentialsError);
    expect(error.message).toMatch(
      /^The service refused the API token, dnsimple:token \(or DNSIMPLE_TOKEN\), at the production API https:\/\/api\.dnsimple\.com\/v2 \(dnsimple:baseUrl \(or DNSIMPLE_BASE_URL\) sets another\): 401 Authentication failed \(GET \/v2\/whoami\)/,
    );
    expect(error.message).not.toContain(TOKEN);
  });

  it("keeps the failure: a second resource meets the same error without a second request", async () => {
    const { client, calls } = fakeClient({ whoami: refused401 });
    const check = new CredentialCheck();
    await failure(check.verify(client, settings(), "1"));
    await failure(check.verify(client, settings(), "1"));
    expect(calls).toEqual(["GET /whoami"]);
  });

  it("asks again when the token or the endpoint changes, never keeping the token itself", async () => {
    const { client, calls } = fakeClient({ whoami: accountToken(1) });
    const check = new CredentialCheck();
    await check.verify(client, settings(), "1");
    await check.verify(client, settings({ "dnsimple:token": "another" }), "1");
    await check.verify(client, settings({ "dnsimple:baseUrl": "http://127.0.0.1:9/v2" }), "1");
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
      new CredentialCheck().verify(client, settings({ "dnsimple:baseUrl": "http://127.0.0.1:9/v2/" }), "1"),
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
        new CredentialCheck().verify(client, settings({ "dnsimple:baseUrl": "http://127.0.0.1:9" }), "1"),
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
    configureRuntime({ get: (key) => ({ "dnsimple:verifyCredentials": "false" })[key] });
    // No token is set: a check that ran would fail on it.
    await expect(verifyCredentials("1")).resolves.toBeUndefined();
  });

  it("is on by default and needs the token", async () => {
    configureRuntime({ get: (key) => ({ "dnsimple:verifyCredentials": "true" })[key] });
    await expect(verifyCredentials("1")).rejects.toThrow(/dnsimple:token is not set/);
  });
});

describe("errors a setting likely caused, at up", () => {
  it("name the token on a 401 from any request", () => {
    const error = createStatusError({
      status: 401,
      method: "POST",
      url: "https://api.dnsimple.com/v2/1/domains",
      body: { message: "Authentication failed" },
    });
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
      (explainSettingError(refused, settings({ "dnsimple:baseUrl": "http://127.0.0.1:9/v2" })) as Error)
        .message,
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
});
