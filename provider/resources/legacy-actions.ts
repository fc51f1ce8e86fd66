/**
 * Legacy API v1 beyond templates and name servers: LegacyDomain (a hosted domain, desired state)
 * and one-shot resources (see `one-shot.ts`) for the v1 actions: registration, transfer, renewal,
 * transfer out, token reset, certificate purchase / configuration / submission, subscription and
 * user sign-up. They need `dnsimple:v1Email` and `dnsimple:v1Token` (sign-up excepted).
 *
 * Secrets: the domain token, the certificate's private key and the user's tokens never leave
 * here except `domainToken` and `apiToken`, which the SDK marks secret.
 */
import { z } from "zod";
import { createdSince, type V1Certificate, type V1Domain, type V1Subscription } from "../client/internal";
import type { ResourceDefinition, State } from "./framework/define-resource";
import { domainName, domainRef, emailAddress, nonEmptyString, numericId } from "./framework/fields";
import { v1Of } from "./legacy-v1";
import { canonicalDomainName, canonicalDomainRef } from "./names";
import { oneShot } from "./one-shot";
import { deleteIgnoringGone, hasStatus, orUndefinedWhenGone } from "./framework/lookup";

const name = (inputs: State) => canonicalDomainName(String(inputs.domain));
const ref = (inputs: State) => canonicalDomainRef(inputs.domain);

const extendedAttributes = () =>
  z.record(z.string(), z.string(), { message: "must map attribute names to string values" }).optional();

/** What programs see of a v1 domain: never its token. */
function domainOutputs(d: V1Domain): State {
  return { domainId: d.id, domainState: d.state, expiresOn: d.expires_on, unicodeName: d.unicode_name };
}

/** What programs see of a v1 certificate: never its private key. */
function certificateOutputs(c: V1Certificate): State {
  return {
    certificateId: c.id,
    certificateState: c.state,
    approverEmails: c.approver_emails ?? [],
    expiresOn: c.expires_on,
  };
}

function subscriptionOutputs(s: V1Subscription): State {
  return {
    subscriptionId: s.id,
    planName: s.plan_name,
    subscriptionState: s.state,
    domainLimit: s.domain_limit,
  };
}

/** A v1 domain changed since `since` into one of `states`: proof an order of it went through. */
async function domainMovedSince(
  ctx: Parameters<typeof v1Of>[0],
  domain: string,
  states: ReadonlyArray<string>,
  since: Date,
): Promise<V1Domain | undefined> {
  const d = await orUndefinedWhenGone(v1Of(ctx).getDomain(domain));
  return d && states.includes(d.state) && createdSince(d.updated_at, since) ? d : undefined;
}

/** A hosted domain through API v1 (desired state): destroy deletes it (not at the registry). */
export const legacyDomainResource: ResourceDefinition = {
  kind: "LegacyDomain",
  inputs: { name: domainName() },
  replaceOnChange: ["name"],
  normalize: { name: (v) => canonicalDomainName(String(v)) },
  refusesDuplicates: true,

  async create(ctx, inputs) {
    const d = await v1Of(ctx).createDomain({ name: canonicalDomainName(String(inputs.name)) });
    return { id: String(d.id), outs: domainOutputs(d), createdAt: d.created_at };
  },

  async findMatching(ctx, inputs) {
    const wanted = canonicalDomainName(String(inputs.name));
    return (await v1Of(ctx).listDomains())
      .filter((d) => d.name === wanted)
      .map((d) => ({ id: String(d.id), outs: domainOutputs(d), createdAt: d.created_at }));
  },

  async read(ctx, id) {
    const d = await orUndefinedWhenGone(v1Of(ctx).getDomain(Number(id)));
    return d ? domainOutputs(d) : undefined;
  },

  async delete(ctx, id) {
    await deleteIgnoringGone(() => v1Of(ctx).deleteDomain(Number(id)));
  },
};

/** Registers a domain through API v1, once (money is spent). */
export const legacyDomainRegistrationResource = oneShot({
  kind: "LegacyDomainRegistration",
  inputs: {
    domain: domainName(),
    registrantId: numericId("registrantId"),
    extendedAttributes: extendedAttributes(),
  },
  normalize: { domain: (v) => canonicalDomainName(String(v)), registrantId: String },
  describe: (inputs) => `the v1 registration of ${name(inputs)}`,
  spendsMoney: true,

  async run(ctx, inputs) {
    const d = await v1Of(ctx).registerDomain({
      name: name(inputs),
      registrant_id: Number(inputs.registrantId),
      ...(inputs.extendedAttributes
        ? { extended_attribute: inputs.extendedAttributes as Record<string, string> }
        : {}),
    });
    return { id: String(d.id), outs: domainOutputs(d) };
  },

  async refresh(ctx, _id, state) {
    const d = await orUndefinedWhenGone(v1Of(ctx).getDomain(name(state)));
    return d ? domainOutputs(d) : undefined;
  },

  async proveDone(ctx, inputs, mark) {
    const d = await domainMovedSince(ctx, name(inputs), ["registering", "registered"], mark.since);
    return d ? { id: String(d.id), outs: domainOutputs(d) } : undefined;
  },
});

/** Transfers a domain in through API v1, once (money is spent); `authCode` is a secret input. */
export const legacyDomainTransferResource = oneShot({
  kind: "LegacyDomainTransfer",
  inputs: {
    domain: domainName(),
    registrantId: numericId("registrantId"),
    authCode: z.string().min(1, "authCode must not be empty").optional(),
    extendedAttributes: extendedAttributes(),
  },
  normalize: { domain: (v) => canonicalDomainName(String(v)), registrantId: String },
  describe: (inputs) => `the v1 transfer of ${name(inputs)}`,
  spendsMoney: true,

  async run(ctx, inputs) {
    const order = await v1Of(ctx).transferDomain({
      name: name(inputs),
      registrant_id: Number(inputs.registrantId),
      ...(inputs.authCode !== undefined ? { authinfo: String(inputs.authCode) } : {}),
      ...(inputs.extendedAttributes
        ? { extended_attribute: inputs.extendedAttributes as Record<string, string> }
        : {}),
    });
    // The domain as the transfer left it (`transferring_in`), when the service shows it already.
    const domain = await orUndefinedWhenGone(v1Of(ctx).getDomain(name(inputs)));
    return {
      id: String(order.id),
      outs: {
        transferOrderId: order.id,
        transferState: order.state ?? null,
        domainState: domain?.state ?? null,
      },
    };
  },

  async refresh(ctx, _id, state) {
    const d = await orUndefinedWhenGone(v1Of(ctx).getDomain(name(state)));
    return d ? { domainState: d.state } : undefined;
  },

  async proveDone(ctx, inputs, mark) {
    const d = await domainMovedSince(ctx, name(inputs), ["transferring_in", "registered"], mark.since);
    return d ? { id: `${d.id}@${d.updated_at}`, outs: { domainState: d.state } } : undefined;
  },
});

/**
 * Renews a domain through API v1 for its minimum period, once (money is spent). The service
 * answers with the domain, so the id is the domain's id and the time of the renewal.
 */
export const legacyDomainRenewalResource = oneShot({
  kind: "LegacyDomainRenewal",
  inputs: { domain: domainName(), renewWhoisPrivacy: z.boolean().default(false) },
  normalize: { domain: (v) => canonicalDomainName(String(v)) },
  describe: (inputs) => `the v1 renewal of ${name(inputs)}`,
  spendsMoney: true,

  async run(ctx, inputs, mark) {
    const d = await v1Of(ctx).renewDomain({
      name: name(inputs),
      renew_whois_privacy: inputs.renewWhoisPrivacy === true,
    });
    return { id: `${d.id}@${mark.since.toISOString()}`, outs: domainOutputs(d) };
  },

  async refresh(ctx, _id, state) {
    const d = await orUndefinedWhenGone(v1Of(ctx).getDomain(name(state)));
    return d ? domainOutputs(d) : undefined;
  },
});

/** Unlocks a domain and has the authorization code sent to its administrative contact (v1). */
export const legacyDomainTransferOutResource = oneShot({
  kind: "LegacyDomainTransferOut",
  inputs: { domain: domainRef() },
  normalize: { domain: canonicalDomainRef },
  describe: (inputs) => `the v1 transfer out of ${ref(inputs)}`,
  spendsMoney: false,

  async run(ctx, inputs, mark) {
    const order = await v1Of(ctx).transferOut(ref(inputs));
    const id =
      typeof order["id"] === "number" ? String(order["id"]) : `${ref(inputs)}@${mark.since.toISOString()}`;
    return { id, outs: { authorizedAt: mark.since.toISOString() } };
  },
});

/**
 * Gives a domain a new v1 token, once; again when `triggers` changes (rotation). The new token
 * is the secret output `domainToken`.
 */
export const legacyDomainTokenResetResource = oneShot({
  kind: "LegacyDomainTokenReset",
  inputs: { domain: domainRef() },
  normalize: { domain: canonicalDomainRef },
  describe: (inputs) => `the token reset of ${ref(inputs)}`,
  spendsMoney: false,

  async run(ctx, inputs, mark) {
    const d = await v1Of(ctx).resetDomainToken(ref(inputs));
    return {
      id: `${d.id}@${mark.since.toISOString()}`,
      outs: { domainId: d.id, domainToken: d.token ?? null, resetAt: mark.since.toISOString() },
    };
  },
});

/**
 * Buys a certificate through API v1, once (money is spent): state `purchased`. A purchase
 * whose answer was lost is found among the domain's certificates by name and creation time.
 */
export const legacyCertificatePurchaseResource = oneShot({
  kind: "LegacyCertificatePurchase",
  inputs: {
    domain: domainRef(),
    /** `*` for a wildcard, `""` for the root domain, else a subdomain label. */
    name: z.string(),
    contactId: numericId("contactId"),
    csr: z.string().optional(),
  },
  normalize: { domain: canonicalDomainRef, contactId: String },
  describe: (inputs) => `the v1 certificate purchase for ${String(inputs.name)} of ${ref(inputs)}`,
  spendsMoney: true,

  async run(ctx, inputs) {
    const c = await v1Of(ctx).purchaseCertificate(ref(inputs), {
      name: String(inputs.name),
      contact_id: Number(inputs.contactId),
      ...(inputs.csr !== undefined ? { csr: String(inputs.csr) } : {}),
    });
    return { id: String(c.id), outs: certificateOutputs(c), createdAt: c.created_at };
  },

  // Lost answers: the framework takes a certificate of this name made since the attempt.
  async findMatching(ctx, inputs) {
    return (await v1Of(ctx).listCertificates(ref(inputs)))
      .filter((c) => c.name === String(inputs.name))
      .map((c) => ({ id: String(c.id), outs: certificateOutputs(c), createdAt: c.created_at }));
  },

  async refresh(ctx, id, state) {
    const c = await orUndefinedWhenGone(v1Of(ctx).getCertificate(ref(state), Number(id)));
    return c ? certificateOutputs(c) : undefined;
  },
});

/** Configures a purchased v1 certificate once: state `configured`, `approverEmails` listed. */
export const legacyCertificateConfigurationResource = oneShot({
  kind: "LegacyCertificateConfiguration",
  inputs: { domain: domainRef(), certificateId: numericId("certificateId") },
  normalize: { domain: canonicalDomainRef, certificateId: String },
  describe: (inputs) => `the configuration of certificate ${String(inputs.certificateId)}`,
  spendsMoney: false,

  async run(ctx, inputs) {
    const c = await v1Of(ctx).configureCertificate(ref(inputs), Number(inputs.certificateId));
    return { id: String(c.id), outs: certificateOutputs(c) };
  },
});

/** Submits a configured v1 certificate with the approver's e-mail once: state `submitted`. */
export const legacyCertificateSubmissionResource = oneShot({
  kind: "LegacyCertificateSubmission",
  inputs: { domain: domainRef(), certificateId: numericId("certificateId"), approverEmail: emailAddress() },
  normalize: { domain: canonicalDomainRef, certificateId: String },
  describe: (inputs) => `the submission of certificate ${String(inputs.certificateId)}`,
  spendsMoney: false,

  async run(ctx, inputs) {
    const c = await v1Of(ctx).submitCertificate(
      ref(inputs),
      Number(inputs.certificateId),
      String(inputs.approverEmail),
    );
    return { id: String(c.id), outs: certificateOutputs(c) };
  },
});

const cardField = (what: string) => z.string().min(1, `${what} must not be empty`);

/**
 * Subscribes the v1 user to a plan, once (money is spent). The credit card is a secret input
 * (the SDK marks it); it is sent to the service and never shown. Destroy does not unsubscribe.
 */
export const legacySubscriptionResource = oneShot({
  kind: "LegacySubscription",
  inputs: {
    plan: nonEmptyString("plan"),
    creditCard: z.object({
      number: cardField("number"),
      firstName: cardField("firstName"),
      lastName: cardField("lastName"),
      billingAddress: cardField("billingAddress"),
      billingZip: cardField("billingZip"),
      month: cardField("month"),
      year: cardField("year"),
      cvv: cardField("cvv"),
    }),
  },
  describe: (inputs) => `the subscription to ${String(inputs.plan)}`,
  spendsMoney: true,

  async run(ctx, inputs) {
    const card = inputs.creditCard as Record<string, string>;
    // The client reads the subscription back after a lost answer before it would resend.
    const s = await v1Of(ctx).createSubscription({
      plan: String(inputs.plan),
      credit_card: {
        number: card.number!,
        first_name: card.firstName!,
        last_name: card.lastName!,
        billing_address: card.billingAddress!,
        billing_zip: card.billingZip!,
        month: card.month!,
        year: card.year!,
        cvv: card.cvv!,
      },
    });
    return { id: String(s.id), outs: subscriptionOutputs(s) };
  },

  async refresh(ctx) {
    try {
      return subscriptionOutputs(await v1Of(ctx).getSubscription());
    } catch (error) {
      if (hasStatus(error, 402)) return undefined;
      throw error;
    }
  },

  async proveDone(ctx, _inputs, mark) {
    const s = await v1Of(ctx)
      .getSubscription()
      .catch(() => undefined);
    return s && createdSince(s.created_at, mark.since)
      ? { id: String(s.id), outs: subscriptionOutputs(s) }
      : undefined;
  },
});

/**
 * Signs up a v1 user, once (no credentials needed for the request itself). The password is a
 * secret input; the new user's API token is the secret output `apiToken`.
 */
export const legacyUserResource = oneShot({
  kind: "LegacyUser",
  inputs: { email: emailAddress(), password: z.string().min(1, "password must not be empty") },
  describe: (inputs) => `the sign-up of ${String(inputs.email)}`,
  spendsMoney: false,

  async run(ctx, inputs) {
    const u = await ctx.client.v1.createUser({
      email: String(inputs.email),
      password: String(inputs.password),
      password_confirmation: String(inputs.password),
    });
    return {
      id: String(u.id),
      outs: { userId: u.id, apiToken: u.single_access_token ?? null, domainLimit: u.domain_limit ?? null },
    };
  },
});
