/**
 * `pulumi-dnsimple-dynamic review`: reads `pulumi preview --json` (a file or standard input) and
 * prints the pull-request summary as Markdown.
 *
 *   pulumi preview --json > preview.json
 *   npx pulumi-dnsimple-dynamic review --file preview.json --fail-on-risk > summary.md
 *
 * Exit status: 0 rendered (no risk, or risks without `--fail-on-risk`); 1 usage error; 2 the
 * input is not a preview (or the preview failed: the summary is still printed); 3 rendered, and
 * risks are present with `--fail-on-risk`; 4 rendered, and a zone's record changes are a mass
 * change (review/mass-change.ts) with `--fail-on-risk` or `--fail-on-mass-change`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { renderReview } from "../review/markdown";
import { massChangeMarkdown, reviewThresholds, zoneMassChanges } from "../review/mass-change";
import { parseSetting, resolveSettings } from "../framework/settings";
import { parsePreview, PreviewFormatError } from "../review/parse";
import type { Prices } from "../review/prices";
import type { MassChangeThresholds } from "../framework/mass-change";
import { type CommandIo, commandClient, readOptions, UsageError } from "./command";

export const EXIT = { ok: 0, usage: 1, input: 2, risky: 3, massChange: 4 } as const;

export const REVIEW_USAGE = `Usage: pulumi-dnsimple-dynamic review [options]

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
  --fail-on-mass-change  exit with status 4 when a zone's record changes update or delete more
                       than a share of its records (also with --fail-on-risk)
  --max-update-share <share>   mass change: largest share of a zone's records updated (default:
                       the stack's dnsimple:maxSafeUpdateShare in the preview, else 0.3)
  --max-delete-share <share>   the same for deletes (dnsimple:maxSafeDeleteShare, else 0.3)
  --min-existing-records <n>   applied from this many records in the zone
                       (dnsimple:minExistingRecords, else 10)
  -h, --help           this text

Exit status: 0 rendered; 1 usage error; 2 not a preview, or the preview failed;
3 risky changes with --fail-on-risk; 4 a mass change with --fail-on-risk or --fail-on-mass-change.
`;

interface Args {
  file?: string;
  output?: string;
  stack?: string;
  failOnRisk: boolean;
  prices: boolean;
  pricesFile?: string;
  maxRows?: number;
  failOnMassChange: boolean;
  massChange: Partial<MassChangeThresholds>;
  help: boolean;
}

export function parseArgs(argv: string[]): Args {
  const values = readOptions(argv, {
    file: { type: "string" },
    output: { type: "string" },
    stack: { type: "string" },
    "prices-file": { type: "string" },
    "max-rows": { type: "string" },
    "fail-on-risk": { type: "boolean" },
    "fail-on-mass-change": { type: "boolean" },
    "max-update-share": { type: "string" },
    "max-delete-share": { type: "string" },
    "min-existing-records": { type: "string" },
    prices: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  let maxRows: number | undefined;
  if (values["max-rows"] !== undefined) {
    maxRows = Number(values["max-rows"]);
    if (!/^\d+$/.test(values["max-rows"])) throw new UsageError("--max-rows must be a whole number");
  }
  const share = (option: "max-update-share" | "max-delete-share") => {
    const raw = values[option];
    if (raw === undefined) return undefined;
    try {
      return parseSetting(option === "max-update-share" ? "maxSafeUpdateShare" : "maxSafeDeleteShare", raw);
    } catch {
      throw new UsageError(`--${option} must be a share of records from 0 to 1 (0.3 is 30 %), got "${raw}"`);
    }
  };
  const updateShare = share("max-update-share");
  const deleteShare = share("max-delete-share");
  const minExisting = values["min-existing-records"];
  if (minExisting !== undefined && !/^\d+$/.test(minExisting))
    throw new UsageError("--min-existing-records must be a whole number");
  return {
    failOnRisk: values["fail-on-risk"] === true,
    failOnMassChange: values["fail-on-mass-change"] === true,
    massChange: {
      ...(updateShare !== undefined ? { maxUpdateShare: updateShare } : {}),
      ...(deleteShare !== undefined ? { maxDeleteShare: deleteShare } : {}),
      ...(minExisting !== undefined ? { minExisting: Number(minExisting) } : {}),
    },
    prices: values.prices === true,
    help: values.help === true,
    ...(values.file !== undefined ? { file: values.file } : {}),
    ...(values.output !== undefined ? { output: values.output } : {}),
    ...(values.stack !== undefined ? { stack: values.stack } : {}),
    ...(values["prices-file"] !== undefined ? { pricesFile: values["prices-file"] } : {}),
    ...(maxRows !== undefined ? { maxRows } : {}),
  };
}

function readInput(file: string | undefined): string {
  if (file !== undefined) return readFileSync(file, "utf8");
  if (process.stdin.isTTY) throw new UsageError("no input: pass --file or pipe `pulumi preview --json` in");
  return readFileSync(0, "utf8");
}

/** `review`: returns the exit status (see `EXIT`). */
export async function reviewMain(argv: string[], io: CommandIo): Promise<number> {
  let args: Args;
  let text: string;
  try {
    args = parseArgs(argv);
    if (args.help) {
      io.out(REVIEW_USAGE);
      return EXIT.ok;
    }
    text = readInput(args.file);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${REVIEW_USAGE}`);
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
      // Prices are a courtesy of the review: a service that does not answer is not waited out.
      const client = await commandClient(io, "review", { maxRetries: 2 });
      if (!client) {
        io.err("--prices needs DNSIMPLE_TOKEN (and DNSIMPLE_ACCOUNT) in the environment\n");
        return EXIT.usage;
      }
      const { lookupPrices } = await import("../review/prices");
      const { account } = resolveSettings(undefined, io.env);
      prices = await lookupPrices(model, { client, ...(account ? { account } : {}) });
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
  let massChanges;
  try {
    massChanges = zoneMassChanges(model, reviewThresholds(model, args.massChange));
  } catch (error) {
    io.err(`the preview's stack settings: ${(error as Error).message}\n`);
    return EXIT.input;
  }
  const markdown = [review.markdown.trimEnd(), massChangeMarkdown(massChanges)].filter((t) => t).join("\n\n");
  const printed = massChanges.length > 0 ? `${markdown}\n` : review.markdown;
  if (args.output !== undefined) writeFileSync(args.output, printed);
  else io.out(printed);
  if (model.errors.length > 0) return EXIT.input;
  if (massChanges.length > 0 && (args.failOnRisk || args.failOnMassChange)) return EXIT.massChange;
  return args.failOnRisk && review.risky ? EXIT.risky : EXIT.ok;
}
