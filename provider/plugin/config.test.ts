import { readFileSync } from "node:fs";
import * as path from "node:path";
import type { State } from "../framework/definition";
import { resolveSettings, SETTINGS } from "../framework/settings";
import { checkConfig, diffConfig, inPluginWords, nameOf, SECRET_SETTINGS, sourceOf } from "./config";
import { UNKNOWN } from "./wire";

const PKG = "dnsimple-dynamic";

/** The settings from the plugin's variables, named here without the package (`config:account`), and args. */
const settingsOf = (variables: Record<string, string>, args?: State) =>
  resolveSettings(
    sourceOf(PKG, new Map(Object.entries(variables).map(([key, value]) => [`${PKG}:${key}`, value])), args),
    {},
  );

describe("the plugin's configuration", () => {
  it("has the names, and the secrets, the package schema declares", () => {
    const schema = JSON.parse(readFileSync(path.join(__dirname, "schema.json"), "utf8")) as {
      name: string;
      config: { variables: Record<string, { secret?: boolean }> };
    };
    expect(schema.name).toBe(PKG);
    expect(SETTINGS.map(nameOf).sort()).toEqual(Object.keys(schema.config.variables).sort());
    const secretInSchema = Object.entries(schema.config.variables).filter(([, v]) => v.secret === true);
    expect([...SECRET_SETTINGS].sort()).toEqual(secretInSchema.map(([name]) => name).sort());
  });

  it("reads variables in both spellings, and args with their types; two configurations, two settings", () => {
    const first = settingsOf({ "config:account": "111", token: "first-token", "config:sandbox": "true" });
    const second = settingsOf({}, { account: 222, token: "second-token", maxRetries: 3, requestLog: true });
    expect(first).toMatchObject({ account: "111", token: "first-token", sandbox: true, requestLog: false });
    expect(second).toMatchObject({
      account: "222",
      token: "second-token",
      sandbox: false,
      maxRetries: 3,
      requestLog: true,
    });
  });

  it("prefers args over variables and treats an unknown value as unset", () => {
    const settings = settingsOf(
      { "config:account": "1", "config:baseUrl": "http://x/v2" },
      { account: "2", baseUrl: UNKNOWN },
    );
    expect(settings.account).toBe("2");
    expect(settings.baseUrl).toBe("http://x/v2");
  });

  it("names the setting of each failure and never repeats a secret", () => {
    const failures = checkConfig(PKG, {
      token: 12345678,
      account: "acme",
      maxRetries: "lots",
      progressInterval: 99999,
      sandbox: "maybe",
      baseUrl: "ftp://example.com",
      v1Token: "fine-secret",
    });
    expect(failures.map((f) => f.property).sort()).toEqual(
      ["account", "baseUrl", "maxRetries", "progressInterval", "sandbox"].sort(),
    );
    const reasons = failures.map((f) => f.reason).join("\n");
    expect(reasons).toContain(`${PKG}:maxRetries (or DNSIMPLE_MAX_RETRIES) must be a whole number`);
    expect(reasons).toContain(`${PKG}:sandbox (or DNSIMPLE_SANDBOX) must be true or false, got "maybe"`);
    expect(reasons).toContain(`${PKG}:account (or DNSIMPLE_ACCOUNT) must be a numeric account id`);
    expect(reasons).not.toContain("dnsimple:");
    expect(reasons).not.toContain("12345678");
    expect(reasons).not.toContain("fine-secret");
    expect(checkConfig(PKG, { account: "42", maxRetries: 3, sandbox: true, baseUrl: UNKNOWN })).toEqual([]);
  });

  it("replaces the provider when the API endpoint moves, not when the account does", () => {
    expect(diffConfig(PKG, { token: "a" }, { token: "a" })).toEqual({ changed: [], replaces: [] });
    expect(diffConfig(PKG, { token: "a", account: "1" }, { token: "b", account: "2" })).toEqual({
      changed: ["token", "account"],
      replaces: [],
    });
    expect(diffConfig(PKG, {}, { sandbox: true })).toEqual({ changed: ["sandbox"], replaces: ["sandbox"] });
    expect(diffConfig(PKG, { sandbox: "true" }, { sandbox: true })).toEqual({ changed: [], replaces: [] });
    // Read by the settings' declarations: the same value spelled two ways is no change.
    expect(diffConfig(PKG, { sandbox: "TRUE", maxRetries: 3 }, { sandbox: true, maxRetries: "3" })).toEqual({
      changed: [],
      replaces: [],
    });
    expect(diffConfig(PKG, { maxRetries: "3" }, { maxRetries: "4" })).toEqual({
      changed: ["maxRetries"],
      replaces: [],
    });
    expect(diffConfig(PKG, {}, { sandbox: false })).toEqual({ changed: ["sandbox"], replaces: [] });
    // The same endpoint spelled out: a change, not a move.
    expect(diffConfig(PKG, {}, { baseUrl: "https://api.dnsimple.com/v2/" })).toEqual({
      changed: ["baseUrl"],
      replaces: [],
    });
    expect(diffConfig(PKG, { baseUrl: "http://a/v2" }, { baseUrl: UNKNOWN })).toEqual({
      changed: ["baseUrl"],
      replaces: ["baseUrl"],
    });
  });

  it("says the settings' messages with the plugin's keys", () => {
    expect(
      inPluginWords(PKG, "dnsimple:token is not set: run `pulumi config set --secret dnsimple:token x`"),
    ).toBe(`${PKG}:token is not set: run \`pulumi config set --secret ${PKG}:token x\``);
    expect(inPluginWords(PKG, "my-dnsimple:tokenizer")).toBe("my-dnsimple:tokenizer");
  });
});
