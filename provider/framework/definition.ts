/**
 * The type of a resource definition: what every kind declares and what its operations receive
 * and return. The framework turns a definition into a lifecycle (lifecycle.ts), served by adapters;
 * typed kinds (kind.ts) are written against these types. Types only: no module of the framework
 * is imported here, so nothing imports in a circle (`SECTIONS` is its one value).
 */
import type { z } from "zod";
import type { DnsimpleClient } from "../client";
import type { ChangeCounts } from "./mass-change";
import type { CheckFailure, FieldSchemas } from "./validation";

/** A kind's fields by name: each a zod schema, its doc given with `.describe()`. */
export type FieldShape = Record<string, z.ZodType>;

/** The words the SDK class and the reference page show for a kind. */
export interface KindDocs {
  /** What the resource is and does, for the class's doc comment: markdown, wrapped freely. */
  readonly summary: string;
  /** A short program using the kind (TypeScript, without the import line). */
  readonly example: string;
}

/** A declaration's property values, as a program writes them. */
type Values = Readonly<Record<string, unknown>>;

/**
 * Example declarations of a kind, next to what they illustrate: the tests of every kind's diff
 * (provider/kinds/kinds-diff.test.ts) and the bad-input table (test/e2e/bad-inputs.ts) are
 * made from them.
 */
export interface KindExamples {
  /** A complete, valid declaration. */
  readonly valid: Values;
  /** A changed value per input that replaces the object. */
  readonly replaces: Values;
  /** A changed value per input that the API (or the provider alone) changes in place; default none. */
  readonly inPlace?: Values;
  /** Other spellings of the valid values that the service treats as the same (no change); default none. */
  readonly same?: ReadonlyArray<Values>;
  /**
   * Declarations wrong in exactly one property, each as a change to `valid` (`undefined` removes
   * a property): `check` must refuse each, naming `property` (as the engine prints it,
   * `linkedZones[0]`), before any API call.
   */
  readonly invalid: ReadonlyArray<readonly [property: string, why: string, change: Values]>;
}

/** Where the review lists a kind's changes: in a zone's block, or in an account-wide section; in this order. */
export const SECTIONS = [
  "domain",
  "records",
  "forwards",
  "dnssec",
  "certificates",
  "registrar",
  "secondary",
  "webhooks",
  "contacts",
  "delegation",
  "templates",
  "pushes",
  "platform",
  "actions",
] as const;
export type Section = (typeof SECTIONS)[number];

/** The registrar price that applies to a paid action on a domain (`review --prices`). */
export type ActionPrice = "registration" | "transfer" | "renewal" | "restore";

/** What running an action does besides itself, which a reviewer must be told (with its tag). */
export interface ActionEffect {
  readonly tag: "ownership" | "credentials";
  /** The sentence, given the action's label as Markdown code. */
  text(subject: string): string;
}

/** How the review (`provider/review`) shows a kind's changes. */
export interface KindReview {
  readonly section: Section;
  /** What one object is called in a sentence, when not the singular noun. */
  readonly title?: string;
  /** Singular and plural noun of the headline ("record", "records"). */
  readonly noun: readonly [string, string];
  /** Headline verbs per operation, when they differ from added/changed/deleted/replaced. */
  readonly verbs?: Partial<Record<"create" | "update" | "delete" | "replace", string>>;
  /** The input naming the zone (a domain name) a change belongs to; none: account-wide. */
  readonly zone?: string;
  /** What a reader recognises the object by (after masking). */
  label(p: Values): string;
  /** Fields shown, in this order; others are not listed (outputs, bookkeeping). Default: every input, `public` ones first. */
  readonly fields?: readonly string[];
  /**
   * Fields whose values never appear: always masked, even in a preview made with
   * `--show-secrets`. `"*"` masks every field not in `fields` of the `public` list.
   */
  readonly hidden?: readonly string[];
  /** For kinds of personal data: the only fields whose values may be shown. */
  readonly public?: readonly string[];
  /** Fields shown masked: a URL without its path and query, an e-mail address without its local part. */
  readonly masks?: Readonly<Record<string, "url" | "email">>;
  /**
   * For a kind holding many objects of another kind (`ZoneRecords`: records): the field that holds
   * them, keyed, and each one as that kind's inputs. The review lists, and assesses, the changes of
   * these objects as changes of that kind (with that kind's rules), not the resource's own.
   */
  readonly members?: {
    readonly kind: string;
    readonly field: string;
    of(p: Values): Record<string, Record<string, unknown>> | undefined;
  };
  /**
   * One-shot actions: whether running one charges the account, which registrar price applies,
   * and what else running it does.
   */
  readonly action?: {
    readonly spendsMoney: boolean;
    readonly price?: ActionPrice;
    readonly effect?: ActionEffect;
  };
  /** The kind's own rules for the review's risks, notes and spending (provider/review/risks.ts). */
  readonly risks?: KindRisks;
}

/** A resource's inputs or outputs as the review reads them from a preview. */
export type Props = Record<string, unknown>;

export type Op = "create" | "update" | "delete" | "replace";

/** One resource's change in a preview, with its inputs before and after (provider/review/parse.ts). */
export interface Change {
  readonly kind: string;
  /** The resource's name in the program (last part of the URN). */
  readonly name: string;
  readonly urn: string;
  readonly op: Op;
  /** Account id the object lives in (after the change; before it for deletes). */
  readonly account: string;
  /** For replacements that move the object: the account it leaves. */
  readonly fromAccount?: string;
  /** Zone (domain name) for zone-bound kinds, `""` for account-wide ones. */
  readonly zone: string;
  /** Inputs before (update, delete, replace) and after (create, update, replace). */
  readonly before?: Props;
  readonly after?: Props;
  /** Outputs before the change (state of a domain, pending orders, ...). */
  readonly outputs?: Props;
  /** Input fields that differ (bookkeeping fields excluded). */
  readonly changed: readonly string[];
  /** Fields that force the replacement, as the provider's diff reported them. */
  readonly replaceReasons: readonly string[];
  /** A replacement that deletes the old object before creating the new one. */
  readonly deleteFirst: boolean;
  /**
   * For a kind holding many objects (`ZoneRecords`): the changes of those objects, each as a change
   * of their own kind (`ZoneRecord`), named `set[key]`; undefined when they cannot be told (the
   * whole field unknown before `up`).
   */
  readonly members?: readonly Change[];
  /** For a change of such an object: the name of the resource holding it. */
  readonly set?: string;
}

/** What a risk is about: the review's tags. */
export type RiskTag =
  | "blocked"
  | "money"
  | "delete"
  | "replace"
  | "MX"
  | "NS"
  | "apex"
  | "delegation"
  | "DNSSEC"
  | "ownership"
  | "credentials"
  | "secondary"
  | "CNAME";

/** One reason to look twice: its tag and the sentence (Markdown, values already masked). */
export type Reason = readonly [tag: RiskTag, text: string];

/** What a change orders at the service, at a price. */
export type Purchase = "registration" | "transfer" | "renewal" | "certificate";

/** How the review writes values into a kind's sentences. */
export interface ReviewWords {
  /** Text as Markdown code. */
  code(text: string): string;
  /** A field's value before or after the change, as a reader may see it (masked by the kind's rules). */
  value(field: string, side: "before" | "after"): string;
}

/**
 * A kind's own rules for the review (all optional); the review adds those common to every kind:
 * replacements, one-shot actions, money, a CNAME beside other records.
 */
export interface KindRisks {
  /**
   * The risk of deleting one; `null`: none (nothing happens at the service); `undefined`: the
   * review's own ("Deletes the <noun>.").
   */
  delete?(ch: Change, say: ReviewWords): Reason | null | undefined;
  /** The risk of replacing one; `null`: none; `undefined`: the review's own (what is replaced, in which order). */
  replace?(ch: Change, say: ReviewWords): Reason | null | undefined;
  /** Further risks of any change of this kind. */
  change?(ch: Change, say: ReviewWords): Reason[];
  /** What a delete leaves in place, said as a note rather than a risk. */
  deleteNote?(ch: Change, say: ReviewWords): string | undefined;
  /** What a change buys. */
  buys?(ch: Change): Purchase[];
}

/** What the SDK generator reads of a kind, beside the operations. */
export interface KindSchema {
  readonly docs: KindDocs;
  readonly examples: KindExamples;
  readonly review: KindReview;
  readonly inputs: FieldShape;
  readonly outputs: FieldShape;
  /** Whether `adopt` is offered (the kind can find an existing object for sure). */
  readonly adoptable: boolean;
  /**
   * Whether the service refuses a second object alike (`refusesDuplicates`): for every declaration,
   * or for some (a function of the inputs). Absent when it takes duplicates.
   */
  readonly duplicates?: "refused" | "refused for some declarations";
  readonly replaceOnChange: ReadonlyArray<string>;
  /** Inputs programs never set: outputs in the SDK, not arguments. */
  readonly providerOwned: ReadonlyArray<string>;
  /**
   * What the SDK's functions return for an object of the kind (`getEmailForward`): its outputs
   * and these inputs, as the type `<Kind>Info`. Absent for a kind no function reads.
   */
  readonly info?: { readonly inputs: ReadonlyArray<string> };
}

/** What every operation of a resource receives: the client and the account it acts on. */
export interface ResourceContext {
  readonly client: DnsimpleClient;
  readonly account: string;
}

export type State = Record<string, unknown>;

/** The result of creating or adopting an object: its id and the outputs read from the service. */
export interface Created {
  readonly id: string;
  readonly outs: State;
  /** The service's `created_at` of the object, when it has one: tells our own creates from others'. */
  readonly createdAt?: string | null | undefined;
}

/**
 * What proves an object was made by one of our creates: it was created at or after `since` (the
 * service's time when the create started), or, for kinds without creation times, its id is above
 * `newerThanId` (the highest id before the create).
 */
export interface CreateMark {
  readonly since: Date;
  readonly newerThanId?: number | undefined;
}

/**
 * Everything a resource kind declares; `toDynamicProvider` turns it into Pulumi's
 * check/diff/create/read/update/delete with the same semantics for every kind.
 */
export interface ResourceDefinition {
  /** Type name shown in previews, e.g. `Domain`. */
  readonly kind: string;
  /** The typed definition's schema (`defineResource`): what the SDK generator reads. */
  readonly schema?: KindSchema;
  /** Input schemas by property; defaults declared here are filled in by `check`. */
  readonly inputs: FieldSchemas;
  /** Inputs the API cannot change in place: a change replaces the object. */
  readonly replaceOnChange: ReadonlyArray<string>;
  /** Inputs that only steer this provider (no API call): a change updates state in place. */
  readonly localOnly?: ReadonlyArray<string>;
  /**
   * How the service rewrites a value (case, trailing dots, punycode): compared after this. An input
   * of a kind of field that says its rewrite (`domainName`, `domainRef`, `numericId`) needs none.
   */
  readonly normalize?: Readonly<Record<string, (value: unknown, inputs: State) => unknown>>;
  /**
   * Optional inputs only the provider sets, in state (an order still pending, say): always
   * compared, so that the next `up` sees one in state and resumes; never "left to the service".
   */
  readonly markers?: ReadonlyArray<string>;
  /**
   * State the provider keeps between runs (an order still pending): declared with the inputs so
   * that it is compared and carried like them, but never taken from a program (`check` refuses it).
   */
  readonly providerOwned?: ReadonlyArray<string>;
  /** Rules across fields, run when no input is unknown. */
  refine?(inputs: State): CheckFailure[];
  /**
   * Rules across fields that hold while some inputs are unknown (given as the `UNKNOWN` sentinel).
   * `ownerKey` names the resource in its stack, for rules across the resources of one run;
   * `written` are the inputs as the program gave them, before check, so that a failure's property
   * addresses them (`records[1].content` of a list the check keyed by record).
   */
  refinePartial?(inputs: State, ownerKey?: string, written?: State): CheckFailure[];
  /** Inputs derived from other inputs at `check`, before the rules (see `KindSpec.expand`). */
  expand?(inputs: State): { inputs: State; failures: CheckFailure[] };
  create(ctx: ResourceContext, inputs: State, mark: CreateMark): Promise<Created>;
  /**
   * The existing objects that match the inputs in every identifying field. Used for `adopt: true`
   * (exactly one must match), to tell a create the service refused as a duplicate from other
   * failures, and to find the object of one of our own creates whose answer was lost (then only
   * objects created after that create started count, see `CreateMark`). Kinds without it cannot
   * adopt. Similarity alone never makes an object ours.
   */
  findMatching?(ctx: ResourceContext, inputs: State): Promise<Created[]>;
  /**
   * Whether a second object with the same identity cannot exist (a unique name; DNSSEC, on once per
   * domain): then a refused create is checked against `findMatching`, and an object found there
   * that this stack did not make gets the "already exists, set `adopt: true`" error. A function
   * decides per declaration (a CNAME is unique at its name, an A record is not).
   */
  readonly refusesDuplicates?: boolean | ((inputs: State) => boolean);
  /**
   * For kinds that hold many objects (a zone's records): what a create of this resource that
   * started at `mark` and never answered (the engine died) left behind, judged by the kind itself
   * (only objects created since `mark`). Without it, `findMatching` decides, as for one object.
   */
  recover?(ctx: ResourceContext, inputs: State, mark: CreateMark): Promise<Created | undefined>;
  /**
   * For kinds whose objects carry no creation time: the highest existing id, noted before each
   * create (one extra request) so that a lost answer can still be settled with proof.
   */
  highestIdBeforeCreate?(ctx: ResourceContext): Promise<number>;
  /**
   * Whether a replacement must delete the old object before creating the new one because the
   * service does not let both exist (same unique name, say). Default: create the new one first,
   * so a replaced DNS object is never absent.
   */
  deleteBeforeReplace?(olds: State, news: State): boolean;
  /**
   * For kinds whose `read` and `delete` accept a natural key (a domain's name): that key. When a
   * create fails in a way that leaves open whether it took effect, and the client's read-back
   * could not settle it, the object is kept in state under this id, marked unconfirmed; the next
   * `up` reads it and creates it only if it is not there (a `refresh` settles it too).
   */
  naturalId?(inputs: State): string;
  /**
   * For kinds holding many records: the mass-change guard (mass-change.ts). `counts` says, from
   * the state and the checked inputs alone (no request), how many records exist and how many the
   * change would update and delete (undefined while inputs are unknown); `diff` refuses a change
   * above the stack's thresholds unless the input `force` equals updates plus deletes.
   */
  readonly massChange?: MassChangeRule;
  /** How an existing object of the kind is imported; absent: it cannot be (`notImportable` says why). */
  readonly imports?: KindImports;
  /** Why the kind cannot be imported (a one-shot action: nothing the service keeps to read back). */
  readonly notImportable?: string;
  /** The object's current outputs, or undefined when it is gone. */
  read(ctx: ResourceContext, id: string, state: State): Promise<State | undefined>;
  /** In-place update of the inputs not listed in `replaceOnChange`. */
  update?(ctx: ResourceContext, id: string, olds: State, news: State): Promise<State>;
  delete(ctx: ResourceContext, id: string, state: State): Promise<void>;
}

/** What an import id names: a domain (or zone) by name, an object by id, or both. */
export interface ImportTarget {
  readonly domain?: string;
  /** The service's numeric id of the object. */
  readonly id?: number;
}

/** One way to write an import id of a kind (the forms themselves: framework/imports.ts). */
export interface ImportForm {
  /** As the docs show it: `<zone>_<recordId>`. */
  readonly form: string;
  /** An id of this form: `example.com_1234`. */
  readonly example: string;
  /** Whether the bridged provider's docs (and Terraform's) give this form for the kind. */
  readonly bridged: boolean;
  /** What an id of this form names, or undefined when `text` is not of it. */
  parse(text: string): ImportTarget | undefined;
  /** The id of this form naming `target` (the inverse of `parse`). */
  format(target: ImportTarget): string;
}

/**
 * How a kind's objects are imported (`pulumi import`, the `import` resource option, `get`): the id
 * forms (framework/imports.ts), the object a parsed id names, and its declaration.
 */
export interface KindImports {
  /** The forms an import id takes, first the one a record of state keeps; the docs' table. */
  readonly forms: ReadonlyArray<ImportForm>;
  /**
   * The object `target` names: its id as Pulumi keeps it and the state `read` needs (the zone of a
   * record); undefined when the account holds none.
   */
  locate(ctx: ResourceContext, target: ImportTarget): Promise<{ id: string; state: State } | undefined>;
  /**
   * What a program declaring the object would give (`check` then normalises it), and what the
   * state holds beyond `read`'s outputs, as an adopt of it records (`outs`, e.g. what destroy puts
   * back); or a refusal (a record the service manages).
   */
  declared(
    ctx: ResourceContext,
    found: { readonly id: string; readonly state: State; readonly outs: State },
  ): Promise<{ inputs: State; outs?: State }>;
}

/** A kind's part of the mass-change guard (see `ResourceDefinition.massChange`). */
export interface MassChangeRule {
  /** The input that forces one change: a number a reviewer sees in the diff. */
  readonly force: string;
  counts(olds: State, news: State): ChangeCounts | undefined;
}
