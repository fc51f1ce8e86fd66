/**
 * What the v1 kinds (LegacyDomain and the v1 one-shot actions, see `one-shot.ts`) share: the
 * domain they act on, and what programs see of a v1 domain or certificate. They need
 * `dnsimple:v1Email` and `dnsimple:v1Token` (sign-up excepted).
 *
 * Secrets: the domain token, the certificate's private key and the user's tokens never leave
 * here except `domainToken` and `apiToken`, which are secret outputs.
 */
import { z } from "zod";
import { ServiceId, V1DomainSchema, createdSince, type V1Certificate, type V1Domain } from "../client";
import { apiId, domainName, numericId } from "../framework/fields";
import { serviceFields } from "../framework/outputs-from";
import type { CreateMark, ResourceContext } from "../framework/definition";
import type { OutputsOf } from "../framework/kind";
import { orUndefinedWhenGone } from "../framework/lookup";
import { v1Of } from "./legacy-v1";
import { canonicalDomainName, canonicalDomainRef } from "../dns/domain-names";

/** The domain an action acts on, by name. */
export const domainOf = (inputs: { readonly domain: string }) => canonicalDomainName(inputs.domain);
/** The domain an action acts on, by name or id. */
export const domainRefOf = (inputs: { readonly domain: string | number }) =>
  canonicalDomainRef(inputs.domain);

/** When the action started (ISO 8601): the time in ids and outputs of actions the service keeps no record of. */
export const startedAt = (mark: CreateMark) => mark.since.toISOString();

/**
 * What a v1 domain order (a registration or a transfer) takes: its domain (`domainDoc` says what
 * is done to it), its registrant and the TLD's attributes.
 */
export const v1OrderInputs = (domainDoc: string) => ({
  domain: domainName().describe(domainDoc),
  registrantId: numericId("registrantId").describe("A contact id of the v1 user: the domain's registrant."),
  extendedAttributes: z
    .record(z.string(), z.string(), { message: "must map attribute names to string values" })
    .optional()
    .describe("TLD-specific attributes the registry requires."),
});

/** The body of a v1 domain order: the domain, its registrant and the TLD's attributes when given. */
export function v1OrderBody(inputs: {
  readonly domain: string;
  readonly registrantId: string;
  readonly extendedAttributes?: Readonly<Record<string, string>> | undefined;
}) {
  return {
    name: domainOf(inputs),
    registrant_id: apiId(inputs.registrantId),
    ...(inputs.extendedAttributes ? { extended_attribute: inputs.extendedAttributes } : {}),
  };
}

export const domainOutputShape = serviceFields(V1DomainSchema, {
  domainId: ServiceId.describe("The v1 domain's id."),
  domainState: z.string().describe("The domain's v1 state: `hosted`, `registered`, …"),
  expiresOn: "When the registration expires (a date); null when not registered.",
  unicodeName: "The domain name in Unicode.",
});

/** What programs see of a v1 domain: never its token. */
export function domainOutputs(d: V1Domain): OutputsOf<typeof domainOutputShape> {
  return { domainId: d.id, domainState: d.state, expiresOn: d.expires_on, unicodeName: d.unicode_name };
}

export const certificateOutputShape = {
  certificateId: ServiceId.describe("The v1 certificate's id."),
  certificateState: z.string().describe("`purchased`, `configured`, `submitted`, `issued`."),
  approverEmails: z.array(z.string()).describe("Candidate approver e-mails (after configuration)."),
  expiresOn: z.string().nullable().describe("When the certificate expires; null until it is issued."),
};

/** What programs see of a v1 certificate: never its private key. */
export function certificateOutputs(c: V1Certificate): OutputsOf<typeof certificateOutputShape> {
  return {
    certificateId: c.id,
    certificateState: c.state,
    approverEmails: c.approver_emails ?? [],
    expiresOn: c.expires_on,
  };
}

/** A v1 domain changed since `since` into one of `states`: proof an order of it went through. */
export async function domainMovedSince(
  ctx: ResourceContext,
  domain: string,
  states: ReadonlyArray<string>,
  since: Date,
): Promise<V1Domain | undefined> {
  const d = await orUndefinedWhenGone(v1Of(ctx).getDomain(domain));
  return d && states.includes(d.state) && createdSince(d.updated_at, since) ? d : undefined;
}
