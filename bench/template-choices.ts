/**
 * What the choices of the Pulumi template (templates/typescript) cost in seconds (issues 27, 58):
 * a program made by `pulumi new templates/typescript` with the packed package installed, then, in
 * alternating order over the rounds, `pulumi preview` as the template ships it (tsconfig.json
 * `noCheck`: ts-node transpiles only; Pulumi.yaml `nodeargs` preloads `fast-start`), the same
 * without that preload (the control of what it saves), `pulumi preview` with `noCheck` false (ts-node type-checks
 * the program at every command, as `pulumi new typescript` programs do), `pulumi preview` with
 * Node's own type stripping instead of ts-node (Pulumi.yaml `typescript: false`, package.json
 * `"type": "module"`, a tsconfig.json for it) and `npm run typecheck` (the template's own type
 * check). Medians of the rounds, and the paired ratio of type stripping to ts-node; the previews
 * are of a new stack (three creates), against the emulator.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/template-choices.js [--rounds R]
 */
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { promisify } from "node:util";
import { spawnEmulator, REPO } from "../test/e2e/reliability-lib";
import { pulumiHome } from "../test/e2e/pulumi-home";
import { pulumiNewArgs } from "../test/template-new";
import { pairedRatio } from "./lib/paired-ratio";
import { recordResults } from "./lib/record";
import { median } from "./lib/median";

const run = promisify(execFile);
const TOKEN = "bench-template-choices-27";
const WORK = path.join(REPO, ".work/bench-template");
const args = process.argv.slice(2);
const ROUNDS = args.includes("--rounds") ? Number(args[args.indexOf("--rounds") + 1]) || 5 : 5;

async function seconds(command: string, commandArgs: string[], options: object): Promise<number> {
  const started = Date.now();
  await run(command, commandArgs, { maxBuffer: 64 * 1024 * 1024, ...options });
  return (Date.now() - started) / 1000;
}

/** docs/speed.md's sentence on what each choice costs, between its markers, from this run's figures. */
function writeDocFigures(figures: Record<string, number>): void {
  const page = path.join(REPO, "docs/speed.md");
  const text = readFileSync(page, "utf8");
  const marked = /<!-- template-seconds -->[\s\S]*?<!-- \/template-seconds -->/;
  if (!marked.test(text)) throw new Error("docs/speed.md lost its <!-- template-seconds --> markers");
  const sentence =
    `about ${figures.template_preview_seconds_transpile_only} s transpile-only as shipped ` +
    `(${figures.template_preview_seconds_without_fast_start} s without its \`fast-start\` preload), ` +
    `${figures.template_preview_seconds_type_checked} s when ts-node type-checks at every command\n` +
    "(`noCheck` false, as a `pulumi new typescript` program does), " +
    `${figures.template_preview_seconds_type_stripping} s with Node's own type stripping instead of ts-node, ` +
    `and \`npm run typecheck\` ${figures.template_typecheck_seconds} s`;
  writeFileSync(page, text.replace(marked, `<!-- template-seconds -->${sentence}<!-- /template-seconds -->`));
}

async function main(): Promise<void> {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(path.join(WORK, "state/backend"), { recursive: true });
  pulumiHome(path.join(WORK, "state/pulumi-home"));
  const { stdout } = await run("npm", ["pack", "--silent", "--ignore-scripts", "--pack-destination", WORK], {
    cwd: REPO,
  });
  const tarball = path.join(WORK, stdout.trim().split("\n").pop()!);
  const ours = JSON.parse(readFileSync(path.join(REPO, "node_modules/@pulumi/pulumi/package.json"), "utf8"));
  const template = path.join(WORK, "template");
  cpSync(path.join(REPO, "templates/typescript"), template, { recursive: true });
  const pkg = JSON.parse(readFileSync(path.join(template, "package.json"), "utf8"));
  pkg.dependencies["pulumi-dnsimple-dynamic"] = `file:${tarball}`;
  pkg.dependencies["@pulumi/pulumi"] = ours.version;
  writeFileSync(path.join(template, "package.json"), JSON.stringify(pkg, null, 2));

  const emulator = await spawnEmulator({ token: TOKEN });
  const env = {
    ...process.env,
    PULUMI_BACKEND_URL: `file://${path.join(WORK, "state/backend")}`,
    PULUMI_HOME: path.join(WORK, "state/pulumi-home"),
    PULUMI_CONFIG_PASSPHRASE: "bench",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_NODEJS_TRANSPILE_ONLY: "",
    // A user's shell: neither the test command's preload nor its compile cache.
    NODE_OPTIONS: "",
    NODE_COMPILE_CACHE: "",
    // `pulumi new`'s `npm install` from the npm cache where it can (as the tests install).
    npm_config_prefer_offline: "true",
    npm_config_audit: "false",
    npm_config_fund: "false",
  };
  const program = path.join(WORK, "program");
  try {
    const created = await seconds(
      "pulumi",
      pulumiNewArgs(template, {
        name: "template-bench",
        dir: program,
        domain: "template-bench.com",
        baseUrl: emulator.v2Url,
      }),
      { cwd: WORK, env },
    );
    // The token as a secret (`--config` would save it in clear).
    await run("pulumi", ["config", "set", "--secret", "dnsimple:token", TOKEN], { cwd: program, env });
    // The three files that decide how TypeScript runs: as shipped (ts-node, CommonJS) and with
    // Node's own type stripping (ES module, no ts-node: what Node 22.18 and later allow).
    const files = ["Pulumi.yaml", "package.json", "tsconfig.json"].map((f) => path.join(program, f));
    const shipped = files.map((f) => readFileSync(f, "utf8"));
    const [project, packageJson, tsconfig] = shipped as [string, string, string];
    if (!/typescript: true/.test(project))
      throw new Error("templates/typescript no longer sets typescript: true");
    if (!tsconfig.includes('"noCheck": true')) throw new Error("templates/typescript no longer sets noCheck");
    const typeChecked = [project, packageJson, tsconfig.replace('"noCheck": true', '"noCheck": false')];
    const typeStripping = [
      project.replace("typescript: true", "typescript: false"),
      JSON.stringify({ ...JSON.parse(packageJson), type: "module" }, null, 2),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "nodenext",
          moduleResolution: "nodenext",
          strict: true,
          skipLibCheck: true,
          noEmit: true,
          erasableSyntaxOnly: true,
          verbatimModuleSyntax: true,
        },
        files: ["index.ts"],
      }),
    ];
    const previewWith = async (contents: string[]) => {
      files.forEach((f, i) => writeFileSync(f, contents[i]!));
      try {
        return await seconds("pulumi", ["preview", "--non-interactive"], { cwd: program, env });
      } finally {
        files.forEach((f, i) => writeFileSync(f, shipped[i]!));
      }
    };
    // The template preloads `pulumi-dnsimple-dynamic/fast-start` in the program's process
    // (Pulumi.yaml `nodeargs`; docs/speed.md); the control leaves it out.
    const FAST_START_LINE = /\n {4}nodeargs: --require pulumi-dnsimple-dynamic\/fast-start/;
    if (!FAST_START_LINE.test(project)) throw new Error("templates/typescript no longer preloads fast-start");
    const withoutFastStart = [project.replace(FAST_START_LINE, ""), packageJson, tsconfig];
    const choices = {
      shipped: {
        label: "preview, ts-node transpile-only, fast-start preloaded (as shipped: noCheck, nodeargs)",
        run: () => previewWith(shipped),
      },
      withoutFastStart: {
        label: "preview, transpile-only without fast-start (Pulumi.yaml `nodeargs` left out)",
        run: () => previewWith(withoutFastStart),
      },
      typeChecked: {
        label: "preview, ts-node type-checked at every command (noCheck false)",
        run: () => previewWith(typeChecked),
      },
      typeStripping: {
        label: "preview, Node's own type stripping (typescript: false, an ES module)",
        run: () => previewWith(typeStripping),
      },
      typecheck: {
        label: "npm run typecheck",
        run: () => seconds("npm", ["run", "--silent", "typecheck"], { cwd: program, env }),
      },
    };
    type Choice = keyof typeof choices;
    const names = Object.keys(choices) as Choice[];
    const times = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<Choice, number[]>;
    // One untimed preview first: the npm cache and Node's compile cache start the same for all.
    await choices.shipped.run();
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? names : [...names].reverse();
      for (const name of order) {
        const s = await choices[name].run();
        times[name].push(s);
        console.log(`  round ${round + 1}: ${choices[name].label}: ${s.toFixed(1)} s`);
      }
    }
    const medianOf = (name: Choice) => Number(median(times[name]).toFixed(2));
    const figures = {
      template_preview_seconds_transpile_only: medianOf("shipped"),
      template_preview_seconds_without_fast_start: medianOf("withoutFastStart"),
      template_preview_seconds_type_checked: medianOf("typeChecked"),
      template_preview_seconds_type_stripping: medianOf("typeStripping"),
      template_typecheck_seconds: medianOf("typecheck"),
    };
    const pairedOf = (a: Choice, b: Choice) => pairedRatio(times[a].map((t, i) => t / times[b][i]!));
    const stripping = pairedOf("typeStripping", "shipped");
    const preloaded = pairedOf("shipped", "withoutFastStart");
    const strippingFigures = {
      template_preview_type_stripping_vs_transpile_only: Number(stripping.mean.toFixed(3)),
      template_preview_type_stripping_vs_transpile_only_low: Number(stripping.low.toFixed(3)),
      template_preview_type_stripping_vs_transpile_only_high: Number(stripping.high.toFixed(3)),
      template_preview_fast_start_vs_without: Number(preloaded.mean.toFixed(3)),
      template_preview_fast_start_vs_without_low: Number(preloaded.low.toFixed(3)),
      template_preview_fast_start_vs_without_high: Number(preloaded.high.toFixed(3)),
    };
    console.log(figures, strippingFigures);
    writeDocFigures(figures);
    recordResults(
      "template-choices",
      { ...figures, ...strippingFigures },
      {
        title: "The template's choices in seconds (templates/typescript)",
        command: "npx tsc -p tsconfig.build.json && node dist/bench/template-choices.js",
        body: [
          `A program made by \`pulumi new templates/typescript\` (${created.toFixed(1)} s, with \`npm install\` of ` +
            `the packed package from the npm cache); each command ${ROUNDS} times in alternating order, ` +
            "medians. The previews are of a new stack (three creates) against the emulator.",
          "",
          "| command | seconds |",
          "|---|---|",
          ...names.map((n) => `| ${choices[n].label} | ${median(times[n]).toFixed(2)} |`),
          "",
          `The template's \`fast-start\` preload (Pulumi.yaml \`nodeargs\`) against none, the rounds' paired ratios: ` +
            `${preloaded.mean.toFixed(3)} (95 % interval ${preloaded.low.toFixed(3)} to ${preloaded.high.toFixed(3)}); ` +
            "the untimed first preview fills Node's compile cache for the shipped settings.",
          "",
          `Node's own type stripping against ts-node transpile-only, the rounds' paired ratios: ${stripping.mean.toFixed(3)} ` +
            `(95 % interval ${stripping.low.toFixed(3)} to ${stripping.high.toFixed(3)}). Pulumi's SDK loads the ` +
            "TypeScript compiler in every program anyway (its closure serializer), so leaving ts-node out saves " +
            "only ts-node itself and the compile of one small file.",
          "",
          ...Object.entries({ ...figures, ...strippingFigures }).map(([k, v]) => `- \`${k}\` = ${v}`),
        ].join("\n"),
      },
    );
  } finally {
    await emulator.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
