/**
 * The typed definition of a resource kind: its inputs as one zod object (each field with its doc,
 * default, secret and replace markers), its outputs as another, and its operations typed by them.
 * `defineResource` checks nothing at run time that `toDynamicProvider` does not already do; it is
 * where the types of a kind are said once, and what the SDK generator (scripts/sdk-generator/)
 * reads to write the SDK class, the stub and the reference page.
 *
 * @example
 * export const webhookResource = defineResource({
 *   kind: "Webhook",
 *   docs: { summary: "A webhook ...", example: 'new dnsimple.Webhook("events", { url: "https://..." });' },
 *   inputs: { url: httpsUrl().describe("HTTPS URL that receives the account's events.") },
 *   outputs: { webhookId: z.number().describe("The webhook's id.") },
 *   ids: numericIds,
 *   replaceOnChange: ["url"],
 *   async create({ client, account }, inputs) { ... },
 *   ...
 * });
 */
import { z } from "zod";
import type { CheckFailure } from "./validation";
import type {
  CreateMark,
  FieldShape,
  ImportForm,
  ImportTarget,
  KindDocs,
  KindExamples,
  KindReview,
  KindSchema,
  MassChangeRule,
  ResourceContext,
  ResourceDefinition,
  State,
} from "./definition";

export type { FieldShape, KindDocs, KindExamples, KindReview, KindSchema } from "./definition";

/** The inputs a kind's operations receive: as `check` validated them (defaults filled in). */
export type InputsOf<I extends FieldShape> = z.output<z.ZodObject<I>> & CommonInputValues;

/** What a kind writes into state besides its inputs. */
export type OutputsOf<O extends FieldShape> = z.output<z.ZodObject<O>>;

/** A kind's state: the inputs it was last given and the outputs it last read. */
export type StoredOf<I extends FieldShape, O extends FieldShape> = InputsOf<I> & Partial<OutputsOf<O>>;

/**
 * What a function of the SDK (`getEmailForward`) returns for an object of a kind: the kind's
 * outputs and the inputs `K` (as the service holds them), the same shapes the resource has. The
 * generator writes it out as the SDK's `<Kind>Info`.
 */
export type InfoOf<I extends FieldShape, O extends FieldShape, K extends keyof I> = OutputsOf<O> & {
  [P in K]: z.output<I[P]>;
};

/**
 * How the service rewrites an input's value (case, trailing dots, punycode), per input: a value is
 * compared after this. Each function sees the field's value and all the inputs beside it (content
 * depends on type). An input of a kind of field that says its rewrite (`domainName`, `domainRef`,
 * `numericId`: framework/fields.ts) needs no entry; an entry replaces the field's.
 */
export type Normalizers<I extends FieldShape> = {
  readonly [K in keyof I & string]?: (
    value: NonNullable<z.output<I[K]>>,
    inputs: Partial<InputsOf<I>>,
  ) => unknown;
};

/**
 * How the SDK's functions read an object of the kind: the inputs its result shows beside the
 * outputs, and the mapping from the service's object `A` (the one `read` uses, with those inputs).
 */
export interface KindInfo<I extends FieldShape, O extends FieldShape, A, K extends keyof I & string> {
  readonly inputs: ReadonlyArray<K>;
  of(found: A): InfoOf<I, O, K>;
}

/** Inputs every resource accepts (`commonInputs` in lifecycle.ts), as operations see them. */
export interface CommonInputValues {
  readonly account?: string | undefined;
  readonly adopt?: boolean | undefined;
  readonly ownerKey?: string | undefined;
}

/** How a kind's ids look: the service's numeric ids, or names (a domain's, a zone's). */
export interface IdFormat<Id extends string | number> {
  readonly name: string;
  /** The id as operations use it, from the string Pulumi keeps; throws on a malformed one. */
  parse(id: string, kind: string): Id;
}

/** Ids that are the service's positive integer ids. */
export const numericIds: IdFormat<number> = {
  name: "numeric",
  parse(id, kind) {
    if (!/^\d+$/.test(id)) throw new Error(`${kind} id "${id}" in state is not a numeric id`);
    return Number(id);
  },
};

/** Ids kept as Pulumi keeps them: names, or composite keys. */
export const stringIds: IdFormat<string> = { name: "string", parse: (id) => id };

/**
 * How a kind's objects are imported, typed by the kind (see `KindImports` in definition.ts): the
 * id forms, the object a parsed id names (its id and the state `read` needs), and the declaration
 * a program holding it would give.
 */
export interface KindImport<I extends FieldShape, O extends FieldShape, Id extends string | number> {
  readonly forms: ReadonlyArray<ImportForm>;
  locate(
    ctx: ResourceContext,
    target: ImportTarget,
  ): Promise<{ id: Id; state: Partial<StoredOf<I, O>> } | undefined>;
  declared(
    ctx: ResourceContext,
    found: { readonly id: Id; readonly state: Partial<StoredOf<I, O>>; readonly outs: Partial<OutputsOf<O>> },
  ):
    | Promise<{ inputs: Partial<Record<keyof I & string, unknown>>; outs?: Partial<OutputsOf<O>> }>
    | { inputs: Partial<Record<keyof I & string, unknown>>; outs?: Partial<OutputsOf<O>> };
}

/** What a create made: the object's id and outputs (and creation time, if any). */
export interface Found<O extends FieldShape, Id extends string | number> {
  readonly id: Id;
  readonly outs: OutputsOf<O>;
  readonly createdAt?: string | null | undefined;
}

/**
 * An existing object a lookup found (adopt, a lost answer, recovery): its id and what the service
 * shows of it. Like `read`, it may show less than a create returns; the rest stays as it was.
 */
export interface Matched<O extends FieldShape, Id extends string | number> {
  readonly id: Id;
  readonly outs: Partial<OutputsOf<O>>;
  readonly createdAt?: string | null | undefined;
}

/**
 * Everything a kind declares, typed by its inputs `I`, outputs `O` and id type `Id` (and, for a
 * kind the SDK's functions read, the service's object `A` and the inputs `K` their result shows).
 */
export interface KindSpec<
  I extends FieldShape,
  O extends FieldShape,
  Id extends string | number,
  A = never,
  K extends keyof I & string = never,
> {
  /** Type name shown in previews and the SDK class's name, e.g. `Webhook`. */
  readonly kind: string;
  readonly docs: KindDocs;
  /** Example declarations: the tests of every kind and the bad-input table are made from them. */
  readonly examples: KindExamples;
  /** How the review shows the kind's changes. */
  readonly review: KindReview;
  readonly inputs: I;
  readonly outputs: O;
  /** What the SDK's functions return for an object of the kind; absent when none reads it. */
  readonly info?: KindInfo<I, O, A, K>;
  readonly ids: IdFormat<Id>;
  /** How an existing object is imported (`pulumi import`); absent: `notImportable` says why not. */
  readonly imports?: KindImport<I, O, Id>;
  /** Why the kind cannot be imported. */
  readonly notImportable?: string;
  /** Inputs the API cannot change in place: a change replaces the object. */
  readonly replaceOnChange: ReadonlyArray<keyof I & string>;
  /** Inputs that only steer this provider (no API call): a change updates state in place. */
  readonly localOnly?: ReadonlyArray<keyof I & string>;
  /** Optional inputs only the provider sets (see `ResourceDefinition.markers`). */
  readonly markers?: ReadonlyArray<keyof I & string>;
  /** Inputs programs never set (state the provider keeps): outputs in the SDK, not arguments. */
  readonly providerOwned?: ReadonlyArray<keyof I & string>;
  /** How the service rewrites a value: compared after this (see {@link Normalizers}). */
  readonly normalize?: Normalizers<I>;
  refine?(inputs: InputsOf<I>): CheckFailure[];
  /**
   * Rules across fields that can be checked while some inputs are still unknown (a preview):
   * called with every input `check` validated, unknown ones as the `UNKNOWN` sentinel, and the
   * resource's owner key (for rules across the resources of one run).
   */
  refinePartial?(
    inputs: Readonly<Record<string, unknown>>,
    ownerKey?: string,
    written?: Readonly<Record<string, unknown>>,
  ): CheckFailure[];
  /**
   * Inputs derived at `check` from other inputs, before the rules run (ZoneRecords: a zone file's
   * records into `records`): what `check` returns, so the engine's diff and the review see them.
   */
  expand?(inputs: Readonly<Record<string, unknown>>): {
    inputs: Record<string, unknown>;
    failures: CheckFailure[];
  };
  create(ctx: ResourceContext, inputs: InputsOf<I>, mark: CreateMark): Promise<Found<O, Id>>;
  findMatching?(ctx: ResourceContext, inputs: InputsOf<I>): Promise<Array<Matched<O, Id>>>;
  readonly refusesDuplicates?: boolean | ((inputs: InputsOf<I>) => boolean);
  recover?(ctx: ResourceContext, inputs: InputsOf<I>, mark: CreateMark): Promise<Matched<O, Id> | undefined>;
  highestIdBeforeCreate?(ctx: ResourceContext): Promise<number>;
  deleteBeforeReplace?(olds: StoredOf<I, O>, news: InputsOf<I>): boolean;
  naturalId?(inputs: InputsOf<I>): string;
  /** The mass-change guard's counts and forcing input (see `ResourceDefinition.massChange`). */
  readonly massChange?: {
    readonly force: keyof I & string;
    counts(olds: StoredOf<I, O>, news: InputsOf<I>): ReturnType<MassChangeRule["counts"]>;
  };
  /**
   * What the service shows of the object now, or undefined when it is gone. Outputs it leaves out
   * keep their stored values (some can only be known at create time).
   */
  read(ctx: ResourceContext, id: Id, state: StoredOf<I, O>): Promise<Partial<OutputsOf<O>> | undefined>;
  update?(
    ctx: ResourceContext,
    id: Id,
    olds: StoredOf<I, O>,
    news: InputsOf<I>,
  ): Promise<Partial<OutputsOf<O>>>;
  delete(ctx: ResourceContext, id: Id, state: StoredOf<I, O>): Promise<void>;
}

/** Marks a field secret: kept encrypted in state and shown as `[secret]` in previews. */
export function secret<T extends z.ZodType>(schema: T): T {
  return schema.meta({ secret: true });
}

/** Whether a field is marked with `secret()`, through any optional or default wrapper. */
export function isSecret(schema: z.ZodType): boolean {
  return metaOf(schema).secret === true;
}

/** The field's doc given with `.describe()`, through any optional or default wrapper. */
export function docOf(schema: z.ZodType): string | undefined {
  return metaOf(schema).description;
}

/** The metadata of a schema and the schemas it wraps (optional, default, nullable, pipe): outer first. */
function metaOf(schema: z.ZodType): { description?: string | undefined; secret?: unknown } {
  const merged: { description?: string | undefined; secret?: unknown } = {};
  for (let s: z.ZodType | undefined = schema; s;) {
    const meta = z.globalRegistry.get(s);
    if (meta?.description !== undefined && merged.description === undefined)
      merged.description = meta.description;
    if (meta && "secret" in meta && merged.secret === undefined) merged.secret = meta["secret"];
    const def = s._zod.def as { innerType?: z.ZodType; in?: z.ZodType };
    s = def.innerType ?? def.in;
  }
  return merged;
}

/**
 * A spec seen with its types erased: what `toDynamicProvider` hands over is state as Pulumi keeps
 * it, which `check` validated against the same shapes that type the spec.
 */
type ErasedSpec = Omit<KindSpec<FieldShape, FieldShape, string | number>, "info" | "imports"> & {
  readonly imports?: {
    readonly forms: ReadonlyArray<ImportForm>;
    locate(
      ctx: ResourceContext,
      target: ImportTarget,
    ): Promise<{ id: string | number; state: State } | undefined>;
    declared(
      ctx: ResourceContext,
      found: { id: string | number; state: State; outs: State },
    ): Promise<{ inputs: State; outs?: State }> | { inputs: State; outs?: State };
  };
  readonly info?: { readonly inputs: ReadonlyArray<string> };
  create(ctx: ResourceContext, inputs: State, mark: CreateMark): Promise<Found<FieldShape, string | number>>;
  findMatching?(ctx: ResourceContext, inputs: State): Promise<Array<Matched<FieldShape, string | number>>>;
  recover?(
    ctx: ResourceContext,
    inputs: State,
    mark: CreateMark,
  ): Promise<Matched<FieldShape, string | number> | undefined>;
  refine?(inputs: State): CheckFailure[];
  refinePartial?(inputs: State, ownerKey?: string, written?: State): CheckFailure[];
  expand?(inputs: State): { inputs: State; failures: CheckFailure[] };
  readonly refusesDuplicates?: boolean | ((inputs: State) => boolean);
  deleteBeforeReplace?(olds: State, news: State): boolean;
  naturalId?(inputs: State): string;
  readonly massChange?: MassChangeRule;
  read(ctx: ResourceContext, id: string | number, state: State): Promise<State | undefined>;
  update?(ctx: ResourceContext, id: string | number, olds: State, news: State): Promise<State>;
  delete(ctx: ResourceContext, id: string | number, state: State): Promise<void>;
  readonly normalize?: Readonly<Record<string, (value: unknown, inputs: State) => unknown>>;
};

/** Found objects with their ids as Pulumi keeps them. */
function withStringIds<F extends { id: string | number }>(found: F): Omit<F, "id"> & { id: string };
function withStringIds<F extends { id: string | number }>(
  found: F | undefined,
): (Omit<F, "id"> & { id: string }) | undefined;
function withStringIds<F extends { id: string | number }>(found: F | undefined) {
  return found === undefined ? undefined : { ...found, id: `${found.id}` };
}

/**
 * A kind's typed spec as the untyped definition `toDynamicProvider` runs. Inputs and state reach
 * the spec's operations as `check` left them; this is where that fact becomes their type (the one
 * cast below), and where a Pulumi id is decoded by the kind's id format.
 */
export function defineResource<
  I extends FieldShape,
  O extends FieldShape,
  Id extends string | number,
  A = never,
  const K extends keyof I & string = never,
>(
  typed: KindSpec<I, O, Id, A, K>,
): ResourceDefinition & { readonly schema: KindSchema; readonly info: KindInfo<I, O, A, K> | undefined } {
  const spec = typed as unknown as ErasedSpec;
  const { ids, kind, findMatching, recover, update, imports } = spec;
  const id = (pulumiId: string) => ids.parse(pulumiId, kind);
  return {
    kind,
    info: typed.info,
    inputs: spec.inputs,
    replaceOnChange: spec.replaceOnChange,
    ...(spec.localOnly ? { localOnly: spec.localOnly } : {}),
    ...(spec.markers ? { markers: spec.markers } : {}),
    ...(spec.providerOwned ? { providerOwned: spec.providerOwned } : {}),
    ...(spec.normalize ? { normalize: spec.normalize } : {}),
    schema: {
      docs: spec.docs,
      examples: spec.examples,
      review: spec.review,
      inputs: spec.inputs,
      outputs: spec.outputs,
      adoptable: !!findMatching,
      ...(spec.refusesDuplicates === true
        ? { duplicates: "refused" as const }
        : typeof spec.refusesDuplicates === "function"
          ? { duplicates: "refused for some declarations" as const }
          : {}),
      replaceOnChange: spec.replaceOnChange,
      providerOwned: spec.providerOwned ?? [],
      ...(spec.info ? { info: { inputs: spec.info.inputs } } : {}),
    },
    ...(spec.refine ? { refine: spec.refine } : {}),
    ...(spec.refinePartial ? { refinePartial: spec.refinePartial } : {}),
    ...(spec.expand ? { expand: spec.expand } : {}),
    create: async (ctx, inputs, mark) => withStringIds(await spec.create(ctx, inputs, mark)),
    ...(findMatching
      ? {
          findMatching: async (ctx: ResourceContext, inputs: State) =>
            (await findMatching(ctx, inputs)).map((found) => withStringIds(found)),
        }
      : {}),
    ...(spec.refusesDuplicates !== undefined ? { refusesDuplicates: spec.refusesDuplicates } : {}),
    ...(recover
      ? {
          recover: async (ctx: ResourceContext, inputs: State, mark: CreateMark) =>
            withStringIds(await recover(ctx, inputs, mark)),
        }
      : {}),
    ...(spec.highestIdBeforeCreate ? { highestIdBeforeCreate: spec.highestIdBeforeCreate } : {}),
    ...(spec.deleteBeforeReplace ? { deleteBeforeReplace: spec.deleteBeforeReplace } : {}),
    ...(spec.naturalId ? { naturalId: spec.naturalId } : {}),
    ...(spec.massChange ? { massChange: spec.massChange } : {}),
    ...(imports
      ? {
          imports: {
            forms: imports.forms,
            async locate(ctx: ResourceContext, target: ImportTarget) {
              const found = await imports.locate(ctx, target);
              return found && { id: `${found.id}`, state: found.state };
            },
            declared: async (ctx: ResourceContext, found: { id: string; state: State; outs: State }) =>
              imports.declared(ctx, { ...found, id: id(found.id) }),
          },
        }
      : {}),
    ...(spec.notImportable !== undefined ? { notImportable: spec.notImportable } : {}),
    read: (ctx, pulumiId, state) => spec.read(ctx, id(pulumiId), state),
    ...(update
      ? {
          update: (ctx: ResourceContext, pulumiId: string, olds: State, news: State) =>
            update(ctx, id(pulumiId), olds, news),
        }
      : {}),
    delete: (ctx, pulumiId, state) => spec.delete(ctx, id(pulumiId), state),
  };
}
