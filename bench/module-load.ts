/**
 * What loading our modules costs a fresh Node.js process (issue 27): the SDK's entry
 * (`pulumi-dnsimple-dynamic`, which a program loads at every command, `@pulumi/pulumi`'s parts
 * included) and the provider's (`pulumi-dnsimple-dynamic/provider`, once per provider process),
 * beside `@pulumi/pulumi`'s own index for scale. Each is the best of `--rounds` fresh processes
 * (default 7), the modules taken from the repository's build as a program linked to it would.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/module-load.js [--rounds R]
 */
import { execFileSync } from "node:child_process";
import { REPO } from "../test/e2e/reliability-lib";
import { recordResults } from "./lib/record";

const args = process.argv.slice(2);
const ROUNDS = args.includes("--rounds") ? Number(args[args.indexOf("--rounds") + 1]) || 7 : 7;

/** Milliseconds for a fresh node process to `require` a module: each round's, in order. */
function loadMs(moduleName: string): number[] {
  const script =
    `const t=process.hrtime.bigint();require(${JSON.stringify(moduleName)});` +
    "console.log(Number(process.hrtime.bigint()-t)/1e6)";
  return Array.from({ length: ROUNDS }, () =>
    Number(execFileSync(process.execPath, ["-e", script], { cwd: REPO }).toString()),
  );
}

function main(): void {
  const modules = ["pulumi-dnsimple-dynamic", "pulumi-dnsimple-dynamic/provider", "@pulumi/pulumi"];
  const samples = Object.fromEntries(modules.map((m) => [m, [] as number[]]));
  // Alternately, so that a busy moment of the machine falls on every module alike.
  for (let round = 0; round < ROUNDS; round++)
    for (const m of round % 2 === 0 ? modules : [...modules].reverse()) samples[m]!.push(loadMs(m)[0]!);
  const best = (m: string) => Math.round(Math.min(...samples[m]!));
  const figures = {
    sdk_module_load_ms: best("pulumi-dnsimple-dynamic"),
    provider_module_load_ms: best("pulumi-dnsimple-dynamic/provider"),
  };
  console.log(figures, `@pulumi/pulumi ${best("@pulumi/pulumi")} ms`);
  recordResults("module-load", figures, {
    title: "Loading the SDK and the provider in a fresh process",
    command: `npx tsc -p tsconfig.build.json && node dist/bench/module-load.js --rounds ${ROUNDS}`,
    body: [
      `The best of ${ROUNDS} fresh \`node\` processes each, the modules alternately, from the repository's build.`,
      "",
      "| module | best ms | every round ms |",
      "|---|---|---|",
      ...modules.map((m) => `| \`${m}\` | ${best(m)} | ${samples[m]!.map(Math.round).join(", ")} |`),
      "",
      `- \`sdk_module_load_ms\` = ${figures.sdk_module_load_ms}: what a program pays at every command (the issue's first figure was 476)`,
      `- \`provider_module_load_ms\` = ${figures.provider_module_load_ms}: once per provider process; the API client and undici load with the first request`,
    ].join("\n"),
  });
}

main();
