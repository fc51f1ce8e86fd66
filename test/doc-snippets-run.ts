/**
 * Runs the documentation's complete programs (test/doc-snippets.ts finds and compiles them) the way
 * `pulumi preview` runs a program, with Pulumi's mocks in place of the engine: the program's code
 * runs inside a stack (`runtime.runInPulumiStack`, as the language host does), and every resource
 * it declares goes to the real provider's `check` of its kind with its inputs, unknown ones as the
 * preview sentinel, as the engine sends them. A block fails on a thrown error, a check failure, an
 * invoke (the package has none) or an output that does not settle.
 *
 * Everything is loaded with a `require` from the repository root (the caller's module registry:
 * jest's under jest): the programs' `pulumi-dnsimple-dynamic` is the build in dist/, and it, the
 * programs and this runner share one `@pulumi/pulumi` (one runtime state).
 * The package's functions reach a service: the caller passes its settings as stack config
 * (`dnsimple:baseUrl`, `dnsimple:token`, `dnsimple:account`), e.g. an emulator's.
 */
import { createRequire } from "node:module";
import * as path from "node:path";
import type * as Pulumi from "@pulumi/pulumi";
import * as ts from "typescript";
import { startEmulator } from "../emulator";
import type * as DynamicProviders from "../provider/dynamic";
import { UNKNOWN } from "../provider/framework/unknown";
import type { SnippetProgram } from "./doc-snippets";

export const PACKAGE = "pulumi-dnsimple-dynamic";
export const RESOURCE_TYPE_PREFIX = "pulumi-nodejs:dynamic/dnsimple:";
/** The snippets' project: `new pulumi.Config()` reads `snippets:<key>`. */
export const SNIPPET_PROJECT = "snippets";

/**
 * What a reader sets with `pulumi config set --secret KEY` before running the blocks that read
 * the project's config (the transfer, legacy and OAuth pages).
 */
export const SNIPPET_SECRETS: Readonly<Record<string, string>> = {
  authCode: "auth-code-from-the-losing-registrar",
  auth: "auth-code-from-the-losing-registrar",
  password: "correct horse battery staple",
  clientSecret: "oauth-client-secret",
  code: "oauth-authorization-code",
  card: JSON.stringify({
    number: "4111111111111111",
    firstName: "Ada",
    lastName: "Lovelace",
    billingAddress: "1 Main St",
    billingZip: "62701",
    month: "12",
    year: "2030",
    cvv: "123",
  }),
};

export interface SnippetRun {
  name: string;
  /** Documentation blocks the program is made of. */
  blocks: number;
  /** Resources of this package the program declared, each checked by its kind's provider. */
  checked: number;
  failures: string[];
}

export interface NotRun {
  name: string;
  reason: string;
}

/** The programs to run, and those whose blocks say `<!-- not-run: reason -->`. */
export function runnablePrograms(programs: SnippetProgram[]): { run: SnippetProgram[]; notRun: NotRun[] } {
  const run: SnippetProgram[] = [];
  const notRun: NotRun[] = [];
  for (const program of programs) {
    const reason = program.blocks.find((b) => b.notRun)?.notRun;
    if (reason) notRun.push({ name: program.name, reason });
    else run.push(program);
  }
  return { run, notRun };
}

/** A program's code as the template's CommonJS setting emits it. */
export function transpile(program: SnippetProgram): string {
  return ts.transpileModule(program.code, {
    fileName: "index.ts",
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2020,
      esModuleInterop: true,
    },
  }).outputText;
}

interface Rpc {
  specialSigKey: string;
  specialSecretSig: string;
}

/**
 * Inputs as a dynamic provider's `check` gets them from the engine: a value not known yet is the
 * preview sentinel and a secret is its plain value, at any depth.
 */
function asEngineSends(pulumi: typeof Pulumi, rpc: Rpc, value: unknown): unknown {
  if (pulumi.isUnknown(value)) return UNKNOWN;
  if (Array.isArray(value)) return value.map((v) => asEngineSends(pulumi, rpc, v));
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (record[rpc.specialSigKey] === rpc.specialSecretSig) return asEngineSends(pulumi, rpc, record.value);
    return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, asEngineSends(pulumi, rpc, v)]));
  }
  return value;
}

type Internal = { promise(withUnknowns?: boolean): Promise<unknown> };

/**
 * The package's module as a program sees it, except that each resource class records the
 * resources made with it (so the runner can wait for every registration), and, when `parent`
 * is given, makes them its children unless the program chose a parent.
 */
export function recordingModule(
  pulumi: typeof Pulumi,
  real: Record<string, unknown>,
  created: Pulumi.Resource[],
  parent?: () => Pulumi.Resource,
): Record<string, unknown> {
  const wrapped: Record<string, unknown> = {};
  Object.defineProperty(wrapped, "__esModule", { value: true });
  for (const [key, value] of Object.entries(real)) {
    const isResourceClass =
      typeof value === "function" && (value as { prototype?: unknown }).prototype instanceof pulumi.Resource;
    if (!isResourceClass) {
      wrapped[key] = value;
      continue;
    }
    const Base = value as unknown as new (
      name: string,
      args?: unknown,
      opts?: Pulumi.CustomResourceOptions,
    ) => Pulumi.Resource;
    wrapped[key] = class extends Base {
      constructor(name: string, args?: unknown, opts?: Pulumi.CustomResourceOptions) {
        super(name, args, parent ? { parent: parent(), ...opts } : opts);
        created.push(this);
      }
    };
  }
  return wrapped;
}

/** Runs `js` (CommonJS) as a program's index.js would run; returns its exports. */
export function evaluate(js: string, filename: string, requireFn: (id: string) => unknown): unknown {
  const module = { exports: {} as unknown };
  // A function of this realm (not node:vm's main context): under jest, the SDK is loaded in jest's
  // realm, and Pulumi's serializer tells an array by `instanceof Array`.
  const wrapper = new Function("exports", "require", "module", "__filename", "__dirname", js) as (
    ...args: unknown[]
  ) => void;
  wrapper(module.exports, requireFn, module, filename, path.dirname(filename));
  return module.exports;
}

/**
 * Runs each program with mocks, one after the other, each in a fresh stack. `config` is the
 * stack config besides SNIPPET_SECRETS (full keys, e.g. `dnsimple:baseUrl`).
 */
export async function runSnippets(
  root: string,
  programs: SnippetProgram[],
  config: Record<string, string>,
): Promise<SnippetRun[]> {
  const load = createRequire(path.join(root, "package.json"));
  const pulumi = load("@pulumi/pulumi") as typeof Pulumi;
  const rpc = load("@pulumi/pulumi/runtime/rpc") as Rpc;
  const { providerFor } = load(path.join(root, "dist/provider/dynamic")) as typeof DynamicProviders;
  const secrets = Object.fromEntries(
    Object.entries(SNIPPET_SECRETS).map(([k, v]) => [`${SNIPPET_PROJECT}:${k}`, v]),
  );
  const runs: SnippetRun[] = [];
  // No service answers here: checks run as in an offline preview (dnsimple:verifyCredentials false).
  process.env["DNSIMPLE_VERIFY_CREDENTIALS"] ??= "false";
  for (const program of programs) {
    const failures: string[] = [];
    let checked = 0;
    await pulumi.runtime.setMocks(
      {
        async newResource(args) {
          if (!args.type.startsWith(RESOURCE_TYPE_PREFIX)) return { id: undefined, state: args.inputs };
          const kind = args.type.slice(RESOURCE_TYPE_PREFIX.length);
          // `__provider` is the dynamic provider's bookkeeping, not the resource's input.
          const { __provider: _bookkeeping, ...news } = asEngineSends(pulumi, rpc, args.inputs) as Record<
            string,
            unknown
          >;
          checked++;
          try {
            // Every kind's provider has `check` (provider/dynamic/dynamic-provider.ts).
            const result = await providerFor(kind).check!({}, news);
            for (const f of result.failures ?? []) {
              failures.push(`${kind} "${args.name}": ${f.property}: ${f.reason}`);
            }
            // A resource being created: its inputs known, its outputs not (the preview's view).
            return { id: undefined, state: result.inputs ?? news };
          } catch (error) {
            failures.push(`${kind} "${args.name}": check threw ${String(error)}`);
            return { id: undefined, state: {} };
          }
        },
        call(args) {
          failures.push(`unexpected invoke ${args.token}`);
          return {};
        },
      },
      SNIPPET_PROJECT,
      "docs",
      true,
    );
    pulumi.runtime.setAllConfig({ ...config, ...secrets }, Object.keys(secrets));
    const created: Pulumi.Resource[] = [];
    const modules = new Map<string, unknown>();
    const requireFn = (id: string): unknown => {
      if (id !== PACKAGE && !id.startsWith(`${PACKAGE}/`)) return load(id);
      if (!modules.has(id))
        modules.set(id, recordingModule(pulumi, load(id) as Record<string, unknown>, created));
      return modules.get(id);
    };
    try {
      const outputs = await pulumi.runtime.runInPulumiStack(async () => {
        // Caught here: a failed stack initialisation also rejects promises nobody awaits.
        try {
          const exported = evaluate(
            transpile(program),
            path.join(root, ".doc-snippets", "index.js"),
            requireFn,
          );
          return typeof exported === "function" ? await (exported as () => unknown)() : exported;
        } catch (error) {
          failures.push(`the program failed: ${error instanceof Error ? error.message : String(error)}`);
          return {};
        }
      });
      // Outputs settle (known or unknown, as in a preview), then every registration is done.
      for (const value of Object.values(outputs ?? {})) {
        await (pulumi.output(value) as unknown as Internal).promise(true);
      }
      for (let i = 0; i < created.length; i++) await (created[i]!.urn as unknown as Internal).promise(true);
    } catch (error) {
      failures.push(`an output failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    // As the language host ends a run: every RPC (the stack's outputs among them) answered.
    await pulumi.runtime.disconnect();
    runs.push({ name: program.name, blocks: program.blocks.length, checked, failures });
  }
  return runs;
}

export interface SnippetService {
  /** The stack config that points the package's functions at it. */
  config: Record<string, string>;
  close(): Promise<void>;
}

/**
 * An emulator holding what the blocks' function calls name: the domain example.com, account 2002
 * beside the own account 1 (a user token reaching both), certificate 101967 of example.com and
 * the premium name cool.io.
 */
export async function startSnippetService(): Promise<SnippetService> {
  const token = "doc-snippets-run-token";
  const emulator = await startEmulator({
    port: 0,
    accountId: 1,
    seed: {
      accounts: [{ id: 2002, email: "ops@example.org" }],
      users: [{ email: "ada@example.com", accounts: [1, 2002], token }],
      domains: [{ account: 1, name: "example.com", state: "registered" }],
      registrar: { premium: { "cool.io": "120.00" } },
    } as never,
  });
  // The API has no way to choose a certificate's id: it goes straight into the store.
  const store = emulator.app.store;
  const now = new Date().toISOString();
  store.certificates.insert({
    id: 101967,
    account_id: 1,
    domain_id: store.domains.byKey("example.com")!.id,
    contact_id: null,
    name: "www",
    common_name: "www.example.com",
    years: 1,
    csr: null,
    state: "issued",
    auto_renew: false,
    alternate_names: [],
    authority_identifier: "letsencrypt",
    signature_algorithm: "ECDSA",
    private_key: "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIA==\n-----END PRIVATE KEY-----\n",
    server_pem: "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
    approver_email: null,
    approver_emails: null,
    configured_at: null,
    created_at: now,
    updated_at: now,
    expires_at: "2030-01-01T00:00:00Z",
    expires_on: "2030-01-01",
  });
  return {
    config: { "dnsimple:baseUrl": emulator.v2Url, "dnsimple:token": token, "dnsimple:account": "1" },
    close: () => emulator.close(),
  };
}
