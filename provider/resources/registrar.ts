/**
 * DomainRegistration and DomainTransfer: orders at the registry that may stay pending (202) for
 * a while. Both wait a bounded, configurable time; when it runs out the object is kept in state
 * with a `pendingOrderId`, and the next `up` (an in-place update) resumes waiting instead of
 * ordering again. Destroy never gives a registered domain up.
 */
import { z } from "zod";
import type { DnsimpleClient, Domain, DomainRegistration, DomainTransfer } from "../client";
import { path as apiPath } from "../client";
import type { ResourceContext, ResourceDefinition, State } from "./framework/define-resource";
import { domainName, numericId } from "./framework/fields";
import { PartialCreateError } from "./framework/partial";
import { canonicalDomainName } from "./names";
import { hasStatus, orUndefined, waitFor } from "./support";

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

export function waitingOf(inputs: State): { timeoutMs: number; intervalMs: number } {
  return {
    timeoutMs: Number(inputs.timeoutSeconds ?? 600) * 1000,
    intervalMs: Number(inputs.pollIntervalSeconds ?? 10) * 1000,
  };
}

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
    const existing = await orUndefined(() => client.domains.get(account, name));
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

interface OrderKind<O extends DomainRegistration | DomainTransfer> {
  label: string;
  pendingStates: ReadonlyArray<string>;
  doneStates: ReadonlyArray<string>;
  get(client: DnsimpleClient, account: string, name: string, id: number): Promise<O>;
  outputs(order: O): State;
}

const REGISTRATION: OrderKind<DomainRegistration> = {
  label: "registration",
  pendingStates: ["new", "registering"],
  doneStates: ["registered"],
  get: (client, account, name, id) => client.registrar.getRegistration(account, name, id),
  outputs: (order) => ({ registrationId: order.id, registrationState: order.state }),
};

const TRANSFER: OrderKind<DomainTransfer> = {
  label: "transfer",
  pendingStates: ["new", "transferring"],
  doneStates: ["transferred"],
  get: (client, account, name, id) => client.registrar.getTransfer(account, name, id),
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
  const { timeoutMs, intervalMs } = waitingOf(inputs);
  const { value, finished }: { value: O; finished: boolean } = kind.pendingStates.includes(order.state)
    ? await waitFor<O>(
        () => kind.get(client, account, name, order.id),
        (o) => !kind.pendingStates.includes(o.state),
        timeoutMs,
        intervalMs,
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
  return { ...kind.outputs(value), ...domainOutputs(domain) };
}

/** Read shared by both kinds: the domain's registrar view, or undefined when it is gone. */
async function readOrdered<O extends DomainRegistration | DomainTransfer>(
  ctx: ResourceContext,
  kind: OrderKind<O>,
  id: string,
  state: State,
): Promise<State | undefined> {
  const { client, account } = ctx;
  const domain = await orUndefined(() => client.domains.get(account, id));
  if (!domain) return undefined;
  const pending = state.pendingOrderId;
  if (pending !== undefined && pending !== null) {
    const order = await orUndefined(() => kind.get(client, account, id, Number(pending)));
    if (!order || (!kind.pendingStates.includes(order.state) && !kind.doneStates.includes(order.state))) {
      return undefined; // failed or cancelled: nothing of ours left
    }
    // Still marked pending: the next `up` finishes the job (and settles auto-renew and privacy).
    return { ...kind.outputs(order), domainId: domain.id, state: domain.state };
  }
  if (domain.state === "hosted") return undefined;
  return domainOutputs(domain);
}

/** Update shared by both kinds: resume waiting, then settle auto-renew and WHOIS privacy. */
async function updateOrdered<O extends DomainRegistration | DomainTransfer>(
  ctx: ResourceContext,
  kind: OrderKind<O>,
  id: string,
  olds: State,
  news: State,
): Promise<State> {
  const { client, account } = ctx;
  if (
    news.registrantId !== undefined &&
    olds.registrantId !== undefined &&
    String(olds.registrantId) !== String(news.registrantId) &&
    olds.pendingOrderId === undefined
  ) {
    throw new Error(
      `Changing the registrant of ${id} is a registrant change at the registry, which this provider does not ` +
        `perform; change it in the service's web interface, then run \`pulumi refresh\`.`,
    );
  }
  const pending = olds.pendingOrderId;
  if (pending !== undefined && pending !== null) {
    const order = await kind.get(client, account, id, Number(pending));
    // A plain error keeps the old state (still pending), so the next `up` tries again.
    return awaitOrder(ctx, kind, id, order, news, (_outs, message) => new Error(message));
  }
  const domain = await applySettings(ctx, id, await client.domains.get(account, id), news);
  return domainOutputs(domain);
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
  return { id: name, outs };
}

/** Takes over a domain already registered in the account, with the declared settings, without ordering. */
async function adoptRegisteredDomain({ client, account }: ResourceContext, inputs: State) {
  const name = canonicalDomainName(String(inputs.domain));
  const domain = await orUndefined(() => client.domains.get(account, name));
  if (!domain || domain.state === "hosted") return undefined;
  const settled = await applySettings({ client, account }, name, domain, inputs);
  return { id: name, outs: domainOutputs(settled) };
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
    extendedAttributes: extendedAttributes(),
    premiumPrice: premiumPrice(),
    ...waitingInputs,
  },
  replaceOnChange: ["domain"],
  localOnly: ["extendedAttributes", "premiumPrice", ...WAITING_LOCAL],
  normalize: { domain: (v) => canonicalDomainName(String(v)), registrantId: String },

  async create(ctx, inputs) {
    const { client, account } = ctx;
    const name = canonicalDomainName(String(inputs.domain));
    await confirmPremium(client, account, name, inputs);
    const order = await client.registrar.register(account, name, {
      registrant_id: Number(inputs.registrantId),
      ...orderOptions(inputs),
    });
    return finishOrder(ctx, REGISTRATION, name, order, inputs);
  },

  adopt: adoptRegisteredDomain,

  read: (ctx, id, state) => readOrdered(ctx, REGISTRATION, id, state),
  update: (ctx, id, olds, news) => updateOrdered(ctx, REGISTRATION, id, olds, news),

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
    extendedAttributes: extendedAttributes(),
    premiumPrice: premiumPrice(),
    ...waitingInputs,
  },
  replaceOnChange: ["domain"],
  localOnly: ["authCode", "extendedAttributes", "premiumPrice", ...WAITING_LOCAL],
  normalize: { domain: (v) => canonicalDomainName(String(v)), registrantId: String },

  async create(ctx, inputs) {
    const { client, account } = ctx;
    const name = canonicalDomainName(String(inputs.domain));
    const existing = await orUndefined(() => client.domains.get(account, name));
    if (existing && existing.state !== "hosted")
      throw new Error(`${name} is already registered in this account`);
    const order = await client.registrar.transfer(account, name, {
      registrant_id: Number(inputs.registrantId),
      auth_code: String(inputs.authCode),
      ...orderOptions(inputs),
    });
    return finishOrder(ctx, TRANSFER, name, order, inputs);
  },

  adopt: adoptRegisteredDomain,

  read: (ctx, id, state) => readOrdered(ctx, TRANSFER, id, state),
  update: (ctx, id, olds, news) => updateOrdered(ctx, TRANSFER, id, olds, news),

  async delete({ client, account }, id, state) {
    const transferId = state.pendingOrderId ?? state.transferId;
    if (transferId === undefined || transferId === null) return;
    const order = await orUndefined(() => client.registrar.getTransfer(account, id, Number(transferId)));
    if (!order || !TRANSFER.pendingStates.includes(order.state)) return; // finished: leave the domain alone
    try {
      await client.registrar.cancelTransfer(account, id, order.id);
    } catch (error) {
      // Finished between the read and the cancel: nothing left to cancel.
      if (!hasStatus(error, 400) && !hasStatus(error, 404)) throw error;
    }
  },
};
