/**
 * Writes an account snapshot as a TypeScript Pulumi program: every object declared with
 * `adopt: true`, so the first `pulumi up` takes them over without creating or deleting anything.
 * Pure and deterministic: the same snapshot gives the same files, byte for byte, and resource
 * names come from the objects (domain names, record identities), never from the order of reads.
 * Webhook URLs often carry credentials in their path: they are read from secret stack config,
 * never written into the program.
 */
import { recordFailures } from "../dns/record-data";
import { createHash } from "node:crypto";
import type { Contact, DelegationSignerRecord, EmailForward, ZoneRecord } from "../client";
import type { AccountSnapshot, DomainSnapshot } from "./snapshot";
import type { ServiceRecord } from "../dns/zone-file/records";

/** A zone moved in from a zone file: a domain not at the service yet, with the file's records. */
export interface MovedZone {
  readonly zone: string;
  /** The file it was read from, as given on the command line. */
  readonly file: string;
  readonly records: ReadonlyArray<ServiceRecord>;
}

/** Past this many domains, each domain gets a file of its own under `domains/`. */
export const DOMAINS_INLINE_MAX = 5;

/** A config key the program reads as a secret, and what it must hold (never its value). */
export interface SecretSetting {
  readonly key: string;
  readonly what: string;
  /** For an object: its shape, with placeholders for the values. */
  readonly shape?: string;
}

export interface GeneratedProgram {
  /** File contents by path relative to the program's folder. */
  readonly files: ReadonlyMap<string, string>;
  /** The `pulumi config set --secret` settings the program needs before `up`. */
  readonly secrets: ReadonlyArray<SecretSetting>;
  /** Resources declared (engine resources, not objects: a zone's records are one). */
  readonly resources: number;
}

const str = (v: string) => JSON.stringify(v);

/** An identifier safe in TypeScript from any name: `example.com` → `example_com`. */
export function identifier(name: string): string {
  const id = name.replace(/[^A-Za-z0-9_]/g, "_");
  return /^[0-9]/.test(id) ? `_${id}` : id;
}

/** A short stable hash of a value, for names of objects whose fields are long or not unique. */
function shortHash(value: string): string {
  return createHash("sha256").update(value).digest("hex").slice(0, 8);
}

/** A TypeScript expression written as is (another resource's output). */
class Code {
  constructor(readonly text: string) {}
}
type Value = string | number | boolean | string[] | Code | undefined | null;

/** `{ a: 1, b: "x" }` with keys in the given order, undefined values left out. */
function literal(fields: Array<[string, Value]>): string {
  const parts = fields
    .filter(([, v]) => v !== undefined && v !== null)
    .map(
      ([k, v]) =>
        `${k}: ${v instanceof Code ? v.text : typeof v === "string" || Array.isArray(v) ? JSON.stringify(v) : String(v)}`,
    );
  return `{ ${parts.join(", ")} }`;
}

/** Names unique within a file: a second `x` becomes `x-2`. */
class Names {
  private readonly seen = new Map<string, number>();
  take(name: string): string {
    const n = (this.seen.get(name) ?? 0) + 1;
    this.seen.set(name, n);
    return n === 1 ? name : `${name}-${n}`;
  }
}

export function recordEntry(
  r: Pick<ZoneRecord, "name" | "type" | "content" | "ttl" | "priority" | "regions">,
): string {
  const regions = r.regions && !(r.regions.length === 1 && r.regions[0] === "global") ? r.regions : undefined;
  return literal([
    ["name", r.name],
    ["type", r.type],
    ["content", r.content],
    ["ttl", r.ttl],
    ["priority", r.priority ?? undefined],
    ["regions", regions],
  ]);
}

/**
 * A record the service holds that `check` would refuse as it is (record-data's rules), said in a
 * comment above it: the program is written as the zone is, never repaired, and the reviewer
 * fixes the zone or the line.
 */
function recordProblems(r: ZoneRecord, zone: string): string[] {
  return recordFailures(
    { name: r.name, type: r.type, content: r.content, priority: r.priority ?? undefined },
    zone,
  ).map((f) => `    // check refuses this record's ${f.property}: ${f.reason.replace(/\s+/g, " ")}`);
}

const aliasOf = (f: EmailForward) => f.alias_email.slice(0, f.alias_email.lastIndexOf("@"));

function dsName(domain: string, ds: DelegationSignerRecord): string {
  const what = ds.keytag ?? shortHash(`${ds.algorithm} ${ds.digest ?? ""} ${ds.public_key ?? ""}`);
  return `${domain}-ds-${what}`;
}

/** The statements declaring one domain and what belongs to it; `d` names its Domain resource. */
function domainStatements(s: DomainSnapshot, names: Names): { lines: string[]; resources: number } {
  const name = s.domain.name;
  const d = identifier(name);
  const lines = [
    `// ${name}`,
    `const ${d} = new dnsimple.Domain(${str(names.take(name))}, { name: ${str(name)}, adopt: true });`,
  ];
  let resources = 1;
  if (s.records.length > 0) {
    const records = [...s.records].sort(
      (a, b) =>
        a.name.localeCompare(b.name) ||
        a.type.localeCompare(b.type) ||
        a.content.localeCompare(b.content) ||
        a.id - b.id,
    );
    lines.push(
      `// ${records.length} records as one resource: changes go in batch requests, the engine handles one resource.`,
      `new dnsimple.ZoneRecords(${str(names.take(`${name}-records`))}, {`,
      `  zoneName: ${d}.name,`,
      `  adopt: true,`,
      `  records: [`,
      ...records.flatMap((r) => [...recordProblems(r, name), `    ${recordEntry(r)},`]),
      `  ],`,
      `});`,
    );
    resources++;
  }
  for (const f of [...s.forwards].sort((a, b) => a.alias_email.localeCompare(b.alias_email) || a.id - b.id)) {
    const alias = aliasOf(f);
    lines.push(
      `new dnsimple.EmailForward(${str(names.take(`${name}-forward-${alias}`))}, ${literal([
        ["domain", new Code(`${d}.name`)],
        ["aliasName", alias],
        ["destinationEmail", f.destination_email],
        ["adopt", true],
      ])});`,
    );
    resources++;
  }
  for (const ds of [...s.dsRecords].sort((a, b) => a.id - b.id)) {
    lines.push(
      `new dnsimple.DsRecord(${str(names.take(dsName(name, ds)))}, ${literal([
        ["domain", new Code(`${d}.name`)],
        ["algorithm", ds.algorithm],
        ["digest", ds.digest],
        ["digestType", ds.digest_type],
        ["keytag", ds.keytag],
        ["publicKey", ds.public_key],
        ["adopt", true],
      ])});`,
    );
    resources++;
  }
  if (s.dnssecEnabled) {
    lines.push(
      `new dnsimple.Dnssec(${str(names.take(`${name}-dnssec`))}, { domain: ${d}.name, adopt: true });`,
    );
    resources++;
  }
  return { lines, resources };
}

/** A contact's personal data, as the SDK keeps it secret: `field` of the SDK ← field of the API. */
const PERSONAL: ReadonlyArray<readonly [string, keyof Contact, string]> = [
  ["firstName", "first_name", "first name"],
  ["lastName", "last_name", "last name"],
  ["email", "email", "e-mail"],
  ["phone", "phone", "phone"],
  ["fax", "fax", "fax"],
  ["address1", "address1", "address line 1"],
  ["address2", "address2", "address line 2"],
  ["city", "city", "city"],
  ["stateProvince", "state_province", "state or province"],
  ["postalCode", "postal_code", "postal code"],
];

/**
 * A contact: its personal data (secret in this package: names, e-mail, phone, address) comes from
 * one secret config object, never from the program's text; label, organisation, job title and
 * country are written as they are.
 */
function contactStatement(c: Contact, names: Names): { lines: string[]; secret: SecretSetting } {
  const key = `contact${c.id}`;
  const v = identifier(key);
  const present = PERSONAL.filter(([, api]) => c[api] !== null && c[api] !== "");
  const fields = present.map(([sdk]) => [sdk, new Code(`${v}.apply((c) => c.${sdk})`)] as [string, Value]);
  const shape = `{${present.map(([sdk, , what]) => `"${sdk}":"<${what}>"`).join(",")}}`;
  return {
    lines: [
      `const ${v} = config.requireSecretObject<Record<string, string>>(${str(key)});`,
      `new dnsimple.Contact(${str(names.take(`contact-${c.id}`))}, ${literal([
        ["label", c.label || undefined],
        ["organizationName", c.organization_name || undefined],
        ["jobTitle", c.job_title || undefined],
        ...fields,
        ["country", c.country],
        ["adopt", true],
      ])});`,
    ],
    secret: { key, what: `the personal data of contact ${c.id}`, shape },
  };
}

const HEADER = (account: string) => [
  `// Account ${account} as a Pulumi program, written by \`pulumi-dnsimple-dynamic generate-program\`.`,
  `// Every resource has \`adopt: true\`: the first \`pulumi up\` takes the existing objects over and`,
  `// creates or deletes nothing. Once adopted, removing a resource here deletes its object.`,
];

/** The statements declaring a zone moved in: its Domain (made, not adopted) and its records. */
function movedZoneStatements(m: MovedZone, names: Names): string[] {
  const d = identifier(m.zone);
  const records = [...m.records].sort(
    (a, b) =>
      a.name.localeCompare(b.name) || a.type.localeCompare(b.type) || a.content.localeCompare(b.content),
  );
  return [
    `// ${m.zone}, moved in from ${m.file}: not at the service yet, so \`pulumi up\` creates it.`,
    `// The file's apex SOA and NS records are left out: the service keeps its own.`,
    `const ${d} = new dnsimple.Domain(${str(names.take(m.zone))}, { name: ${str(m.zone)} });`,
    `new dnsimple.ZoneRecords(${str(names.take(`${m.zone}-records`))}, {`,
    `  zoneName: ${d}.name,`,
    `  records: [`,
    ...records.map(
      (r) =>
        `    ${recordEntry({ name: r.name, type: r.type, content: r.content, ttl: r.ttl, priority: r.priority ?? null })},`,
    ),
    `  ],`,
    `});`,
  ];
}

/** The program for a snapshot, and for zones moved in from zone files. */
export function writeProgram(s: AccountSnapshot, moved: ReadonlyArray<MovedZone> = []): GeneratedProgram {
  const files = new Map<string, string>();
  const secrets: SecretSetting[] = [];
  const names = new Names();
  let resources = 0;
  const project = `dnsimple-account-${s.account}`;
  const inline = s.domains.length <= DOMAINS_INLINE_MAX;

  const index: string[] = [
    ...(s.domains.length === 0 && moved.length > 0
      ? [
          `// Zones moved in from zone files, written by \`pulumi-dnsimple-dynamic generate-program\`:`,
          `// the first \`pulumi up\` creates their domains and records in account ${s.account}.`,
        ]
      : HEADER(s.account)),
    `import * as pulumi from "@pulumi/pulumi";`,
    `import * as dnsimple from "pulumi-dnsimple-dynamic";`,
    ``,
  ];
  index.push(`const config = new pulumi.Config();`, ``);

  if (inline) {
    for (const d of s.domains) {
      const { lines, resources: n } = domainStatements(d, names);
      index.push(...lines, ``);
      resources += n;
    }
  } else {
    for (const d of s.domains) {
      const { lines, resources: n } = domainStatements(d, new Names());
      const file = `domains/${identifier(d.domain.name)}.ts`;
      files.set(
        file,
        [
          `// ${d.domain.name}, written by \`pulumi-dnsimple-dynamic generate-program\` (adopt: true everywhere).`,
          `import * as dnsimple from "pulumi-dnsimple-dynamic";`,
          ``,
          ...lines,
          ``,
        ].join("\n"),
      );
      index.push(`import "./domains/${identifier(d.domain.name)}";`);
      resources += n;
    }
    if (s.domains.length > 0) index.push(``);
  }

  for (const m of moved) {
    index.push(...movedZoneStatements(m, names), ``);
    resources += 2;
  }

  if (s.secondaryZones.length > 0 || s.primaryServers.length > 0) {
    index.push(`// Secondary DNS`);
    for (const z of s.secondaryZones) {
      index.push(
        `const ${identifier(`secondary_${z.name}`)} = new dnsimple.SecondaryZone(${str(names.take(`secondary-${z.name}`))}, { name: ${str(z.name)}, adopt: true });`,
      );
      resources++;
    }
    const declared = new Set(s.secondaryZones.map((z) => z.name));
    for (const p of s.primaryServers) {
      const linked = [...p.linked_secondary_zones]
        .sort()
        .map((z) => (declared.has(z) ? `${identifier(`secondary_${z}`)}.name` : str(z)));
      index.push(
        `new dnsimple.PrimaryServer(${str(names.take(`primary-${p.name}`))}, { name: ${str(p.name)}, ip: ${str(p.ip)}, port: ${p.port}, linkedZones: [${linked.join(", ")}], adopt: true });`,
      );
      resources++;
    }
    index.push(``);
  }

  if (s.contacts.length > 0) {
    index.push(`// Contacts: their personal data is secret, so it lives in secret stack config.`);
    for (const c of s.contacts) {
      const { lines, secret } = contactStatement(c, names);
      index.push(...lines);
      secrets.push(secret);
      resources++;
    }
    index.push(``);
  }

  if (s.webhooks.length > 0) {
    index.push(`// Webhooks: their URLs often hold credentials, so they live in secret stack config.`);
    for (const w of s.webhooks) {
      const key = `webhook${w.id}Url`;
      secrets.push({ key, what: `the URL of webhook ${w.id} (${new URL(w.url).host})` });
      index.push(
        `new dnsimple.Webhook(${str(names.take(`webhook-${w.id}`))}, { url: config.requireSecret(${str(key)}), adopt: true });`,
      );
      resources++;
    }
    index.push(``);
  }

  files.set("index.ts", index.join("\n"));
  files.set(
    "Pulumi.yaml",
    [
      `name: ${project}`,
      `description: DNSimple account ${s.account}, adopted by pulumi-dnsimple-dynamic`,
      `runtime:`,
      `  name: nodejs`,
      `  options:`,
      `    typescript: true`,
      ``,
    ].join("\n"),
  );
  files.set(
    "package.json",
    `${JSON.stringify(
      {
        name: project,
        private: true,
        main: "index.ts",
        dependencies: { "@pulumi/pulumi": "^3.139.0", "pulumi-dnsimple-dynamic": "^0.1.0" },
        devDependencies: { "ts-node": "^10.9.2", typescript: "~5.9.3" },
      },
      null,
      2,
    )}\n`,
  );
  files.set(
    "tsconfig.json",
    `${JSON.stringify(
      {
        compilerOptions: {
          target: "ES2022",
          module: "commonjs",
          moduleResolution: "node",
          strict: true,
          esModuleInterop: true,
          skipLibCheck: true,
          // Big programs start faster without type-checking at every `pulumi up`; `tsc --noEmit` checks.
          noCheck: true,
        },
        include: ["index.ts", "domains/*.ts"],
      },
      null,
      2,
    )}\n`,
  );
  return { files, secrets, resources };
}
