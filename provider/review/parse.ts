/**
 * `pulumi preview --json` → the changes of this package's resources, one per resource, with their
 * inputs before and after. Pure: no I/O. Values stay raw here (masking happens when they are
 * shown, see `values.ts`), except that secrets are never unwrapped.
 *
 * @example
 * ```ts
 * const model = parsePreview(JSON.parse(readFileSync("preview.json", "utf8")));
 * model.changes[0]; // { kind: "ZoneRecord", op: "update", zone: "example.com", ... }
 * ```
 */
import { canonicalRecordName } from "../dns/record-data";
import type { Change, Op } from "../framework/definition";
import { SETTINGS } from "../framework/settings";
import { KINDS, type Props, SECRET_SIG, UNKNOWN } from "./kinds";

export { SECRET_SIG, UNKNOWN };
export type { Change, Op };

export interface PreviewModel {
  readonly stack: string;
  readonly project: string;
  readonly changes: readonly Change[];
  /** Resources of this package the preview leaves as they are. */
  readonly unchanged: number;
  /** Error messages of a preview that failed. */
  readonly errors: readonly string[];
  /**
   * Every zone record the stack declares after the preview (changed or not), with the resource
   * that declares it: what rules across resources (a CNAME alone at its name) are checked on.
   */
  readonly records?: readonly DeclaredRecord[];
  /**
   * Every zone record the stack held before the preview (changed or not): what the mass-change
   * guard measures a zone's changes against (mass-change.ts).
   */
  readonly existing?: readonly DeclaredRecord[];
  /** The stack's settings the preview shows (`dnsimple:*`), as strings; secrets are never here. */
  readonly config?: Readonly<Record<string, string>>;
}

/** One record the stack declares, and where. */
export interface DeclaredRecord {
  /** The declaring resource's name (`set[key]` for a record of a `ZoneRecords`). */
  readonly resource: string;
  readonly zone: string;
  readonly name: string;
  readonly type: string;
}

/** Thrown for input that is not a `pulumi preview --json` document. */
export class PreviewFormatError extends Error {
  readonly code = "preview_format";
}

/** The settings a review may read from a preview: every one that is not a secret. */
const PUBLIC_SETTINGS = new Set<string>(SETTINGS.filter((s) => !s.secret).map((s) => s.config));

const TYPE_PREFIX = "pulumi-nodejs:dynamic/dnsimple:";
const BOOKKEEPING = new Set(["__provider", "ownerKey"]);

interface RawStep {
  op?: string;
  urn?: string;
  oldState?: { inputs?: Props; outputs?: Props; propertyDependencies?: Record<string, string[]> };
  newState?: { inputs?: Props; outputs?: Props; propertyDependencies?: Record<string, string[]> };
  replaceReasons?: string[];
}

/** The kind of a URN of this package (`...::pulumi-nodejs:dynamic/dnsimple:ZoneRecord::www`), or undefined. */
export function kindOfUrn(urn: string): string | undefined {
  const type = urn.split("::")[2] ?? "";
  const last = type.split("$").pop() ?? "";
  return last.startsWith(TYPE_PREFIX) ? last.slice(TYPE_PREFIX.length) : undefined;
}

function ownInputs(inputs: Props | undefined): Props | undefined {
  if (!inputs) return undefined;
  return Object.fromEntries(Object.entries(inputs).filter(([k]) => !BOOKKEEPING.has(k)));
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Parses the document `pulumi preview --json` prints. */
export function parsePreview(doc: unknown): PreviewModel {
  if (doc === null || typeof doc !== "object" || !Array.isArray((doc as { steps?: unknown }).steps)) {
    const diagnostics = (doc as { diagnostics?: unknown } | null)?.diagnostics;
    if (!Array.isArray(diagnostics)) {
      throw new PreviewFormatError("not the output of `pulumi preview --json`: no `steps` list");
    }
  }
  const raw = doc as { steps?: RawStep[]; config?: Props; diagnostics?: Array<Record<string, unknown>> };
  const steps = raw.steps ?? [];
  const defaultAccount =
    typeof raw.config?.["dnsimple:account"] === "string" ? String(raw.config["dnsimple:account"]) : "";
  // `urn:pulumi:<stack>::<project>::<type>::<name>`
  const [stackPart = "", project = ""] = (steps.find((s) => typeof s.urn === "string")?.urn ?? "").split(
    "::",
  );
  const stack = stackPart.replace(/^urn:pulumi:/, "");

  // Inputs by URN, to name the objects whose outputs another resource takes (unknown in a preview).
  const inputsByUrn = new Map<string, Props>();
  for (const step of steps) {
    const inputs = step.newState?.inputs ?? step.oldState?.inputs;
    if (step.urn && inputs) inputsByUrn.set(step.urn, inputs);
  }
  const resolve = (value: unknown, deps: string[] | undefined): unknown => {
    if (value !== UNKNOWN) return value;
    const source = deps?.length === 1 ? deps[0] : undefined;
    const kind = source ? kindOfUrn(source) : undefined;
    if (!source || !kind) return UNKNOWN;
    const inputs = inputsByUrn.get(source) ?? {};
    if (kind === "Domain" && typeof inputs.name === "string") return inputs.name;
    return { $from: source.split("::").pop() ?? source, kind };
  };
  const resolved = (state: RawStep["newState"]): Props | undefined => {
    const inputs = ownInputs(state?.inputs);
    if (!inputs) return undefined;
    return Object.fromEntries(
      Object.entries(inputs).map(([k, v]) => [k, resolve(v, state?.propertyDependencies?.[k])]),
    );
  };

  const changes: Change[] = [];
  const records: DeclaredRecord[] = [];
  const existing: DeclaredRecord[] = [];
  let unchanged = 0;
  for (const step of steps) {
    const urn = step.urn ?? "";
    const kind = kindOfUrn(urn);
    if (!kind) continue;
    if (step.op !== "delete" && step.op !== "delete-replaced" && step.op !== "read") {
      records.push(...declaredRecords(kind, urn.split("::").pop() ?? urn, ownInputs(step.newState?.inputs)));
    }
    if (step.op === "same" || step.op === "update" || step.op === "delete" || step.op === "replace") {
      existing.push(...declaredRecords(kind, urn.split("::").pop() ?? urn, ownInputs(step.oldState?.inputs)));
    }
    const op = step.op === "delete-replaced" || step.op === "create-replacement" ? undefined : step.op;
    if (op === "same" || op === "read" || op === "refresh") {
      unchanged++;
      continue;
    }
    if (op !== "create" && op !== "update" && op !== "delete" && op !== "replace") continue;
    const before = op === "create" ? undefined : resolved(step.oldState);
    const after = op === "delete" ? undefined : resolved(step.newState);
    const outputs = step.oldState?.outputs;
    const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
    const changed = before && after ? [...keys].filter((k) => !same(before[k], after[k])).sort() : [];
    const accountOf = (p: Props | undefined) => {
      const a = p?.account ?? (p === before ? outputs?.accountId : undefined);
      return a === undefined || a === null || a === UNKNOWN ? defaultAccount : String(a);
    };
    const account = accountOf(after ?? before);
    const fromAccount = op === "replace" ? accountOf(before) : undefined;
    const info = KINDS[kind];
    const zone = zoneOf(kind, after ?? before ?? {});
    const change: Change = {
      kind,
      name: urn.split("::").pop() ?? urn,
      urn,
      op,
      account,
      ...(fromAccount !== undefined && fromAccount !== account ? { fromAccount } : {}),
      zone,
      ...(before ? { before } : {}),
      ...(after ? { after } : {}),
      ...(outputs ? { outputs: ownInputs(outputs) as Props } : {}),
      changed,
      replaceReasons: step.replaceReasons ?? [],
      deleteFirst:
        op === "replace" && before !== undefined && after !== undefined && fromAccount === account
          ? (info?.deleteFirst?.(before, after) ?? false)
          : false,
    };
    const members = membersOf(change);
    changes.push(members ? { ...change, members } : change);
  }
  const errors = (raw.diagnostics ?? [])
    .filter((d) => d.severity === "error")
    .map((d) => redactMessage(String(d.message ?? "")))
    .filter((m) => m !== "");
  const config = Object.fromEntries(
    Object.entries(raw.config ?? {}).filter(
      (entry): entry is [string, string] => PUBLIC_SETTINGS.has(entry[0]) && typeof entry[1] === "string",
    ),
  );
  return { stack, project, changes, unchanged, errors, records, existing, config };
}

/** The records a `ZoneRecord` or `ZoneRecords` declares (values still unknown are left out). */
function declaredRecords(kind: string, resource: string, inputs: Props | undefined): DeclaredRecord[] {
  if (!inputs || typeof inputs.zoneName !== "string" || inputs.zoneName === UNKNOWN) return [];
  const zone = inputs.zoneName.toLowerCase().replace(/\.$/, "");
  const one = (r: unknown, name: string): DeclaredRecord[] => {
    if (r === null || typeof r !== "object") return [];
    const { name: n = "", type } = r as Props;
    if (typeof n !== "string" || typeof type !== "string" || n === UNKNOWN || type === UNKNOWN) return [];
    return [{ resource: name, zone, name: canonicalRecordName(n), type: type.toUpperCase() }];
  };
  if (kind === "ZoneRecord") return one(inputs, resource);
  // A record set's records, each as a ZoneRecord's inputs (its definition reads them from state).
  const members = KINDS[kind]?.members;
  if (members?.kind !== "ZoneRecord") return [];
  return Object.entries(members.of(inputs) ?? {}).flatMap(([key, r]) => one(r, `${resource}[${key}]`));
}

/** The zone of a zone-bound kind's object, as the review groups by it; `""` for account-wide kinds. */
function zoneOf(kind: string, p: Props): string {
  const field = KINDS[kind]?.zone;
  if (field === undefined) return "";
  const value = p[field];
  if (value === undefined) return "";
  return typeof value === "string" ? value.toLowerCase().replace(/\.$/, "") : "(a zone not known yet)";
}

/**
 * The changes of the objects a resource holds (a record set's records), key by key: added, removed,
 * changed in place, or replaced (a new type under the same key; every object of a replaced
 * resource). A resource moved to another zone removes them all from the old zone and adds them to
 * the new one.
 */
function membersOf(set: Change): Change[] | undefined {
  const spec = KINDS[set.kind]?.members;
  if (!spec) return undefined;
  const olds = set.before ? spec.of(set.before) : {};
  const news = set.after ? spec.of(set.after) : {};
  if (olds === undefined || news === undefined) return undefined;
  const fields = KINDS[spec.kind]?.fields ?? [];
  const moved =
    set.op === "replace" &&
    set.before !== undefined &&
    set.after !== undefined &&
    zoneOf(set.kind, set.before) !== zoneOf(set.kind, set.after);
  const out: Change[] = [];
  const member = (key: string, op: Op, before?: Props, after?: Props, replaceReasons: string[] = []) => {
    out.push({
      kind: spec.kind,
      name: `${set.name}[${key}]`,
      urn: set.urn,
      op,
      account: after ? set.account : (set.fromAccount ?? set.account),
      ...(op === "replace" && set.fromAccount !== undefined ? { fromAccount: set.fromAccount } : {}),
      zone: zoneOf(spec.kind, after ?? before ?? {}),
      ...(before ? { before } : {}),
      ...(after ? { after } : {}),
      changed: before && after ? fields.filter((f) => !same(before[f], after[f])) : [],
      replaceReasons,
      deleteFirst: false,
      set: set.name,
    });
  };
  const keys = [...new Set([...Object.keys(olds), ...Object.keys(news)])].sort();
  for (const key of keys) {
    const before = olds[key];
    const after = news[key];
    if (moved || !before || !after) {
      if (before) member(key, "delete", before);
      if (after) member(key, "create", undefined, after);
    } else if (set.op === "replace") {
      member(key, "replace", before, after, set.replaceReasons.length > 0 ? [...set.replaceReasons] : []);
    } else if (!same(before.type, after.type)) {
      // The set deletes the record and creates one of the new type.
      member(key, "replace", before, after, ["type"]);
    } else if (fields.some((f) => !same(before[f], after[f]))) {
      member(key, "update", before, after);
    }
  }
  return out;
}

/**
 * An error message without the values it may quote: Pulumi's `value {…}` of a failed check and
 * the local part of e-mail addresses (a contact's address may be the value that failed).
 */
export function redactMessage(message: string): string {
  return message
    .trim()
    .replace(/value \{[^}]*\}/g, "value {…}")
    .replace(/[A-Za-z0-9._%+-]+@([A-Za-z0-9.-]+\.[A-Za-z]{2,})/g, "•••@$1");
}
