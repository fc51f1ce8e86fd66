/**
 * What a function of the SDK is (`getZone`, `listWebhooks`, …): one definition, as a kind is one
 * `defineResource`. It says the function's parameters and result as zod schemas, its doc and
 * example, whether its answer is a secret, and the client call that makes the answer. Everything
 * else is made of it: the SDK's TypeScript wrappers (sdk/nodejs/functions.generated.ts), the plugin's
 * call table (provider/functions/call-table.generated.ts), the package schema's functions and their
 * reference page (`npm run generate`), and what runs (runtime.ts).
 *
 * The read of objects of a kind (`listX`/`getX`, answering the kind's `<Kind>Info`) and the pick
 * of a client object's fields (camelCase) are the two patterns of nearly every function: both are
 * here, once (`kindInfo`, `fieldsOf`).
 *
 * @example
 * defineFunction({
 *   name: "getZone",
 *   doc: "One zone, by name.",
 *   example: 'const { id, active } = await dnsimple.getZone("example.com");',
 *   uses: "account",
 *   params: { name: z.string() },
 *   result: () => ZONE.schema,
 *   run: async ({ api, account }, { name }) => ZONE.of(await api.zones.get(account, name)),
 * });
 */
import { z } from "zod";
import { type DnsimpleClient, ServiceId } from "../client";
import { infoOf, type InfoDefinition } from "./info";

/** What a function's client call gets: the client and, for a function of an account, the account. */
export interface FunctionContext {
  readonly api: DnsimpleClient;
  readonly account: string;
}

/** What a legacy (API v1) function's call gets. */
export interface V1Context {
  readonly v1: DnsimpleClient["v1"];
}

/** The option every function of an account takes: which account, overriding the setting. */
export const ACCOUNT_OPTION = z
  .union([z.string(), ServiceId])
  .optional()
  .describe("The account to ask about, overriding `dnsimple:account` / `DNSIMPLE_ACCOUNT`.");

/** A parameter that is an object of named members (`getRegistrantChangeCheck({ domainId, contactId })`). */
export interface ObjectParameter {
  readonly members: Readonly<Record<string, z.ZodType>>;
}

/** A parameter: a value (a zod schema, its doc its `.describe`), or an object of members. */
export type Parameter = z.ZodType | ObjectParameter;

interface Common {
  /** The function's name: the SDK's export and the schema's `dnsimple-dynamic:index:<name>`. */
  readonly name: string;
  /** What it answers; `{@link x}` names another function. */
  readonly doc: string;
  /** A line or two of a TypeScript program using it (`dnsimple.` is the package). */
  readonly example: string;
  /** Why not to use it any more, when the service deprecated it. */
  readonly deprecated?: string;
  /** The positional parameters, in order (before `options`). */
  readonly params?: Readonly<Record<string, Parameter>>;
  /**
   * The result's schema (what the wrappers' types, the schema's outputs and the reference are
   * made of), made when asked: the generator asks, a call does not (it loads no kind it needs not).
   */
  readonly result: () => z.ZodType;
  /**
   * The answer is a secret: the SDK answers a `pulumi.Output` made secret, the plugin marks every
   * output secret on the wire, the schema marks them secret.
   */
  readonly secret?: true;
}

/** A function of an account: takes `options` (`account`, and `options`' own members). */
export interface AccountFunction extends Common {
  readonly uses: "account";
  /** Members of `options` besides `account` (filters). */
  readonly options?: Readonly<Record<string, z.ZodType>>;
  /** The name of the options' type (`ListChargesOptions`), when it has one of its own. */
  readonly optionsType?: string;
  run(context: FunctionContext, args: Record<string, any>): Promise<unknown>;
}

/** A function of the token only (`whoami`): no options. */
export interface ClientFunction extends Common {
  readonly uses: "client";
  run(context: { readonly api: DnsimpleClient }, args: Record<string, any>): Promise<unknown>;
}

/** A function of the legacy API v1: needs `dnsimple:v1Email`; no options. */
export interface LegacyFunction extends Common {
  readonly uses: "v1";
  run(context: V1Context, args: Record<string, any>): Promise<unknown>;
}

export type FunctionDefinition = AccountFunction | ClientFunction | LegacyFunction;

/** A definition as it is written: its type says which context its call gets. */
export function defineFunction<D extends FunctionDefinition>(definition: D): D {
  return definition;
}

/** Whether a parameter is an object of members. */
export function isObjectParameter(parameter: Parameter): parameter is ObjectParameter {
  return !(parameter instanceof z.ZodType);
}

// ---------------------------------------------------------------------------------------------
// The client's objects with listed fields only (so nothing unlisted, a secret, leaks), camelCase.
// ---------------------------------------------------------------------------------------------

/** `created_at` → `createdAt`. */
export function camel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;

/** A result made of some fields of a client object: its schema and how one is made. */
export interface Fields<T> {
  readonly schema: z.ZodObject;
  of(source: T): Record<string, unknown>;
}

/**
 * The fields `keys` of the client's objects of `schema`, camelCase. A field the service may leave
 * out is null in the result (`"null"`, how most results say it), or left out (`"absent"`).
 * `typeName` names the result's TypeScript type (`ZoneInfo`); `doc` is that type's doc.
 */
export function fieldsOf<S extends z.ZodObject, const K extends ReadonlyArray<keyof S["shape"] & string>>(
  schema: S,
  keys: K,
  named: {
    typeName?: string;
    /** The name of its type in the package schema, when not the function's (`ChargeResult`). */
    schemaName?: string;
    doc?: string;
    missing?: "null" | "absent";
    extra?: Record<string, z.ZodType>;
  },
): Fields<z.output<S>> & { readonly keys: K; readonly camelKeys: ReadonlyArray<Camel<K[number]>> } {
  const missing = named.missing ?? "null";
  const shape: Record<string, z.ZodType> = {};
  for (const key of keys) {
    const field = schema.shape[key] as z.ZodType;
    const optional = field.safeParse(undefined).success;
    const base = optional ? unwrapOptional(field) : field;
    shape[camel(key)] = optional ? (missing === "null" ? base.nullable() : base.optional()) : field;
  }
  Object.assign(shape, named.extra ?? {});
  let result: z.ZodObject = z.object(shape);
  if (named.typeName || named.schemaName)
    result = result.meta({
      ...(named.typeName ? { typeName: named.typeName } : {}),
      ...(named.schemaName ? { schemaName: named.schemaName } : {}),
    });
  if (named.doc) result = result.describe(named.doc);
  return {
    schema: result,
    keys,
    camelKeys: keys.map(camel) as never,
    of: (source) =>
      Object.fromEntries(
        keys.map((key) => {
          const value = (source as Record<string, unknown>)[key];
          return [camel(key), missing === "null" ? (value ?? null) : value];
        }),
      ),
  };
}

function unwrapOptional(field: z.ZodType): z.ZodType {
  return field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field;
}

// ---------------------------------------------------------------------------------------------
// The reads of objects of a kind: what the resource shows (`<Kind>Info`), the one pattern.
// ---------------------------------------------------------------------------------------------

/** What a kind-reading function needs of the kind's definition (loaded on first use). */
export interface KindOfFunction extends InfoDefinition<any, Record<string, unknown>> {
  readonly schema: {
    readonly inputs: Readonly<Record<string, z.ZodType>>;
    readonly outputs: Readonly<Record<string, z.ZodType>>;
    readonly info?: { readonly inputs: ReadonlyArray<string> };
  };
}

/** "a Webhook", "an EmailForward". */
const aKind = (kind: string) => `${/^[AEIOU]/.test(kind) ? "an" : "a"} ${kind}`;

/**
 * The schema of `<Kind>Info` (the SDK's generated type of that name, sdk/nodejs/resources): the inputs
 * the kind's `info` names and its outputs. Secret fields are refused: functions never return one.
 */
export function kindInfoSchema(definition: KindOfFunction): z.ZodObject {
  const { kind, schema } = definition;
  if (!schema.info) throw new Error(`${kind} declares no info for the SDK's functions`);
  const fields: Array<[string, z.ZodType]> = [
    ...schema.info.inputs.map((key) => [key, schema.inputs[key]!] as [string, z.ZodType]),
    ...Object.entries(schema.outputs).filter(([key]) => !schema.info!.inputs.includes(key)),
  ];
  const secrets = fields
    .filter(([, field]) => (z.globalRegistry.get(field) as { secret?: unknown } | undefined)?.secret)
    .map(([key]) => key);
  if (secrets.length)
    throw new Error(
      `${kind}: info shows ${secrets.join(", ")}, which are secret; functions never return secrets`,
    );
  const shape = Object.fromEntries(
    fields.map(([key, field]) => [key, field.safeParse(undefined).success ? field.optional() : field]),
  );
  return z
    .object(shape)
    .meta({ schemaName: `${kind}Info`, typeName: `${kind}Info`, kindInfo: kind })
    .describe(
      `${aKind(kind).replace(/^a/, "A")} as the SDK's functions return it: what the resource shows as outputs, as plain values.`,
    );
}

/** The list and the get of {@link kindReads} and {@link fieldReads}: the client call that finds what to show, its context `C`. */
interface ReadsSpec<C, U extends "account" | "v1"> {
  readonly uses: U;
  readonly list?: Omit<Common, "result" | "secret"> & {
    readonly options?: Readonly<Record<string, z.ZodType>>;
    readonly optionsType?: string;
    call(context: C, args: Record<string, any>): Promise<unknown[]> | AsyncIterable<unknown>;
  };
  readonly get?: Omit<Common, "result" | "secret"> & {
    call(context: C, args: Record<string, any>): Promise<unknown>;
  };
}

/** What the reads answer of each object their call finds: the answer's schema, and the answer. */
interface Shown {
  schema(): z.ZodType;
  of(item: unknown): unknown;
}

/** The list and the get of `spec`, as two definitions, each answering `shown` of what its call found. */
function reads<C>(shown: Shown, spec: ReadsSpec<C, "account" | "v1">): FunctionDefinition[] {
  const out: FunctionDefinition[] = [];
  if (spec.list) {
    const { call, ...list } = spec.list;
    out.push({
      ...list,
      uses: spec.uses,
      result: () => z.array(shown.schema()),
      run: async (context: C, args: Record<string, any>) =>
        (await allOf(call(context, args))).map((item) => shown.of(item)),
    } as FunctionDefinition);
  }
  if (spec.get) {
    const { call, ...get } = spec.get;
    out.push({
      ...get,
      uses: spec.uses,
      result: () => shown.schema(),
      run: async (context: C, args: Record<string, any>) => shown.of(await call(context, args)),
    } as FunctionDefinition);
  }
  return out;
}

/**
 * The list and the get of a kind's objects, as two definitions: each answers the kind's info of
 * what the client call found. `kind` loads the kind's definition (on first use).
 */
export function kindReads(spec: KindReadsSpec<FunctionContext, "account">): FunctionDefinition[];
export function kindReads(spec: KindReadsSpec<V1Context, "v1">): FunctionDefinition[];
export function kindReads<C>(spec: KindReadsSpec<C, "account" | "v1">): FunctionDefinition[] {
  return reads({ schema: () => kindInfoSchema(spec.kind()), of: (item) => infoOf(spec.kind(), item) }, spec);
}

/** {@link reads} of a kind. */
interface KindReadsSpec<C, U extends "account" | "v1"> extends ReadsSpec<C, U> {
  readonly kind: () => KindOfFunction;
}

/**
 * The list and the get of client objects that are not a kind's (a certificate, a zone, a v1
 * domain), as two definitions: each answers `fields` of what the client call found.
 */
export function fieldReads(spec: FieldReadsSpec<FunctionContext, "account">): FunctionDefinition[];
export function fieldReads(spec: FieldReadsSpec<V1Context, "v1">): FunctionDefinition[];
export function fieldReads<C>(spec: FieldReadsSpec<C, "account" | "v1">): FunctionDefinition[] {
  return reads({ schema: () => spec.fields.schema, of: (item) => spec.fields.of(item) }, spec);
}

/** {@link reads} of client objects shown as `fields` ({@link fieldsOf}). */
interface FieldReadsSpec<C, U extends "account" | "v1"> extends ReadsSpec<C, U> {
  readonly fields: Fields<any>;
}

/** Every item of a list or of an iteration over all pages. */
export async function allOf<T>(items: Promise<T[]> | AsyncIterable<T>): Promise<T[]> {
  if (!(Symbol.asyncIterator in (items as object))) return await (items as Promise<T[]>);
  const out: T[] = [];
  for await (const item of items as AsyncIterable<T>) out.push(item);
  return out;
}
