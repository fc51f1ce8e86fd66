/**
 * The plugin's package schema says what the kinds' definitions say: each kind a resource with its
 * arguments, outputs, docs, secrets and replacements; the settings as configuration, the token
 * secret. Checked on the toy kind (a definition of its own) and on every real kind.
 */
import * as path from "node:path";
import { COMPAT_RESOURCES } from "../../provider/compat/definitions";
import { isSecret } from "../../provider/framework/kind";
import { SETTINGS } from "../../provider/framework/settings";
import { kindsToRender } from "./generate";
import { functionsToRender } from "./functions";
import { PACKAGE_NAME, renderSchema, tokenOf } from "./schema";
import { jsonSchemaOf } from "./render";

const TOY_KIND = path.join(__dirname, "toy-kind");

describe("the package schema of the toy kind", () => {
  const schema = renderSchema(kindsToRender(TOY_KIND), "1.2.3");
  const widget = schema.resources[tokenOf("ToyWidget")]!;

  test("is a resource with its arguments, required ones listed, and its outputs", () => {
    expect(Object.keys(schema.resources)).toEqual([`${PACKAGE_NAME}:index:ToyWidget`]);
    expect(schema.version).toBe("1.2.3");
    expect(Object.keys(widget.inputProperties)).toEqual(["account", "name", "size", "passphrase"]);
    expect(widget.requiredInputs).toContain("name");
    expect(widget.inputProperties.passphrase).toMatchObject({ secret: true });
    expect(widget.properties).toHaveProperty("widgetId");
    expect(widget.properties).toHaveProperty("accountId");
  });

  test("an argument that replaces says so, in its flag and its doc", () => {
    const [replacing] = kindsToRender(TOY_KIND)[0]!.schema.replaceOnChange;
    expect(replacing).toBeDefined();
    expect(widget.inputProperties[replacing!]).toMatchObject({
      willReplaceOnChanges: true,
      description: expect.stringContaining("Changing it replaces the ToyWidget."),
    });
  });
});

describe("the package schema of every kind", () => {
  const kinds = kindsToRender();
  const schema = renderSchema(kinds, "0.0.0");

  test("has one resource per kind, named so it cannot collide with the bridged `dnsimple` package", () => {
    expect(schema.name).not.toBe("dnsimple");
    const index = Object.keys(schema.resources).filter((token) => token.startsWith(tokenOf("")));
    expect(index.sort()).toEqual(kinds.map((k) => tokenOf(k.kind)).sort());
    // Besides, the bridged provider's names (compat.test.ts): nothing else.
    expect(Object.keys(schema.resources).filter((token) => !index.includes(token))).toEqual(
      COMPAT_RESOURCES.map((r) => `${schema.name}:compat:${r.name}`),
    );
  });

  test.each(kinds.map((k) => [k.kind, k] as const))(
    "%s: secrets, replacements and the providerOwned fields as the definition says",
    (kind, k) => {
      const resource = schema.resources[tokenOf(kind)]!;
      for (const [key, field] of Object.entries(k.schema.inputs)) {
        const argument = resource.inputProperties[key];
        if (k.schema.providerOwned.includes(key)) {
          expect(argument).toBeUndefined();
          continue;
        }
        expect(argument?.secret === true).toBe(isSecret(field));
        expect(argument?.willReplaceOnChanges === true).toBe(k.schema.replaceOnChange.includes(key));
      }
      for (const [key, field] of Object.entries(k.schema.outputs)) {
        expect(resource.properties[key]?.secret === true).toBe(isSecret(field));
      }
      expect(resource.inputProperties.adopt !== undefined).toBe(k.schema.adoptable);
    },
  );

  test("every type a property names is declared", () => {
    const refs = JSON.stringify(schema.resources).match(/#\/types\/[^"]+/g) ?? [];
    for (const ref of refs) expect(schema.types).toHaveProperty([ref.slice("#/types/".length)]);
  });

  test("an enumeration becomes an enum type (a certificate's signature algorithm)", () => {
    const renewal = schema.resources[tokenOf("LetsEncryptCertificateRenewal")]!;
    const ref = (renewal.inputProperties.signatureAlgorithm as { $ref: string }).$ref;
    expect(schema.types[ref.slice("#/types/".length)]).toMatchObject({
      type: "string",
      enum: [{ value: "ECDSA" }, { value: "RSA" }],
    });
  });

  test("every setting is configuration, the token secret, under the package's namespace", () => {
    expect(Object.keys(schema.config.variables).sort()).toEqual(
      SETTINGS.map((s) => s.config.replace("dnsimple:", "")).sort(),
    );
    expect(schema.config.variables.token).toMatchObject({ type: "string", secret: true });
    expect(schema.config.variables.account?.secret).toBeUndefined();
    expect(schema.provider.inputProperties).toEqual(schema.config.variables);
  });

  test("TypeScript's {@link X} is shown as code in every language", () => {
    expect(JSON.stringify(schema)).not.toContain("{@link");
  });
});

describe("the SDK's read-only functions in the schema and the plugin's call table", () => {
  const { FUNCTIONS } =
    require("../../provider/functions/call-table") as typeof import("../../provider/functions/call-table");
  const sdk = require("../../sdk/nodejs/functions") as Record<string, unknown>;
  const schema = renderSchema(kindsToRender(), "0.0.0", functionsToRender(tokenOf));

  test("every exported async function is an invoke, and so is the one that answers a secret, marked secret", () => {
    const names = Object.keys(schema.functions)
      .filter((token) => token.startsWith(tokenOf("")))
      .map((token) => token.replace(tokenOf(""), ""));
    expect(names.sort()).toEqual(Object.keys(FUNCTIONS).sort());
    expect(names).toEqual(
      expect.arrayContaining(["whoami", "getDomain", "listZones", "listDomains", "getCertificatePrivateKey"]),
    );
    for (const name of names) expect(typeof sdk[name]).toBe("function");
    // Secret outputs exactly where the function answers a pulumi.Output (a secret), from its type.
    const secretOnes = names.filter((name) =>
      Object.values(
        (schema.functions[tokenOf(name)] as { outputs: { properties: Record<string, { secret?: boolean }> } })
          .outputs.properties,
      ).some((p) => p.secret === true),
    );
    expect(secretOnes).toEqual(["getCertificatePrivateKey"]);
    expect(Object.keys(FUNCTIONS).filter((name) => FUNCTIONS[name]!.secret)).toEqual(secretOnes);
  });

  test("ids that are integers where they are defined (zod's .int(), the client's ServiceId) are integers", () => {
    const property = (kind: string, key: string) =>
      (schema.resources[tokenOf(kind)] as { properties: Record<string, { type?: string }> }).properties[key];
    // Outputs that rename the service's id, and a map of ids.
    for (const [kind, key] of [
      ["Domain", "domainId"],
      ["Zone", "zoneId"],
      ["ZoneRecord", "recordId"],
      ["DsRecord", "dsRecordId"],
      ["Webhook", "webhookId"],
      ["Contact", "contactId"],
    ] as const)
      expect({ kind, key, type: property(kind, key)?.type }).toEqual({ kind, key, type: "integer" });
    expect(
      (schema.resources[tokenOf("ZoneRecords")] as { properties: Record<string, any> }).properties.recordIds
        .additionalProperties,
    ).toEqual({ type: "integer" });
    // Derived, not named: every resource output whose zod type is an integer is one, and no other.
    for (const k of kindsToRender()) {
      for (const [key, field] of Object.entries(k.schema.outputs)) {
        const js = jsonSchemaOf(field, "output");
        const integer = js.type === "integer" || (js.anyOf ?? []).some((m) => m.type === "integer");
        const type = property(k.kind, key)?.type;
        if (type === undefined) continue;
        expect({ kind: k.kind, key, integer: type === "integer" }).toEqual({ kind: k.kind, key, integer });
      }
    }
  });

  test("an options parameter's members are arguments of their own; a list answers `items`", () => {
    const listZones = schema.functions[tokenOf("listZones")] as {
      inputs: { properties: Record<string, unknown>; required?: string[] };
      outputs: { properties: Record<string, { type?: string }> };
    };
    expect(Object.keys(listZones.inputs.properties).sort()).toEqual(["account", "nameLike"]);
    expect(listZones.inputs.required).toBeUndefined();
    expect(listZones.outputs.properties.items?.type).toBe("array");
  });

  test("the call table puts each argument in its parameter", async () => {
    const calls: unknown[][] = [];
    const fake = new Proxy(
      {},
      {
        get:
          (_t, name) =>
          async (...args: unknown[]) =>
            calls.push([name, ...args]),
      },
    );
    await FUNCTIONS.getDsRecord!.call(fake as never, { domain: "example.com", id: 7, account: "2" });
    await FUNCTIONS.listZones!.call(fake as never, { nameLike: "exa" });
    expect(calls).toEqual([
      ["getDsRecord", "example.com", 7, { account: "2" }],
      ["listZones", { account: undefined, nameLike: "exa" }],
    ]);
    expect(FUNCTIONS.getDomain!.result).toBe("fields");
    expect(FUNCTIONS.listDomains!.result).toBe("items");
  });
});
