/**
 * DomainRegistration and DomainTransfer: orders at the registry that may stay pending (202) for
 * a while. Both wait a bounded, configurable time; when it runs out the object is kept in state
 * with a `pendingOrderId`, and the next `up` (an in-place update) resumes waiting instead of
 * ordering again. Destroy never gives a registered domain up.
 *
 * A new `registrantId` is a registrant change at the registry, done in place; a change that stays
 * pending is recorded in state (`registrantChangeId`, `registrantChangeState`) and the next `up`
 * keeps waiting for it instead of starting another.
 *
 * No second payment by surprise: when the domain leaves the account (deleted, transferred away,
 * registration lapsed), `read` keeps the resource, marked `goneFromAccount`; the next `up` fails
 * with an explanation instead of ordering again, unless the program sets `orderAgain: true`.
 */
import { z } from "zod";
import type {
  DnsimpleClient,
  Domain,
  DomainRegistration,
  DomainTransfer,
  RegistrantChange,
} from "../client/internal";
import { OPEN_REGISTRANT_CHANGE_STATES, path as apiPath } from "../client/internal";
import type { ResourceContext, ResourceDefinition, State } from "./framework/define-resource";
import { domainName, numericId } from "./framework/fields";
import { PartialCreateError } from "./framework/partial";
import { waitWithProgress, type WaitOptions } from "./framework/progress";
import { getSettings } from "./framework/runtime";
import { canonicalDomainName } from "./names";
import { hasStatus, orUndefinedWhenGone } from "./framework/lookup";

/** Inputs that steer waiting; shared by every kind that waits for the service. */
export const waitingInputs = {
  /** How long create (or the resuming update) waits for the service, in seconds. */
  timeoutSeconds: z
    .number()
    .positive("must be more than 0")
    .max(86_400, "must be at most 86400 (one day)")
    .default(600),
  /** Time between two polls, in seconds. */
  pollIntervalSeconds: z.number().positive("must be more than 0").max(3600).default(10),
  /** Set by the provider while an order is still pending; not for programs. */
  pendingOrderId: z.union([z.number().int(), z.string()]).optional(),
};

export const WAITING_LOCAL = ["timeoutSeconds", "pollIntervalSeconds"];
/** The waiting input the provider sets: declare it as a `marker` of every kind that waits. */
export const WAITING_MARKERS = ["pendingOrderId"];

export function waitingOf(inputs: State): { timeoutMs: number; intervalMs: number } {
  return {
    timeoutMs: Number(inputs.timeoutSeconds ?? 600) * 1000,
    intervalMs: Number(inputs.pollIntervalSeconds ?? 10) * 1000,
  };
}

/**
 * How to wait, from the resource's waiting inputs and the provider's progress interval, with
 * the words of the progress messages: `<subject>: waiting for <what> <goal> (state: ...)`.
 */
export function waitingWithProgress<T>(
  inputs: State,
  words: Pick<WaitOptions<T>, "subject" | "what" | "goal" | "stateOf">,
): WaitOptions<T> {
  return { ...words, ...waitingOf(inputs), progressIntervalSeconds: getSettings().progressIntervalSeconds };
}

/**
 * Inputs of both order kinds that guard against a second order: `orderAgain` is the program's
 * explicit consent; `goneFromAccount` is the provider's marker in state. Both default to false (and
 * false compares like absent, so stacks from before these inputs see no change): a marker that a
 * program leaves out must still differ from `true` in state, or the next `up` would not notice.
 */
const orderGuardInputs = {
  /**
   * Consent to order the domain again (a new, paid registration or transfer) when it has left the
   * account since this stack ordered it. Without it, such an `up` fails with an explanation.
   */
  orderAgain: z.boolean().default(false),
  /** Set by the provider when the domain left the account; not for programs. */
  goneFromAccount: z
    .literal(false, {
      message:
        "is set by the provider when the domain has left the account; to order it again set orderAgain: true",
    })
    .default(false),
};

/** Set by the provider while a registrant change is still open; not for programs. */
const registrantChangeInputs = {
  pendingRegistrantChangeId: z.number().int().positive().optional(),
};

/** Inputs only the provider sets: compared even when the program leaves them out. */
const MARKERS = [...WAITING_MARKERS, "pendingRegistrantChangeId"];

const falseAsAbsent = (v: unknown): unknown => (v === false ? undefined : v);

const extendedAttributes = () =>
  z.record(z.string(), z.string(), { message: "must map attribute names to string values" }).optional();

const premiumPrice = () =>
  z
    .union([z.string().regex(/^\d+(\.\d+)?$/), z.number().positive()], {
      message: 'must be a price such as "1200.00"',
    })
    .transform(String)
    .optional();

function domainOutputs(domain: Domain): State {
  return {
    domainId: domain.id,
    registrantId: domain.registrant_id === null ? null : String(domain.registrant_id),
    autoRenew: domain.auto_renew,
    whoisPrivacy: domain.private_whois,
    state: domain.state,
    expiresAt: domain.expires_at ?? null,
    goneFromAccount: false,
  };
}

/** Stops at the premium question before money is spent: the user confirms the price. */
async function confirmPremium(
  client: DnsimpleClient,
  account: string,
  name: string,
  inputs: State,
): Promise<void> {
  const check = await client.registrar.check(account, name);
  if (!check.available && check.domain) {
    const existing = await orUndefinedWhenGone(client.domains.get(account, name));
    if (existing && existing.state !== "hosted") {
      throw new Error(`${name} is already registered in this account`);
    }
  }
  if (check.premium && inputs.premiumPrice === undefined) {
    const prices = await client.registrar.prices(account, name);
    throw new Error(
      `${name} is a premium domain: its registration costs ${prices.registration_price.toFixed(2)}. ` +
        `Confirm the price by setting premiumPrice: "${prices.registration_price.toFixed(2)}"`,
    );
  }
}

/** Turns auto-renewal and WHOIS privacy to what the program says (registered domains only). */
async function applySettings(
  ctx: ResourceContext,
  name: string,
  current: Domain,
  inputs: State,
): Promise<Domain> {
  const { client, account } = ctx;
  const wantRenew = inputs.autoRenew === true;
  const wantPrivacy = inputs.whoisPrivacy === true;
  if (current.auto_renew !== wantRenew) {
    if (wantRenew) await client.registrar.enableAutoRenewal(account, name);
    else await client.registrar.disableAutoRenewal(account, name);
  }
  if (current.private_whois !== wantPrivacy) {
    // The client has no WHOIS privacy methods yet: the transport's generic request.
    await client.transport.request({
      method: wantPrivacy ? "PUT" : "DELETE",
      path: apiPath`/${account}/registrar/domains/${name}/whois_privacy`,
    });
  }
  return current.auto_renew !== wantRenew || current.private_whois !== wantPrivacy
    ? client.domains.get(account, name)
    : current;
}

/**
 * The transfer lock as the program says (left out: the service's setting stays), read back as
 * the `transferLock` output. Registered domains only.
 */
async function settleTransferLock(ctx: ResourceContext, name: string, inputs: State): Promise<State> {
  const { client, account } = ctx;
  let locked = await client.registrar.getTransferLock(account, name);
  if (typeof inputs.transferLock === "boolean" && locked !== inputs.transferLock) {
    locked = await client.registrar.setTransferLock(account, name, inputs.transferLock);
  }
  return { transferLock: locked };
}

interface OrderKind<O extends DomainRegistration | DomainTransfer> {
  label: string;
  /** The resource kind, as programs declare it. */
  resource: string;
  pendingStates: ReadonlyArray<string>;
  doneStates: ReadonlyArray<string>;
  get(client: DnsimpleClient, account: string, name: string, id: number): Promise<O>;
  /** Places the order (money is spent). */
  place(ctx: ResourceContext, name: string, inputs: State): Promise<O>;
  outputs(order: O): State;
}

const REGISTRATION: OrderKind<DomainRegistration> = {
  label: "registration",
  resource: "DomainRegistration",
  pendingStates: ["new", "registering"],
  doneStates: ["registered"],
  get: (client, account, name, id) => client.registrar.getRegistration(account, name, id),
  async place({ client, account }, name, inputs) {
    await confirmPremium(client, account, name, inputs);
    return client.registrar.register(account, name, {
      registrant_id: Number(inputs.registrantId),
      ...orderOptions(inputs),
    });
  },
  outputs: (order) => ({ registrationId: order.id, registrationState: order.state }),
};

const TRANSFER: OrderKind<DomainTransfer> = {
  label: "transfer",
  resource: "DomainTransfer",
  pendingStates: ["new", "transferring"],
  doneStates: ["transferred"],
  get: (client, account, name, id) => client.registrar.getTransfer(account, name, id),
  async place({ client, account }, name, inputs) {
    const existing = await orUndefinedWhenGone(client.domains.get(account, name));
    if (existing && existing.state !== "hosted")
      throw new Error(`${name} is already registered in this account`);
    return client.registrar.transfer(account, name, {
      registrant_id: Number(inputs.registrantId),
      auth_code: String(inputs.authCode),
      ...orderOptions(inputs),
    });
  },
  outputs: (order) => ({
    transferId: order.id,
    transferState: order.state,
    statusDescription: order.status_description ?? null,
  }),
};

/**
 * Waits for an order; returns the outputs when it finished, or throws: a failure state as an
 * error, a timeout as `onTimeout(outputs)`.
 */
async function awaitOrder<O extends DomainRegistration | DomainTransfer>(
  ctx: ResourceContext,
  kind: OrderKind<O>,
  name: string,
  order: O,
  inputs: State,
  onTimeout: (outs: State, message: string) => Error,
): Promise<State> {
  const { client, account } = ctx;
  const { timeoutMs } = waitingOf(inputs);
  const { value, finished }: { value: O; finished: boolean } = kind.pendingStates.includes(order.state)
    ? await waitWithProgress<O>(
        () => kind.get(client, account, name, order.id),
        (o) => !kind.pendingStates.includes(o.state),
        waitingWithProgress<O>(inputs, {
          subject: `${kind.resource} ${name}`,
          what: `the ${kind.label} (order ${order.id})`,
          goal: "to complete",
          stateOf: (o) => o.state,
        }),
      )
    : { value: order, finished: true };
  if (!finished) {
    const outs = { ...kind.outputs(value), pendingOrderId: value.id };
    throw onTimeout(
      outs,
      `The ${kind.label} of ${name} is still ${value.state} after ${timeoutMs / 1000} s. It stays in the ` +
        `stack; run \`pulumi up\` again to keep waiting (it will not order again), or raise timeoutSeconds.`,
    );
  }
  if (!kind.doneStates.includes(value.state)) {
    throw new Error(`The ${kind.label} of ${name} ended as ${value.state}`);
  }
  let domain = await client.domains.get(account, name);
  domain = await applySettings(ctx, name, domain, inputs);
  return {
    ...kind.outputs(value),
    ...domainOutputs(domain),
    ...(await settleTransferLock(ctx, name, inputs)),
  };
}

/**
 * Why the next `up` refuses to order again, naming the domain, the account and the ways out.
 * `domain` is what is left of it in the account (a hosted zone) or undefined when nothing is.
 */
export function goneMessage(resource: string, label: string, name: string, account: string): string {
  return (
    `${name} is no longer registered in DNSimple account ${account}: since this stack's ${label} it ` +
    `was deleted, transferred away or its registration lapsed. Pulumi does not order it again on ` +
    `its own, because that would be a new, paid ${label}. To order it again, set \`orderAgain: true\` ` +
    `on this ${resource} and run \`pulumi up\`; to stop managing it, remove the resource from the ` +
    `program (or run \`pulumi state delete\` with its URN).`
  );
}

/** Whether the account still holds the domain as a registered (or registering) domain of ours. */
function stillOurs(domain: Domain | undefined): boolean {
  return domain !== undefined && domain.state !== "hosted";
}

/** The registrant change recorded in state, when it is still open. */
function openChangeId(state: State): number | undefined {
  const pending = state.pendingRegistrantChangeId;
  if (pending !== undefined && pending !== null) return Number(pending);
  const id = state.registrantChangeId;
  const open = OPEN_REGISTRANT_CHANGE_STATES.includes(String(state.registrantChangeState));
  return open && id !== undefined && id !== null ? Number(id) : undefined;
}

function changeOutputs(change: RegistrantChange): State {
  return { registrantChangeId: change.id, registrantChangeState: change.state };
}

/**
 * Read shared by both kinds: the domain's registrar view. A domain that left the account stays in
 * state marked `goneFromAccount` (never dropped: dropping it would make the next `up` order it
 * again); undefined only when an order of ours failed or was cancelled before completing.
 */
async function readOrdered<O extends DomainRegistration | DomainTransfer>(
  ctx: ResourceContext,
  kind: OrderKind<O>,
  id: string,
  state: State,
): Promise<State | undefined> {
  const { client, account } = ctx;
  const domain = await orUndefinedWhenGone(client.domains.get(account, id));
  const pending = state.pendingOrderId;
  if (domain && pending !== undefined && pending !== null) {
    const order = await orUndefinedWhenGone(kind.get(client, account, id, Number(pending)));
    if (!order || (!kind.pendingStates.includes(order.state) && !kind.doneStates.includes(order.state))) {
      return undefined; // failed or cancelled: nothing of ours left
    }
    // Still marked pending: the next `up` finishes the job (and settles auto-renew and privacy).
    return { ...kind.outputs(order), domainId: domain.id, state: domain.state, goneFromAccount: false };
  }
  if (!domain || !stillOurs(domain)) return { goneFromAccount: true, state: domain?.state ?? null };
  const outs = {
    ...domainOutputs(domain),
    transferLock: await ctx.client.registrar.getTransferLock(account, id),
  };
  const changeId = openChangeId(state);
  if (changeId !== undefined) {
    const change = await orUndefinedWhenGone(client.registrar.getRegistrantChange(account, changeId));
    return { ...outs, registrantChangeState: change?.state ?? "cancelled" };
  }
  return outs;
}

/** Waits for a registrant change; returns it once it is no longer open, or undefined on timeout. */
async function awaitRegistrantChange(
  ctx: ResourceContext,
  name: string,
  change: RegistrantChange,
  inputs: State,
): Promise<{ value: RegistrantChange; finished: boolean }> {
  const { client, account } = ctx;
  if (!OPEN_REGISTRANT_CHANGE_STATES.includes(change.state)) return { value: change, finished: true };
  return waitWithProgress(
    () => client.registrar.getRegistrantChange(account, change.id),
    (c) => !OPEN_REGISTRANT_CHANGE_STATES.includes(c.state),
    waitingWithProgress<RegistrantChange>(inputs, {
      subject: name,
      what: `the registrant change ${change.id} to contact ${change.contact_id}`,
      goal: "to complete",
      stateOf: (c) => c.state,
    }),
  );
}

/**
 * The extended attributes to send with a registrant change: the ones the check lists, from the
 * program's `extendedAttributes`. A required one that is missing fails before the change starts.
 */
async function registrantChangeAttributes(
  ctx: ResourceContext,
  name: string,
  contactId: number,
  inputs: State,
): Promise<Record<string, string>> {
  const check = await ctx.client.registrar.checkRegistrantChange(ctx.account, {
    domain_id: name,
    contact_id: contactId,
  });
  const given = (inputs.extendedAttributes ?? {}) as Record<string, string>;
  const missing = check.extended_attributes.filter((a) => a.required && !given[a.name]).map((a) => a.name);
  if (missing.length > 0) {
    throw new Error(
      `extendedAttributes: changing the registrant of ${name} needs ${missing.join(", ")} ` +
        `(the registry's extended attributes for the new registrant); add them to extendedAttributes`,
    );
  }
  const attributes: Record<string, string> = {};
  for (const a of check.extended_attributes) {
    const value = given[a.name];
    if (value !== undefined) attributes[a.name] = value;
  }
  return attributes;
}

/**
 * Makes `news.registrantId` the domain's registrant through a registrant change, in place:
 * resumes the open change recorded in state (or left by an earlier run that failed before it
 * could record it) instead of starting another; cancels an open change to a contact the program
 * no longer names. Returns the outputs to merge, or throws: a change still open after
 * `timeoutSeconds` as a partial result (the change is recorded in state and the registrant stays
 * the old one there), a cancelled one as an error.
 */
async function changeRegistrant(
  ctx: ResourceContext,
  name: string,
  domain: Domain,
  olds: State,
  news: State,
): Promise<State> {
  const { client, account } = ctx;
  const target = Number(news.registrantId);
  let change: RegistrantChange | undefined;
  // What became of the change recorded in state: its final state replaces the open one there.
  let recordedOuts: State = {};
  const recorded = openChangeId(olds);
  if (recorded !== undefined) {
    const found = await orUndefinedWhenGone(client.registrar.getRegistrantChange(account, recorded));
    recordedOuts = found ? changeOutputs(found) : { registrantChangeState: "cancelled" };
    if (found && OPEN_REGISTRANT_CHANGE_STATES.includes(found.state)) {
      if (found.contact_id === target) change = found;
      else {
        const cancelling = await cancelQuietly(ctx, found.id);
        recordedOuts = { ...recordedOuts, registrantChangeState: cancelling?.state ?? "cancelled" };
      }
    }
  }
  if (!change && domain.registrant_id === target) return recordedOuts;
  change ??= await client.registrar.findOpenRegistrantChange(account, domain.id, target);
  if (!change) {
    const attributes = await registrantChangeAttributes(ctx, name, target, news);
    change = await client.registrar.createRegistrantChange(account, {
      domain_id: name,
      contact_id: target,
      ...(Object.keys(attributes).length > 0 ? { extended_attributes: attributes } : {}),
    });
  }
  const { value, finished } = await awaitRegistrantChange(ctx, name, change, news);
  if (!finished) {
    const { timeoutMs } = waitingOf(news);
    throw new PartialCreateError(
      `The registrant change of ${name} to contact ${target} (${value.id}) is still ${value.state} after ` +
        `${timeoutMs / 1000} s: the registry may take days to confirm a change of owner. It stays in the ` +
        `stack; run \`pulumi up\` again to keep waiting (it will not start another), or raise timeoutSeconds.`,
      {
        id: name,
        outs: {
          ...domainOutputs(domain),
          ...changeOutputs(value),
          pendingRegistrantChangeId: value.id,
          registrantId: domain.registrant_id === null ? null : String(domain.registrant_id),
        },
      },
    );
  }
  if (value.state !== "completed") {
    throw new Error(
      `The registrant change of ${name} to contact ${target} (${value.id}) ended as ${value.state}; ` +
        `the registrant is still contact ${domain.registrant_id}. Run \`pulumi up\` to start a new change.`,
    );
  }
  return changeOutputs(value);
}

/** Cancels an open change; the change while it is `cancelling`, undefined once cancelled or gone. */
async function cancelQuietly(ctx: ResourceContext, changeId: number): Promise<RegistrantChange | undefined> {
  try {
    return await ctx.client.registrar.cancelRegistrantChange(ctx.account, changeId);
  } catch (error) {
    // Completed or cancelled meanwhile: nothing left to cancel.
    if (!hasStatus(error, 400) && !hasStatus(error, 404)) throw error;
    return undefined;
  }
}

/**
 * Orders a domain again after it left the account, when the program says so (`orderAgain`);
 * fails with the explanation otherwise. A timeout keeps the new order in state as pending.
 */
async function orderAgain<O extends DomainRegistration | DomainTransfer>(
  ctx: ResourceContext,
  kind: OrderKind<O>,
  name: string,
  news: State,
): Promise<State> {
  if (news.orderAgain !== true) throw new Error(goneMessage(kind.resource, kind.label, name, ctx.account));
  const order = await kind.place(ctx, name, news);
  const outs = await awaitOrder(ctx, kind, name, order, news, (partial, message) => {
    return new PartialCreateError(message, { id: name, outs: { ...partial, goneFromAccount: false } });
  });
  return { ...outs, goneFromAccount: false };
}

/**
 * Update shared by both kinds: order again after the domain left the account (only with
 * `orderAgain`), resume waiting for a pending order, change the registrant, then settle
 * auto-renew and WHOIS privacy.
 */
async function updateOrdered<O extends DomainRegistration | DomainTransfer>(
  ctx: ResourceContext,
  kind: OrderKind<O>,
  id: string,
  olds: State,
  news: State,
): Promise<State> {
  const { client, account } = ctx;
  const pending = olds.pendingOrderId;
  if (pending !== undefined && pending !== null) {
    const order = await kind.get(client, account, id, Number(pending));
    // A plain error keeps the old state (still pending), so the next `up` tries again.
    return awaitOrder(ctx, kind, id, order, news, (_outs, message) => new Error(message));
  }
  const current = await orUndefinedWhenGone(client.domains.get(account, id));
  // Checked against the service, not only the marker: a refresh may not have run since it left.
  if (!current || !stillOurs(current)) return orderAgain(ctx, kind, id, news);
  let changed: State = {};
  if (
    openChangeId(olds) !== undefined ||
    (news.registrantId !== undefined && String(current.registrant_id) !== String(news.registrantId))
  ) {
    changed = await changeRegistrant(ctx, id, current, olds, news);
  }
  const domain = await applySettings(ctx, id, await client.domains.get(account, id), news);
  return { ...domainOutputs(domain), ...(await settleTransferLock(ctx, id, news)), ...changed };
}

/** The order options registrations and transfers share. */
function orderOptions(inputs: State) {
  return {
    auto_renew: inputs.autoRenew === true,
    whois_privacy: inputs.whoisPrivacy === true,
    ...(inputs.extendedAttributes
      ? { extended_attributes: inputs.extendedAttributes as Record<string, string> }
      : {}),
    ...(inputs.premiumPrice !== undefined ? { premium_price: String(inputs.premiumPrice) } : {}),
  };
}

/** Waits for an order; a timeout keeps the pending resource in state (a partial create). */
async function finishOrder<O extends DomainRegistration | DomainTransfer>(
  ctx: ResourceContext,
  kind: OrderKind<O>,
  name: string,
  order: O,
  inputs: State,
) {
  const outs = await awaitOrder(ctx, kind, name, order, inputs, (partial, message) => {
    return new PartialCreateError(message, { id: name, outs: { ...partial } });
  });
  // Nothing is pending: the markers and the registrant-change outputs exist, as null.
  return { id: name, outs: { ...SETTLED, ...outs } };
}

const SETTLED: State = {
  pendingOrderId: null,
  registrantChangeId: null,
  registrantChangeState: null,
  pendingRegistrantChangeId: null,
};

/**
 * The domain already registered in the account under the declared name (adopting it takes it
 * over without ordering; the framework's `update` then applies the declared settings).
 */
async function findRegisteredDomain({ client, account }: ResourceContext, inputs: State) {
  const name = canonicalDomainName(String(inputs.domain));
  const domain = await orUndefinedWhenGone(client.domains.get(account, name));
  if (!domain || domain.state === "hosted") return [];
  const transferLock = await client.registrar.getTransferLock(account, name);
  return [{ id: name, outs: { ...domainOutputs(domain), transferLock }, createdAt: domain.created_at }];
}

/**
 * What DomainRegistration and DomainTransfer share, given their order kind: normalisation, the
 * create that places the order and waits for it, adoption of the registered domain, refresh and
 * update.
 */
function orderedDomainLifecycle<O extends DomainRegistration | DomainTransfer>(
  kind: OrderKind<O>,
): Pick<
  ResourceDefinition,
  "normalize" | "create" | "refusesDuplicates" | "findMatching" | "read" | "update"
> {
  return {
    normalize: {
      domain: (v) => canonicalDomainName(String(v)),
      registrantId: String,
      orderAgain: falseAsAbsent,
      goneFromAccount: falseAsAbsent,
    },
    async create(ctx, inputs) {
      const name = canonicalDomainName(String(inputs.domain));
      const order = await kind.place(ctx, name, inputs);
      return finishOrder(ctx, kind, name, order, inputs);
    },
    refusesDuplicates: true,
    findMatching: findRegisteredDomain,
    read: (ctx, id, state) => readOrdered(ctx, kind, id, state),
    update: (ctx, id, olds, news) => updateOrdered(ctx, kind, id, olds, news),
  };
}

/**
 * Registers a domain with the registry (money is spent). Premium names need `premiumPrice` to
 * confirm the price the check reports. Destroy does not delete the registration: it leaves the
 * stack, and the domain stays registered (delete it with the `Domain` resource or at the service).
 */
export const domainRegistrationResource: ResourceDefinition = {
  kind: "DomainRegistration",
  inputs: {
    domain: domainName(),
    registrantId: numericId("registrantId"),
    autoRenew: z.boolean().default(false),
    whoisPrivacy: z.boolean().default(false),
    /** Lock against transfers away; left out, the service's setting stays (an output). */
    transferLock: z.boolean().optional(),
    extendedAttributes: extendedAttributes(),
    premiumPrice: premiumPrice(),
    ...orderGuardInputs,
    ...registrantChangeInputs,
    ...waitingInputs,
  },
  replaceOnChange: ["domain"],
  markers: MARKERS,
  localOnly: ["extendedAttributes", "premiumPrice", "orderAgain", ...WAITING_LOCAL],
  ...orderedDomainLifecycle(REGISTRATION),

  async delete() {
    // Deliberately nothing: a registration cannot be undone, and deleting the domain would give it
    // up. Destroy only removes it from the stack.
  },
};

/**
 * Transfers a domain in from another registrar with its authorization code (a secret input).
 * Destroying while the transfer is still running cancels it; after it completed, destroy leaves
 * the (now registered) domain alone, like DomainRegistration.
 */
export const domainTransferResource: ResourceDefinition = {
  kind: "DomainTransfer",
  inputs: {
    domain: domainName(),
    registrantId: numericId("registrantId"),
    authCode: z.string().min(1, "authCode must not be empty"),
    autoRenew: z.boolean().default(false),
    whoisPrivacy: z.boolean().default(false),
    /** Lock against transfers away; left out, the service's setting stays (an output). */
    transferLock: z.boolean().optional(),
    extendedAttributes: extendedAttributes(),
    premiumPrice: premiumPrice(),
    ...orderGuardInputs,
    ...registrantChangeInputs,
    ...waitingInputs,
  },
  replaceOnChange: ["domain"],
  markers: MARKERS,
  localOnly: ["authCode", "extendedAttributes", "premiumPrice", "orderAgain", ...WAITING_LOCAL],
  ...orderedDomainLifecycle(TRANSFER),

  async delete({ client, account }, id, state) {
    const transferId = state.pendingOrderId ?? state.transferId;
    if (transferId === undefined || transferId === null) return;
    const order = await orUndefinedWhenGone(client.registrar.getTransfer(account, id, Number(transferId)));
    if (!order || !TRANSFER.pendingStates.includes(order.state)) return; // finished: leave the domain alone
    try {
      await client.registrar.cancelTransfer(account, id, order.id);
    } catch (error) {
      // Finished between the read and the cancel: nothing left to cancel.
      if (!hasStatus(error, 400) && !hasStatus(error, 404)) throw error;
    }
  },
};
