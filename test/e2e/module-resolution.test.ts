/**
 * Every public entry point of the packed package resolves in every module-resolution mode a
 * Pulumi program may use (node10, the old template's `node`; node16; nodenext, today's template;
 * bundler), for types and at run time, and @arethetypeswrong/cli finds no problem in the tarball.
 * One pack and one install (`installPackedPackage`) serve every check; see test/e2e/package-shape.ts.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import {
  arethetypeswrong,
  entryGroup,
  loadEntryPoints,
  publicEntryPoints,
  RESOLUTION_MODES,
  specifier,
  typeCheckEntryPoints,
  type TypeCheck,
} from "./package-shape";
import { installPackedPackage } from "./reliability-lib";

let project: string;
let entries: string[];
let checks: TypeCheck[];

beforeAll(() => {
  project = mkdtempSync(path.join(tmpdir(), "dnsimple-module-resolution-"));
  installPackedPackage(project, "module-resolution");
  entries = publicEntryPoints(project);
  checks = typeCheckEntryPoints(project, entries);
}, 600_000);

afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

describe("the packed package's entry points", () => {
  it("are the main entry, /provider, /compat, /client, /fast-start and one stub per kind", () => {
    expect(entries.filter((e) => !e.startsWith("./stubs/"))).toEqual([
      ".",
      "./provider",
      "./compat",
      "./client",
      "./fast-start",
    ]);
    expect(entries.filter((e) => e.startsWith("./stubs/"))).toEqual(
      expect.arrayContaining(["./stubs/domain", "./stubs/zone-record", "./stubs/email-forward"]),
    );
  });

  it.each(Object.keys(RESOLUTION_MODES))(
    "resolve to typed declarations under moduleResolution %s",
    (mode) => {
      const ofMode = checks.filter((c) => c.mode === mode);
      expect(new Set(ofMode.map((c) => c.group))).toEqual(new Set(entries.map(entryGroup)));
      for (const check of ofMode) {
        expect({ ...check, declarationErrors: undefined }).toEqual({
          ...check,
          declarationErrors: undefined,
          resolutionErrors: [],
        });
      }
    },
  );

  it("compile with the template's settings, declarations included, except zod's under CommonJS without esModuleInterop", () => {
    for (const check of checks) {
      // zod's own declarations default-import `export =` modules (colinhacks/zod#5160): with
      // `module: commonjs` and no `esModuleInterop` (the old template), `tsc` fails inside zod
      // for the entry points whose types name zod's. ts-node's check in `pulumi up` looks at the
      // program's files only; docs/typescript.md "Requirements" says to add esModuleInterop or skipLibCheck.
      const expected =
        check.mode === "node10" && (check.group === "./client" || check.group === "./provider")
          ? check.declarationErrors.filter((e) => !/^.*node_modules\/zod\/.* TS1259:/.test(e))
          : check.declarationErrors;
      expect({ mode: check.mode, group: check.group, errors: expected }).toEqual({
        mode: check.mode,
        group: check.group,
        errors: [],
      });
    }
    const interop = typeCheckEntryPoints(project, ["./client", "./provider"], { esModuleInterop: true }, [
      "node10",
    ]);
    expect(interop.flatMap((c) => [...c.resolutionErrors, ...c.declarationErrors])).toEqual([]);
  });

  it("load at run time with require() and import(), an ES module seeing the named exports", async () => {
    const loads = await loadEntryPoints(project, entries);
    expect(loads.map((l) => l.entry)).toEqual(entries);
    for (const load of loads) {
      expect({ entry: load.entry, require: load.require, import: load.import }).toEqual({
        entry: load.entry,
        require: null,
        import: null,
      });
    }
    const names = (entry: string) => loads.find((l) => l.entry === entry)!.importedNames;
    expect(names(".")).toEqual(
      expect.arrayContaining(["Domain", "ZoneRecord", "EmailForward", "listDomains"]),
    );
    expect(names("./compat")).toEqual(expect.arrayContaining(["ZoneRecord", "RecordTypes", "getZone"]));
    expect(names("./client")).toEqual(expect.arrayContaining(["createClient", "collect", "isNotFound"]));
  });

  it("pass @arethetypeswrong/cli on the tarball with no problem, every entry point resolved in every mode", async () => {
    const tarball = readdirSync(project).find((f) => f.endsWith(".tgz"))!;
    const report = await arethetypeswrong(path.join(project, tarball), entries);
    expect(report.problems).toEqual([]);
    expect(Object.keys(report.resolutions).sort()).toEqual(entries.map((e) => e).sort());
    for (const [entry, kinds] of Object.entries(report.resolutions)) {
      expect({ entry, kinds: Object.keys(kinds).sort() }).toEqual({
        entry,
        kinds: ["bundler", "node10", "node16-cjs", "node16-esm"],
      });
      for (const [kind, file] of Object.entries(kinds)) {
        expect({ entry: specifier(entry), kind, file }).toEqual({
          entry: specifier(entry),
          kind,
          file: expect.stringMatching(/\.d\.ts$/),
        });
      }
    }
  });
});
