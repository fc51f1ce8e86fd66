#!/usr/bin/env node
/**
 * `pulumi-dnsimple-dynamic review`: reads `pulumi preview --json` (a file or standard input) and
 * prints the pull-request summary as Markdown.
 *
 *   pulumi preview --json > preview.json
 *   npx pulumi-dnsimple-dynamic review --file preview.json --fail-on-risk > summary.md
 *
 * Exit status: 0 rendered (no risk, or risks without `--fail-on-risk`); 1 usage error; 2 the
 * input is not a preview (or the preview failed: the summary is still printed); 3 rendered, and
 * risks are present with `--fail-on-risk`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parsePreview, PreviewFormatError } from "./parse";
import { renderReview } from "./markdown";
import type { Prices } from "./prices";

export const EXIT = { ok: 0, usage: 1, input: 2, risky: 3 } as const;

const USAGE = `Usage: pulumi-dnsimple-dynamic review [options]
       pulumi-dnsimple-dynamic generate-program --account <id> [options] (see its --help)
       pulumi-dnsimple-dynamic export-zone-file --account <id> --zone <name> (see its --help)
       pulumi-dnsimple-dynamic sweep --prefix <prefix> --account <id> [--yes] (see its --help)

Reads the output of \`pulumi preview --json\` and prints a Markdown summary for a pull request.

Options:
  --file <path>        the preview JSON (default: standard input)
  --output <path>      write the Markdown there (default: standard output)
  --stack <name>       stack name for the title and the comment marker (default: from the preview)
  --fail-on-risk       exit with status 3 when a change is risky
  --prices             look up registration, transfer and renewal prices at the service
                       (DNSIMPLE_TOKEN, DNSIMPLE_ACCOUNT, DNSIMPLE_BASE_URL or DNSIMPLE_SANDBOX)
  --prices-file <path> prices as JSON ({"example.com": {"registration": "14.00"}}) instead
  --max-rows <n>       collapse a section above n changes into counts and its first rows (50)
  -h, --help           this text

Exit status: 0 rendered; 1 usage error; 2 not a preview, or the preview failed;
3 risky changes with --fail-on-risk.
`;

interface Args {
  file?: string;
  output?: string;
  stack?: string;
  failOnRisk: boolean;
  prices: boolean;
  pricesFile?: string;
  maxRows?: number;
  help: boolean;
}

class UsageError extends Error {}

export function parseArgs(argv: string[]): Args {
  const args: Args = { failOnRisk: false, prices: false, help: false };
  const value = (i: number, flag: string) => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith("--")) throw new UsageError(`${flag} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [flag, inline] =
      a.startsWith("--") && a.includes("=")
        ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]
        : [a, undefined];
    const take = () => (inline !== undefined ? inline : value(i++, flag));
    switch (flag) {
      case "--file":
        args.file = take();
        break;
      case "--output":
        args.output = take();
        break;
      case "--stack":
        args.stack = take();
        break;
      case "--prices-file":
        args.pricesFile = take();
        break;
      case "--max-rows": {
        const n = Number(take());
        if (!Number.isInteger(n) || n < 0) throw new UsageError("--max-rows must be a whole number");
        args.maxRows = n;
        break;
      }
      case "--fail-on-risk":
        args.failOnRisk = true;
        break;
      case "--prices":
        args.prices = true;
        break;
      case "-h":
      case "--help":
        args.help = true;
        break;
      default:
        throw new UsageError(`unknown option ${a}`);
    }
  }
  return args;
}

function readInput(file: string | undefined): string {
  if (file !== undefined) return readFileSync(file, "utf8");
  if (process.stdin.isTTY) throw new UsageError("no input: pass --file or pipe `pulumi preview --json` in");
  return readFileSync(0, "utf8");
}

/** Where the CLI writes; tests pass their own. */
export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

const processIo: CliIo = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
};

/** Runs the CLI; returns the exit status. */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === "-h" || command === "--help") {
    io.out(USAGE);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  if (command === "generate-program") {
    const { generateProgramMain } = await import("../generate/cli");
    return generateProgramMain(rest, { out: io.out, err: io.err, env: process.env });
  }
  if (command === "export-zone-file") {
    const { exportZoneFileMain } = await import("../zone-file/cli");
    return exportZoneFileMain(rest, { out: io.out, err: io.err, env: process.env });
  }
  if (command === "sweep") {
    const { sweepMain } = await import("../cli/sweep");
    return sweepMain(rest, { out: io.out, err: io.err, env: process.env });
  }
  if (command !== "review") {
    io.err(`unknown command ${command}\n\n${USAGE}`);
    return EXIT.usage;
  }
  let args: Args;
  let text: string;
  try {
    args = parseArgs(rest);
    if (args.help) {
      io.out(USAGE);
      return EXIT.ok;
    }
    text = readInput(args.file);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return EXIT.usage;
    }
    io.err(`cannot read the preview: ${(error as Error).message}\n`);
    return EXIT.input;
  }
  let model;
  try {
    // `pulumi preview --json` may print warnings before the document: start at the first brace.
    const start = text.indexOf("{");
    model = parsePreview(JSON.parse(start > 0 ? text.slice(start) : text));
  } catch (error) {
    const why = error instanceof PreviewFormatError ? error.message : "not JSON";
    io.err(`the input is not the output of \`pulumi preview --json\`: ${why}\n`);
    return EXIT.input;
  }
  let prices: Prices | undefined;
  try {
    if (args.pricesFile !== undefined) prices = JSON.parse(readFileSync(args.pricesFile, "utf8")) as Prices;
    else if (args.prices) {
      const token = process.env.DNSIMPLE_TOKEN;
      if (!token) {
        io.err("--prices needs DNSIMPLE_TOKEN (and DNSIMPLE_ACCOUNT) in the environment\n");
        return EXIT.usage;
      }
      const { lookupPrices } = await import("./prices");
      prices = await lookupPrices(model, {
        token,
        ...(process.env.DNSIMPLE_ACCOUNT ? { account: process.env.DNSIMPLE_ACCOUNT } : {}),
        ...(process.env.DNSIMPLE_BASE_URL ? { baseUrl: process.env.DNSIMPLE_BASE_URL } : {}),
        ...(process.env.DNSIMPLE_SANDBOX === "true" ? { sandbox: true } : {}),
      });
    }
  } catch (error) {
    io.err(`cannot read the prices: ${(error as Error).message}\n`);
    return EXIT.input;
  }
  const review = renderReview(model, {
    ...(args.stack !== undefined ? { stack: args.stack } : {}),
    ...(prices !== undefined ? { prices } : {}),
    ...(args.maxRows !== undefined ? { maxRows: args.maxRows } : {}),
  });
  if (args.output !== undefined) writeFileSync(args.output, review.markdown);
  else io.out(review.markdown);
  if (model.errors.length > 0) return EXIT.input;
  return args.failOnRisk && review.risky ? EXIT.risky : EXIT.ok;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${(error as Error).message}\n`);
      process.exitCode = EXIT.input;
    },
  );
}
