/**
 * Every function of the SDK, each by its one definition (define.ts says what one is). Results
 * are camelCase; secrets (v1 domain tokens, private keys) are never included, except the one
 * function that answers a secret as one (`getCertificatePrivateKey`). Add a function here and
 * `npm run generate` writes its wrapper, its invoke, its schema entry and its reference line.
 */
import { z } from "zod";
import {
  AccountSchema,
  CertificateBundleSchema,
  CertificateSchema,
  ChargeItemSchema,
  ChargeSchema,
  DomainCheckSchema,
  DomainPremiumPriceSchema,
  DomainPricesSchema,
  DomainResearchSchema,
  ExtendedAttributeSchema,
  PushSchema,
  RegistrantChangeCheckSchema,
  ServiceId,
  UserSchema,
  V1CertificateSchema,
  V1DomainCheckSchema,
  V1DomainSchema,
  V1ServiceSchema,
  V1SubscriptionSchema,
  ZoneSchema,
} from "../client";
import {
  defineFunction,
  fieldReads,
  fieldsOf,
  type FunctionDefinition,
  type KindOfFunction,
  kindReads,
} from "./define";

/** A domain by name or by the service's id. */
const DomainRef = z.union([z.string(), ServiceId]);
/** An id the service gave an object. */
const Id = ServiceId;

/** The kind's definition, loaded on first use (a call loads only the kinds it reads). */
const kind = (module: string, name: string) => (): KindOfFunction =>
  (require(`../kinds/${module}`) as Record<string, KindOfFunction>)[name]!;

const ACCOUNT = fieldsOf(
  AccountSchema,
  ["id", "email", "name", "plan_identifier", "created_at", "updated_at"],
  { typeName: "AccountInfo", doc: "An account.", missing: "absent" },
);
const USER = fieldsOf(UserSchema, ["id", "email", "created_at", "updated_at"], {
  typeName: "UserInfo",
  doc: "A user.",
});
const CHECK = fieldsOf(DomainCheckSchema, ["domain", "available", "premium"], {
  typeName: "CheckDomainResult",
  doc: "Availability of a name.",
});
const PRICES = fieldsOf(
  DomainPricesSchema,
  ["domain", "premium", "registration_price", "renewal_price", "transfer_price", "restore_price"],
  { typeName: "DomainPricesResult", doc: "Prices of a name, in the account's currency.", missing: "absent" },
);
const PREMIUM_PRICE = fieldsOf(DomainPremiumPriceSchema, ["premium_price", "action"], {
  typeName: "PremiumPriceResult",
  doc: "The premium price of a name for one action.",
});
const RESEARCH = fieldsOf(DomainResearchSchema, ["request_id", "domain", "availability", "errors"], {
  typeName: "ResearchStatusResult",
  doc: "Domain research: availability (`available`, `unavailable` or `unknown`) as the research service sees it.",
});
const BUNDLE = fieldsOf(CertificateBundleSchema, ["server", "chain", "root"], {
  typeName: "CertificateBundleResult",
  doc: "An issued certificate's PEM bundle: server certificate, intermediate chain, root (null when not given).",
});
const CHARGE_ITEM = fieldsOf(
  ChargeItemSchema,
  ["description", "amount", "product_id", "product_type", "product_reference"],
  { typeName: "ChargeItem", doc: "One line of a charge." },
);
const CHARGE = fieldsOf(
  ChargeSchema,
  ["invoiced_at", "total_amount", "balance_amount", "reference", "state"],
  {
    typeName: "ChargeResult",
    schemaName: "ChargeResult",
    doc: 'A charge; amounts are decimal strings such as `"14.50"`.',
    extra: { items: z.array(CHARGE_ITEM.schema) },
  },
);
const PUSH = fieldsOf(
  PushSchema,
  ["id", "domain_id", "contact_id", "account_id", "created_at", "updated_at", "accepted_at"],
  {
    typeName: "PushInfo",
    doc: "A push waiting for this account's answer (`accountId` is the target account: this one).",
  },
);
const CERTIFICATE = fieldsOf(
  CertificateSchema,
  [
    "id",
    "domain_id",
    "contact_id",
    "name",
    "common_name",
    "years",
    "csr",
    "state",
    "auto_renew",
    "alternate_names",
    "authority_identifier",
    "created_at",
    "updated_at",
    "expires_at",
  ],
  {
    typeName: "CertificateInfo",
    doc: "A certificate (never its private key; `csr` is the public signing request).",
  },
);
const LEGACY_DOMAIN = fieldsOf(
  V1DomainSchema,
  [
    "id",
    "user_id",
    "registrant_id",
    "name",
    "unicode_name",
    "state",
    "lockable",
    "auto_renew",
    "whois_protected",
    "record_count",
    "service_count",
    "expires_on",
    "created_at",
    "updated_at",
  ],
  { typeName: "LegacyDomainInfo", doc: "A v1 domain (never its token)." },
);
const LEGACY_CHECK = fieldsOf(
  V1DomainCheckSchema.extend({ available: z.boolean() }),
  ["name", "available", "status", "price", "currency", "minimum_number_of_years"],
  {
    typeName: "LegacyCheckDomainResult",
    doc: "Availability of a name through API v1 (`status`: `available` or `unavailable`).",
  },
);
const LEGACY_SERVICE = fieldsOf(
  V1ServiceSchema,
  ["id", "name", "short_name", "description", "created_at", "updated_at"],
  { typeName: "LegacyServiceInfo", doc: "A v1 one-click service." },
);
const LEGACY_CERTIFICATE = fieldsOf(
  V1CertificateSchema,
  [
    "id",
    "domain_id",
    "contact_id",
    "name",
    "state",
    "csr",
    "ssl_certificate",
    "approver_email",
    "approver_emails",
    "expires_on",
    "created_at",
    "updated_at",
  ],
  {
    typeName: "LegacyCertificateInfo",
    doc: "A v1 certificate (never its private key; `sslCertificate` null until issued).",
  },
);
const SUBSCRIPTION = fieldsOf(
  V1SubscriptionSchema,
  ["id", "plan_name", "state", "domain_limit", "created_at", "updated_at"],
  { typeName: "LegacySubscriptionInfo", doc: "The v1 subscription." },
);
const ZONE = fieldsOf(
  ZoneSchema,
  [
    "id",
    "account_id",
    "name",
    "reverse",
    "secondary",
    "active",
    "last_transferred_at",
    "created_at",
    "updated_at",
  ],
  { typeName: "ZoneInfo", doc: "A DNS zone of the account (`active` null when the service does not say)." },
);
const OPTION = fieldsOf(
  z.object({ ...(ExtendedAttributeSchema.shape.options.unwrap().element as z.ZodObject).shape }),
  ["title", "value", "description"],
  {},
);
const ATTRIBUTE = fieldsOf(ExtendedAttributeSchema, ["name", "title", "description", "required"], {
  extra: { options: z.array(OPTION.schema) },
});
const CHANGE_CHECK = fieldsOf(
  RegistrantChangeCheckSchema,
  ["domain_id", "contact_id", "registry_owner_change"],
  {
    typeName: "RegistrantChangeCheckResult",
    schemaName: "RegistrantChangeCheckResult",
    doc:
      "What a registrant change needs: whether the registry sees a change of owner (transfers may then lock for 60 days), " +
      "the TLD's extended attributes.",
    extra: { extendedAttributes: z.array(ATTRIBUTE.schema) },
  },
);

export const FUNCTION_DEFINITIONS: ReadonlyArray<FunctionDefinition> = [
  defineFunction({
    name: "whoami",
    doc: "Who the configured token belongs to.",
    example: "const me = await dnsimple.whoami();\nexport const accountEmail = me.account?.email;",
    uses: "client",
    result: () =>
      z
        .object({ account: ACCOUNT.schema.nullable(), user: USER.schema.nullable() })
        .meta({ typeName: "WhoamiResult", schemaName: "WhoamiResult" })
        .describe("Who the credentials belong to: an account token yields `account`, a user token `user`."),
    async run({ api }) {
      const identity = await api.identity.whoami();
      return {
        account: identity.account ? ACCOUNT.of(identity.account) : null,
        user: identity.user ? USER.of(identity.user) : null,
      };
    },
  }),
  defineFunction({
    name: "listAccounts",
    doc: "The accounts the configured token can use.",
    example:
      "const accounts = await dnsimple.listAccounts();\nexport const accountIds = accounts.map((a) => a.id);",
    uses: "client",
    result: () => z.array(ACCOUNT.schema),
    run: async ({ api }) => (await api.accounts.list()).map(ACCOUNT.of),
  }),
  defineFunction({
    name: "checkDomain",
    doc: "Whether a name can be registered, and whether it is premium.",
    example: 'const { available, premium } = await dnsimple.checkDomain("example.com");',
    uses: "account",
    params: { domain: z.string() },
    result: () => CHECK.schema,
    run: async ({ api, account }, { domain }) => CHECK.of(await api.registrar.check(account, domain)),
  }),
  defineFunction({
    name: "getPrices",
    doc: "Registration, renewal, transfer and restore prices of a name (premium names included).",
    example: [
      'const prices = await dnsimple.getPrices("example.io");',
      'new dnsimple.DomainRegistration("io", {',
      '  domain: "example.io", registrantId: 42,',
      "  ...(prices.premium ? { premiumPrice: prices.registrationPrice.toFixed(2) } : {}),",
      "});",
    ].join("\n"),
    uses: "account",
    params: { domain: z.string() },
    result: () => PRICES.schema,
    run: async ({ api, account }, { domain }) => PRICES.of(await api.registrar.prices(account, domain)),
  }),
  defineFunction({
    name: "getPremiumPrice",
    doc: "The premium price of a name for one action.",
    deprecated:
      "The service deprecated this operation; use {@link getPrices}, which covers every action and ordinary names too.",
    example: 'const { premiumPrice } = await dnsimple.getPremiumPrice("cool.io", "registration");',
    uses: "account",
    params: {
      domain: z.string(),
      action: z.enum(["registration", "renewal", "transfer"]).default("registration"),
    },
    result: () => PREMIUM_PRICE.schema,
    run: async ({ api, account }, { domain, action }) =>
      PREMIUM_PRICE.of(await api.registrar.premiumPrice(account, domain, action)),
  }),
  defineFunction({
    name: "getResearchStatus",
    doc: "Domain research: the research service's view of a name's availability.",
    example:
      'const status = await dnsimple.getResearchStatus("example.com");\nexport const availability = status.availability;',
    uses: "account",
    params: { domain: z.string() },
    result: () => RESEARCH.schema,
    run: async ({ api, account }, { domain }) => RESEARCH.of(await api.research.status(account, domain)),
  }),
  defineFunction({
    name: "getCertificateBundle",
    doc:
      "The PEM bundle (server certificate, chain, root) of an issued certificate. The private key is not returned: " +
      "use the `privateKey` secret output of `LetsEncryptCertificate`.",
    example:
      'const bundle = await dnsimple.getCertificateBundle("example.com", 101967);\nexport const chain = bundle.chain;',
    uses: "account",
    params: { domain: DomainRef, certificateId: Id },
    result: () => BUNDLE.schema,
    run: async ({ api, account }, { domain, certificateId }) =>
      BUNDLE.of(await api.certificates.download(account, domain, certificateId)),
  }),
  defineFunction({
    name: "getCertificatePrivateKey",
    doc:
      "The private key of a certificate, as a Pulumi secret: it is stored encrypted wherever it goes (an export, " +
      "another resource's input) and never printed.",
    example: 'const key = dnsimple.getCertificatePrivateKey("example.com", 101967);',
    uses: "account",
    params: { domain: DomainRef, certificateId: Id },
    secret: true,
    result: () => z.string(),
    run: async ({ api, account }, { domain, certificateId }) =>
      (await api.certificates.privateKey(account, domain, certificateId)).private_key,
  }),
  defineFunction({
    name: "listCharges",
    doc: "Every charge of the account in a date window (all pages).",
    example: [
      'const charges = await dnsimple.listCharges({ startDate: "2024-01-01" });',
      "export const total = charges.reduce((sum, c) => sum + Number(c.totalAmount), 0);",
    ].join("\n"),
    uses: "account",
    options: {
      startDate: z
        .string()
        .optional()
        .describe("`YYYY-MM-DD`; the service's default window is the last year."),
      endDate: z.string().optional().describe("`YYYY-MM-DD`."),
    },
    optionsType: "ListChargesOptions",
    result: () => z.array(CHARGE.schema),
    async run({ api, account }, { startDate, endDate }) {
      const out: unknown[] = [];
      for await (const c of api.billing.iterateCharges(account, {
        ...(startDate !== undefined ? { startDate } : {}),
        ...(endDate !== undefined ? { endDate } : {}),
      })) {
        out.push({ ...CHARGE.of(c), items: c.items.map(CHARGE_ITEM.of) });
      }
      return out;
    },
  }),
  ...kindReads({
    kind: kind("domain", "domainResource"),
    uses: "account",
    list: {
      name: "listDomains",
      doc: "Every domain of the account (all pages), optionally filtered.",
      example: 'const expiring = (await dnsimple.listDomains()).filter((d) => d.state === "registered");',
      options: {
        nameLike: z.string().optional().describe("Only names containing this text."),
        registrantId: Id.optional().describe("Only domains of this registrant (contact id)."),
      },
      optionsType: "ListDomainsOptions",
      call: ({ api, account }, { nameLike, registrantId }) =>
        api.domains.iterate(account, {
          ...(nameLike !== undefined ? { nameLike } : {}),
          ...(registrantId !== undefined ? { registrantId } : {}),
        }),
    },
    get: {
      name: "getDomain",
      doc: "One domain, by name or id.",
      example: 'const { expiresAt } = await dnsimple.getDomain("example.com");',
      params: { domain: DomainRef },
      call: ({ api, account }, { domain }) => api.domains.get(account, domain),
    },
  }),
  ...kindReads({
    kind: kind("ds-record", "dsRecordResource"),
    uses: "account",
    list: {
      name: "listDsRecords",
      doc: "The DS records of a domain (all pages).",
      example: 'const ds = await dnsimple.listDsRecords("example.com");',
      params: { domain: DomainRef },
      call: ({ api, account }, { domain }) => api.dsRecords.iterate(account, domain),
    },
    get: {
      name: "getDsRecord",
      doc: "One DS record of a domain.",
      example: 'const record = await dnsimple.getDsRecord("example.com", 24);',
      params: { domain: DomainRef, id: Id },
      call: ({ api, account }, { domain, id }) => api.dsRecords.get(account, domain, id),
    },
  }),
  ...kindReads({
    kind: kind("email-forward", "emailForwardResource"),
    uses: "account",
    list: {
      name: "listEmailForwards",
      doc: "The email forwards of a domain (all pages).",
      example: 'const forwards = await dnsimple.listEmailForwards("example.com");',
      params: { domain: DomainRef },
      call: ({ api, account }, { domain }) => api.emailForwards.iterate(account, domain),
    },
    get: {
      name: "getEmailForward",
      doc: "One email forward of a domain.",
      example: 'const forward = await dnsimple.getEmailForward("example.com", 17702);',
      params: { domain: DomainRef, id: Id },
      call: ({ api, account }, { domain, id }) => api.emailForwards.get(account, domain, id),
    },
  }),
  ...fieldReads({
    fields: PUSH,
    uses: "account",
    list: {
      name: "listPushes",
      doc: "The pushes waiting for this account's answer (answer them with `DomainPushAnswer`).",
      example: "const pending = await dnsimple.listPushes({ account: 2 });",
      call: ({ api, account }) => api.pushes.iterate(account),
    },
  }),
  ...fieldReads({
    fields: CERTIFICATE,
    uses: "account",
    list: {
      name: "listCertificates",
      doc: "The certificates of a domain (all pages).",
      example:
        'const issued = (await dnsimple.listCertificates("example.com")).filter((c) => c.state === "issued");',
      params: { domain: DomainRef },
      call: ({ api, account }, { domain }) => api.certificates.iterate(account, domain),
    },
    get: {
      name: "getCertificate",
      doc: "One certificate of a domain.",
      example: 'const { state, expiresAt } = await dnsimple.getCertificate("example.com", 101967);',
      params: { domain: DomainRef, certificateId: Id },
      call: ({ api, account }, { domain, certificateId }) =>
        api.certificates.get(account, domain, certificateId),
    },
  }),
  ...kindReads({
    kind: kind("primary-server", "primaryServerResource"),
    uses: "account",
    list: {
      name: "listPrimaryServers",
      doc: "The primary servers of the account (all pages).",
      example: "const primaries = await dnsimple.listPrimaryServers();",
      call: ({ api, account }) => api.secondaryDns.iteratePrimaries(account),
    },
    get: {
      name: "getPrimaryServer",
      doc: "One primary server.",
      example: "const { linkedZones } = await dnsimple.getPrimaryServer(4);",
      params: { id: Id },
      call: ({ api, account }, { id }) => api.secondaryDns.getPrimary(account, id),
    },
  }),
  ...kindReads({
    kind: kind("webhook", "webhookResource"),
    uses: "account",
    list: {
      name: "listWebhooks",
      doc: "The webhooks of the account.",
      example: "const urls = (await dnsimple.listWebhooks()).map((w) => w.url);",
      call: ({ api, account }) => api.webhooks.list(account),
    },
    get: {
      name: "getWebhook",
      doc: "One webhook.",
      example: "const { suppressedAt } = await dnsimple.getWebhook(274);",
      params: { id: Id },
      call: ({ api, account }, { id }) => api.webhooks.get(account, id),
    },
  }),
  ...kindReads({
    kind: kind("platform-message", "platformMessageResource"),
    uses: "account",
    list: {
      name: "listPlatformMessages",
      doc: "The platform messages of the account (private beta).",
      example: "const messages = await dnsimple.listPlatformMessages();",
      call: ({ api, account }) => api.platform.messages.list(account),
    },
  }),
  ...kindReads({
    kind: kind("platform-metadata", "platformMetadataResource"),
    uses: "account",
    list: {
      name: "listPlatformMetadata",
      doc: "The metadata entries of a resource (`domain:<id>`, `record:<id>`, …; private beta).",
      example: "const tags = await dnsimple.listPlatformMetadata(`domain:${domain.domainId}`);",
      params: { resource: z.string() },
      call: ({ api, account }, { resource }) => api.platform.metadata.list(account, resource),
    },
  }),
  // --- Legacy API v1: needs `dnsimple:v1Email` and `dnsimple:v1Token` (or DNSIMPLE_V1_EMAIL/TOKEN) ---
  ...fieldReads({
    fields: LEGACY_DOMAIN,
    uses: "v1",
    list: {
      name: "listLegacyDomains",
      doc: "Every domain of the v1 user (legacy API v1).",
      example: "const names = (await dnsimple.listLegacyDomains()).map((d) => d.name);",
      call: ({ v1 }) => v1.listDomains(),
    },
    get: {
      name: "getLegacyDomain",
      doc: "One v1 domain by name or id (legacy API v1).",
      example: 'const { state } = await dnsimple.getLegacyDomain("example.com");',
      params: { domain: DomainRef },
      call: ({ v1 }, { domain }) => v1.getDomain(domain),
    },
  }),
  defineFunction({
    name: "checkLegacyDomain",
    doc: "Whether a name can be registered, with its price (legacy API v1; prefer {@link checkDomain}).",
    example: 'const { available, price } = await dnsimple.checkLegacyDomain("example.com");',
    uses: "v1",
    params: { name: z.string() },
    result: () => LEGACY_CHECK.schema,
    run: async ({ v1 }, { name }) => LEGACY_CHECK.of(await v1.checkDomain(name)),
  }),
  ...kindReads({
    kind: kind("template", "templateResource"),
    uses: "v1",
    list: {
      name: "listLegacyTemplates",
      doc: "The v1 DNS templates.",
      example: "const templates = await dnsimple.listLegacyTemplates();",
      call: ({ v1 }) => v1.listTemplates(),
    },
    get: {
      name: "getLegacyTemplate",
      doc: "One v1 DNS template, by id or short name.",
      example: 'const template = await dnsimple.getLegacyTemplate("google-apps");',
      params: { template: z.union([z.string(), Id]) },
      call: ({ v1 }, { template }) => v1.getTemplate(template),
    },
  }),
  ...fieldReads({
    fields: LEGACY_SERVICE,
    uses: "v1",
    list: {
      name: "listLegacyServices",
      doc: "The v1 one-click services.",
      example: "const services = await dnsimple.listLegacyServices();",
      call: ({ v1 }) => v1.listServices(),
    },
    get: {
      name: "getLegacyService",
      doc: "One v1 service by id.",
      example: "const service = await dnsimple.getLegacyService(1);",
      params: { id: Id },
      call: ({ v1 }, { id }) => v1.getService(id),
    },
  }),
  defineFunction({
    name: "getLegacyNameServers",
    doc: "The name servers a domain is delegated to (legacy API v1).",
    example: 'const ns = await dnsimple.getLegacyNameServers("example.com");',
    uses: "v1",
    params: { domain: DomainRef },
    result: () => z.array(z.string()),
    run: async ({ v1 }, { domain }) => v1.getNameServers(domain),
  }),
  ...fieldReads({
    fields: LEGACY_CERTIFICATE,
    uses: "v1",
    list: {
      name: "listLegacyCertificates",
      doc: "The v1 certificates of a domain (never their private keys).",
      example: 'const certs = await dnsimple.listLegacyCertificates("example.com");',
      params: { domain: DomainRef },
      call: ({ v1 }, { domain }) => v1.listCertificates(domain),
    },
    get: {
      name: "getLegacyCertificate",
      doc: "One v1 certificate (never its private key).",
      example: 'const { state } = await dnsimple.getLegacyCertificate("example.com", 4576);',
      params: { domain: DomainRef, certificateId: Id },
      call: ({ v1 }, { domain, certificateId }) => v1.getCertificate(domain, certificateId),
    },
  }),
  defineFunction({
    name: "getLegacySubscription",
    doc: "The v1 user's subscription, or null when there is none (the service answers 402).",
    example:
      "const subscription = await dnsimple.getLegacySubscription();\nexport const plan = subscription?.planName;",
    uses: "v1",
    result: () => SUBSCRIPTION.schema.nullable(),
    async run({ v1 }) {
      try {
        return SUBSCRIPTION.of(await v1.getSubscription());
      } catch (error) {
        if ((error as { status?: unknown }).status === 402) return null;
        throw error;
      }
    },
  }),
  defineFunction({
    name: "getZone",
    doc: "One zone, by name.",
    example: 'const { id, active } = await dnsimple.getZone("example.com");',
    uses: "account",
    params: { name: z.string() },
    result: () => ZONE.schema,
    run: async ({ api, account }, { name }) => ZONE.of(await api.zones.get(account, name)),
  }),
  defineFunction({
    name: "listZones",
    doc: "Every zone of the account (all pages), optionally only names containing `nameLike`.",
    example: "const secondaries = (await dnsimple.listZones()).filter((z) => z.secondary);",
    uses: "account",
    options: { nameLike: z.string().optional() },
    async run({ api, account }, { nameLike }) {
      const out: unknown[] = [];
      for await (const z of api.zones.iterate(account, nameLike !== undefined ? { nameLike } : {}))
        out.push(ZONE.of(z));
      return out;
    },
    result: () => z.array(ZONE.schema),
  }),
  defineFunction({
    name: "getRegistrantChangeCheck",
    doc:
      "What a registrant change of `domainId` (name or id) to contact `contactId` requires, before starting it " +
      "(with `DomainRegistration.registrantId`).",
    example: [
      'const check = await dnsimple.getRegistrantChangeCheck({ domainId: "example.com", contactId: 42 });',
      "export const needs = check.extendedAttributes.filter((a) => a.required).map((a) => a.name);",
    ].join("\n"),
    uses: "account",
    params: { args: { members: { domainId: DomainRef, contactId: z.union([z.string(), Id]) } } },
    result: () => CHANGE_CHECK.schema,
    async run({ api, account }, { domainId, contactId }) {
      const check = await api.registrar.checkRegistrantChange(account, {
        domain_id: domainId,
        contact_id: contactId,
      });
      return {
        ...CHANGE_CHECK.of(check),
        extendedAttributes: check.extended_attributes.map((a) => ({
          ...ATTRIBUTE.of(a),
          options: (a.options ?? []).map(OPTION.of),
        })),
      };
    },
  }),
];
