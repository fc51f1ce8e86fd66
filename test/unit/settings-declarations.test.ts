/**
 * Settings are declared once (provider/framework/settings.ts) and every reader derives
 * from the declarations: both adapters take and refuse the same values with the same message, no
 * setting is read elsewhere, one factory builds the API client, and docs/settings.md's table lists the
 * declared settings.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { SETTINGS, SettingValueError } from "../../provider/framework/settings";
import {
  agreementTable,
  clientConstructionsOutsideFactory,
  readmeSettingsRows,
  SETTING_VALUES,
  settingReadsOutsideDeclaration,
} from "./settings-checks";

describe("every setting's values through both adapters", () => {
  const rows = agreementTable();

  it("covers every declared setting, with accepted and (where a rule refuses anything) refused values", () => {
    expect(Object.keys(SETTING_VALUES).sort()).toEqual(SETTINGS.map((s) => s.field).sort());
    for (const setting of SETTINGS) {
      const settingRows = rows.filter((r) => r.setting === setting.config);
      expect([setting.config, settingRows.some((r) => r.expected === "accepted")]).toEqual([
        setting.config,
        true,
      ]);
      if (setting.accepted !== "a string") {
        expect([setting.config, settingRows.some((r) => r.expected === "refused")]).toEqual([
          setting.config,
          true,
        ]);
      }
    }
  });

  it.each(agreementTable().map((r) => [r.setting, JSON.stringify(r.value), r.expected, r] as const))(
    "%s %s: %s alike from stack config, the environment and the plugin",
    (_setting, _value, _expected, row) => {
      expect(row.env).toEqual(row.config);
      expect(row.plugin).toEqual(row.config);
      expect(row.config.ok).toBe(row.expected === "accepted");
      expect(row.agree).toBe(true);
    },
  );

  it("names the setting, the value and what is accepted in a refusal", () => {
    const refused = rows.find((r) => r.setting === "dnsimple:sandbox" && r.value === "yes")!;
    expect(refused.plugin).toEqual({
      ok: false,
      message: 'dnsimple-dynamic:sandbox (or DNSIMPLE_SANDBOX) must be true or false, got "yes"',
    });
  });

  it("never repeats the value of a secret setting", () => {
    const token = SETTINGS.find((s) => s.field === "token")!;
    const message = new SettingValueError(token, "secret-value-41f0").message;
    expect(message).toBe(
      "dnsimple:token (or DNSIMPLE_TOKEN) must be a string, got a value not shown (it is secret)",
    );
  });
});

describe("one source per setting", () => {
  it("reads no setting outside its declaration (provider/ and sdk/)", () => {
    expect(settingReadsOutsideDeclaration()).toEqual([]);
  });

  it("builds the API client in one factory only", () => {
    expect(clientConstructionsOutsideFactory()).toEqual([]);
  });

  it("lists every declared setting in the table of docs/settings.md once, with its variable and secrecy", () => {
    const rows = readmeSettingsRows();
    const listed = rows.flatMap((row) => {
      expect([row.line, row.envs.length]).toEqual([row.line, row.configs.length]);
      return row.configs.map((config, i) => ({
        config,
        env: row.envs[i],
        secret: row.secret.includes(config),
      }));
    });
    expect(listed.sort((a, b) => a.config.localeCompare(b.config))).toEqual(
      SETTINGS.map((s) => ({ config: s.config, env: s.env, secret: s.secret === true })).sort((a, b) =>
        a.config.localeCompare(b.config),
      ),
    );
  });
});

describe("what the committed schema and messages say comes from the declarations", () => {
  // provider/plugin/schema.json is written from the declarations (`npm run generate`); a
  // declaration changed without it would give YAML, Python and Go users other words.
  const schema = JSON.parse(
    readFileSync(path.join(__dirname, "../../provider/plugin/schema.json"), "utf8"),
  ) as { config: { variables: Record<string, { description: string }> } };

  it.each(SETTINGS.map((s) => [s.field, s] as const))(
    "%s: the schema's config says its doc and its environment variable",
    (field, setting) => {
      expect(schema.config.variables[setting.config.slice("dnsimple:".length)]?.description).toBe(
        `${setting.doc} Environment fallback: \`${setting.env}\`.`,
      );
    },
  );

  // What each refusal names as accepted, in the words a user reads at preview.
  const ACCEPTED: Record<string, string> = {
    token: "a string",
    account: "a numeric account id (e.g. 1234)",
    baseUrl: "an absolute http(s) URL",
    sandbox: "true or false",
    v1BaseUrl: "an absolute http(s) URL",
    v1Email: "a string",
    v1Token: "a string",
    maxRetries: "a whole number from 0 to 20",
    batchZoneRecords: "true or false",
    requestLog: "true or false",
    strictRecords: "true or false",
    progressIntervalSeconds: "a number of seconds from 0 (no progress messages) to 3600",
    verifyCredentials: "true or false",
    maxSafeUpdateShare: "a share of records from 0 to 1 (0.3 is 30 %; 1 turns this check off)",
    maxSafeDeleteShare: "a share of records from 0 to 1 (0.3 is 30 %; 1 turns this check off)",
    minExistingRecords: "a whole number of records (the guard applies from that many)",
  };

  it("covers every setting", () => {
    expect(Object.keys(ACCEPTED).sort()).toEqual(SETTINGS.map((s) => s.field).sort());
  });

  it.each(SETTINGS.filter((s) => s.accepted !== "a string").map((s) => [s.field, s] as const))(
    "%s: a refused value's message says what is accepted",
    (field, setting) => {
      const refused = agreementTable().find((r) => r.setting === setting.config && r.expected === "refused");
      expect(setting.accepted).toBe(ACCEPTED[field]);
      expect(JSON.stringify(refused?.config)).toContain(ACCEPTED[field]!);
    },
  );
});
