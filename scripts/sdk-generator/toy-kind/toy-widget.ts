/**
 * A kind no service has, in a folder of its own: the one file the toy-kind test
 * (scripts/sdk-generator/render.test.ts) gives the generator. A widget with a name (replaces), a
 * size (in place), a secret, and what the SDK's functions would return for one.
 */
import { z } from "zod";
import { defineResource, numericIds, secret } from "../../../provider/framework/kind";

/** The toy service's widgets, by id. */
export const widgets = new Map<number, { name: string; size: number; passphrase?: string | undefined }>();

export const toyWidgetResource = defineResource({
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
  review: {
    section: "platform",
    noun: ["widget", "widgets"],
    label: (p) => String(p.name),
    fields: ["name", "size"],
  },
  inputs: {
    name: z.string().describe("The widget's name."),
    size: z.number().int().default(1).describe("How big it is."),
    passphrase: secret(z.string().optional().describe("Opens the widget.")),
  },
  outputs: {
    widgetId: z.number().describe("The toy service's id."),
    colour: z.enum(["red", "blue"]).nullable().describe("Chosen by the service."),
  },
  // What a function of the SDK returns for a widget: its outputs and its name (never the passphrase).
  info: {
    inputs: ["name"],
    of: (w: { id: number; name: string }) => ({ widgetId: w.id, colour: "red" as const, name: w.name }),
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
