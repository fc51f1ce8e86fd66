/**
 * `pulumi-dnsimple-dynamic per-record-to-set`: a stack's per-record `ZoneRecord`s (ours, the
 * TypeScript `/compat` module's, or the plugin's) as one `ZoneRecords` per zone that adopts them,
 * and the stack's state without them. Reads a `pulumi stack export` file only: no token, no request.
 */
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import * as path from "node:path";
import { recordEntry } from "../generate/program";
import { type CommandIo, runWithOptions, UsageError } from "./command";

export const USAGE = `Usage: pulumi-dnsimple-dynamic per-record-to-set --state <export.json> [--out <dir>]

Reads a stack's state (\`pulumi stack export --file export.json\`) and writes, for a program that
declares one ZoneRecord per record (ours, the /compat module's, or the plugin's):
  zone-records.ts           one ZoneRecords per zone with adopt: true and the records' ids (adoptRecordIds),
                            every record as the state holds it
  zone-records.yaml         the same as resources of a Pulumi YAML program (the plugin's kind)
  zone_records.py           the same as a Python program's declarations (the plugin's SDK)
  state-without-records.json the export without those ZoneRecord resources, for \`pulumi stack import\`
Nothing is read from or written to DNSimple. Then (docs/per-record-to-set.md):
  pulumi stack import --file <dir>/state-without-records.json   # the records stay in DNSimple
  (replace the ZoneRecord declarations with those of zone-records.ts, .yaml or zone_records.py)
  pulumi up                                                     # adopts them: no write

Options:
  --state <file>  the stack export (required)
  --out <dir>     where to write (default: ./per-record-to-set)
  -h, --help      this text
`;

/** A resource of a stack export (`deployment.resources[]`), the fields read here. */
interface StateResource {
  urn: string;
  id?: string;
  type: string;
  custom?: boolean;
  parent?: string;
  dependencies?: string[];
  propertyDependencies?: Record<string, string[]>;
  deletedWith?: string;
  outputs?: Record<string, unknown>;
}

interface StateExport {
  version: number;
  deployment: { resources?: StateResource[]; pending_operations?: unknown[] } & Record<string, unknown>;
}

/** A record as the set declares it. */
export interface SetRecord {
  name: string;
  type: string;
  content: string;
  ttl?: number | undefined;
  priority?: number | undefined;
  regions?: string[] | undefined;
}

/** The per-record kinds: ours (dynamic provider, plugin) and the compat modules' (TypeScript, plugin). */
export function isPerRecordType(type: string): boolean {
  return /^(pulumi-nodejs:dynamic\/dnsimple(?:\/compat)?:|dnsimple-dynamic:(?:index|compat):)ZoneRecord$/.test(
    type,
  );
}

/**
 * The record a per-record resource's outputs describe (compat's `value` is our `content`), and the
 * service's id of it: `recordId`, else the resource's id (`1234`, or compat's `example.com_1234`).
 */
function recordOf(r: StateResource): { zone: string; record: SetRecord; id: number } {
  const o = r.outputs ?? {};
  const text = (key: string): string | undefined =>
    typeof o[key] === "string" ? (o[key] as string) : undefined;
  const zone = text("zoneName") ?? text("zoneId") ?? text("domain");
  const content = text("content") ?? text("value");
  const type = text("type");
  if (zone === undefined || content === undefined || type === undefined)
    throw new UsageError(`${r.urn}: its state has no zoneName, type or content; was it ever created?`);
  const num = (key: string) => (typeof o[key] === "number" ? (o[key] as number) : undefined);
  const regions = Array.isArray(o.regions) ? (o.regions as string[]) : undefined;
  const id = num("recordId") ?? Number(/(?:^|[_/])(\d+)$/.exec(r.id ?? "")?.[1] ?? Number.NaN);
  if (!Number.isSafeInteger(id) || id <= 0)
    throw new UsageError(
      `${r.urn}: its state holds no record id (recordId, or an id ending in the record's number)`,
    );
  return {
    id,
    zone: zone.toLowerCase(),
    record: { name: text("name") ?? "", type, content, ttl: num("ttl"), priority: num("priority"), regions },
  };
}

export interface Conversion {
  zones: Map<string, SetRecord[]>;
  /** The service's ids of each zone's records, ascending: what the set adopts, and nothing else. */
  recordIds: Map<string, number[]>;
  removed: string[];
  state: StateExport;
}

/** The record sets per zone and the export without the per-record resources; refuses what it cannot keep. */
export function convertState(state: StateExport): Conversion {
  const resources = state.deployment?.resources;
  if (!Array.isArray(resources))
    throw new UsageError("--state: not a `pulumi stack export` file (no deployment.resources)");
  if ((state.deployment.pending_operations ?? []).length > 0)
    throw new UsageError(
      "--state: the stack has pending operations; run `pulumi refresh` (or `pulumi cancel`) first",
    );
  const perRecord = resources.filter((r) => isPerRecordType(r.type) && r.custom !== false);
  const removed = new Set(perRecord.map((r) => r.urn));
  const zones = new Map<string, SetRecord[]>();
  const recordIds = new Map<string, number[]>();
  for (const r of perRecord) {
    const { zone, record, id } = recordOf(r);
    zones.set(zone, [...(zones.get(zone) ?? []), record]);
    recordIds.set(zone, [...(recordIds.get(zone) ?? []), id]);
  }
  for (const ids of recordIds.values()) ids.sort((a, b) => a - b);
  const kept = resources.filter((r) => !removed.has(r.urn));
  const dependents = kept.filter((r) =>
    [
      r.parent,
      r.deletedWith,
      ...(r.dependencies ?? []),
      ...Object.values(r.propertyDependencies ?? {}).flat(),
    ].some((u) => u !== undefined && removed.has(u)),
  );
  if (dependents.length > 0)
    throw new UsageError(
      `these resources depend on a ZoneRecord that would leave the state; make them depend on something else first:\n  ${dependents.map((r) => r.urn).join("\n  ")}`,
    );
  for (const records of zones.values())
    records.sort(
      (a, b) =>
        a.name.localeCompare(b.name) || a.type.localeCompare(b.type) || a.content.localeCompare(b.content),
    );
  return {
    zones,
    recordIds,
    removed: [...removed],
    state: { ...state, deployment: { ...state.deployment, resources: kept } },
  };
}

const setName = (zone: string) => `${zone}-records`;

/** The zones in order, each with its records and the ids the set adopts. */
function sets(conversion: Pick<Conversion, "zones" | "recordIds">) {
  return [...conversion.zones]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([zone, records]) => ({ zone, records, ids: conversion.recordIds.get(zone) ?? [] }));
}

/** `[1, 2, …]` over lines of ten ids, led by `indent`, the bracket closing at `closing`. */
function idList(ids: number[], closing: string, indent: string): string {
  const lines: string[] = [];
  for (let i = 0; i < ids.length; i += 10) lines.push(`${indent}${ids.slice(i, i + 10).join(", ")},`);
  return `[\n${lines.join("\n")}\n${closing}]`;
}

/** A record as the set declares it, fields at their defaults left out. */
function declared(r: SetRecord): Record<string, unknown> {
  const entry: Record<string, unknown> = { name: r.name, type: r.type, content: r.content };
  if (r.ttl !== undefined) entry.ttl = r.ttl;
  if (r.priority !== undefined) entry.priority = r.priority;
  if (r.regions && !(r.regions.length === 1 && r.regions[0] === "global")) entry.regions = r.regions;
  return entry;
}

const HEADER =
  "Written by `pulumi-dnsimple-dynamic per-record-to-set` from the stack's state: the records its ZoneRecord " +
  "resources held, one ZoneRecords per zone. `adopt` takes over exactly the records of those ids (no look-alike), " +
  "with no write.";

/** The TypeScript declarations: one `ZoneRecords` per zone adopting the state's record ids. */
export function typeScriptProgram(conversion: Pick<Conversion, "zones" | "recordIds">): string {
  const lines = [`// ${HEADER}`, `import * as dnsimple from "pulumi-dnsimple-dynamic";`, ``];
  for (const { zone, records, ids } of sets(conversion)) {
    lines.push(
      `new dnsimple.ZoneRecords(${JSON.stringify(setName(zone))}, {`,
      `  zoneName: ${JSON.stringify(zone)},`,
      `  adopt: true,`,
      `  adoptRecordIds: ${idList(ids, "  ", "    ")},`,
      `  records: [`,
      ...records.map(
        (r) =>
          `    ${recordEntry({ ...r, ttl: r.ttl ?? 3600, priority: r.priority ?? null, regions: r.regions ?? ["global"] })},`,
      ),
      `  ],`,
      `});`,
      ``,
    );
  }
  return lines.join("\n");
}

/** The same as the `resources:` of a Pulumi YAML program (JSON values are YAML). */
export function yamlResources(conversion: Pick<Conversion, "zones" | "recordIds">): string {
  const lines = [`# ${HEADER}`, `# Put these under \`resources:\`.`];
  for (const { zone, records, ids } of sets(conversion)) {
    lines.push(
      `${setName(zone)}:`,
      `  type: dnsimple-dynamic:index:ZoneRecords`,
      `  properties:`,
      `    zoneName: ${JSON.stringify(zone)}`,
      `    adopt: true`,
      `    adoptRecordIds: ${JSON.stringify(ids)}`,
      `    records:`,
      ...records.map((r) => `      - ${JSON.stringify(declared(r))}`),
    );
  }
  return `${lines.join("\n")}\n`;
}

/** A Python value of JSON data: `True`/`False`/`None` for JSON's words, strings and lists as JSON writes them. */
function pythonValue(value: unknown): string {
  if (value === true) return "True";
  if (value === false) return "False";
  if (value === null || value === undefined) return "None";
  if (Array.isArray(value)) return `[${value.map(pythonValue).join(", ")}]`;
  if (typeof value === "object")
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pythonValue(v)}`)
      .join(", ")}}`;
  return JSON.stringify(value);
}

/** The same as Python declarations through the plugin's SDK (`pulumi_dnsimple_dynamic`). */
export function pythonProgram(conversion: Pick<Conversion, "zones" | "recordIds">): string {
  const lines = [`# ${HEADER}`, `import pulumi_dnsimple_dynamic as dnsimple`, ``];
  for (const { zone, records, ids } of sets(conversion)) {
    lines.push(
      `dnsimple.ZoneRecords(`,
      `    ${JSON.stringify(setName(zone))},`,
      `    zone_name=${JSON.stringify(zone)},`,
      `    adopt=True,`,
      `    adopt_record_ids=${idList(ids, "    ", "        ")},`,
      `    records=[`,
      ...records.map((r) => `        ${pythonValue(declared(r))},`),
      `    ],`,
      `)`,
      ``,
    );
  }
  return lines.join("\n");
}

export async function perRecordToSetMain(argv: string[], io: CommandIo): Promise<number> {
  const options = { state: { type: "string" }, out: { type: "string" } } as const;
  return runWithOptions(USAGE, io, argv, options, async (values) => {
    if (values.state === undefined)
      throw new UsageError("--state is required (a `pulumi stack export --file` file)");
    let state: StateExport;
    try {
      state = JSON.parse(readFileSync(values.state, "utf8")) as StateExport;
    } catch (error) {
      throw new UsageError(`--state: cannot read ${values.state} as JSON: ${(error as Error).message}`);
    }
    const result = convertState(state);
    if (result.removed.length === 0) throw new UsageError("--state: the stack holds no ZoneRecord resource");
    const out = values.out ?? "per-record-to-set";
    mkdirSync(out, { recursive: true });
    writeFileSync(path.join(out, "zone-records.ts"), typeScriptProgram(result));
    writeFileSync(path.join(out, "zone-records.yaml"), yamlResources(result));
    writeFileSync(path.join(out, "zone_records.py"), pythonProgram(result));
    writeFileSync(path.join(out, "state-without-records.json"), `${JSON.stringify(result.state, null, 2)}\n`);
    const counts = [...result.zones].map(([zone, records]) => `${zone}: ${records.length}`).join(", ");
    io.out(
      `${result.removed.length} ZoneRecord resources in ${result.zones.size} zone(s) (${counts}) written to ${out}/\n` +
        `Next: pulumi stack import --file ${path.join(out, "state-without-records.json")}, declare zone-records.ts (or .yaml, zone_records.py) in place of the ZoneRecord declarations, pulumi up\n`,
    );
    return 0;
  });
}
