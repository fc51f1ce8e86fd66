/**
 * LetsEncryptCertificate: order (purchase) with the order options, issue, wait until `issued`,
 * then read the PEM certificate, chain, root and private key. Waiting is bounded like the
 * registrar orders: on timeout the certificate stays in state and the next `up` resumes waiting.
 */
import { z } from "zod";
import type { Certificate } from "../client";
import type { ResourceContext, ResourceDefinition, State } from "./framework/define-resource";
import { domainRef } from "./framework/fields";
import { PartialCreateError } from "./framework/partial";
import { canonicalDomainRef } from "./names";
import { waitWithProgress } from "./framework/progress";
import { WAITING_LOCAL, WAITING_MARKERS, waitingInputs, waitingOf, waitingWithProgress } from "./registrar";
import { orUndefinedWhenGone } from "./framework/lookup";

const LABEL = /^(?:\*|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)$/;

function certificateOutputs(cert: Certificate): State {
  return {
    certificateId: cert.id,
    commonName: cert.common_name,
    certificateState: cert.state,
    expiresAt: cert.expires_at ?? null,
    authorityIdentifier: cert.authority_identifier,
    alternateNames: cert.alternate_names ?? [],
  };
}

/** Waits until issued; returns the PEM outputs, or the partial outputs on timeout. */
async function awaitIssued(
  { client, account }: ResourceContext,
  domain: string,
  certificateId: number,
  inputs: State,
): Promise<{ finished: boolean; outs: State; state: string }> {
  const host = inputs.name ? `${String(inputs.name)}.${domain}` : domain;
  const { value, finished } = await waitWithProgress(
    () => client.certificates.get(account, domain, certificateId),
    (c) => c.state !== "requesting" && c.state !== "new" && c.state !== "purchased",
    waitingWithProgress<Certificate>(inputs, {
      subject: `LetsEncryptCertificate ${host}`,
      what: `certificate ${certificateId}`,
      goal: "to be issued",
      stateOf: (c) => c.state,
    }),
  );
  if (!finished)
    return {
      finished,
      outs: { ...certificateOutputs(value), pendingOrderId: certificateId },
      state: value.state,
    };
  if (value.state !== "issued")
    throw new Error(`The certificate ${value.common_name} ended as ${value.state}`);
  const bundle = await client.certificates.download(account, domain, certificateId);
  const key = await client.certificates.privateKey(account, domain, certificateId);
  return {
    finished,
    state: value.state,
    outs: {
      ...certificateOutputs(value),
      // Set while the order waits (above); null once the certificate is settled. A read leaves
      // it as it is, so the next `up` resumes waiting.
      pendingOrderId: null,
      certificate: bundle.server,
      chain: bundle.chain,
      root: bundle.root,
      privateKey: key.private_key,
    },
  };
}

function timeoutMessage(domain: string, state: string, inputs: State): string {
  return (
    `The certificate for ${domain} is still ${state} after ${waitingOf(inputs).timeoutMs / 1000} s. It stays in ` +
    `the stack; run \`pulumi up\` again to keep waiting (it will not order again), or raise timeoutSeconds.`
  );
}

/**
 * A Let's Encrypt certificate for a name in a domain. The order options cannot change once
 * ordered (the API has no update), so changing them orders a new certificate (replacement).
 * The service has no certificate delete: destroy only removes it from the stack.
 */
export const letsEncryptCertificateResource: ResourceDefinition = {
  kind: "LetsEncryptCertificate",
  inputs: {
    domain: domainRef(),
    name: z
      .string()
      .transform((v) => v.toLowerCase())
      .refine((v) => v === "" || LABEL.test(v), {
        message: 'must be a host label such as "www", "*" or "" (the apex)',
      })
      .default("www"),
    alternateNames: z.array(z.string().min(1)).optional(),
    signatureAlgorithm: z
      .string()
      .transform((v) => v.toUpperCase())
      .pipe(z.enum(["ECDSA", "RSA"], { message: "must be ECDSA or RSA" }))
      .default("ECDSA"),
    autoRenew: z.boolean().default(false),
    ...waitingInputs,
  },
  replaceOnChange: ["domain", "name", "alternateNames", "signatureAlgorithm", "autoRenew"],
  markers: WAITING_MARKERS,
  localOnly: [...WAITING_LOCAL],
  normalize: {
    domain: canonicalDomainRef,
    name: (v) => String(v).toLowerCase(),
    alternateNames: (v) => (Array.isArray(v) ? v.map((x) => String(x).toLowerCase()).sort() : v),
    signatureAlgorithm: (v) => String(v).toUpperCase(),
  },

  async create(ctx, inputs) {
    const { client, account } = ctx;
    const domain = canonicalDomainRef(inputs.domain);
    const order = await client.certificates.purchaseLetsencrypt(account, domain, {
      auto_renew: inputs.autoRenew === true,
      name: String(inputs.name ?? "www"),
      ...(inputs.alternateNames ? { alternate_names: inputs.alternateNames as string[] } : {}),
      signature_algorithm: String(inputs.signatureAlgorithm ?? "ECDSA") as "ECDSA" | "RSA",
    });
    const issued = await client.certificates.issueLetsencrypt(account, domain, order.id);
    const result = await awaitIssued(ctx, domain, issued.id, inputs);
    const id = String(issued.id);
    const outs = { ...result.outs, purchaseId: order.id };
    if (!result.finished) {
      throw new PartialCreateError(timeoutMessage(domain, result.state, inputs), {
        id,
        outs: { ...outs },
      });
    }
    return { id, outs };
  },

  async read({ client, account }, id, state) {
    const domain = canonicalDomainRef(state.domain);
    const cert = await orUndefinedWhenGone(client.certificates.get(account, domain, Number(id)));
    if (!cert) return undefined;
    // An issued certificate never changes: keep the PEMs already in state.
    return certificateOutputs(cert);
  },

  async update(ctx, id, olds, news) {
    const domain = canonicalDomainRef(olds.domain);
    if (olds.pendingOrderId === undefined || olds.pendingOrderId === null) return {};
    const result = await awaitIssued(ctx, domain, Number(id), news);
    // A plain error keeps the old state (still pending), so the next `up` tries again.
    if (!result.finished) throw new Error(timeoutMessage(domain, result.state, news));
    return result.outs;
  },

  async delete() {
    // The service has no way to delete (or revoke) a certificate through the API.
  },
};
