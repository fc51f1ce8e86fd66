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
    expect(resolveSettings(config({ "dnsimple:maxRetries": "0" }), {}).maxRetries).toBe(0);
    expect(resolveSettings(undefined, { DNSIMPLE_MAX_RETRIES: "12" }).maxRetries).toBe(12);
    for (const bad of ["-1", "three", "2.5", "21"]) {
      expect(() => resolveSettings(config({ "dnsimple:maxRetries": bad }), {})).toThrow(
        /dnsimple:maxRetries .*DNSIMPLE_MAX_RETRIES.*0 to 20/,
      );
    }
  });
});
