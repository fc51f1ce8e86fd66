/**
 * The arguments every one-shot resource takes (see `DomainRenewal`, `LegacyDomainRenewal`...).
 * The classes are generated (sdk/resources) and declare `triggers` and `orderAgain` themselves;
 * these types stay for programs that name them, and for the hand-written classes that remain.
 *
 * Paid actions (renewal, restore, certificate renewal) are never sent twice by surprise: when
 * an answer is lost, the next `up` looks for proof that the action went through and otherwise
 * fails with an explanation until the program sets `orderAgain: true`.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { CommonArgs } from "./common";

/** Inputs every one-shot resource takes. */
export interface ActionArgs extends Omit<CommonArgs, "adopt"> {
  /**
   * Any value: when it changes (or is removed), the action runs again (the resource is
   * replaced). A date, a version or a counter makes a good trigger.
   */
  triggers?: pulumi.Input<unknown>;
}

/** Inputs of paid one-shot resources. */
export interface PaidActionArgs extends ActionArgs {
  /**
   * Consent to send the action again when an earlier attempt of this resource got no answer and
   * nothing proves whether it went through (it could be paid twice). Default false; set it only
   * after checking the account, and remove it afterwards.
   */
  orderAgain?: pulumi.Input<boolean>;
}
