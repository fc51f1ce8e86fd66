/**
 * A new kind is one definition: from a toy definition the generator writes a class that registers
 * with Pulumi (its arguments, outputs and secrets as declared), a stub that reaches the toy's own
 * provider, and a reference page that says which changes replace.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { toDynamicProvider } from "../../provider/resources/framework/define-resource";
import { defineResource, numericIds, secret } from "../../provider/resources/framework/kind";
import { configureRuntime, resetRuntime } from "../../provider/resources/framework/runtime";
import { kebab, renderAll } from "./render";

/** A kind no service has: a widget with a name (replaces), a size (in place) and a secret. */
const widgets = new Map<number, { name: string; size: number; passphrase?: string | undefined }>();
const toyWidget = defineResource({
  kind: "ToyWidget",
  docs: {
    summary: "A widget of the toy service.",
    example: 'new dnsimple.ToyWidget("w", { name: "first", size: 3 });',
  },
  examples: {
    valid: { name: "first", size: 3 },
    replaces: { name: "second" },
    inPlace: { size: 4 },
    same: [],
    invalid: [["size", "not a whole number", { size: 1.5 }]],
  },
  review: { section: "platform", noun: ["widget", "widgets"], label: (p) => String(p.name) },
  inputs: {
    name: z.string().describe("The widget's name."),
    size: z.number().int().default(1).describe("How big it is."),
    passphrase: secret(z.string().optional().describe("Opens the widget.")),
  },
  outputs: {
    widgetId: z.number().describe("The toy service's id."),
    colour: z.enum(["red", "blue"]).nullable().describe("Chosen by the service."),
  },
  ids: numericIds,
  replaceOnChange: ["name"],
  async create(_ctx, inputs) {
    const id = widgets.size + 1;
    widgets.set(id, { name: inputs.name, size: inputs.size, passphrase: inputs.passphrase });
    return { id, outs: { widgetId: id, colour: "red" as const } };
  },
  async read(_ctx, id) {
    return widgets.has(id) ? { widgetId: id, colour: "red" as const } : undefined;
  },
  async delete(_ctx, id) {
    widgets.delete(id);
  },
});

const registered: Array<{ type: string; name: string; inputs: Record<string, unknown> }> = [];
pulumi.runtime.setMocks(
  {
    newResource: (args) => {
      registered.push({ type: args.type, name: args.name, inputs: args.inputs });
      return { id: "1", state: { ...args.inputs, widgetId: 1, colour: "blue", accountId: "1" } };
    },
    call: () => ({}),
  },
  "toy",
  "test",
  false,
);
// The stub loads the provider at run time: here, the toy's own.
jest.mock("pulumi-dnsimple-dynamic/provider", () => ({
  providerFor: (kind: string) => {
    if (kind !== "ToyWidget") throw new Error(`unexpected kind ${kind}`);
    return toDynamicProvider(toyWidget);
  },
  configure: () => undefined,
}));

const files = renderAll([{ kind: toyWidget.kind, schema: toyWidget.schema }]);
const text = (suffix: string) => {
  const file = files.find((f) => f.path.endsWith(suffix));
  if (!file) throw new Error(`nothing generated at ${suffix}`);
  return file.text;
};

/** The generated SDK files in a folder laid out as sdk/ is, beside the real common modules. */
let dir: string;
beforeAll(() => {
  // Inside the repository, so the generated class resolves @pulumi/pulumi as the SDK does.
  dir = mkdtempSync(path.join(__dirname, ".toy-sdk-"));
  const sdk = path.join(__dirname, "../../sdk");
  mkdirSync(path.join(dir, "resources"));
  mkdirSync(path.join(dir, "stubs"));
  writeFileSync(path.join(dir, "common.ts"), `export * from ${JSON.stringify(path.join(sdk, "common"))};\n`);
  writeFileSync(
    path.join(dir, "provider-stub.ts"),
    `export * from ${JSON.stringify(path.join(sdk, "provider-stub"))};\n`,
  );
  for (const f of files.filter((f) => f.path.startsWith("sdk/"))) {
    writeFileSync(path.join(dir, f.path.replace(/^sdk\//, "")), f.text);
  }
  configureRuntime({ get: (key) => ({ "dnsimple:account": "1", "dnsimple:token": "unit-token" })[key] });
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  resetRuntime();
});

const value = <T>(output: pulumi.Output<T>): Promise<T> =>
  new Promise((resolve) => output.apply((v) => resolve(v)));

describe("the generator, given a new toy definition", () => {
  it("writes a class, a stub and a page named after the kind", () => {
    expect(files.map((f) => f.path).sort()).toEqual(
      [
        "docs/resources/README.md",
        "docs/resources/toy-widget.md",
        "sdk/resources/index.ts",
        "sdk/resources/toy-widget.ts",
        "sdk/stubs/toy-widget.ts",
      ].sort(),
    );
    expect(kebab("OAuthAccessToken")).toBe("o-auth-access-token");
  });

  it("declares arguments with their docs, optionality and types, outputs included", () => {
    const source = text("sdk/resources/toy-widget.ts");
    expect(source).toContain("/** The widget's name. Changing it replaces the ToyWidget. */");
    expect(source).toMatch(/\bname: pulumi\.Input<string>;/);
    expect(source).toMatch(/\bsize\?: pulumi\.Input<number>;/);
    expect(source).toContain("Opens the widget. Secret: kept encrypted in state.");
    expect(source).toMatch(/declare readonly colour: pulumi\.Output<"red" \| "blue" \| null>;/);
    expect(source).toMatch(/declare readonly widgetId: pulumi\.Output<number>;/);
    // No adopt for a kind that cannot find an existing object.
    expect(source).toContain('extends Omit<CommonArgs, "adopt">');
  });

  it("makes a class that registers its arguments, keeps secrets secret and exposes the outputs", async () => {
    const { ToyWidget } = require(path.join(dir, "resources", "toy-widget"));
    const widget = new ToyWidget("w", { name: "first", size: 3, passphrase: "open sesame" });
    expect(await value(widget.colour)).toBe("blue");
    expect(await value(widget.size)).toBe(3);
    const sent = registered.find((r) => r.name === "w");
    expect(sent?.type).toBe("pulumi-nodejs:dynamic/dnsimple:ToyWidget");
    expect(sent?.inputs["ownerKey"]).toBe("toy/test/dnsimple:ToyWidget::w");
    expect(await pulumi.isSecret(widget.passphrase)).toBe(true);
    expect(await pulumi.isSecret(widget.name)).toBe(false);
  });

  it("makes a stub that runs the toy's own provider: check with its schema, create with its code", async () => {
    const stub = require(path.join(dir, "stubs", "toy-widget"));
    const checked = await stub.check({}, { name: "second", size: "big" });
    expect(checked.failures).toEqual([{ property: "size", reason: expect.stringContaining("number") }]);
    const ok = await stub.check({}, { name: "second" });
    expect(ok.inputs).toEqual({ name: "second", size: 1 });
    const created = await stub.create(ok.inputs);
    expect(widgets.get(Number(created.id))).toEqual({ name: "second", size: 1, passphrase: undefined });
    expect(created.outs).toMatchObject({ widgetId: Number(created.id), colour: "red", accountId: "1" });
    const diff = await stub.diff(created.id, created.outs, { ...ok.inputs, name: "third" });
    expect(diff).toMatchObject({ changes: true, replaces: ["name"] });
  });

  it("writes a reference page: arguments, what replaces, outputs, adopting, an example", () => {
    const page = text("docs/resources/toy-widget.md");
    expect(page).toContain("# ToyWidget");
    expect(page).toContain("| `name` | `string` | required | replaces | The widget's name. |");
    expect(page).toContain("| `size` | `number` | optional | in place | How big it is. |");
    expect(page).toContain("| `passphrase` | `string` | optional, secret | in place | Opens the widget. |");
    expect(page).toContain('| `colour` | `"red" \\| "blue" \\| null` | Chosen by the service. |');
    expect(page).toContain("cannot be adopted");
    expect(page).toContain('new dnsimple.ToyWidget("w", { name: "first", size: 3 });');
    expect(text("docs/resources/README.md")).toContain(
      "- [ToyWidget](toy-widget.md): A widget of the toy service.",
    );
  });
});
