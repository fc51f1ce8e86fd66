/**
 * What the review needs to know about each resource kind, from the kinds' definitions (their
 * `review`): where its changes are listed, what identifies an object to a reader, which fields it
 * shows, which it always hides, the words of the headline, and whether a replacement deletes
 * before it creates (the definition's own `deleteBeforeReplace`: the preview JSON does not say in
 * which order a replacement runs).
 *
 * @example
 * ```ts
 * KINDS.ZoneRecord.section; // "records"
 * ```
 */
import { allDefinitions } from "../kinds";
import type { ResourceDefinition } from "../framework/definition";
import { type KindReview, type KindSchema, SECTIONS } from "../framework/definition";
import type { Props } from "../framework/review-text";

export { type ActionEffect, type ActionPrice, type Section, SECTIONS } from "../framework/definition";
export { fqdn, maskEmail, maskUrl, type Props, SECRET_SIG, str, UNKNOWN } from "../framework/review-text";

export interface KindInfo extends KindReview {
  /** Fields shown, in this order; others are not listed (outputs, bookkeeping). */
  readonly fields: readonly string[];
  /** Whether a replacement deletes the old object first (it is then briefly absent). */
  deleteFirst?(olds: Props, news: Props): boolean;
}

/** A kind's entry, from its definition: its `review`, the fields shown (default: every input), its replacement order. */
export function reviewEntry(definition: ResourceDefinition & { readonly schema: KindSchema }): KindInfo {
  const review = definition.schema.review;
  return {
    ...review,
    fields: review.fields ?? defaultFields(review, Object.keys(definition.inputs)),
    ...(definition.deleteBeforeReplace ? { deleteFirst: definition.deleteBeforeReplace } : {}),
  };
}

/** Every input, the public ones (a kind of personal data) first: what a reader may see comes first. */
function defaultFields(review: KindReview, inputs: readonly string[]): string[] {
  const shown = review.public ?? [];
  return [...shown, ...inputs.filter((field) => !shown.includes(field))];
}

/**
 * Every kind's entry, by kind, in the order of the review's sections (then the registry's): the
 * headline counts kinds in this order.
 */
export const KINDS: Readonly<Record<string, KindInfo>> = Object.fromEntries(
  allDefinitions()
    .flatMap((definition) =>
      definition.schema
        ? [[definition.kind, reviewEntry({ ...definition, schema: definition.schema })] as const]
        : [],
    )
    .sort(([, a], [, b]) => SECTIONS.indexOf(a.section) - SECTIONS.indexOf(b.section)),
);
