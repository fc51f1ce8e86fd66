/**
 * The review as Markdown for a pull-request comment: a hidden marker (to find the comment again),
 * a headline, the risks with their reasons, then the changes per account and zone, large sets
 * collapsed into counts with their first rows. Pure.
 *
 * @example
 * ```ts
 * const { markdown, risky } = renderReview(parsePreview(doc), { prices });
 * ```
 */
import { fqdn, KINDS, SECTIONS, type Section } from "./kinds";
import type { Change, Op, PreviewModel } from "./parse";
import type { Prices } from "./prices";
import { assessRisks, notesOf, type Risk, type RiskTag } from "./risks";
import { cell, code, isMaskedField, isSecret, shown } from "./values";

export interface RenderOptions {
  /** Stack name shown in the title and the marker (default: from the URNs). */
  stack?: string;
  prices?: Prices;
  /** A section with more changes than this is collapsed into counts plus its first rows (default 50). */
  maxRows?: number;
  /** Rows shown of a collapsed section (default 20). */
  headRows?: number;
  /** Risks listed one by one before similar ones are grouped (default 30). */
  maxRisks?: number;
}

export interface Review {
  markdown: string;
  /** True when at least one change is a risk (the CLI's `--fail-on-risk` exit status). */
  risky: boolean;
  risks: Risk[];
  headline: string;
}

/** The hidden marker that starts every summary: a workflow finds its comment by it. */
export function marker(stack: string): string {
  return `<!-- pulumi-dnsimple-dynamic:review stack=${stack.replace(/[^A-Za-z0-9._/-]/g, "_")} -->`;
}

/** GitHub refuses comments over 65,536 characters. */
const COMMENT_LIMIT = 60_000;

const OP_ORDER: Record<Op, number> = { delete: 0, replace: 1, update: 2, create: 3 };
const OP_WORD: Record<Op, string> = { create: "add", update: "change", delete: "delete", replace: "replace" };
const DEFAULT_VERB: Record<Op, string> = {
  create: "added",
  update: "changed",
  delete: "deleted",
  replace: "replaced",
};
const TAG_ORDER: RiskTag[] = [
  "blocked",
  "CNAME",
  "money",
  "DNSSEC",
  "delegation",
  "NS",
  "MX",
  "apex",
  "ownership",
  "credentials",
  "secondary",
  "delete",
  "replace",
];
const TAG_TEXT: Record<RiskTag, string> = {
  blocked: "blocked by the guard",
  CNAME: "CNAME conflict",
  money: "costs money",
  DNSSEC: "DNSSEC",
  delegation: "delegation",
  NS: "NS",
  MX: "MX",
  apex: "apex",
  ownership: "ownership",
  credentials: "credentials",
  secondary: "secondary DNS",
  delete: "delete",
  replace: "replace",
};
/** The sections listed inside a zone's block come first (SECTIONS), up to the registrar's. */
const ZONE_SECTIONS: readonly Section[] = SECTIONS.slice(0, SECTIONS.indexOf("registrar"));
const ACCOUNT_SECTIONS: readonly Section[] = SECTIONS.slice(SECTIONS.indexOf("registrar"));
const SECTION_TITLE: Record<Section, string> = {
  domain: "Zone",
  records: "Records",
  forwards: "Email forwards",
  dnssec: "DNSSEC and DS records",
  certificates: "Certificates",
  registrar: "Registrations and transfers",
  secondary: "Secondary DNS",
  webhooks: "Webhooks",
  contacts: "Contacts (personal data not shown)",
  delegation: "Name servers at the registry",
  templates: "Templates",
  pushes: "Domain pushes",
  platform: "Platform messages and metadata",
  actions: "One-shot actions (run when created or replaced; removing one undoes nothing)",
};

const plural = (n: number, noun: readonly [string, string]) => (n === 1 ? noun[0] : noun[1]);
const sectionOf = (ch: Change): Section => KINDS[ch.kind]?.section ?? "platform";

/** Renders the review of a parsed preview. */
export function renderReview(model: PreviewModel, options: RenderOptions = {}): Review {
  let review = render(model, options);
  // Keep within a comment: collapse harder until it fits.
  for (const [maxRows, headRows, maxRisks] of [
    [20, 10, 15],
    [5, 3, 8],
    [0, 0, 3],
  ] as const) {
    if (review.markdown.length <= COMMENT_LIMIT) break;
    review = render(model, { ...options, maxRows, headRows, maxRisks });
  }
  return review;
}

function render(model: PreviewModel, options: RenderOptions): Review {
  const stack = options.stack ?? model.stack;
  const risks = assessRisks(model, options.prices);
  const headline = headlineOf(model);
  const out: string[] = [
    marker(stack),
    `## DNS changes in \`${model.project !== "" ? `${model.project}/` : ""}${stack}\``,
    "",
  ];

  if (model.errors.length > 0) {
    out.push(
      `**The preview failed** (${model.errors.length} error${model.errors.length === 1 ? "" : "s"}); what it planned before failing is listed below.`,
      "",
    );
    for (const message of model.errors.slice(0, 5))
      out.push(`> ${cell(message.split("\n").slice(0, 3).join(" ")).slice(0, 400)}`, ">");
    out.pop();
    out.push("");
  }
  out.push(`**${headline}**`, "");
  if (risks.length > 0) {
    out.push(
      `> [!WARNING]`,
      `> ${risks.length} ${risks.length === 1 ? "change needs" : "changes need"} a careful look: ${riskTagSummary(risks)}.`,
      "",
    );
    out.push("### Risks", "");
    out.push(...renderRisks(risks, options.maxRisks ?? 30), "");
  } else if (model.changes.length > 0 && model.errors.length === 0) {
    out.push(
      "No risky changes: nothing is deleted or replaced, no mail, delegation or DNSSEC change, nothing costs money.",
      "",
    );
  }

  const byAccount = new Map<string, Change[]>();
  for (const ch of listedChanges(model))
    byAccount.set(ch.account, [...(byAccount.get(ch.account) ?? []), ch]);
  const accounts = [...byAccount.keys()].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
  for (const account of accounts) {
    const changes = byAccount.get(account)!;
    out.push(`### Account ${account !== "" ? account : "(default)"}`, "");
    const zones = new Map<string, Change[]>();
    const wide: Change[] = [];
    for (const ch of changes) {
      if (ZONE_SECTIONS.includes(sectionOf(ch))) zones.set(ch.zone, [...(zones.get(ch.zone) ?? []), ch]);
      else wide.push(ch);
    }
    for (const zone of [...zones.keys()].sort()) {
      out.push(`#### \`${zone}\``, "");
      for (const section of ZONE_SECTIONS) {
        const items = zones.get(zone)!.filter((ch) => sectionOf(ch) === section);
        if (items.length === 0) continue;
        if (section !== "domain") out.push(`**${SECTION_TITLE[section]}**`, "");
        out.push(
          ...(section === "records"
            ? recordTable(items, options)
            : genericTable(items, options, section === "domain" ? "zone" : "object")),
          "",
        );
      }
    }
    for (const section of ACCOUNT_SECTIONS) {
      const items = wide.filter((ch) => sectionOf(ch) === section);
      if (items.length === 0) continue;
      out.push(`#### ${SECTION_TITLE[section]}`, "");
      out.push(...genericTable(items, options, "object"), "");
    }
  }

  const notes = notesOf(model);
  if (notes.length > 0) {
    out.push("### Notes", "");
    for (const note of notes) out.push(`- ${note.text}`);
    out.push("");
  }
  out.push(
    "<sub>Secrets and personal data are never shown. " +
      "Rendered by `pulumi-dnsimple-dynamic review` from `pulumi preview --json`.</sub>",
    "",
  );
  return { markdown: out.join("\n"), risky: risks.length > 0, risks, headline };
}

// ---------------------------------------------------------------------------------------------
// Headline.

/**
 * The changes as listed and counted: a record set's records one by one (as single records), the
 * set itself only when none of its records changes (a change of `authoritative` alone).
 */
function listedChanges(model: PreviewModel): Change[] {
  return model.changes.flatMap((ch) =>
    ch.members !== undefined && ch.members.length > 0 ? ch.members : [ch],
  );
}

/** "3 records added, 1 changed in example.com; 1 domain registered" */
export function headlineOf(model: PreviewModel): string {
  if (model.changes.length === 0) return "No DNS changes.";
  const parts: string[] = [];
  const countOps = (
    changes: Change[],
    noun: readonly [string, string],
    verbs: Partial<Record<Op, string>> = {},
  ) => {
    const ops = (["create", "update", "delete", "replace"] as Op[])
      .map((op) => [op, changes.filter((c) => c.op === op).length] as const)
      .filter(([, n]) => n > 0);
    return ops
      .map(([op, n], i) => `${n}${i === 0 ? ` ${plural(n, noun)}` : ""} ${verbs[op] ?? DEFAULT_VERB[op]}`)
      .join(", ");
  };
  const listed = listedChanges(model);
  const records = listed.filter((c) => c.kind === "ZoneRecord");
  const zones = [...new Set(records.map((c) => c.zone))].sort(
    (a, b) =>
      records.filter((c) => c.zone === b).length - records.filter((c) => c.zone === a).length ||
      a.localeCompare(b),
  );
  for (const zone of zones.slice(0, 3)) {
    parts.push(
      `${countOps(
        records.filter((c) => c.zone === zone),
        ["record", "records"],
      )} in ${zone}`,
    );
  }
  if (zones.length > 3) {
    const rest = records.filter((c) => zones.slice(3).includes(c.zone)).length;
    parts.push(`${rest} record ${rest === 1 ? "change" : "changes"} in ${zones.length - 3} more zones`);
  }
  for (const kind of Object.keys(KINDS)) {
    if (kind === "ZoneRecord") continue;
    const changes = listed.filter((c) => c.kind === kind);
    if (changes.length > 0) parts.push(countOps(changes, KINDS[kind]!.noun, KINDS[kind]!.verbs));
  }
  return parts.join("; ");
}

// ---------------------------------------------------------------------------------------------
// Risks.

function riskTagSummary(risks: Risk[]): string {
  const counts = new Map<RiskTag, number>();
  for (const r of risks) for (const t of r.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  return TAG_ORDER.filter((t) => counts.has(t))
    .map((t) => `${counts.get(t)} ${TAG_TEXT[t]}`)
    .join(", ");
}

function rank(r: Risk): number {
  return Math.min(...r.tags.map((t) => TAG_ORDER.indexOf(t)));
}

function subjectOf(ch: Change): string {
  const info = KINDS[ch.kind];
  const p = ch.after ?? ch.before ?? {};
  if (ch.kind === "ZoneRecord") {
    const type =
      String(ch.before?.type ?? "") !== String(ch.after?.type ?? "") && ch.before && ch.after
        ? `${String(ch.before.type)} → ${String(ch.after.type)}`
        : String(p.type ?? "");
    return `${code(fqdn(p))} ${type}`;
  }
  // A resource holding many objects is known by its name in the program ("record set `web`").
  const label = info?.members ? ch.name : info ? info.label(p) : ch.name;
  if (ch.kind === "Dnssec") return `${info?.title ?? "DNSSEC signing of"} ${code(label)}`;
  const zone = ch.zone !== "" && ch.kind !== "Domain" ? ` in ${code(ch.zone)}` : "";
  return `${info?.title ?? info?.noun[0] ?? ch.kind} ${code(label)}${zone}`;
}

function renderRisks(risks: Risk[], maxRisks: number): string[] {
  const sorted = [...risks].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      OP_ORDER[a.change.op] - OP_ORDER[b.change.op] ||
      collator.compare(rowKey(a.change), rowKey(b.change)),
  );
  // Group what is alike (same tags, kind, operation and zone) when there are many.
  const groups = new Map<string, Risk[]>();
  for (const r of sorted) {
    const key = `${r.tags.join("+")}|${r.change.kind}|${r.change.op}|${r.change.zone}|${r.change.account}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const lines: string[] = [];
  let listed = 0;
  for (const group of groups.values()) {
    const first = group[0]!;
    const tags = [...first.tags]
      .sort((a, b) => TAG_ORDER.indexOf(a) - TAG_ORDER.indexOf(b))
      .map((t) => `**${TAG_TEXT[t]}**`)
      .join(" · ");
    // A group of one takes one line either way: listed in full, never "1 … and 0 more".
    if (group.length === 1 || (group.length <= 3 && listed + group.length <= maxRisks)) {
      for (const r of group) {
        lines.push(`- ${tags} · ${subjectOf(r.change)} (${OP_WORD[r.change.op]}): ${r.reasons.join(" ")}`);
        listed++;
      }
      continue;
    }
    const info = KINDS[first.change.kind];
    const noun = info ? plural(group.length, info.noun) : first.change.kind;
    const where = first.change.zone !== "" ? ` in ${code(first.change.zone)}` : "";
    const names = group.slice(0, 3).map((r) => subjectOf(r.change));
    lines.push(
      `- ${tags} · ${group.length} ${noun} (${OP_WORD[first.change.op]})${where}: ${names.join(", ")} and ${group.length - names.length} more. ` +
        `The first: ${first.reasons.join(" ")}`,
    );
    listed++;
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Tables.

const collator = new Intl.Collator("en", { numeric: true });

function rowKey(ch: Change): string {
  const p = ch.after ?? ch.before ?? {};
  const label = KINDS[ch.kind]?.label(p) ?? ch.name;
  return `${ch.kind} ${label} ${String(p.type ?? "")} ${ch.name}`;
}

/** Deletes first, then replacements, changes, additions; by name within each. */
function sortRows(items: Change[]): Change[] {
  return [...items].sort((a, b) => OP_ORDER[a.op] - OP_ORDER[b.op] || collator.compare(rowKey(a), rowKey(b)));
}

/** "300 change only `ttl`, 200 change `content`" for a collapsed set of updates. */
function whatChanged(items: Change[]): string {
  const counts = new Map<string, number>();
  for (const ch of items) {
    if (ch.op !== "update") continue;
    const key = ch.changed.map((f) => `\`${f}\``).join(" and ");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([key, n]) => `${n} change ${key}`)
    .join(", ");
}

function recordCells(ch: Change): string[] {
  const b = ch.before;
  const a = ch.after;
  const info = KINDS[ch.kind];
  if (ch.kind !== "ZoneRecord" && info) {
    // A record set none of whose records changes: its own fields.
    const own = info.fields.filter((f) => f !== info.members?.field);
    const fieldsOf = (p: typeof a) =>
      p ? code(own.map((f) => `${f}: ${shown(ch.kind, f, p[f])}`).join(", ")) : "";
    return [
      `**${OP_WORD[ch.op]}**`,
      `${info.title ?? info.noun[0]} ${code(ch.name)}`,
      "",
      fieldsOf(b),
      fieldsOf(a),
      "",
    ];
  }
  const name = (p: typeof a) => (p ? KINDS.ZoneRecord!.label(p) : "");
  const nameText = b && a && name(b) !== name(a) ? `${code(name(b))} → ${code(name(a))}` : code(name(a ?? b));
  const typeText =
    b && a && String(b.type) !== String(a.type)
      ? `${String(b.type)} → ${String(a.type)}`
      : String((a ?? b)?.type ?? "");
  const value = (p: typeof a) => {
    if (!p) return "";
    const priority = p.priority !== undefined ? `${String(p.priority)} ` : "";
    return code(`${priority}${shown("ZoneRecord", "content", p.content)}`);
  };
  const ttl =
    b && a && String(b.ttl) !== String(a.ttl)
      ? `${String(b.ttl ?? "")} → ${String(a.ttl ?? "")}`
      : String((a ?? b)?.ttl ?? "");
  const op =
    ch.op !== "replace"
      ? OP_WORD[ch.op]
      : ch.fromAccount !== undefined
        ? `replace (from account ${ch.fromAccount})`
        : ch.deleteFirst
          ? "replace (delete first)"
          : "replace";
  return [`**${op}**`, nameText, typeText, value(b), value(a), ttl];
}

function collapsedCounts(items: Change[], byType: boolean): string[] {
  const keyOf = (ch: Change) => (byType ? String((ch.after ?? ch.before)?.type ?? "") : ch.kind);
  const keys = [...new Set(items.map(keyOf))].sort();
  const lines = [
    `| ${byType ? "type" : "kind"} | added | changed | deleted | replaced |`,
    "|---|---:|---:|---:|---:|",
  ];
  for (const key of keys) {
    const n = (op: Op) => items.filter((ch) => keyOf(ch) === key && ch.op === op).length;
    lines.push(`| ${key} | ${n("create")} | ${n("update")} | ${n("delete")} | ${n("replace")} |`);
  }
  return lines;
}

function recordTable(items: Change[], options: RenderOptions): string[] {
  const rows = sortRows(items);
  const maxRows = options.maxRows ?? 50;
  const head = rows.length > maxRows ? rows.slice(0, options.headRows ?? 20) : rows;
  const lines: string[] = [];
  if (rows.length > maxRows) {
    lines.push(`${rows.length} record changes, by type:`, "", ...collapsedCounts(rows, true), "");
    const what = whatChanged(rows);
    if (what !== "") lines.push(`Of the changes in place: ${what}.`, "");
    if (head.length === 0) return lines;
    lines.push(`The first ${head.length}:`, "");
  }
  lines.push("| | name | type | before | after | TTL |", "|---|---|---|---|---|---|");
  for (const ch of head) lines.push(`| ${recordCells(ch).join(" | ")} |`);
  if (head.length < rows.length)
    lines.push("", `…and ${rows.length - head.length} more record changes in this zone, not listed.`);
  return lines;
}

/** Fields that only steer waiting (no API effect): listed when they change, not on create or delete. */
const QUIET = new Set(["timeoutSeconds", "pollIntervalSeconds"]);

function details(ch: Change): string {
  const info = KINDS[ch.kind];
  const fields = info?.fields ?? [];
  if (ch.op === "create" || ch.op === "delete") {
    const p = (ch.after ?? ch.before)!;
    const present = fields.filter(
      (f) =>
        !QUIET.has(f) &&
        p[f] !== undefined &&
        p[f] !== "" &&
        !(Array.isArray(p[f]) && (p[f] as unknown[]).length === 0),
    );
    const hidden = present.filter((f) => isMaskedField(ch.kind, f) && info?.public !== undefined);
    const parts = present
      .filter((f) => !hidden.includes(f))
      .map((f) => `${f}: ${code(shown(ch.kind, f, p[f]))}`);
    if (hidden.length > 0) parts.push(`personal data: ${hidden.length} fields, not shown`);
    return parts.join(", ");
  }
  const extra = ch.changed.filter((f) => !fields.includes(f) && f !== "account");
  const parts = [...fields.filter((f) => ch.changed.includes(f)), ...extra].map((f) => {
    const before = shown(ch.kind, f, ch.before?.[f]);
    const after = shown(ch.kind, f, ch.after?.[f]);
    if (before === after && before !== "") return `${f}: changed (not shown)`;
    return `${f}: ${before === "" ? "(none)" : code(before)} → ${after === "" ? "(none)" : code(after)}`;
  });
  if (ch.fromAccount !== undefined) parts.push(`account: ${code(ch.fromAccount)} → ${code(ch.account)}`);
  // Pulumi shows secrets as "[secret]" on both sides: whether they differ cannot be seen.
  const secretFields = fields.filter((f) => isSecret(ch.before?.[f]) || isSecret(ch.after?.[f]));
  if (ch.op === "update" && secretFields.length > 0) {
    parts.push(
      `${info?.public !== undefined ? "personal data" : "secret fields"} may have changed too (never shown)`,
    );
  }
  if (ch.op === "replace" && ch.replaceReasons.length > 0) {
    parts.push(
      `replaces because of ${ch.replaceReasons.map((r) => `\`${r}\``).join(", ")}${ch.deleteFirst ? ", deleting first" : ""}`,
    );
  }
  return parts.length > 0 ? parts.join("; ") : "changed (only secret or personal data: not shown)";
}

function genericTable(items: Change[], options: RenderOptions, column: string): string[] {
  const rows = sortRows(items);
  const maxRows = options.maxRows ?? 50;
  const head = rows.length > maxRows ? rows.slice(0, options.headRows ?? 20) : rows;
  const lines: string[] = [];
  if (rows.length > maxRows) {
    lines.push(`${rows.length} changes, by kind:`, "", ...collapsedCounts(rows, false), "");
    if (head.length === 0) return lines;
    lines.push(`The first ${head.length}:`, "");
  }
  lines.push(`| | ${column} | details |`, "|---|---|---|");
  for (const ch of head) {
    const info = KINDS[ch.kind];
    const label = (p: Change["before"]) => (p && info ? info.label(p) : ch.name);
    const labelText =
      ch.before && ch.after && label(ch.before) !== label(ch.after)
        ? `${code(label(ch.before))} → ${code(label(ch.after))}`
        : code(label(ch.after ?? ch.before));
    const kindText = items.some((o) => o.kind !== ch.kind)
      ? `${info?.title ?? info?.noun[0] ?? ch.kind} `
      : "";
    const op =
      ch.op === "replace" && ch.fromAccount !== undefined
        ? `replace (from account ${ch.fromAccount})`
        : OP_WORD[ch.op];
    lines.push(`| **${op}** | ${kindText}${labelText} | ${details(ch)} |`);
  }
  if (head.length < rows.length) lines.push("", `…and ${rows.length - head.length} more, not listed.`);
  return lines;
}
