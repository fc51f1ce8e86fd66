/**
 * The check of credentials as a step of `check` (credentials.ts holds the check itself): a
 * setting the service refuses fails the preview as a check failure naming the setting, once,
 * and only for inputs that are otherwise valid. A tiny local service answers `GET /whoami` for
 * an account token of account 1.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import type { ResourceDefinition } from "./definition";
import { lifecycleOf } from "./lifecycle";
import { configureRuntime, resetRuntime } from "./runtime";
import { UNKNOWN } from "./unknown";

const STAMPS = { created_at: "2020-01-01T00:00:00Z", updated_at: "2020-01-01T00:00:00Z" };

let server: Server;
let baseUrl: string;
const requests: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    response.setHeader("content-type", "application/json");
    if (request.headers.authorization !== "Bearer good-token") {
      response.statusCode = 401;
      response.end(JSON.stringify({ message: "Authentication failed" }));
      return;
    }
    response.end(
      JSON.stringify({
        data: {
          account: { id: 1, email: "ops@example.com", plan_identifier: "teams", ...STAMPS },
          user: null,
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
});
afterAll(async () => {
  resetRuntime();
  await new Promise((resolve) => server.close(resolve));
});

/** Settings with the check on, against the local service, with `token`. */
function configure(token: string): void {
  resetRuntime();
  requests.length = 0;
  const config: Record<string, string> = {
    "dnsimple:account": "1",
    "dnsimple:token": token,
    "dnsimple:baseUrl": baseUrl,
    "dnsimple:verifyCredentials": "true",
    "dnsimple:maxRetries": "0",
  };
  configureRuntime({ get: (key) => config[key] });
}

const named: ResourceDefinition = {
  kind: "Named",
  inputs: { name: z.string().regex(/^[a-z]+$/, "name must be lower-case letters, e.g. www") },
  replaceOnChange: ["name"],
  async create() {
    return { id: "1", outs: {} };
  },
  async read() {
    return undefined;
  },
  async delete() {},
};

describe("check, with the check of credentials on", () => {
  it("passes valid inputs when the token works and reaches the account", async () => {
    configure("good-token");
    expect(await lifecycleOf(named).check({}, { name: "www" })).toEqual({
      inputs: { name: "www" },
      failures: [],
    });
    expect(requests).toEqual(["GET /v2/whoami"]);
  });

  it("fails on a token the service refuses, as one failure naming the setting, not as an error", async () => {
    configure("wrong-token");
    const { failures } = await lifecycleOf(named).check({}, { name: "www" });
    expect(failures).toEqual([
      { property: "", reason: expect.stringContaining("The service refused the API token, dnsimple:token") },
    ]);
    expect(failures[0]!.reason).not.toContain("wrong-token");
  });

  it("asks nothing while the inputs are refused: their failures are what the preview shows", async () => {
    configure("wrong-token");
    const { failures } = await lifecycleOf(named).check({}, { name: "WWW" });
    expect(failures).toEqual([
      { property: "name", reason: expect.stringContaining("name must be lower-case") },
    ]);
    expect(requests).toEqual([]);
  });

  it("checks the account the resource names, before the provider's", async () => {
    configure("good-token");
    const { failures } = await lifecycleOf(named).check({}, { name: "www", account: "2" });
    expect(failures).toEqual([
      {
        property: "",
        reason: expect.stringContaining(
          "Account 2 (the resource's `account` input) is not the account of the API token",
        ),
      },
    ]);
  });

  it("checks only the token while the resource's account is unknown (the account is checked at up)", async () => {
    configure("good-token");
    const { failures } = await lifecycleOf(named).check({}, { name: "www", account: UNKNOWN });
    expect(failures).toEqual([]);
    expect(requests).toEqual(["GET /v2/whoami"]);
  });
});
