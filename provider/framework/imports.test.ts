import { readFileSync } from "node:fs";
import * as path from "node:path";
import { IMPORT_CASES } from "../../test/import-cases";
import { allDefinitions } from "../kinds";
import { expectedForms, parseImportId } from "./imports";

/**
 * The import ids the bridged provider's docs give (pulumi-dnsimple's schema, "## Import" of each
 * resource; Terraform's docs give the same), with this package's kind for each resource.
 */
const BRIDGED_IMPORT_IDS: ReadonlyArray<readonly [bridged: string, kind: string, id: string]> = [
  ["Contact", "Contact", "5678"],
  ["Domain", "Domain", "example.com"],
  ["DomainDelegation", "DomainDelegation", "example.com"],
  ["DsRecord", "DsRecord", "example.com_5678"],
  ["EmailForward", "EmailForward", "example.com_1234"],
  ["LetsEncryptCertificate", "LetsEncryptCertificate", "example.com_1234"],
  ["RegisteredDomain", "DomainRegistration", "example.com"],
  ["RegisteredDomain", "DomainRegistration", "example.com_1234"],
  ["Zone", "Zone", "example.com"],
  ["ZoneRecord", "ZoneRecord", "example.com_1234"],
];

const definitions = allDefinitions();
const importable = definitions.filter((d) => d.imports);

describe("the import id tables", () => {
  it("every kind either imports or says why it cannot", () => {
    for (const d of definitions) {
      expect([d.kind, !!d.imports !== !!d.notImportable]).toEqual([d.kind, true]);
    }
  });

  it.each(importable.flatMap((d) => d.imports!.forms.map((form) => [d.kind, form.form, form] as const)))(
    "%s %s parses its example, and writes back the same id",
    (kind, _form, form) => {
      const target = form.parse(form.example);
      expect(target).toBeDefined();
      expect(form.format(target!)).toBe(form.example);
      // No earlier form of the table shadows it: the example is parsed as this form.
      expect(
        parseImportId(kind, importable.find((d) => d.kind === kind)!.imports!.forms, form.example),
      ).toEqual(target);
    },
  );

  it("the bridged forms are exactly the bridged docs' ids", () => {
    const ours = importable.flatMap((d) =>
      d.imports!.forms.filter((f) => f.bridged).map((f) => [d.kind, f.example]),
    );
    expect(ours.sort()).toEqual(BRIDGED_IMPORT_IDS.map(([, kind, id]) => [kind, id]).sort());
  });

  it.each(BRIDGED_IMPORT_IDS)("the bridged %s's id, a %s's here: %j parses", (_bridged, kind, id) => {
    const forms = importable.find((d) => d.kind === kind)!.imports!.forms;
    expect(() => parseImportId(kind, forms, id)).not.toThrow();
  });

  it("an id of no form is refused with the forms, an example and what was given", () => {
    const forms = importable.find((d) => d.kind === "ZoneRecord")!.imports!.forms;
    for (const bad of [
      "abc",
      "",
      "example.com",
      "example.com_",
      "_1234",
      "example.com_12a",
      "example.com 1234",
      "-1",
    ]) {
      expect(() => parseImportId("ZoneRecord", forms, bad)).toThrow(
        `ZoneRecord import ids are <zone>_<recordId>, <zone>/<recordId> or <recordId>, e.g. example.com_1234; got ${JSON.stringify(bad)}`,
      );
    }
    expect(expectedForms("Contact", importable.find((d) => d.kind === "Contact")!.imports!.forms)).toBe(
      "Contact import ids are <contactId>, e.g. 5678",
    );
  });

  it("spellings the service rewrites are taken as the service keeps them, nothing else is repaired", () => {
    const forms = importable.find((d) => d.kind === "ZoneRecord")!.imports!.forms;
    expect(parseImportId("ZoneRecord", forms, "Example.COM_1234")).toEqual({
      domain: "example.com",
      id: 1234,
    });
    expect(parseImportId("ZoneRecord", forms, "example.com/1234")).toEqual({
      domain: "example.com",
      id: 1234,
    });
    expect(() => parseImportId("ZoneRecord", forms, " example.com_1234")).toThrow("got");
    expect(() => parseImportId("ZoneRecord", forms, "example.com_01234")).toThrow("got");
  });

  it("every kind that imports has a hand-made object in the round trips (test/import-cases.ts)", () => {
    expect(IMPORT_CASES.map((c) => c.kind).sort()).toEqual(importable.map((d) => d.kind).sort());
  });
});

/** The table of id forms as docs/adopting.md shows it, made from the kinds' tables. */
function formsTable(): string {
  const rows = [...importable]
    .sort((a, b) => a.kind.localeCompare(b.kind))
    .map((d) => {
      const forms = d.imports!.forms;
      const bridged = forms.filter((f) => f.bridged).map((f) => `\`${f.example}\``);
      return `| \`${d.kind}\` | ${forms.map((f) => `\`${f.form}\``).join(", ")} | ${forms.map((f) => `\`${f.example}\``).join(", ")} | ${bridged.join(", ") || "—"} |`;
    });
  return [
    "| kind | id forms | examples | the bridged provider's (and Terraform's) |",
    "|---|---|---|---|",
    ...rows,
  ].join("\n");
}

describe("docs/adopting.md", () => {
  it("shows the kinds' id forms as their tables say, and every kind that cannot be imported with why", () => {
    const doc = readFileSync(path.join(__dirname, "../../docs/adopting.md"), "utf8");
    const section = /<!-- import-forms:start -->\n([\s\S]*?)\n<!-- import-forms:end -->/.exec(doc)?.[1];
    expect(section).toBe(formsTable());
    for (const d of definitions.filter((x) => !x.imports && !x.notImportable!.startsWith("it is a one-shot")))
      expect([d.kind, doc.includes(`\`${d.kind}\``)]).toEqual([d.kind, true]);
  });
});
