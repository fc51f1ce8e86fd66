/**
 * The bridged provider's names (`@pulumi/dnsimple`, `pulumi_dnsimple`, the Go and YAML SDKs of
 * pulumi/pulumi-dnsimple), declared once as data: each bridged resource and function, the kind or
 * function of ours that does its work, and how its inputs and outputs map to ours. Everything
 * else comes from this table:
 *
 * - TypeScript's `pulumi-dnsimple-dynamic/compat` classes rename their arguments and add their
 *   outputs by it (sdk/nodejs/compat/resources.ts);
 * - the package schema's `compat` module (`dnsimple-dynamic:compat:ZoneRecord`, …) is our kinds'
 *   resources renamed by it (scripts/sdk-generator/compat.ts), so the Python SDK has
 *   `pulumi_dnsimple_dynamic.compat` and the Go SDK a `compat` package;
 * - the plugin serves those tokens through our kinds' lifecycles, translating by it both ways
 *   (provider/compat/lifecycle.ts).
 *
 * A property a bridged resource shares with ours under the same name is not listed: it passes
 * through. Pure data and a few small functions; it imports nothing.
 */

/** A property's type, in the package schema's words (a subset of `PulumiType`). */
export type CompatType =
  | { type: "string" | "integer" | "number" | "boolean" }
  | { type: "array"; items: CompatType }
  | { type: "object"; additionalProperties: CompatType }
  | { type: "object"; properties: Record<string, CompatType & { description?: string }>; name: string };

/** A bridged property that is one of ours under another name. */
export interface CompatRename {
  /** Our property's name. */
  readonly ours: string;
  /** What the bridged output is made of ours (`contactId` is a number, our `registrantId` a string). */
  readonly output?: "number" | "string";
}

/** A bridged input that is none of ours: kept in state as given, and what it does. */
export interface CompatExtra {
  readonly type: CompatType;
  readonly description: string;
  /** Its value when left out, as the bridged provider gives it. */
  readonly default?: unknown;
  /** Why a value is refused (no `undefined`: accepted). The failure names the bridged property. */
  readonly refuse?: (value: unknown) => string | undefined;
  /** The inputs of ours it sets. */
  readonly toOurs?: (value: unknown) => Record<string, unknown>;
  /** Through the plugin: a destroy fails while it is true (Domain.preventDelete). */
  readonly blocksDelete?: boolean;
  /** Changing it replaces the object. */
  readonly replaces?: boolean;
}

/** A bridged output that is made of ours. */
export interface CompatDerived {
  readonly from: ReadonlyArray<string>;
  readonly value: (...values: unknown[]) => unknown;
  readonly type: CompatType;
  readonly description: string;
}

export interface CompatResource {
  /** The bridged resource's name: `ZoneRecord` (`dnsimple:index/zoneRecord:ZoneRecord`). */
  readonly name: string;
  /** Our kind that does its work. */
  readonly kind: string;
  readonly description: string;
  /** Bridged name → ours, for inputs and outputs alike. */
  readonly renames: Readonly<Record<string, CompatRename>>;
  /** Our inputs the bridged resource does not offer (an extra sets them). */
  readonly hidden?: ReadonlyArray<string>;
  readonly extras?: Readonly<Record<string, CompatExtra>>;
  readonly derived?: Readonly<Record<string, CompatDerived>>;
}

/** `"10m"`, `"1h30m"`, `"45s"` in seconds, or undefined when it is not such a duration. */
export function durationSeconds(value: string): number | undefined {
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match || value === "") return undefined;
  const [, h = "0", m = "0", s = "0"] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

const same = (value: unknown) => value;
const STRING: CompatType = { type: "string" };
const BOOLEAN: CompatType = { type: "boolean" };
const TIMEOUTS: CompatType = {
  type: "object",
  name: "RegisteredDomainTimeouts",
  properties: {
    create: { type: "string", description: 'How long a registration may take (`"10m"`, `"1h"`).' },
    update: { type: "string", description: "Accepted; an update does not wait." },
    delete: { type: "string", description: "Accepted; destroy leaves the registration." },
  },
};

export const COMPAT_RESOURCES: ReadonlyArray<CompatResource> = [
  {
    name: "Contact",
    kind: "Contact",
    description: "A contact of the account, as the bridged provider's `Contact`.",
    renames: {},
    derived: {
      phoneNormalized: {
        from: ["phone"],
        value: same,
        type: STRING,
        description: "The phone number as the service stores it.",
      },
      faxNormalized: {
        from: ["fax"],
        value: same,
        type: STRING,
        description: "The fax number as the service stores it.",
      },
    },
  },
  {
    name: "Domain",
    kind: "Domain",
    description: "A domain and its zone, as the bridged provider's `Domain`.",
    renames: {},
    extras: {
      preventDelete: {
        type: BOOLEAN,
        description:
          "When true, destroy (and a replacement) of this domain fails. In TypeScript it is the resource option " +
          "`protect`; through the plugin the provider refuses the delete. Registered domains are guarded anyway " +
          "(`allowDeleteRegistered`).",
        default: false,
        blocksDelete: true,
      },
    },
  },
  {
    name: "DomainDelegation",
    kind: "DomainDelegation",
    description:
      "The name servers a registered domain delegates to, as the bridged provider's `DomainDelegation`.",
    renames: {},
  },
  {
    name: "DsRecord",
    kind: "DsRecord",
    description:
      "A delegation signer record, as the bridged provider's `DsRecord` (`keyTag` is our `keytag`).",
    renames: { keyTag: { ours: "keytag" } },
  },
  {
    name: "EmailForward",
    kind: "EmailForward",
    description: "An email forward, as the bridged provider's `EmailForward`.",
    renames: {},
  },
  {
    name: "LetsEncryptCertificate",
    kind: "LetsEncryptCertificate",
    description:
      "A Let's Encrypt certificate, as the bridged provider's `LetsEncryptCertificate` (`domainId` is our `domain`).",
    renames: { domainId: { ours: "domain", output: "string" } },
    derived: {
      state: {
        from: ["certificateState"],
        value: same,
        type: STRING,
        description: "The certificate's state (`issued` once done).",
      },
    },
  },
  {
    name: "RegisteredDomain",
    kind: "DomainRegistration",
    description:
      "A domain registration, as the bridged provider's `RegisteredDomain` (our `DomainRegistration`). " +
      "**This spends money.** Destroy leaves the domain registered.",
    renames: {
      name: { ours: "domain" },
      contactId: { ours: "registrantId", output: "number" },
      autoRenewEnabled: { ours: "autoRenew" },
      whoisPrivacyEnabled: { ours: "whoisPrivacy" },
      transferLockEnabled: { ours: "transferLock" },
    },
    hidden: ["timeoutSeconds"],
    extras: {
      timeouts: {
        type: TIMEOUTS,
        description: '`create` bounds the wait for the registration (`"10m"`, `"1h"`…).',
        refuse: (value) => {
          const create = (value as { create?: unknown } | undefined)?.create;
          if (create === undefined) return undefined;
          return typeof create === "string" && durationSeconds(create) !== undefined
            ? undefined
            : `"${String(create)}" is not a duration like "10m", "1h" or "90s"`;
        },
        toOurs: (value) => {
          const create = (value as { create?: string } | undefined)?.create;
          return create === undefined ? {} : { timeoutSeconds: durationSeconds(create) };
        },
      },
      trustee: {
        type: BOOLEAN,
        description: "Not supported: the registration API takes no trustee choice. `false` is accepted.",
        default: false,
        refuse: (value) =>
          value === true
            ? "the argument `trustee` of the bridged provider is not supported here: the registration API takes no trustee choice; leave it out or false"
            : undefined,
      },
      dnssecEnabled: {
        type: BOOLEAN,
        description:
          "When true, DNSSEC signing is turned on for the domain (our `Dnssec`: in TypeScript a child resource of " +
          "this one, through the plugin done by this resource), and turned off when it becomes false or at destroy.",
        default: false,
      },
    },
    derived: {
      domainRegistration: {
        from: ["registrationId", "registrationState"],
        value: (id, state) => ({ id, state }),
        type: {
          type: "object",
          name: "RegisteredDomainDomainRegistration",
          properties: { id: { type: "integer" }, state: { type: "string" } },
        },
        description: "The registration order: its id and state.",
      },
      registrantChange: {
        from: ["registrantChangeId", "registrantChangeState", "registrantId", "domainId"],
        value: (id, state, contactId, domainId) =>
          id === null || id === undefined
            ? undefined
            : {
                id,
                state,
                contactId: contactId == null ? null : Number(contactId),
                domainId: String(domainId),
              },
        type: {
          type: "object",
          name: "RegisteredDomainRegistrantChange",
          properties: {
            id: { type: "integer" },
            state: { type: "string" },
            contactId: { type: "integer" },
            domainId: { type: "string" },
          },
        },
        description:
          "The latest registrant change this resource started (a new `contactId`): its id, state, new contact and domain.",
      },
    },
  },
  {
    name: "Zone",
    kind: "Zone",
    description: "A zone of the account, as the bridged provider's `Zone`.",
    renames: {},
  },
  {
    name: "ZoneRecord",
    kind: "ZoneRecord",
    description:
      "A DNS record, as the bridged provider's `ZoneRecord`: `value` is our `content`, `qualifiedName` our `fqdn`.",
    renames: { value: { ours: "content" } },
    derived: {
      valueNormalized: {
        from: ["content"],
        value: same,
        type: STRING,
        description: "The value as the service stores it.",
      },
      nameNormalized: {
        from: ["name"],
        value: same,
        type: STRING,
        description: "The name as the service stores it.",
      },
      qualifiedName: {
        from: ["fqdn"],
        value: same,
        type: STRING,
        description: "The full name, e.g. `www.example.com`.",
      },
      zoneId: {
        from: ["zoneName"],
        value: same,
        type: STRING,
        description: "The zone's id, which the API gives as the zone's name.",
      },
    },
  },
];

/** One output of a bridged function. */
export interface CompatFunctionOutput {
  /** Our result's field it is (`server` for `serverCertificate`); or, with `fromArg`, an argument. */
  readonly ours?: string;
  readonly fromArg?: string;
  /** Its type when it is no field of ours (`id`). */
  readonly type?: CompatType;
  readonly description?: string;
  readonly secret?: boolean;
  /** Made of the arguments (`id`). */
  readonly value?: (args: Record<string, unknown>) => unknown;
  /** Read by another function of ours, called with these arguments (the private key). */
  readonly fetch?: { readonly function: string; readonly args: ReadonlyArray<string> };
}

export interface CompatFunction {
  /** The bridged function's name: `getZone`. */
  readonly name: string;
  /** Our function that does its work (the schema's `dnsimple-dynamic:index:<ours>`). */
  readonly ours: string;
  readonly description: string;
  /** Bridged argument → our argument; `type` for one of its own (accepted, unused). */
  readonly args: Readonly<
    Record<string, { ours?: string; required?: boolean; type?: CompatType; description?: string }>
  >;
  readonly outputs: Readonly<Record<string, CompatFunctionOutput>>;
}

export const COMPAT_FUNCTIONS: ReadonlyArray<CompatFunction> = [
  {
    name: "getZone",
    ours: "getZone",
    description: "A zone of the account, by name, as the bridged provider's `getZone`.",
    args: { name: { ours: "name", required: true } },
    outputs: {
      accountId: { ours: "accountId" },
      id: { ours: "id" },
      name: { ours: "name" },
      reverse: { ours: "reverse" },
    },
  },
  {
    name: "getCertificate",
    ours: "getCertificateBundle",
    description:
      "A certificate of a domain with its chain and private key, as the bridged provider's `getCertificate`. " +
      "The private key is a secret.",
    args: {
      domain: { ours: "domain", required: true },
      certificateId: { ours: "certificateId", required: true },
      timeouts: {
        type: { type: "object", additionalProperties: { type: "string" } },
        description: "Accepted for compatibility; reading a certificate does not wait.",
      },
    },
    outputs: {
      id: {
        type: STRING,
        description: "The certificate's id, as a string.",
        value: (args) => String(args.certificateId),
      },
      certificateId: { fromArg: "certificateId", type: { type: "integer" } },
      domain: { fromArg: "domain", type: STRING },
      serverCertificate: { ours: "server", description: "The server certificate, PEM." },
      rootCertificate: { ours: "root", description: "The root certificate of the issuing CA, PEM." },
      certificateChains: { ours: "chain", description: "The intermediate certificates, PEM." },
      privateKey: {
        type: STRING,
        secret: true,
        description: "The private key, PEM, as a Pulumi secret.",
        fetch: { function: "getCertificatePrivateKey", args: ["domain", "certificateId"] },
      },
      timeouts: {
        fromArg: "timeouts",
        type: { type: "object", additionalProperties: { type: "string" } },
        description: "The `timeouts` given, as the bridged provider answers them.",
      },
    },
  },
  {
    name: "getRegistrantChangeCheck",
    ours: "getRegistrantChangeCheck",
    description:
      "What changing a domain's registrant to a contact requires, as the bridged provider's `getRegistrantChangeCheck`.",
    args: {
      domainId: { ours: "domainId", required: true, type: STRING },
      contactId: { ours: "contactId", required: true, type: STRING },
    },
    outputs: {
      id: {
        type: STRING,
        description: "`<domainId>/<contactId>`: the check has no id of its own.",
        value: (args) => `${String(args.domainId)}/${String(args.contactId)}`,
      },
      domainId: { fromArg: "domainId", type: STRING },
      contactId: { fromArg: "contactId", type: STRING },
      registryOwnerChange: { ours: "registryOwnerChange" },
      extendedAttributes: { ours: "extendedAttributes" },
    },
  },
];

/** The bridged resource called `name`, if any. */
export function compatResource(name: string): CompatResource | undefined {
  return COMPAT_RESOURCES.find((r) => r.name === name);
}

/** The bridged function called `name`, if any. */
export function compatFunction(name: string): CompatFunction | undefined {
  return COMPAT_FUNCTIONS.find((f) => f.name === name);
}

/** Our property's bridged name (`content` → `value`); the same name when it is not renamed. */
export function bridgedNameOf(resource: CompatResource, ours: string): string {
  const found = Object.entries(resource.renames).find(([, r]) => r.ours === ours);
  return found ? found[0] : ours;
}

/** A bridged property's name of ours (`value` → `content`). */
export function ourNameOf(resource: CompatResource, bridged: string): string {
  return resource.renames[bridged]?.ours ?? bridged;
}

/** `value.x` → `content.x`, `records[1].content` kept: the first segment of a path renamed. */
export function bridgedPathOf(resource: CompatResource, path: string): string {
  const match = /^([^.[]+)(.*)$/.exec(path);
  return match ? `${bridgedNameOf(resource, match[1]!)}${match[2]!}` : path;
}

/**
 * The bridged inputs as ours: renamed (`value` → `content`), each extra's inputs of ours set, the
 * extras and derived outputs left out. Values pass as they are (plain or Pulumi Inputs).
 */
export function renameInputs(
  resource: CompatResource,
  bridged: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(bridged)) {
    if (resource.extras && Object.hasOwn(resource.extras, key)) {
      if (value !== undefined) Object.assign(out, resource.extras[key]!.toOurs?.(value) ?? {});
      continue;
    }
    if (resource.derived && Object.hasOwn(resource.derived, key)) continue;
    if (value !== undefined) out[ourNameOf(resource, key)] = value;
  }
  return out;
}

/** An output of ours in the bridged form (`contactId` as a number). */
export function bridgedOutputValue(rename: CompatRename | undefined, value: unknown): unknown {
  if (value === undefined || value === null || !rename?.output) return value;
  if (rename.output === "string") return String(value);
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
}
