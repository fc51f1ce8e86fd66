/**
 * The mass-change guard across a whole preview (issue 57): per zone, the record changes of every
 * kind (`ZoneRecord` resources one per record, and the records of `ZoneRecords` sets) against the
 * records the stack held in that zone before, with the thresholds the provider applies to one set
 * at preview (provider/framework/mass-change.ts). A program of one resource per record
 * has no preview-time guard of its own: each resource sees only itself, so the review is where a
 * change that deletes a third of a zone is caught. Pure.
 *
 * @example
 * ```ts
 * const found = zoneMassChanges(parsePreview(doc), reviewThresholds(model));
 * found[0]; // { zone: "example.com", counts: { existing: 12, updates: 0, deletes: 5 }, reasons: [...] }
 * ```
 */
import { type ChangeCounts, massChangeVerdict, type MassChangeThresholds } from "../framework/mass-change";
import { massChangeThresholds, resolveSettings } from "../framework/settings";
import type { Change, PreviewModel } from "./parse";

/** One zone whose changes in the preview are a mass change. */
export interface ZoneMassChange {
  readonly zone: string;
  readonly counts: ChangeCounts;
  /** Why, as the provider says it ("deletes 5 of 12 existing records (41.7 %), more than 30 % (…)"). */
  readonly reasons: readonly string[];
}

/**
 * The thresholds a review applies: the stack's settings as the preview shows them
 * (`dnsimple:maxSafeUpdateShare`, ...), else the provider's defaults; `overrides` (the command's
 * options) win. Throws on a malformed value, with the provider's message.
 */
export function reviewThresholds(
  model: PreviewModel,
  overrides: Partial<MassChangeThresholds> = {},
): MassChangeThresholds {
  const config = model.config ?? {};
  const fromStack = massChangeThresholds(resolveSettings({ get: (key) => config[key] }, {}));
  return { ...fromStack, ...overrides };
}

/**
 * The zones whose record changes exceed the thresholds. A record set forced with
 * `allowMassChange` equal to its own updates and deletes (what its provider lets through) is left
 * out of its zone's counts: the reviewer sees that value in the diff.
 */
export function zoneMassChanges(model: PreviewModel, thresholds: MassChangeThresholds): ZoneMassChange[] {
  const existing = new Map<string, number>();
  for (const r of model.existing ?? []) existing.set(r.zone, (existing.get(r.zone) ?? 0) + 1);
  const changed = new Map<string, { updates: number; deletes: number }>();
  const count = (ch: Change) => {
    if (ch.kind !== "ZoneRecord" || ch.zone === "") return;
    const c = changed.get(ch.zone) ?? { updates: 0, deletes: 0 };
    if (ch.op === "update" || ch.op === "replace") c.updates++;
    else if (ch.op === "delete") c.deletes++;
    changed.set(ch.zone, c);
  };
  for (const ch of model.changes) {
    const members = ch.members ?? [];
    const touched = members.filter((m) => m.op !== "create").length;
    if (members.length > 0 && ch.after?.allowMassChange === touched) continue;
    for (const one of [ch, ...members]) count(one);
  }
  const out: ZoneMassChange[] = [];
  for (const [zone, c] of [...changed].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const counts = { existing: existing.get(zone) ?? 0, ...c };
    const verdict = massChangeVerdict(counts, thresholds);
    if (verdict.refused) out.push({ zone, counts, reasons: verdict.reasons });
  }
  return out;
}

/** The review's paragraph on mass changes (Markdown), empty when there is none. */
export function massChangeMarkdown(found: readonly ZoneMassChange[]): string {
  if (found.length === 0) return "";
  return [
    "### Mass change",
    "",
    ...found.map(
      (f) =>
        `- \`${f.zone}\`: this change ${f.reasons.join(" and ")}. If it is meant, merge it knowingly ` +
        "(a `ZoneRecords` set takes `allowMassChange: <its updates and deletes>`); if not, restore the records.",
    ),
    "",
  ].join("\n");
}
