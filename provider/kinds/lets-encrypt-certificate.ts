/**
 * LetsEncryptCertificate: order (purchase) with the order options, issue, wait until `issued`,
 * then read the PEM certificate, chain, root and private key. Waiting is bounded like the
 * registrar orders: on timeout the certificate stays in state and the next `up` resumes waiting.
 */
import { z } from "zod";
import { findUnderDomains, idOnly, underDomain } from "../framework/imports";
import { X509Certificate } from "node:crypto";
import { outputsFrom, serviceFields, stampDocs } from "../framework/outputs-from";
import { ServiceId, CertificateSchema, type Certificate } from "../client";
import type { ResourceContext } from "../framework/definition";
import { domainRef } from "../framework/fields";
import { defineResource, numericIds, secret, type InputsOf, type OutputsOf } from "../framework/kind";
import { orUndefinedWhenGone } from "../framework/lookup";
import { PartialCreateError } from "../framework/partial";
import { waitWithProgress } from "../framework/progress";
import { canonicalDomainRef } from "../dns/domain-names";
import {
  WAITING_LOCAL,
  WAITING_MARKERS,
  waitingInputs,
  waitingOf,
  waitingWithProgress,
} from "../framework/waiting";
import { orders, str } from "../framework/review-text";

const LABEL = /^(?:\*|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)$/;

const inputs = {
  domain: domainRef().describe("The domain (name or id)."),
  name: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.string())
    .refine((v) => v === "" || LABEL.test(v), {
      message: 'must be a host label such as "www", "*" or "" (the apex)',
    })
    .default("www")
    .describe('The host label: `www` (default), `""` for the apex, `*` for a wildcard.'),
  alternateNames: z.array(z.string().min(1)).optional().describe("Further names the certificate covers."),
  signatureAlgorithm: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(["ECDSA", "RSA"], { message: "must be ECDSA or RSA" }))
    .default("ECDSA")
    .describe("`ECDSA` (default) or `RSA`."),
  autoRenew: z.boolean().default(false).describe("Let the service renew it before expiry (default false)."),
  ...waitingInputs,
};

const outputs = serviceFields(CertificateSchema, {
  alternateNames: "Further names the certificate covers.",
  certificateId: ServiceId.describe("The certificate's id."),
  purchaseId: ServiceId.optional().describe("The purchase order's id."),
  commonName: "The name the certificate is issued for.",
  certificateState: z.string().describe("`requesting`, `issued`, …"),
  expiresAt: "When the certificate expires; null when the service gives no date.",
  authorityIdentifier: "The certificate authority that issues it.",
  years: "How many years the certificate lasts.",
  csr: "The certificate signing request (PEM); null when the service made the key itself.",
  ...stampDocs("the certificate"),
  certificate: z.string().optional().describe("The server certificate (PEM)."),
  chain: z.array(z.string()).optional().describe("Intermediate certificates (PEM)."),
  root: z.string().nullable().optional().describe("The root certificate (PEM), when the service gives one."),
  privateKey: secret(z.string()).optional().describe("The private key (PEM)."),
  pendingOrderId: z
    .number()
    .nullable()
    .optional()
    .describe("Set while the order is still pending (the next `up` resumes waiting)."),
});

type Values = InputsOf<typeof inputs>;
type Outputs = OutputsOf<typeof outputs>;

const certificateOutputs = outputsFrom<Certificate>()(outputs, {
  certificateId: (cert) => cert.id,
  certificateState: (cert) => cert.state,
});

/** Waits until issued; returns the PEM outputs, or the partial outputs on timeout. */
async function awaitIssued(
  { client, account }: ResourceContext,
  domain: string,
  certificateId: number,
  inputs: Values,
): Promise<{ finished: boolean; outs: Outputs; state: string }> {
  const host = inputs.name ? `${inputs.name}.${domain}` : domain;
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

function timeoutMessage(domain: string, state: string, inputs: Values): string {
  return (
    `The certificate for ${domain} is still ${state} after ${waitingOf(inputs).timeoutMs / 1000} s. It stays in ` +
    `the stack; run \`pulumi up\` again to keep waiting (it will not order again), or raise timeoutSeconds.`
  );
}

/**
 * The signature algorithm of a certificate, from its public key (`ECDSA` or `RSA`); undefined when
 * the PEM cannot be read (the declaration then gives the default).
 */
function signatureAlgorithmOf(pem: string): "ECDSA" | "RSA" | undefined {
  try {
    const type = new X509Certificate(pem).publicKey.asymmetricKeyType;
    return type === "ec" ? "ECDSA" : type === "rsa" ? "RSA" : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A Let's Encrypt certificate for a name in a domain. The order options cannot change once
 * ordered (the API has no update), so changing them orders a new certificate (replacement).
 * The service has no certificate delete: destroy only removes it from the stack.
 */
export const letsEncryptCertificateResource = defineResource({
  kind: "LetsEncryptCertificate",
  docs: {
    summary: [
      "A Let's Encrypt certificate: ordered, issued, and waited for until `issued`. Outputs the PEM",
      "certificate, chain and root; the private key is a secret output. The service cannot delete",
      "certificates, so destroy only removes it from the stack. Every order option replaces on change.",
    ].join("\n"),
    example: [
      'const cert = new dnsimple.LetsEncryptCertificate("www", { domain: "example.com", name: "www", autoRenew: true });',
      "export const pem = cert.certificate;",
      "export const key = cert.privateKey; // secret",
    ].join("\n"),
  },
  examples: {
    valid: {
      domain: "example.com",
      name: "www",
      alternateNames: ["a.example.com", "b.example.com"],
      signatureAlgorithm: "ECDSA",
      autoRenew: false,
    },
    replaces: {
      domain: "other.com",
      name: "api",
      alternateNames: ["a.example.com"],
      signatureAlgorithm: "RSA",
      autoRenew: true,
    },
    inPlace: { timeoutSeconds: 60 },
    same: [
      {
        domain: "EXAMPLE.com",
        name: "WWW",
        alternateNames: ["B.example.com", "a.example.com"],
        signatureAlgorithm: "ecdsa",
      },
    ],
    invalid: [
      ["adopt", "adopt on a kind that cannot adopt", { adopt: true }],
      ["signatureAlgorithm", "unknown algorithm", { signatureAlgorithm: "DSA" }],
      ["name", "dotted host label", { name: "a.b c" }],
    ],
  },
  review: {
    risks: { buys: (ch) => (orders(ch) ? ["certificate"] : []) },
    section: "certificates",
    noun: ["certificate", "certificates"],
    verbs: { create: "ordered", replace: "reissued" },
    zone: "domain",
    label: (p) => (str(p.name) === "" ? str(p.domain) : `${str(p.name)}.${str(p.domain)}`),
    fields: [
      "name",
      "alternateNames",
      "signatureAlgorithm",
      "autoRenew",
      "timeoutSeconds",
      "pollIntervalSeconds",
    ],
    hidden: ["privateKey"],
  },

  inputs,
  outputs,
  ids: numericIds,
  imports: {
    forms: [...underDomain("domain", "certificateId", "example.com_1234"), idOnly("certificateId", "1234")],
    async locate({ client, account }, { domain, id = 0 }) {
      if (domain !== undefined) return { id, state: { domain } };
      const found = await findUnderDomains(client.domains.iterate(account), (name) =>
        client.certificates.get(account, name, id),
      );
      return found && { id: found.found.id, state: { domain: found.domain } };
    },
    async declared({ client, account }, { id, state }) {
      const domain = canonicalDomainRef(state.domain);
      const cert = await client.certificates.get(account, domain, id);
      const bundle =
        cert.state === "issued" ? await client.certificates.download(account, domain, id) : undefined;
      const key = bundle ? await client.certificates.privateKey(account, domain, id) : undefined;
      const algorithm = bundle ? signatureAlgorithmOf(bundle.server) : undefined;
      return {
        inputs: {
          domain,
          name: cert.name,
          ...(cert.alternate_names.length > 0 ? { alternateNames: cert.alternate_names } : {}),
          ...(algorithm ? { signatureAlgorithm: algorithm } : {}),
          autoRenew: cert.auto_renew,
        },
        // What a create keeps: the PEMs and the key (the service never changes them).
        outs: bundle
          ? {
              certificate: bundle.server,
              chain: bundle.chain,
              root: bundle.root,
              privateKey: key?.private_key,
            }
          : {},
      };
    },
  },
  replaceOnChange: ["domain", "name", "alternateNames", "signatureAlgorithm", "autoRenew"],
  markers: WAITING_MARKERS,
  providerOwned: WAITING_MARKERS,
  localOnly: [...WAITING_LOCAL],
  normalize: {
    name: (v) => v.toLowerCase(),
    alternateNames: (v) => v.map((x) => x.toLowerCase()).sort(),
    signatureAlgorithm: (v) => v.toUpperCase(),
  },

  async create(ctx, values) {
    const { client, account } = ctx;
    const domain = canonicalDomainRef(values.domain);
    const order = await client.certificates.purchaseLetsencrypt(account, domain, {
      auto_renew: values.autoRenew === true,
      name: values.name,
      ...(values.alternateNames ? { alternate_names: values.alternateNames } : {}),
      signature_algorithm: values.signatureAlgorithm,
    });
    const issued = await client.certificates.issueLetsencrypt(account, domain, order.id);
    const result = await awaitIssued(ctx, domain, issued.id, values);
    const outs = { ...result.outs, purchaseId: order.id };
    if (!result.finished) {
      throw new PartialCreateError(timeoutMessage(domain, result.state, values), {
        id: `${issued.id}`,
        outs: { ...outs },
      });
    }
    return { id: issued.id, outs };
  },

  async read({ client, account }, id, state) {
    const domain = canonicalDomainRef(state.domain);
    const cert = await orUndefinedWhenGone(client.certificates.get(account, domain, id));
    if (!cert) return undefined;
    // An issued certificate never changes: keep the PEMs already in state.
    return certificateOutputs(cert);
  },

  async update(ctx, id, olds, news) {
    const domain = canonicalDomainRef(olds.domain);
    if (olds.pendingOrderId === undefined || olds.pendingOrderId === null) return {};
    const result = await awaitIssued(ctx, domain, id, news);
    // A plain error keeps the old state (still pending), so the next `up` tries again.
    if (!result.finished) throw new Error(timeoutMessage(domain, result.state, news));
    return result.outs;
  },

  async delete() {
    // The service has no way to delete (or revoke) a certificate through the API.
  },
});
