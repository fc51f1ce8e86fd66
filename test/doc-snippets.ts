/**
 * Every TypeScript block of README.md and docs/ (```ts or ```typescript), compiled as a user's
 * program with the template's strict settings (test/program-template.ts), both the old CommonJS
 * ones and today's `nodenext`, against the package as installed (its name resolves through
 * node_modules to the built `dist/`, by the package's own `exports`/`typesVersions`).
 *
 * A block is a complete program, unless the line before it says
 * `<!-- fragment: NAME -->`: then it is part of program NAME, made of every block of that page
 * marked NAME, in order (the first of them holds the imports). Generated pages (docs/resources)
 * are complete programs built from each definition's example.
 *
 * One compiler Program per setting holds every snippet program (in-memory files under the
 * repository root, so imports resolve as from a program folder there). Only the snippets' own
 * errors count here, as with ts-node's type check in `pulumi up`; how the package's declarations
 * compile under each module setting is test/e2e/module-resolution.test.ts's question.
 */
import { readFileSync, readdirSync } from "node:fs";
import * as path from "node:path";
import * as ts from "typescript";
import { TEMPLATE_SETTINGS, type TemplateName } from "./program-template";

export interface DocBlock {
  /** Markdown file, relative to the repository root. */
  file: string;
  /** Line of the opening fence (1-based). */
  line: number;
  code: string;
  fragment?: string;
  /** Why the block is compiled but not run (`<!-- not-run: reason -->` above it). */
  notRun?: string;
}

export interface SnippetProgram {
  /** `README.md:21` for a complete block, `README.md#reference` for a fragment program. */
  name: string;
  blocks: DocBlock[];
  code: string;
}

const FENCE = /^```(ts|typescript)\s*$/;
const FRAGMENT = /^<!--\s*fragment:\s*([\w-]+)\s*-->$/;
const NOT_RUN = /^<!--\s*not-run:\s*(.+?)\s*-->$/;

/** README.md and every Markdown file under docs/, sorted. */
export function documentationFiles(root: string): string[] {
  const found = ["README.md"];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith(".md")) found.push(rel);
    }
  };
  walk("docs");
  return found.sort();
}

export function extractBlocks(root: string, file: string): DocBlock[] {
  const lines = readFileSync(path.join(root, file), "utf8").split("\n");
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```/.test(lines[i]!)) continue;
    const start = i;
    let end = i + 1;
    while (end < lines.length && !/^```\s*$/.test(lines[end]!)) end++;
    i = end;
    if (!FENCE.test(lines[start]!)) continue;
    // The markers are the comment lines right above the fence (blank lines between allowed).
    let fragment: string | undefined;
    let notRun: string | undefined;
    for (let before = start - 1; before >= 0; before--) {
      const text = lines[before]!.trim();
      if (text === "") continue;
      const marker = FRAGMENT.exec(text);
      const skip = NOT_RUN.exec(text);
      if (!marker && !skip) break;
      fragment ??= marker?.[1];
      notRun ??= skip?.[1];
    }
    blocks.push({
      file,
      line: start + 1,
      code: lines.slice(start + 1, end).join("\n"),
      ...(fragment ? { fragment } : {}),
      ...(notRun ? { notRun } : {}),
    });
  }
  return blocks;
}

/** Complete blocks alone; fragments joined per page and name, in order. */
export function snippetPrograms(blocks: DocBlock[]): SnippetProgram[] {
  const programs: SnippetProgram[] = [];
  const groups = new Map<string, SnippetProgram>();
  for (const block of blocks) {
    if (!block.fragment) {
      programs.push({ name: `${block.file}:${block.line}`, blocks: [block], code: block.code });
      continue;
    }
    const key = `${block.file}#${block.fragment}`;
    const group = groups.get(key);
    if (group) {
      group.blocks.push(block);
      group.code += `\n\n${block.code}`;
    } else {
      const program = { name: key, blocks: [block], code: block.code };
      groups.set(key, program);
      programs.push(program);
    }
  }
  return programs;
}

/** Each program's errors (file-relative line, message) under one template setting. */
export function compileSnippets(
  root: string,
  programs: SnippetProgram[],
  setting: TemplateName,
): Map<string, string[]> {
  const converted = ts.convertCompilerOptionsFromJson(TEMPLATE_SETTINGS[setting], root);
  if (converted.errors.length)
    throw new Error(ts.flattenDiagnosticMessageText(converted.errors[0]!.messageText, "\n"));
  // The template installs @types/node; nothing else of this repository's @types is the program's.
  const options: ts.CompilerOptions = { ...converted.options, noEmit: true, types: ["node"] };
  const dir = path.join(root, ".doc-snippets");
  const files = new Map(programs.map((p, i) => [path.join(dir, `snippet-${i}.ts`), p]));
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const program = files.get(path.resolve(fileName));
    return program
      ? ts.createSourceFile(fileName, program.code, languageVersion, true)
      : getSourceFile(fileName, languageVersion, ...rest);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => files.has(path.resolve(fileName)) || fileExists(fileName);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => files.get(path.resolve(fileName))?.code ?? readFile(fileName);
  const program = ts.createProgram({ rootNames: [...files.keys()], options, host });
  const result = new Map<string, string[]>();
  for (const [fileName, snippet] of files) {
    const source = program.getSourceFile(fileName)!;
    // Without an import or export a block is a script: its names would leak into the others.
    const notModule = ts.isExternalModule(source) ? [] : ["not a program: no import or export (a fragment?)"];
    const diagnostics = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...program.getSyntacticDiagnostics(source),
      ...program.getSemanticDiagnostics(source),
    ];
    result.set(snippet.name, [
      ...notModule,
      ...diagnostics.map((d) => {
        const line =
          d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line + 1 : 0;
        return `line ${line} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
      }),
    ]);
  }
  return result;
}

export interface SnippetReport {
  blocks: DocBlock[];
  programs: SnippetProgram[];
  /** Per program, its errors under each setting; empty when it compiles under both. */
  failures: Record<string, string[]>;
}

export function checkDocumentation(root: string): SnippetReport {
  const blocks = documentationFiles(root).flatMap((file) => extractBlocks(root, file));
  const programs = snippetPrograms(blocks);
  const failures: Record<string, string[]> = {};
  for (const setting of Object.keys(TEMPLATE_SETTINGS) as TemplateName[]) {
    for (const [name, errors] of compileSnippets(root, programs, setting)) {
      if (errors.length) (failures[name] ??= []).push(...errors.map((e) => `[${setting}] ${e}`));
    }
  }
  return { blocks, programs, failures };
}
