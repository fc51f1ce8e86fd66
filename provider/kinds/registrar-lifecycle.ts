/**
 * What DomainRegistration and DomainTransfer share: orders at the registry that may stay pending
 * (202) for a while. Both wait a bounded, configurable time; when it runs out the object is kept
 * in state with a `pendingOrderId`, and the next `up` (an in-place update) resumes waiting
 * instead of ordering again. Destroy never gives a registered domain up.
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
import {
  ServiceId,
  type DnsimpleClient,
  type Domain,
  type DomainRegistration,
  type DomainTransfer,
  type RegistrantChange,
} from "../client";
import { OPEN_REGISTRANT_CHANGE_STATES, outcomeUnknown } from "../client";
import type { ResourceContext } from "../framework/definition";
import { premiumPriceField } from "./domain-orders";
import { apiId, domainName, numericId } from "../framework/fields";
import type { InputsOf, OutputsOf } from "../framework/kind";
import { hasStatus, orUndefinedWhenGone } from "../framework/lookup";
import { PartialCreateError } from "../framework/partial";
import { waitWithProgress } from "../framework/progress";
import { canonicalDomainName } from "../dns/domain-names";
import { pendingId, waitingInputs, waitingOf, waitingWithProgress } from "../framework/waiting";

/**
 * The inputs both order kinds take, without their docs: each kind describes them in its own
 * words (`orderFields.domain.describe("The name to register.")`).
 */
export const orderFields = {
  domain: domainName(),
  registrantId: numericId("registrantId"),
  autoRenew: z
    .boolean()
    .default(false)
    .describe("Renew automatically before expiry (default false). Changes in place."),
  whoisPrivacy: z.boolean().default(false).describe("WHOIS privacy (default false). Changes in place."),
  transferLock: z
    .boolean()
    .optional()
    .describe(
      "Lock the domain against transfers away (changed in place). Left out, the service's setting " +
        "stays; it is the `transferLock` output.",
    ),
  extendedAttributes: z
    .record(z.string(), z.string(), { message: "must map attribute names to string values" })
    .optional(),
  premiumPrice: premiumPriceField,
  /**
   * Consent to order the domain again (a new, paid registration or transfer) when it has left the
   * account since this stack ordered it. Without it, such an `up` fails with an explanation.
   */
  orderAgain: z.boolean().default(false),
};

/**
 * Inputs of both order kinds that only the provider sets (declared `providerOwned`: `check`
 * refuses them from programs). `goneFromAccount` defaults to false (and false compares like
 * absent, so stacks from before it see no change): a marker that a program leaves out must still
 * differ from `true` in state, or the next `up` would not notice.
 */
export const orderMarkerInputs = {
  goneFromAccount: z
    .boolean()
    .default(false)
    .describe("True when the domain has left the account since this stack ordered it (see `orderAgain`)."),
  pendingRegistrantChangeId: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("Set while that change is still open (the next `up` keeps waiting for it)."),
};

/** Inputs only the provider sets: compared even when the program leaves them out. */
export const ORDER_MARKERS = ["pendingOrderId", "pendingRegistrantChangeId"] as const;
/** The inputs programs never set: outputs in the SDK. */
export const ORDER_PROVIDER_OWNED = [
  "goneFromAccount",
  "pendingRegistrantChangeId",
  "pendingOrderId",
] as const;

/** The outputs both order kinds write (besides the order's own). */
export const orderedDomainOutputs = {
  domainId: ServiceId.optional().describe("The domain's numeric id."),
  unicodeName: z.string().optional().describe("The domain's name in Unicode (an IDN's own letters)."),
  registrantId: z.string().nullable().optional().describe("The registrant's contact id."),
  autoRenew: z.boolean().optional().describe("Whether the domain renews automatically."),
  whoisPrivacy: z.boolean().optional().describe("Whether WHOIS privacy is on."),
  transferLock: z.boolean().optional().describe("Whether the domain is locked against transfers away."),
  state: z
    .string()
    .nullable()
    .optional()
    .describe("The domain's state: `registered` once done; null when it has left the account."),
  expiresAt: z
    .string()
    .nullable()
    .optional()
    .describe("When the registration expires (ISO 8601); null when the service gives no date."),
  goneFromAccount: z
    .boolean()
    .optional()
    .describe("True when the domain has left the account since this stack ordered it (see `orderAgain`)."),
  pendingOrderId: z
    .number()
    .nullable()
    .optional()
    .describe("Set while the order is still pending (the next `up` resumes waiting)."),
  registrantChangeId: z
    .number()
    .nullable()
    .optional()
    .describe("The latest registrant change this resource started."),
  registrantChangeState: z
    .string()
    .nullable()
    .optional()
    .describe("Its state: `new` and `pending` while open, then `completed` or `cancelled`."),
  pendingRegistrantChangeId: z
    .number()
    .nullable()
    .optional()
    .describe("Set while that change is still open (the next `up` keeps waiting for it)."),
};

/** The inputs of both order kinds, as their operations see them. */
/** What each order kind says of the fields whose meaning differs between registration and transfer. */
export interface OrderFieldDocs {
  readonly domain: string;
  readonly registrantId: string;
  readonly extendedAttributes: string;
  readonly premiumPrice: string;
  readonly orderAgain: string;
}

/** The inputs of an order kind: the shared fields with the kind's docs, its markers and waiting. */
export function orderInputs(docs: OrderFieldDocs) {
  const { domain, registrantId, autoRenew, whoisPrivacy, transferLock } = orderFields;
  const { extendedAttributes, premiumPrice, orderAgain } = orderFields;
  return {
    domain: domain.describe(docs.domain),
    registrantId: registrantId.describe(docs.registrantId),
    autoRenew,
    whoisPrivacy,
    transferLock,
    extendedAttributes: extendedAttributes.describe(docs.extendedAttributes),
    premiumPrice: premiumPrice.describe(docs.premiumPrice),
    orderAgain: orderAgain.describe(docs.orderAgain),
    ...orderMarkerInputs,
    ...waitingInputs,
  };
}

export type OrderValues = InputsOf<typeof orderFields & typeof orderMarkerInputs & typeof waitingInputs>;
/** The outputs both order kinds write. */
export type OrderedOutputs = OutputsOf<typeof orderedDomainOutputs>;
/**
 * What a read or an update of an order kind gives: the shared outputs, with the order's own
 * outputs (`K`) when the order was read too.
 */
export type OrderOutputs<K> = OrderedOutputs | (K & OrderedOutputs);
/** What state holds of either kind: its inputs and the outputs it last read. */
export type OrderState = OrderValues & OrderedOutputs;

/** False compares like absent: stacks from before these inputs see no change. */
export const falseAsAbsent = (value: boolean) => (value === false ? undefined : value);

/**
 * How both kinds normalise their inputs for diffs, beyond the domain and the registrant's id (their
 * fields' kinds say how).
 */
export const orderNormalize = {
  orderAgain: falseAsAbsent,
  goneFromAccount: falseAsAbsent,
};

function domainOutputs(domain: Domain): OrderedOutputs {
  return {
    domainId: domain.id,
    unicodeName: domain.unicode_name,
    registrantId: domain.registrant_id === null ? null : `${domain.registrant_id}`,
    autoRenew: domain.auto_renew,
    whoisPrivacy: domain.private_whois,
    state: domain.state,
    expiresAt: domain.expires_at ?? null,
    goneFromAccount: false,
  };
}

/** Turns auto-renewal and WHOIS privacy to what the program says (registered domains only). */
async function applySettings(
  ctx: ResourceContext,
  name: string,
  current: Domain,
  inputs: OrderValues,
): Promise<Domain> {
  const { client, account } = ctx;
  const wantRenew = inputs.autoRenew === true;
  const wantPrivacy = inputs.whoisPrivacy === true;
  if (current.auto_renew !== wantRenew) {
    if (wantRenew) await client.registrar.enableAutoRenewal(account, name);
    else await client.registrar.disableAutoRenewal(account, name);
  }
  if (current.private_whois !== wantPrivacy) {
    if (wantPrivacy) await client.registrar.enableWhoisPrivacy(account, name);
    else await client.registrar.disableWhoisPrivacy(account, name);
  }
  return current.auto_renew !== wantRenew || current.private_whois !== wantPrivacy
    ? client.domains.get(account, name)
    : current;
}

/**
 * The transfer lock as the program says (left out: the service's setting stays), read back as
 * the `transferLock` output. Registered domains only.
 */
async function settleTransferLock(
  ctx: ResourceContext,
  name: string,
  inputs: OrderValues,
): Promise<{ transferLock: boolean }> {
  const { client, account } = ctx;
  let locked = await client.registrar.getTransferLock(account, name);
  if (typeof inputs.transferLock === "boolean" && locked !== inputs.transferLock) {
    locked = await client.registrar.setTransferLock(account, name, inputs.transferLock);
  }
  return { transferLock: locked };
}

/** The types of an order kind: its order object, the program's values, the kind's own outputs. */
export interface OrderTypes {
  order: DomainRegistration | DomainTransfer;
  values: OrderValues;
  outputs: Record<string, unknown>;
}

/**
 * One order kind: its resource, its states, how to place and read its orders, and the outputs an
 * order gives. Messages name an order by the resource without `Domain`: `the transfer of a.com`.
 */
export interface OrderKind<T extends OrderTypes> {
  /** The resource kind, as programs declare it: `DomainTransfer`. */
  resource: `Domain${string}`;
  /** The states of an order while it runs, and those it ends in when it went through. */
  states: { readonly pending: ReadonlyArray<string>; readonly done: ReadonlyArray<string> };
  get(client: DnsimpleClient, account: string, name: string, id: number): Promise<T["order"]>;
  /** Places the order (money is spent). */
  place(ctx: ResourceContext, name: string, inputs: T["values"]): Promise<T["order"]>;
  outputs(order: T["order"]): T["outputs"];
}

/** An order kind as it is written, its types taken from its `get`, `place` and `outputs`. */
export function orderKind<
  Order extends OrderTypes["order"],
  Values extends OrderValues,
  Outputs extends Record<string, unknown>,
>(kind: OrderKind<{ order: Order; values: Values; outputs: Outputs }>) {
  return kind;
}

/** What messages call an order of `kind`: `transfer` for `DomainTransfer`. */
const orderWord = (kind: { resource: string }) => kind.resource.replace(/^Domain/, "").toLowerCase();

/**
 * Waits for an order; returns the outputs when it finished, or throws: a failure state as an
 * error, a timeout as `onTimeout(outputs)`.
 */
async function awaitOrder<T extends OrderTypes>(
  ctx: ResourceContext,
  kind: OrderKind<T>,
  name: string,
  order: T["order"],
  inputs: T["values"],
  onTimeout: (outs: T["outputs"] & OrderedOutputs, message: string) => Error,
): Promise<T["outputs"] & OrderedOutputs> {
  const { client, account } = ctx;
  const { timeoutMs } = waitingOf(inputs);
  const { value, finished }: { value: T["order"]; finished: boolean } = kind.states.pending.includes(
    order.state,
  )
    ? await waitWithProgress<T["order"]>(
        () => kind.get(client, account, name, order.id),
        (o) => !kind.states.pending.includes(o.state),
        waitingWithProgress<T["order"]>(inputs, {
          subject: `${kind.resource} ${name}`,
          what: `the ${orderWord(kind)} (order ${order.id})`,
          goal: "to complete",
          stateOf: (o) => o.state,
        }),
      )
    : { value: order, finished: true };
  if (!finished) {
    const outs = { ...kind.outputs(value), pendingOrderId: value.id };
    throw onTimeout(
      outs,
      `The ${orderWord(kind)} of ${name} is still ${value.state} after ${timeoutMs / 1000} s. It stays in the ` +
        `stack; run \`pulumi up\` again to keep waiting (it will not order again), or raise timeoutSeconds.`,
    );
  }
  if (!kind.states.done.includes(value.state)) {
    throw new Error(`The ${orderWord(kind)} of ${name} ended as ${value.state}`);
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
function openChangeId(state: OrderState): number | undefined {
  const pending = state.pendingRegistrantChangeId;
  if (pending !== undefined && pending !== null) return pending;
  const id = state.registrantChangeId;
  const changeState = state.registrantChangeState;
  const open = typeof changeState === "string" && OPEN_REGISTRANT_CHANGE_STATES.includes(changeState);
  return open && id !== undefined && id !== null ? id : undefined;
}

function changeOutputs(change: RegistrantChange): OrderedOutputs {
  return { registrantChangeId: change.id, registrantChangeState: change.state };
}

/**
 * Read shared by both kinds: the domain's registrar view. A domain that left the account stays in
 * state marked `goneFromAccount` (never dropped: dropping it would make the next `up` order it
 * again); undefined only when an order of ours failed or was cancelled before completing.
 */
export async function readOrdered<T extends OrderTypes>(
  ctx: ResourceContext,
  kind: OrderKind<T>,
  id: string,
  state: OrderState,
): Promise<OrderOutputs<T["outputs"]> | undefined> {
  const { client, account } = ctx;
  const domain = await orUndefinedWhenGone(client.domains.get(account, id));
  const pending = state.pendingOrderId;
  if (domain && pending !== undefined && pending !== null) {
    const order = await orUndefinedWhenGone(kind.get(client, account, id, pendingId(pending)));
    if (!order || (!kind.states.pending.includes(order.state) && !kind.states.done.includes(order.state))) {
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
  inputs: OrderValues,
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
  inputs: OrderValues,
): Promise<Record<string, string>> {
  const check = await ctx.client.registrar.checkRegistrantChange(ctx.account, {
    domain_id: name,
    contact_id: contactId,
  });
  const given: Record<string, string> = inputs.extendedAttributes ?? {};
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
  olds: OrderState,
  news: OrderValues,
): Promise<OrderedOutputs> {
  const { client, account } = ctx;
  const target = apiId(news.registrantId);
  let change: RegistrantChange | undefined;
  // What became of the change recorded in state: its final state replaces the open one there.
  let recordedOuts: OrderedOutputs = {};
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
  // A change's identity: the open change of this domain to the target. It is looked for before one
  // is started, and after a start whose answer was lost, so that no second change is ever started.
  const openChange = () => client.registrar.findOpenRegistrantChange(account, domain.id, target);
  change ??= await openChange();
  if (!change) {
    const attributes = await registrantChangeAttributes(ctx, name, target, news);
    change = await client.registrar
      .createRegistrantChange(account, {
        domain_id: name,
        contact_id: target,
        ...(Object.keys(attributes).length > 0 ? { extended_attributes: attributes } : {}),
      })
      .catch(async (error: unknown) => {
        const started = outcomeUnknown(error) ? await openChange() : undefined;
        if (started) return started;
        throw error;
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
          registrantId: domain.registrant_id === null ? null : `${domain.registrant_id}`,
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
async function orderAgain<T extends OrderTypes>(
  ctx: ResourceContext,
  kind: OrderKind<T>,
  name: string,
  news: T["values"],
): Promise<T["outputs"] & OrderedOutputs> {
  if (news.orderAgain !== true)
    throw new Error(goneMessage(kind.resource, orderWord(kind), name, ctx.account));
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
export async function updateOrdered<T extends OrderTypes>(
  ctx: ResourceContext,
  kind: OrderKind<T>,
  id: string,
  olds: OrderState,
  news: T["values"],
): Promise<OrderOutputs<T["outputs"]>> {
  const { client, account } = ctx;
  const pending = olds.pendingOrderId;
  if (pending !== undefined && pending !== null) {
    const order = await kind.get(client, account, id, pendingId(pending));
    // A plain error keeps the old state (still pending), so the next `up` tries again.
    return awaitOrder(ctx, kind, id, order, news, (_outs, message) => new Error(message));
  }
  const current = await orUndefinedWhenGone(client.domains.get(account, id));
  // Checked against the service, not only the marker: a refresh may not have run since it left.
  if (!current || !stillOurs(current)) return orderAgain(ctx, kind, id, news);
  let changed: OrderedOutputs = {};
  if (
    openChangeId(olds) !== undefined ||
    (news.registrantId !== undefined && `${current.registrant_id}` !== `${news.registrantId}`)
  ) {
    changed = await changeRegistrant(ctx, id, current, olds, news);
  }
  const domain = await applySettings(ctx, id, await client.domains.get(account, id), news);
  return { ...domainOutputs(domain), ...(await settleTransferLock(ctx, id, news)), ...changed };
}

/** The order options registrations and transfers share. */
export function orderOptions(inputs: OrderValues) {
  return {
    auto_renew: inputs.autoRenew === true,
    whois_privacy: inputs.whoisPrivacy === true,
    ...(inputs.extendedAttributes ? { extended_attributes: inputs.extendedAttributes } : {}),
    ...(inputs.premiumPrice !== undefined ? { premium_price: inputs.premiumPrice } : {}),
  };
}

/** Nothing is pending: the markers and the registrant-change outputs exist, as null. */
const SETTLED: OrderedOutputs = {
  pendingOrderId: null,
  registrantChangeId: null,
  registrantChangeState: null,
  pendingRegistrantChangeId: null,
};

/**
 * Create shared by both kinds: places the order and waits for it; a timeout keeps the pending
 * resource in state (a partial create).
 */
export async function createOrdered<T extends OrderTypes>(
  ctx: ResourceContext,
  kind: OrderKind<T>,
  inputs: T["values"],
) {
  const name = canonicalDomainName(inputs.domain);
  const order = await kind.place(ctx, name, inputs);
  const outs = await awaitOrder(ctx, kind, name, order, inputs, (partial, message) => {
    return new PartialCreateError(message, { id: name, outs: { ...partial } });
  });
  return { id: name, outs: { ...SETTLED, ...outs } };
}

/**
 * The domain already registered in the account under the declared name (adopting it takes it
 * over without ordering; the framework's `update` then applies the declared settings).
 */
export async function findRegisteredDomain({ client, account }: ResourceContext, inputs: { domain: string }) {
  const name = canonicalDomainName(inputs.domain);
  const domain = await orUndefinedWhenGone(client.domains.get(account, name));
  if (!domain || domain.state === "hosted") return [];
  const transferLock = await client.registrar.getTransferLock(account, name);
  return [{ id: name, outs: { ...domainOutputs(domain), transferLock }, createdAt: domain.created_at }];
}

/**
 * Refuses to order a domain the account already holds as registered (or registering): a second
 * order would be paid for nothing. A hosted zone of the name does not count.
 */
export async function refuseRegisteredHere(
  client: DnsimpleClient,
  account: string,
  name: string,
): Promise<void> {
  const existing = await orUndefinedWhenGone(client.domains.get(account, name));
  if (existing && existing.state !== "hosted")
    throw new Error(`${name} is already registered in this account`);
}

/**
 * The operations of an order kind, the same for registrations and transfers: its markers and
 * normalisation, create, read and update by `kind`, and adoption of the domain already registered.
 */
export function orderedOperations<T extends OrderTypes>(kind: OrderKind<T>) {
  return {
    markers: ORDER_MARKERS,
    providerOwned: ORDER_PROVIDER_OWNED,
    normalize: orderNormalize,
    create: (ctx: ResourceContext, values: T["values"]) => createOrdered(ctx, kind, values),
    refusesDuplicates: true,
    findMatching: findRegisteredDomain,
    read: (ctx: ResourceContext, id: string, state: OrderState) => readOrdered(ctx, kind, id, state),
    update: (ctx: ResourceContext, id: string, olds: OrderState, news: T["values"]) =>
      updateOrdered(ctx, kind, id, olds, news),
  };
}
