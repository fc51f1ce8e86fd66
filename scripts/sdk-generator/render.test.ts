/**
 * A new kind is one definition file and nothing else: given a folder holding only a toy kind's
 * file (toy-kind/toy-widget.ts), the generator writes, into a temporary folder, a class that
 * registers with Pulumi (its arguments, outputs and secrets as declared), a stub that reaches the
 * toy's own provider, a reference page that says which changes replace, and the registry's line;
 * the review's entry and the bad-input table's rows come from the same definition.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { toDynamicProvider } from "../../provider/dynamic/dynamic-provider";
import { configureRuntime, resetRuntime } from "../../provider/framework/runtime";
import { reviewEntry } from "../../provider/review/kinds";
import { badInputRows } from "../../test/e2e/bad-input-rows";
import { generateInto } from "./generate";
import { type GeneratedFile, kebab, renderClass, renderPage } from "./render";

/** The toy kind's folder: one definition file, nothing else. */
const TOY_KIND = path.join(__dirname, "toy-kind");
const { toyWidgetResource, widgets } = require(
  path.join(TOY_KIND, "toy-widget"),
) as typeof import("./toy-kind/toy-widget");

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
    return toDynamicProvider(toyWidgetResource);
  },
  configure: () => undefined,
}));

/** What the generator wrote for the toy kind's folder, in a temporary folder laid out as the repository. */
let out: string;
let files: GeneratedFile[] = [];
const text = (suffix: string) => {
  const file = files.find((f) => f.path.endsWith(suffix));
  if (!file) throw new Error(`nothing generated at ${suffix}`);
  return file.text;
};

beforeAll(async () => {
  // Inside the repository, so the generated class resolves @pulumi/pulumi as the SDK does.
  out = mkdtempSync(path.join(__dirname, ".toy-out-"));
  files = await generateInto(TOY_KIND, out, false);
  // Beside the generated SDK files, the SDK's own common modules.
  const sdk = path.join(__dirname, "../../sdk/nodejs");
  for (const common of ["common", "provider-stub"])
    writeFileSync(
      path.join(out, "sdk", "nodejs", `${common}.ts`),
      `export * from ${JSON.stringify(path.join(sdk, common))};\n`,
    );
  configureRuntime({ get: (key) => ({ "dnsimple:account": "1", "dnsimple:token": "unit-token" })[key] });
}, 60_000);
afterAll(() => {
  rmSync(out, { recursive: true, force: true });
  resetRuntime();
});
const dir = () => path.join(out, "sdk", "nodejs");

const value = <T>(output: pulumi.Output<T>): Promise<T> =>
  new Promise((resolve) => output.apply((v) => resolve(v)));

describe("the generator, given a new toy definition", () => {
  it("writes a class, a stub and a page named after the kind", () => {
    expect(files.map((f) => f.path).sort()).toEqual(
      [
        "docs/resources/README.md",
        "docs/resources/toy-widget.md",
        "provider/kinds/registry.generated.ts",
        "sdk/nodejs/resources/index.ts",
        "sdk/nodejs/resources/toy-widget.ts",
        "sdk/nodejs/stubs/toy-widget.ts",
      ].sort(),
    );
    expect(kebab("OAuthAccessToken")).toBe("o-auth-access-token");
  });

  it("declares arguments with their docs, optionality and types, outputs included", () => {
    const source = text("sdk/nodejs/resources/toy-widget.ts");
    expect(source).toContain("/** The widget's name. Changing it replaces the ToyWidget. */");
    expect(source).toMatch(/\bname: pulumi\.Input<string>;/);
    expect(source).toMatch(/\bsize\?: pulumi\.Input<number>;/);
    expect(source).toContain("Opens the widget. Secret: kept encrypted in state.");
    expect(source).toMatch(/declare readonly colour: pulumi\.Output<"red" \| "blue" \| null>;/);
    expect(source).toMatch(/declare readonly widgetId: pulumi\.Output<number>;/);
    // No adopt for a kind that cannot find an existing object.
    expect(source).toContain('extends Omit<CommonArgs, "adopt">');
  });

  it("writes the type the SDK's functions return: the outputs and the inputs `info` names, no secret", () => {
    const source = text("sdk/nodejs/resources/toy-widget.ts");
    const info = /export interface ToyWidgetInfo \{\n([^}]*)\n\}/.exec(source)?.[1] ?? "";
    const members = info.split("\n").filter((line) => !line.trim().startsWith("/**"));
    expect(members.map((line) => line.trim())).toEqual([
      "name: string;",
      "widgetId: number;",
      'colour: "red" | "blue" | null;',
    ]);
    expect(text("sdk/nodejs/resources/index.ts")).toContain(
      'export { ToyWidget, type ToyWidgetArgs, type ToyWidgetInfo } from "./toy-widget";',
    );
    // The mapping a function runs is the definition's, with the type the generated one declares.
    expect(toyWidgetResource.info?.of({ id: 7, name: "first" })).toEqual({
      widgetId: 7,
      colour: "red",
      name: "first",
    });
  });

  it("says an, not a, before a kind that starts with a vowel", () => {
    const source = renderClass({ kind: "AcmeWidget", schema: toyWidgetResource.schema });
    expect(source).toContain("/** An AcmeWidget as the SDK's functions return it:");
    expect(text("sdk/nodejs/resources/toy-widget.ts")).toContain(
      "/** A ToyWidget as the SDK's functions return it:",
    );
  });

  it("refuses to let a function return a secret", () => {
    const schema = { ...toyWidgetResource.schema, info: { inputs: ["passphrase"] } };
    expect(() => renderClass({ kind: "ToyWidget", schema })).toThrow(
      "ToyWidget: info shows passphrase, which are secret; functions never return secrets",
    );
  });

  it("makes a class that registers its arguments, keeps secrets secret and exposes the outputs", async () => {
    const { ToyWidget } = require(path.join(dir(), "resources", "toy-widget"));
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
    const stub = require(path.join(dir(), "stubs", "toy-widget"));
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
    expect(page).toContain(
      "The SDK's functions return a ToyWidget as `ToyWidgetInfo`: the kind's outputs and `name`, as the service holds them.",
    );
    expect(page).toContain("cannot be adopted");
    expect(page).toContain('new dnsimple.ToyWidget("w", { name: "first", size: 3 });');
    expect(text("docs/resources/README.md")).toContain(
      "- [ToyWidget](toy-widget.md): A widget of the toy service.",
    );
  });

  it("says on the page when the service refuses a second one alike, for every declaration or for some", () => {
    const page = (duplicates?: "refused" | "refused for some declarations") =>
      renderPage({
        kind: "ToyWidget",
        schema: { ...toyWidgetResource.schema!, adoptable: true, ...(duplicates ? { duplicates } : {}) },
      });
    const says = "refuses a second ToyWidget with the same identifying fields: creating one where it exists";
    expect(page("refused")).toContain(`The service ${says}`);
    expect(page("refused for some declarations")).toContain(`For some declarations the service ${says}`);
    expect(page()).not.toContain("refuses a second");
  });

  it("registers the kind: the registry's line loads the toy's definition", () => {
    expect(text("provider/kinds/registry.generated.ts")).toContain(
      'ToyWidget: () => require("./toy-widget").toyWidgetResource,',
    );
  });

  it("gives the review an entry: section, noun, label, the fields shown and the secret one hidden", () => {
    const entry = reviewEntry(toyWidgetResource);
    expect(entry).toMatchObject({
      section: "platform",
      noun: ["widget", "widgets"],
      fields: ["name", "size"],
    });
    expect(entry.label({ name: "first", size: 3 })).toBe("first");
    expect(entry.fields).not.toContain("passphrase");
    expect(entry.deleteFirst).toBeUndefined();
  });

  it("gives the bad-input table its rows: the valid example wrong in one property, which check refuses", async () => {
    const rows = badInputRows(toyWidgetResource);
    expect(rows).toEqual([
      { kind: "ToyWidget", property: "size", why: "not a whole number", args: { name: "first", size: 1.5 } },
    ]);
    const checked = await toDynamicProvider(toyWidgetResource).check!({}, rows[0]!.args);
    expect(checked.failures?.map((f) => f.property)).toEqual(["size"]);
  });
});
