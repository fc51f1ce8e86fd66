/**
 * Each function of the SDK is declared once, by its definition (provider/functions/definitions.ts):
 * no module declares one by hand, and its wrapper, its invoke and its schema entry are generated.
 */
import { FUNCTION_DEFINITIONS } from "../../provider/functions/definitions";
import {
  declarationsIn,
  functionsDeclaredOutsideDefinitions,
  functionsFromDefinitions,
} from "./function-checks";

describe("the SDK's functions, declared once", () => {
  it("are declared nowhere but in their definitions (generated files aside)", () => {
    expect(functionsDeclaredOutsideDefinitions()).toEqual([]);
  });

  it("each has its wrapper, its invoke and its schema entry made of its definition", () => {
    const names = FUNCTION_DEFINITIONS.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    expect(functionsFromDefinitions()).toEqual(names);
    expect(names).toEqual(expect.arrayContaining(["getZone", "listZones", "getCertificatePrivateKey"]));
  });

  it("sees a function written by hand, as a declaration, a variable or an entry of an object", () => {
    const names = ["getZone", "listZones", "whoami", "getDomain", "listWebhooks"];
    const text = [
      "export async function getZone(name: string): Promise<ZoneInfo> {",
      "export const listZones = async () => [];",
      "  whoami: async () => ({}),",
      "  async getDomain(domain: string) {",
      'export { listWebhooks } from "./functions";',
      "const zone = await getZone(name);",
    ].join("\n");
    expect(declarationsIn(text, names)).toEqual(["getZone", "listZones", "whoami", "getDomain"]);
    expect(declarationsIn('export { getZone, listZones } from "./functions";\ngetZone("x");', names)).toEqual(
      [],
    );
  });
});
