/**
 * The mass-change guard (issue 57), after octoDNS's plan safety: a change that updates more than a
 * share of a zone's existing records, or deletes more than a share, once the zone has at least a
 * few records, is refused unless it is forced. octoDNS refuses such a plan with "force required"
 * (`MAX_SAFE_UPDATE_PCENT`, `MAX_SAFE_DELETE_PCENT`, `MIN_EXISTING_RECORDS` in its plan module:
 * 0.3, 0.3 and 10, the defaults here). The provider applies it to one resource at preview (the
 * lifecycle's diff, see `ResourceDefinition.massChange`); the review applies it per zone across a
 * whole preview (provider/review/mass-change.ts). Both read their thresholds from here.
 *
 * @example
 * massChangeVerdict({ existing: 100, updates: 0, deletes: 31 }, DEFAULT_MASS_CHANGE);
 * // { refused: true, reasons: ["deletes 31 of 100 existing records (31 %), more than 30 % (dnsimple:maxSafeDeleteShare)"],
 * //   settings: ["dnsimple:maxSafeDeleteShare"] }
 */

/** When a change counts as a mass change. */
export interface MassChangeThresholds {
  /** The largest share (0 to 1) of existing records one change may update. */
  readonly maxUpdateShare: number;
  /** The largest share (0 to 1) of existing records one change may delete. */
  readonly maxDeleteShare: number;
  /** Below this many existing records, no change is a mass change. */
  readonly minExisting: number;
}

/** octoDNS's defaults: 30 % updated, 30 % deleted, from 10 existing records. */
export const DEFAULT_MASS_CHANGE: MassChangeThresholds = {
  maxUpdateShare: 0.3,
  maxDeleteShare: 0.3,
  minExisting: 10,
};

/** What one change does to the records that exist before it. */
export interface ChangeCounts {
  readonly existing: number;
  readonly updates: number;
  readonly deletes: number;
}

/** Whether a change is a mass change, and why (each reason one sentence fragment). */
export interface MassChangeVerdict {
  readonly refused: boolean;
  readonly reasons: string[];
  /** The settings whose threshold the change passes, in the order of `reasons`. */
  readonly settings: string[];
}

const percent = (share: number) => `${Math.round(share * 1000) / 10} %`;

/**
 * A change is refused when it updates more than `maxUpdateShare` of the existing records or
 * deletes more than `maxDeleteShare` of them (strictly more, as octoDNS), and only from
 * `minExisting` existing records.
 */
export function massChangeVerdict(counts: ChangeCounts, thresholds: MassChangeThresholds): MassChangeVerdict {
  const { existing, updates, deletes } = counts;
  const reasons: string[] = [];
  const settings: string[] = [];
  if (existing === 0 || existing < thresholds.minExisting) return { refused: false, reasons, settings };
  const of = (n: number, verb: string, max: number, setting: string) => {
    settings.push(setting);
    return `${verb} ${n} of ${existing} existing records (${percent(n / existing)}), more than ${percent(max)} (${setting})`;
  };
  if (updates / existing > thresholds.maxUpdateShare)
    reasons.push(of(updates, "updates", thresholds.maxUpdateShare, "dnsimple:maxSafeUpdateShare"));
  if (deletes / existing > thresholds.maxDeleteShare)
    reasons.push(of(deletes, "deletes", thresholds.maxDeleteShare, "dnsimple:maxSafeDeleteShare"));
  return { refused: reasons.length > 0, reasons, settings };
}

/** Brand of {@link MassChangeError}: recognised from a second copy of this module. */
const MASS_CHANGE = Symbol.for("pulumi-dnsimple-dynamic.MassChangeError");

/**
 * A change the guard refused: it says the counts, the shares, and the two ways to go ahead (force
 * this one change with the input the reviewer sees in the diff, or raise the stack's thresholds).
 */
export class MassChangeError extends Error {
  override readonly name = "MassChangeError";
  readonly code = "mass_change";
  readonly [MASS_CHANGE] = true;
  constructor(
    readonly kind: string,
    readonly counts: ChangeCounts,
    reasons: string[],
    settings: string[],
    force: string,
    given: unknown,
  ) {
    const total = counts.updates + counts.deletes;
    const stale =
      given === undefined || given === null
        ? ""
        : ` (${force} is ${JSON.stringify(given)}, which was set for another change)`;
    super(
      `Mass change refused: this ${kind} ${reasons.join(" and ")}. If the records were lost by mistake` +
        ` (a bad merge, a truncated zone file), restore them. If the change is meant, set` +
        ` \`${force}: ${total}\` on this resource (the records this change updates and deletes) and preview` +
        ` again: the reviewer sees it in the diff, and it lets through this change only${stale}. The` +
        ` thresholds are stack settings (\`pulumi config set ${settings[0]!} 0.5\`)`,
    );
  }
}

/** Whether `error` is a {@link MassChangeError}, from this copy of the module or another. */
export function isMassChange(error: unknown): error is MassChangeError {
  return error instanceof Error && MASS_CHANGE in error;
}

/**
 * The guard as the lifecycle applies it to one resource's change: throws {@link MassChangeError}
 * unless the change is within the thresholds or `allowed` equals the number of records it updates
 * and deletes (so a value left in the program never lets a later, different mass change through).
 */
export function guardMassChange(
  kind: string,
  counts: ChangeCounts,
  thresholds: MassChangeThresholds,
  force: string,
  allowed: unknown,
): void {
  const verdict = massChangeVerdict(counts, thresholds);
  if (!verdict.refused || allowed === counts.updates + counts.deletes) return;
  throw new MassChangeError(kind, counts, verdict.reasons, verdict.settings, force, allowed);
}
