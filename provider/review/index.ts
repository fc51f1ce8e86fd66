/**
 * The pull-request review of a `pulumi preview --json`: parse, assess the risks, render Markdown.
 * Pure functions; only `lookupPrices` (in `prices.ts`, used by the CLI's `--prices`) talks to
 * the service.
 *
 * @example
 * ```ts
 * import { parsePreview, renderReview } from "pulumi-dnsimple-dynamic/dist/provider/review";
 * const { markdown, risky } = renderReview(parsePreview(JSON.parse(previewJson)));
 * ```
 */
export { KINDS, type KindInfo, type Section } from "./kinds";
export { parsePreview, PreviewFormatError, type Change, type Op, type PreviewModel } from "./parse";
export { assessRisks, notesOf, type Risk, type RiskTag } from "./risks";
export { moneyDomains } from "./spending";
export { renderReview, headlineOf, marker, type RenderOptions, type Review } from "./markdown";
export type { Prices, DomainPrice } from "./prices";
