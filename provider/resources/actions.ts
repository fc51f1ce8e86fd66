/**
 * One-shot resources of API v2 (see `one-shot.ts`): DomainRenewal, DomainRestore,
 * DomainTransferOutAuthorization, LetsEncryptCertificateRenewal and OAuthAccessToken.
 */
import { z } from "zod";
import { createdSince, type DomainRenewal, type DomainRestore } from "../client/internal";
import type { CreateMark, Created, ResourceContext, State } from "./framework/define-resource";
import { domainName, domainRef, nonEmptyString, numericId } from "./framework/fields";
import { canonicalDomainName, canonicalDomainRef } from "./names";
import { oneShot } from "./one-shot";
import { orUndefinedWhenGone } from "./framework/lookup";

const premiumPrice = () =>
  z
    .union([z.string().regex(/^\d+(\.\d+)?$/), z.number().positive()], {
      message: 'must be a price such as "1200.00"',
    })
    .transform(String)
    .optional();

const name = (inputs: State) => canonicalDomainName(String(inputs.domain));

/**
 * A charge of the account since `mark` for this product and domain: proof that an order whose
 * answer was lost went through. Charges come when an order completes, so no charge proves nothing.
 */
async function chargedSince(
  { client, account }: ResourceContext,
  productType: string,
  domain: string,
  mark: CreateMark,
): Promise<string | undefined> {
  const startDate = mark.since.toISOString().slice(0, 10);
  for await (const charge of client.billing.iterateCharges(account, { startDate })) {
    if (!createdSince(charge.invoiced_at, mark.since)) continue;
    const item = charge.items.find((i) => i.product_type === productType && i.product_reference === domain);
    if (item) return charge.invoiced_at;
  }
  return undefined;
}

function renewalOutputs(order: DomainRenewal): State {
  return { renewalId: order.id, renewalState: order.state, period: order.period, domainId: order.domain_id };
}

/**
 * Renews a registered domain once (money is spent). Runs again when `triggers` changes.
 * The id is the renewal order's id.
 */
export const domainRenewalResource = oneShot({
  kind: "DomainRenewal",
  inputs: {
    domain: domainName(),
    /** Years; the TLD's default when left out. */
    years: z.number().int().min(1, "must be 1 to 10 years").max(10, "must be 1 to 10 years").optional(),
    premiumPrice: premiumPrice(),
  },
  normalize: { domain: (v) => canonicalDomainName(String(v)) },
  describe: (inputs) => `the renewal of ${name(inputs)}`,
  spendsMoney: true,

  async run({ client, account }, inputs) {
    const order = await client.registrar.renew(account, name(inputs), {
      ...(inputs.years !== undefined ? { period: Number(inputs.years) } : {}),
      ...(inputs.premiumPrice !== undefined ? { premium_price: String(inputs.premiumPrice) } : {}),
    });
    // Years left out: the TLD's default, which the order states.
    return { id: String(order.id), outs: { ...renewalOutputs(order), years: inputs.years ?? order.period } };
  },

  async refresh({ client, account }, id, state) {
    if (!/^\d+$/.test(id)) return undefined;
    const order = await orUndefinedWhenGone(client.registrar.getRenewal(account, name(state), Number(id)));
    return order ? renewalOutputs(order) : undefined;
  },

  async proveDone(ctx, inputs, mark) {
    const at = await chargedSince(ctx, "domain-renewal", name(inputs), mark);
    return at ? { id: `${name(inputs)}@${at}`, outs: { renewalState: "renewed" } } : undefined;
  },
});

function restoreOutputs(order: DomainRestore): State {
  return { restoreId: order.id, restoreState: order.state, domainId: order.domain_id };
}

/** Restores an expired domain whose registration lapsed, once (money is spent). */
export const domainRestoreResource = oneShot({
  kind: "DomainRestore",
  inputs: { domain: domainName(), premiumPrice: premiumPrice() },
  normalize: { domain: (v) => canonicalDomainName(String(v)) },
  describe: (inputs) => `the restore of ${name(inputs)}`,
  spendsMoney: true,

  async run({ client, account }, inputs) {
    const order = await client.registrar.restore(
      account,
      name(inputs),
      inputs.premiumPrice !== undefined ? { premium_price: String(inputs.premiumPrice) } : {},
    );
    return { id: String(order.id), outs: restoreOutputs(order) };
  },

  async refresh({ client, account }, id, state) {
    if (!/^\d+$/.test(id)) return undefined;
    const order = await orUndefinedWhenGone(client.registrar.getRestore(account, name(state), Number(id)));
    return order ? restoreOutputs(order) : undefined;
  },

  async proveDone(ctx, inputs, mark) {
    const at = await chargedSince(ctx, "domain-restore", name(inputs), mark);
    return at ? { id: `${name(inputs)}@${at}`, outs: { restoreState: "restored" } } : undefined;
  },
});

/**
 * Unlocks a registered domain and has the service send its authorization code to the
 * administrative contact. The code never passes through Pulumi. Sending it twice is harmless.
 */
export const domainTransferOutAuthorizationResource = oneShot({
  kind: "DomainTransferOutAuthorization",
  inputs: { domain: domainRef() },
  normalize: { domain: canonicalDomainRef },
  describe: (inputs) => `the transfer-out authorization of ${canonicalDomainRef(inputs.domain)}`,
  spendsMoney: false,

  async run({ client, account }, inputs, mark) {
    const domain = canonicalDomainRef(inputs.domain);
    await client.registrar.authorizeTransferOut(account, domain);
    const authorizedAt = mark.since.toISOString();
    return { id: `${domain}@${authorizedAt}`, outs: { authorizedAt } };
  },
});

function certificateRenewalOutputs(renewal: {
  id: number;
  old_certificate_id: number;
  new_certificate_id: number;
  state: string;
}): State {
  return {
    renewalId: renewal.id,
    renewalState: renewal.state,
    oldCertificateId: renewal.old_certificate_id,
    newCertificateId: renewal.new_certificate_id,
  };
}

/**
 * Orders the renewal of a Let's Encrypt certificate and asks for its issue, once. The new
 * certificate's id is `newCertificateId` (its PEMs: `getCertificateBundle`).
 */
export const letsEncryptCertificateRenewalResource = oneShot({
  kind: "LetsEncryptCertificateRenewal",
  inputs: {
    domain: domainRef(),
    certificateId: numericId("certificateId"),
    autoRenew: z.boolean().optional(),
    signatureAlgorithm: z.enum(["ECDSA", "RSA"]).optional(),
  },
  normalize: { domain: canonicalDomainRef, certificateId: String },
  describe: (inputs) =>
    `the renewal of certificate ${String(inputs.certificateId)} of ${canonicalDomainRef(inputs.domain)}`,
  spendsMoney: true,

  async run({ client, account }, inputs) {
    const domain = canonicalDomainRef(inputs.domain);
    const certificateId = Number(inputs.certificateId);
    const renewal = await client.certificates.purchaseLetsencryptRenewal(account, domain, certificateId, {
      ...(inputs.autoRenew !== undefined ? { auto_renew: inputs.autoRenew === true } : {}),
      ...(inputs.signatureAlgorithm !== undefined
        ? { signature_algorithm: inputs.signatureAlgorithm as "ECDSA" | "RSA" }
        : {}),
    });
    const issued = await client.certificates.issueLetsencryptRenewal(
      account,
      domain,
      certificateId,
      renewal.id,
    );
    return {
      id: String(renewal.id),
      outs: { ...certificateRenewalOutputs(renewal), newCertificateState: issued.state },
    };
  },

  async refresh({ client, account }, _id, state) {
    const id = state.newCertificateId;
    if (id === undefined || id === null) return undefined;
    const cert = await orUndefinedWhenGone(
      client.certificates.get(account, canonicalDomainRef(state.domain), Number(id)),
    );
    return cert ? { newCertificateState: cert.state } : undefined;
  },
});

/**
 * Swaps an OAuth authorization code for an access token, once (codes are single-use). The token
 * is a secret output; the SDK marks it so.
 */
export const oauthAccessTokenResource = oneShot({
  kind: "OAuthAccessToken",
  inputs: {
    clientId: nonEmptyString("clientId"),
    clientSecret: nonEmptyString("clientSecret"),
    code: nonEmptyString("code"),
    redirectUri: z.string(),
    state: z.string(),
  },
  describe: () => "the authorization-code exchange",
  spendsMoney: false,

  async run({ client }, inputs, mark): Promise<Created> {
    const token = await client.oauth.exchangeToken({
      client_id: String(inputs.clientId),
      client_secret: String(inputs.clientSecret),
      code: String(inputs.code),
      redirect_uri: String(inputs.redirectUri),
      state: String(inputs.state),
    });
    return {
      id: `${token.account_id}@${mark.since.toISOString()}`,
      outs: {
        accessToken: token.access_token,
        tokenType: token.token_type,
        scope: token.scope,
        tokenAccountId: token.account_id,
      },
    };
  },
});
