import * as pulumi from "@pulumi/pulumi";
import { type CommonArgs, everyProperty, MODULE, ownerKey } from "./common";

const pushProvider: pulumi.dynamic.ResourceProvider = require("./stubs/domain-push");
const answerProvider: pulumi.dynamic.ResourceProvider = require("./stubs/domain-push-answer");

/** Arguments of a {@link DomainPush}. */
export interface DomainPushArgs extends CommonArgs {
  /** The domain (name or id) to push. Changing it replaces the push. */
  domain: pulumi.Input<string | number>;
  /** The target account's identifier (as the service names it, e.g. its e-mail). */
  targetAccount: pulumi.Input<string>;
}

/**
 * Offers a domain to another account. The target accepts or rejects it, in its own program or
 * in this one, with {@link DomainPushAnswer}. The API cannot withdraw a push: destroy only removes
 * it from the stack.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * const push = new dnsimple.DomainPush("handover", { domain: "example.com", targetAccount: "ops@example.org" });
 * new dnsimple.DomainPushAnswer("take", { account: 2002, pushId: push.pushId, contactId: 55 });
 * ```
 */
export class DomainPush extends pulumi.dynamic.Resource {
  declare readonly domain: pulumi.Output<string>;
  declare readonly targetAccount: pulumi.Output<string>;
  /** The push's id: what the target account answers. */
  declare readonly pushId: pulumi.Output<number>;
  declare readonly domainId: pulumi.Output<number>;
  /** The target account's numeric id. */
  declare readonly targetAccountId: pulumi.Output<number>;
  /** True once the domain left this account (accepted); seen on refresh. */
  declare readonly completed: pulumi.Output<boolean>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: DomainPushArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      pushProvider,
      name,
      {
        ...everyProperty([
          "domain",
          "targetAccount",
          "pushId",
          "domainId",
          "targetAccountId",
          "completed",
          "accountId",
        ]),
        ...args,
        ownerKey: ownerKey("DomainPush", name, opts),
      },
      opts,
      MODULE,
      "DomainPush",
    );
  }
}

/** Arguments of a {@link DomainPushAnswer}. */
export interface DomainPushAnswerArgs extends CommonArgs {
  /** The pending push (e.g. `push.pushId`). */
  pushId: pulumi.Input<string | number>;
  /** Accept (default) or reject (`false`). */
  accept?: pulumi.Input<boolean>;
  /** A contact of the target account that becomes the registrant; required to accept. */
  contactId?: pulumi.Input<string | number>;
}

/**
 * The target account's answer to a pending {@link DomainPush}: accept it with one of its
 * contacts, or reject it. Set `account` to the target account. An answer is final: destroy only
 * removes it from the stack.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * new dnsimple.DomainPushAnswer("accept", { account: 2002, pushId: 123, contactId: 55 });
 * new dnsimple.DomainPushAnswer("decline", { account: 2002, pushId: 124, accept: false });
 * ```
 */
export class DomainPushAnswer extends pulumi.dynamic.Resource {
  declare readonly pushId: pulumi.Output<string>;
  declare readonly accept: pulumi.Output<boolean>;
  declare readonly contactId: pulumi.Output<string | undefined>;
  declare readonly domainId: pulumi.Output<number>;
  declare readonly accepted: pulumi.Output<boolean>;
  declare readonly answeredAt: pulumi.Output<string>;
  declare readonly accountId: pulumi.Output<string>;

  constructor(name: string, args: DomainPushAnswerArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      answerProvider,
      name,
      {
        ...everyProperty([
          "pushId",
          "accept",
          "contactId",
          "domainId",
          "accepted",
          "answeredAt",
          "accountId",
        ]),
        ...args,
        ownerKey: ownerKey("DomainPushAnswer", name, opts),
      },
      opts,
      MODULE,
      "DomainPushAnswer",
    );
  }
}
