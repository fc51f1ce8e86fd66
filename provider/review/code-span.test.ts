/**
 * Record data in the review is shown exactly: a value is one inline code span whatever it holds
 * (backtick runs, pipes, HTML comments, mentions, links), read back here with CommonMark's rule
 * for code spans (§6.1) and GFM's escaped pipe in table cells.
 */
import fc from "fast-check";
import { renderReview } from "./markdown";
import { parsePreview } from "./parse";
import { code } from "./values";

/** The text of the one code span `md` must be, as a CommonMark renderer reads it; throws when it is not one span. */
function readSpan(md: string): string {
  const open = /^`+/.exec(md)?.[0];
  if (!open) throw new Error(`not a code span: ${md}`);
  // The span closes at the first run of exactly as many backticks.
  const runs = [...md.slice(open.length).matchAll(/`+/g)];
  const close = runs.find((r) => r[0].length === open.length);
  if (!close || close.index === undefined) throw new Error(`unclosed code span: ${md}`);
  const end = open.length + close.index;
  if (end + open.length !== md.length) throw new Error(`the span ends early, text follows: ${md}`);
  let inner = md.slice(open.length, end);
  if (inner.startsWith(" ") && inner.endsWith(" ") && inner.trim() !== "") inner = inner.slice(1, -1);
  return inner.replace(/\\\|/g, "|");
}

const HOSTILE = [
  "a `` b | c",
  "`",
  "``",
  "` leading",
  "trailing `",
  "a ``` b ```` c",
  "<!-- pulumi-dnsimple-dynamic:review stack=prod -->",
  "@octocat please merge",
  "[click](https://evil.example/)",
  "| a | b |",
  " spaced ",
  "v=DKIM1; p=MIGf`MA0`G",
];

describe("a value in the review", () => {
  it.each(HOSTILE)("is one code span showing %j exactly", (value) => {
    expect(readSpan(code(value, 1000))).toBe(value);
  });

  it("is one code span showing any text without new lines exactly", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("`", " ", "|", "a", "<", "!", "-", "@", "[", "]", "\\") }),
        (value) => {
          fc.pre(value !== "" && value.trim() !== "");
          expect(readSpan(code(value, 1000))).toBe(value);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("of a TXT record is shown exactly in the rendered review", () => {
    const content = "a `` b | c";
    const inputs = {
      __provider: "code",
      zoneName: "example.com",
      name: "x",
      type: "TXT",
      content,
      ttl: 3600,
    };
    const model = parsePreview({
      config: { "dnsimple:account": "1" },
      steps: [
        {
          op: "create",
          urn: "urn:pulumi:prod::dns::pulumi-nodejs:dynamic/dnsimple:ZoneRecord::x",
          newState: { inputs },
        },
      ],
    });
    const { markdown } = renderReview(model);
    expect(markdown).toContain(code(content));
    expect(markdown).not.toContain("`` a `` b");
  });
});
