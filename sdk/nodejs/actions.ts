/**
 * The arguments every one-shot resource takes (see `DomainRenewal`, `LegacyDomainRenewal`...),
 * as types for programs that name them. They are derived from the generated classes, whose
 * definitions (provider/kinds/one-shot.ts) say what `triggers` and `orderAgain` mean.
 */
import type { DomainRenewalArgs } from "./resources/domain-renewal";
import type { DomainTransferOutAuthorizationArgs } from "./resources/domain-transfer-out-authorization";

/** Inputs every one-shot resource takes. */
export type ActionArgs = Pick<DomainTransferOutAuthorizationArgs, "account" | "triggers">;

/** Inputs of paid one-shot resources. */
export type PaidActionArgs = Pick<DomainRenewalArgs, "account" | "triggers" | "orderAgain">;
