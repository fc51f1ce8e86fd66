/**
 * What a record rule says of one field: the property and a reason a person can act on. The same
 * shape as a check failure (`provider/framework/validation.ts`), so the kinds report it
 * as it is; declared here so that `provider/dns/` needs nothing of the kinds.
 */
export interface RecordFailure {
  readonly property: string;
  readonly reason: string;
}
