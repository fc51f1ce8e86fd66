/**
 * The schema's compat module comes from the table of the bridged names: every bridged resource and
 * function under `dnsimple-dynamic:compat:`, each bridged input offered (the names of the bridged
 * schema, test/bridged-examples/bridged-names.json), its type and doc our kind's renamed, and the
 * committed schema.json holding exactly what the table makes of its index module.
 */
import { readFileSync } from "node:fs";
import * as path from "node:path";
import { COMPAT_FUNCTIONS, COMPAT_RESOURCES } from "../../provider/compat/definitions";
import { renderCompatModule } from "./compat";

const ROOT = path.resolve(__dirname, "../..");
const schema = JSON.parse(readFileSync(path.join(ROOT, "provider/plugin/schema.json"), "utf8"));
const bridged = JSON.parse(
  readFileSync(path.join(ROOT, "test/bridged-examples/bridged-names.json"), "utf8"),
) as {
  resources: Record<string, { inputs: string[]; requiredInputs: string[]; outputs: string[] }>;
  functions: Record<string, { inputs: string[]; outputs: string[] }>;
};
const PKG = "dnsimple-dynamic";

describe("the schema's compat module", () => {
  const rendered = renderCompatModule(PKG, schema.resources, schema.functions);

  it("is what the table makes of the index module, in the committed schema.json", () => {
    for (const [token, resource] of Object.entries(rendered.resources))
      expect({ token, resource: schema.resources[token] }).toEqual({ token, resource });
    for (const [token, fn] of Object.entries(rendered.functions))
      expect({ token, fn: schema.functions[token] }).toEqual({ token, fn });
    for (const [token, type] of Object.entries(rendered.types)) expect(schema.types[token]).toEqual(type);
  });

  it("has every bridged resource and function, with every bridged input and output, and requires none the bridged one does not", () => {
    expect(COMPAT_RESOURCES.map((r) => r.name).sort()).toEqual(Object.keys(bridged.resources).sort());
    expect(COMPAT_FUNCTIONS.map((f) => f.name).sort()).toEqual(
      Object.keys(bridged.functions)
        .filter((f) => f !== "terraformConfig")
        .sort(),
    );
    for (const [name, names] of Object.entries(bridged.resources)) {
      const resource = schema.resources[`${PKG}:compat:${name}`];
      const inputs = Object.keys(resource.inputProperties);
      expect({ name, missing: names.inputs.filter((i) => !inputs.includes(i)) }).toEqual({
        name,
        missing: [],
      });
      // Nothing is required here that the bridged provider lets a program leave out.
      expect({
        name,
        extra: resource.requiredInputs.filter((i: string) => !names.requiredInputs.includes(i)),
      }).toEqual({
        name,
        extra: [],
      });
      const outputs = Object.keys(resource.properties);
      expect({ name, missing: names.outputs.filter((o) => !outputs.includes(o)) }).toEqual({
        name,
        missing: [],
      });
    }
    for (const def of COMPAT_FUNCTIONS) {
      const fn = schema.functions[`${PKG}:compat:${def.name}`];
      const names = bridged.functions[def.name]!;
      expect({ name: def.name, inputs: names.inputs.filter((i) => !(i in fn.inputs.properties)) }).toEqual({
        name: def.name,
        inputs: [],
      });
      expect({
        name: def.name,
        outputs: names.outputs.filter((o) => !(o in fn.outputs.properties)),
      }).toEqual({
        name: def.name,
        outputs: [],
      });
    }
  });

  it("renames ours: ZoneRecord.value is our content (type, doc, required), DsRecord.keyTag our keytag", () => {
    const ours = schema.resources[`${PKG}:index:ZoneRecord`];
    const record = schema.resources[`${PKG}:compat:ZoneRecord`];
    expect(record.inputProperties.value).toEqual(ours.inputProperties.content);
    expect(record.inputProperties).not.toHaveProperty("content");
    expect(record.requiredInputs).toContain("value");
    expect(record.inputProperties.ttl.default).toBe(3600);
    expect(record.properties.qualifiedName).toMatchObject({ type: "string" });
    const ds = schema.resources[`${PKG}:compat:DsRecord`];
    expect(ds.inputProperties.keyTag).toEqual(
      schema.resources[`${PKG}:index:DsRecord`].inputProperties.keytag,
    );
    const registered = schema.resources[`${PKG}:compat:RegisteredDomain`];
    expect(registered.properties.contactId.type).toBe("integer");
    expect(registered.inputProperties).not.toHaveProperty("timeoutSeconds");
    expect(registered.inputProperties.timeouts.$ref).toBe(`#/types/${PKG}:compat:RegisteredDomainTimeouts`);
    expect(schema.functions[`${PKG}:compat:getCertificate`].outputs.properties.privateKey.secret).toBe(true);
  });

  it("a schema of other kinds (the generator's toy kinds) has no compat module", () => {
    expect(renderCompatModule(PKG, {}, {})).toEqual({ resources: {}, functions: {}, types: {} });
  });
});
