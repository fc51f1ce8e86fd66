/**
 * The published shape of the package, checked on a project that installed its packed tarball
 * (`installPackedPackage`): every public entry point, in every TypeScript module-resolution mode a
 * Pulumi program may use, for types (the compiler API, one Program per mode and entry point, the
 * template's strict settings) and at run time (`require` and `import` by Node itself); and the
 * report of @arethetypeswrong/cli on the tarball. Shared by test/e2e/module-resolution.test.ts and
 * bench/program-shapes.ts.
 */
import { execFile, spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import * as ts from "typescript";
import { TEMPLATE_STRICT } from "../program-template";
import { REPO_ROOT } from "./harness";

const run = promisify(execFile);
export const PACKAGE = "pulumi-dnsimple-dynamic";

/** The modes, with the module settings that go with each; the rest is the template's. */
export const RESOLUTION_MODES = {
  node10: { module: "commonjs", moduleResolution: "node10" },
  node16: { module: "node16", moduleResolution: "node16" },
  nodenext: { module: "nodenext", moduleResolution: "nodenext" },
  bundler: { module: "esnext", moduleResolution: "bundler" },
} as const;
export type ResolutionMode = keyof typeof RESOLUTION_MODES;

/**
 * The public entry points: the keys of the installed package's `exports` (its own package.json
 * left out), a wildcard expanded to every module it matches.
 */
export function publicEntryPoints(project: string): string[] {
  const dir = path.join(project, "node_modules", PACKAGE);
  const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  const entries: string[] = [];
  for (const [key, target] of Object.entries<Record<string, string>>(manifest.exports)) {
    if (key === "./package.json") continue;
    if (!key.includes("*")) {
      entries.push(key);
      continue;
    }
    const pattern = target.default!.replace(/^\.\//, "");
    const [prefix, suffix] = pattern.split("*") as [string, string];
    const folder = prefix.slice(0, prefix.lastIndexOf("/"));
    for (const file of readdirSync(path.join(dir, folder))) {
      const rel = `${folder}/${file}`;
      if (rel.startsWith(prefix) && rel.endsWith(suffix)) {
        entries.push(key.replace("*", rel.slice(prefix.length, rel.length - suffix.length)));
      }
    }
  }
  return entries;
}

/** `.` is the package's name, `./compat` is `<name>/compat`. */
export function specifier(entry: string): string {
  return entry === "." ? PACKAGE : `${PACKAGE}/${entry.slice(2)}`;
}

/** Entries of one family share a compilation: `./stubs/domain` and the others are `./stubs/*`. */
export function entryGroup(entry: string): string {
  return entry.startsWith("./stubs/") ? "./stubs/*" : entry;
}

export interface TypeCheck {
  mode: ResolutionMode;
  /** The file's own format: CommonJS or an ES module (node16/nodenext decide it per file). */
  format: "cjs" | "esm";
  group: string;
  /** Errors in the importing file: the entry point did not resolve to typed declarations. */
  resolutionErrors: string[];
  /** Errors in the package's declarations and its dependencies' (what `tsc` reports there). */
  declarationErrors: string[];
}

function diagnosticText(d: ts.Diagnostic, root: string): string {
  const where =
    d.file && d.start !== undefined
      ? `${path.relative(root, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start).line + 1}`
      : "(options)";
  return `${where} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
}

/**
 * Type-checks an import of every entry point, per mode and per family of entry points, from a
 * CommonJS file and (where the mode has them) an ES-module file, in `project/module-resolution/`.
 * Options may add to the template's (e.g. `esModuleInterop`); `modes` narrows the modes checked.
 */
export function typeCheckEntryPoints(
  project: string,
  entries: string[],
  extraOptions: Record<string, unknown> = {},
  modes: ResolutionMode[] = Object.keys(RESOLUTION_MODES) as ResolutionMode[],
): TypeCheck[] {
  const dir = path.join(project, "module-resolution");
  mkdirSync(dir, { recursive: true });
  const manifest = JSON.parse(
    readFileSync(path.join(project, "node_modules", PACKAGE, "package.json"), "utf8"),
  );
  const ours = [PACKAGE, ...Object.keys(manifest.dependencies ?? {})];
  const results: TypeCheck[] = [];
  const groups = [...new Set(entries.map(entryGroup))];
  // Parsed declaration files are shared between Programs of the same settings.
  const cache = new Map<string, ts.SourceFile | undefined>();
  for (const mode of modes) {
    // The template installs @types/node; the project here takes this repository's copy.
    const typeRoots = [path.join(REPO_ROOT, "node_modules/@types")];
    const json = {
      ...TEMPLATE_STRICT,
      ...RESOLUTION_MODES[mode],
      ...extraOptions,
      types: ["node"],
      typeRoots,
      noEmit: true,
    };
    const { options, errors } = ts.convertCompilerOptionsFromJson(json, project);
    if (errors.length) throw new Error(errors.map((e) => diagnosticText(e, project)).join("\n"));
    const formats: Array<"cjs" | "esm"> = mode === "node16" || mode === "nodenext" ? ["cjs", "esm"] : ["cjs"];
    for (const format of formats) {
      const extension = format === "esm" ? "mts" : mode === "node16" || mode === "nodenext" ? "cts" : "ts";
      const fileOf = (group: string) =>
        path.join(dir, `${mode}-${group.replace(/[^a-z]+/g, "-")}.${extension}`);
      for (const group of groups) {
        // Every name is used through its type, so an entry that resolved to `any` could not pass
        // `strict` silently: an untyped module is TS7016 there.
        writeFileSync(
          fileOf(group),
          entries
            .filter((e) => entryGroup(e) === group)
            .map(
              (e, i) =>
                `import * as e${i} from "${specifier(e)}";\nexport const keys${i}: string[] = Object.keys(e${i});\n`,
            )
            .join(""),
        );
      }
      /** One Program for the families given: each family's own errors, and the declarations'. */
      const compile = (members: string[]): { own: Map<string, string[]>; declarations: string[] } => {
        const roots = members.map(fileOf);
        const host = ts.createCompilerHost(options, true);
        const getSourceFile = host.getSourceFile.bind(host);
        host.getSourceFile = (fileName, languageVersion, ...rest) => {
          if (roots.includes(fileName)) return getSourceFile(fileName, languageVersion, ...rest);
          const key = `${mode}:${JSON.stringify(languageVersion)}:${fileName}`;
          if (!cache.has(key)) cache.set(key, getSourceFile(fileName, languageVersion, ...rest));
          return cache.get(key);
        };
        const program = ts.createProgram({ rootNames: roots, options, host });
        const general = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()];
        const own = new Map(
          members.map((group) => {
            const source = program.getSourceFile(fileOf(group))!;
            const found = [
              ...general,
              ...program.getSyntacticDiagnostics(source),
              ...program.getSemanticDiagnostics(source),
            ];
            return [group, found.map((d) => diagnosticText(d, project))];
          }),
        );
        // The package's declarations and those of its own dependencies; @pulumi/pulumi's and
        // Node's are every Pulumi program's, not this package's to answer for.
        const declarations = program
          .getSourceFiles()
          .filter((f) => ours.some((dep) => f.fileName.includes(`/node_modules/${dep}/`)))
          .flatMap((f) => [...program.getSyntacticDiagnostics(f), ...program.getSemanticDiagnostics(f)])
          .map((d) => diagnosticText(d, project));
        return { own, declarations };
      };
      // All families at once; only when the declarations have errors, each family alone to say
      // whose they are.
      const together = compile(groups);
      for (const group of groups) {
        const declarationErrors = together.declarations.length ? compile([group]).declarations : [];
        results.push({ mode, format, group, resolutionErrors: together.own.get(group)!, declarationErrors });
      }
    }
  }
  return results;
}

export interface RuntimeLoad {
  entry: string;
  /** `require()` from a CommonJS module: an error message, or null. */
  require: string | null;
  /** `import()` from an ES module: an error message, or null. */
  import: string | null;
  /** Names an ES module sees: what `import { Name }` can take. */
  importedNames: string[];
}

/** Loads every entry point with Node, as a CommonJS and as an ES-module program in `project` do. */
export async function loadEntryPoints(project: string, entries: string[]): Promise<RuntimeLoad[]> {
  mkdirSync(path.join(project, "module-resolution"), { recursive: true });
  const script = path.join(project, "module-resolution", "load.mjs");
  writeFileSync(
    script,
    [
      'import { createRequire } from "node:module";',
      "const require = createRequire(import.meta.url);",
      `const entries = ${JSON.stringify(entries.map((e) => [e, specifier(e)]))};`,
      "const out = [];",
      "for (const [entry, spec] of entries) {",
      "  let required = null, imported = null, importedNames = [];",
      "  try { require(spec); } catch (e) { required = String(e && e.message); }",
      "  try { importedNames = Object.keys(await import(spec)); } catch (e) { imported = String(e && e.message); }",
      "  out.push({ entry, require: required, import: imported, importedNames });",
      "}",
      "process.stdout.write(JSON.stringify(out));",
      "",
    ].join("\n"),
  );
  const { stdout } = await run(process.execPath, [script], { cwd: project, maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as RuntimeLoad[];
}

export interface AttwReport {
  /** Problems found (kind and entry point); empty when the tool finds none. */
  problems: Array<{ kind: string; entrypoint?: string; resolutionKind?: string }>;
  /** Entry point → resolution kind (node10, node16-cjs, node16-esm, bundler) → resolved file or null. */
  resolutions: Record<string, Record<string, string | null>>;
}

/**
 * @arethetypeswrong/cli on the tarball, with every entry point named (it does not expand
 * `exports` wildcards itself); `--no-definitely-typed`: offline, and the package ships its types.
 */
export async function arethetypeswrong(tarball: string, entries: string[]): Promise<AttwReport> {
  const cli = path.join(REPO_ROOT, "node_modules/@arethetypeswrong/cli/dist/index.js");
  const args = [cli, tarball, "--format", "json", "--no-definitely-typed", "--entrypoints", ...entries];
  // Into a file: the tool exits with status 1 on a problem right after writing, which cuts a
  // piped report short; a file is written synchronously.
  const reportFile = `${tarball}.attw.json`;
  const fd = openSync(reportFile, "w");
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, args, { stdio: ["ignore", fd, "inherit"] });
      child.on("error", reject);
      child.on("exit", () => resolve());
    });
  } finally {
    closeSync(fd);
  }
  const json = JSON.parse(readFileSync(reportFile, "utf8"));
  const resolutions: AttwReport["resolutions"] = {};
  for (const [name, entry] of Object.entries<any>(json.analysis.entrypoints)) {
    resolutions[name] = Object.fromEntries(
      Object.entries<any>(entry.resolutions).map(([kind, r]) => [kind, r.resolution?.fileName ?? null]),
    );
  }
  // An object of problems by kind in the JSON format (an array in the library's own).
  const found = json.problems ?? {};
  const list: any[] = Array.isArray(found) ? found : Object.values(found).flat();
  return {
    problems: list.map((p: any) => ({
      kind: p.kind,
      entrypoint: p.entrypoint,
      resolutionKind: p.resolutionKind,
    })),
    resolutions,
  };
}
