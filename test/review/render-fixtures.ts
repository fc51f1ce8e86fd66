/**
 * Renders the checked-in preview fixtures (`fixtures/*.json`, large ones `*.json.gz`) with the
 * prices captured beside them: shared by the review test and the `--update` run that rewrites
 * the expected Markdown.
 *
 *   bash scripts/review-fixtures --update     # rewrite expected/*.md from the fixtures
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { gunzipSync } from "node:zlib";
import { parsePreview, renderReview, type Prices, type Review } from "../../provider/review";

/** This folder in the sources, also when this file runs compiled from `dist/test/review` (benchmarks). */
const HERE = existsSync(path.join(__dirname, "fixtures"))
  ? __dirname
  : path.resolve(__dirname, "../../../test/review");
export const FIXTURES = path.join(HERE, "fixtures");
export const EXPECTED = path.join(HERE, "expected");

export interface Fixture {
  name: string;
  text: string;
  prices?: Prices;
}

export function fixtureNames(): string[] {
  return readdirSync(FIXTURES)
    .filter((f) => /\.json(\.gz)?$/.test(f) && !f.endsWith(".prices.json"))
    .map((f) => f.replace(/\.json(\.gz)?$/, ""))
    .sort();
}

export function loadFixture(name: string): Fixture {
  const plain = path.join(FIXTURES, `${name}.json`);
  const text = existsSync(plain)
    ? readFileSync(plain, "utf8")
    : gunzipSync(readFileSync(`${plain}.gz`)).toString("utf8");
  const pricesFile = path.join(FIXTURES, `${name}.prices.json`);
  return {
    name,
    text,
    ...(existsSync(pricesFile) ? { prices: JSON.parse(readFileSync(pricesFile, "utf8")) as Prices } : {}),
  };
}

export function renderFixture(fixture: Fixture): Review {
  return renderReview(
    parsePreview(JSON.parse(fixture.text)),
    fixture.prices ? { prices: fixture.prices } : {},
  );
}

if (require.main === module) {
  for (const name of fixtureNames()) {
    const review = renderFixture(loadFixture(name));
    writeFileSync(path.join(EXPECTED, `${name}.md`), review.markdown);
    console.log(
      `    expected/${name}.md: ${review.markdown.length} characters, ${review.risks.length} risks`,
    );
  }
}
