/**
 * The bridged provider's own examples (examples/, extracted by extract.ts) as programs of this
 * package: only the import line (Python, Go) or the token prefix (YAML, `dnsimple:` →
 * `dnsimple-dynamic:compat:`) changes, and the config keys (`dnsimple-dynamic:*`). What each one
 * needs of the service (a registered domain, the certificate 1234 of `getCertificate`'s example)
 * is seeded in a fresh emulator of its own: every example is about `example.com`.
 */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { GO_IMPORT_BASE } from "../../scripts/sdk-generator/schema";
import { EXAMPLES_DIR, type ExampleLanguage } from "./extract";

export interface BridgedExample {
  readonly file: string;
  readonly subject: string;
  readonly language: ExampleLanguage;
  /** The example as the bridged docs give it. */
  readonly original: string;
}

const LANGUAGE_OF: Record<string, ExampleLanguage> = { py: "python", go: "go", yaml: "yaml" };

/** The committed examples, in file order. */
export function bridgedExamples(): BridgedExample[] {
  return readdirSync(EXAMPLES_DIR)
    .filter((f) => /\.(py|go|yaml)$/.test(f))
    .sort()
    .map((file) => ({
      file,
      subject: file.replace(/-\d+\.\w+$/, ""),
      language: LANGUAGE_OF[file.split(".").pop()!]!,
      original: readFileSync(path.join(EXAMPLES_DIR, file), "utf8"),
    }));
}

/** The bridged Python and Go imports, and ours. */
export const PYTHON_IMPORT = {
  from: "import pulumi_dnsimple as dnsimple",
  to: "import pulumi_dnsimple_dynamic.compat as dnsimple",
};
export const GO_IMPORT = {
  from: '"github.com/pulumi/pulumi-dnsimple/sdk/v5/go/dnsimple"',
  to: `dnsimple "${GO_IMPORT_BASE}/compat"`,
};

/**
 * The example as a program of this package: the one change each language needs. Throws when the
 * example does not have the line that changes (so a changed fixture cannot pass unnoticed).
 */
export function converted(example: BridgedExample): string {
  const { original } = example;
  const replaceAll = (from: string | RegExp, to: string) => {
    const out = original.replace(typeof from === "string" ? new RegExp(escape(from), "g") : from, to);
    if (out === original) throw new Error(`${example.file} has no ${String(from)} to change`);
    return out;
  };
  switch (example.language) {
    case "python":
      return replaceAll(PYTHON_IMPORT.from, PYTHON_IMPORT.to);
    case "go":
      return replaceAll(GO_IMPORT.from, GO_IMPORT.to);
    case "yaml":
      return replaceAll(/^(\s*(?:type|function): )dnsimple:/gm, "$1dnsimple-dynamic:compat:");
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The examples that cannot run with only those changes, and why. Each is checked: the runner
 * still tries it, and a listed example that runs fails the bench (the list would be stale).
 */
export const CANNOT_RUN: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    ["RegisteredDomain-2", "RegisteredDomain-3"].flatMap((stem) => [
      [
        `${stem}.py`,
        'a fragment, not a program: `alice_main` is declared only in RegisteredDomain-1, and `int(alice_main["id"])` ' +
          "is no valid Python for any Pulumi SDK (a resource is not subscriptable, an id Output no int)",
      ],
      [
        `${stem}.go`,
        "a fragment, not a program: `aliceMain` is declared only in RegisteredDomain-1 (against pulumi-dnsimple's " +
          "own Go SDK: `undefined: aliceMain`), and `aliceMain.Id` is no field of a Go resource (`ID()` is); it " +
          "compiles against no SDK",
      ],
      [
        `${stem}.yaml`,
        "a fragment, not a program: `${aliceMain.id}` names a resource only RegisteredDomain-1 declares",
      ],
    ]),
  ),
  "getZone-1.go":
    "it calls `dnsimple.GetZone(ctx, &dnsimple.LookupZoneArgs{…}, nil)`, which compiles against no SDK: in Go " +
    "`GetZone` is the Zone resource's getter and the function is `LookupZone`; against pulumi-dnsimple's own Go " +
    "SDK: `not enough arguments in call to dnsimple.GetZone` (want `ctx, string, pulumi.IDInput, *ZoneState`)",
  "getCertificate-1.go":
    "Go's plain invoke refuses any secret in a result (`unexpected secret result returned to invoke call, " +
    "consider using the output-versioned variant`: the Go SDK has no other way to take one), and here the private " +
    "key is a secret. The bridged provider runs it because its schema does not mark `privateKey` secret: it hands " +
    'the key over in clear, and `ctx.Export("key", pulumi.String(cert.PrivateKey))` would put it in state in ' +
    "clear. A plain Go string cannot stay secret, so ours offers the key only through `GetCertificateOutput` " +
    "(which runs). Python's plain invoke takes it, but as a plain `str` (the Python SDK drops the secret " +
    "flag of a plain invoke's result, so `get_certificate_output` is the form that keeps it secret); YAML's takes it",
};

/** The token and account every example's stack is configured with. */
export const EXAMPLE_TOKEN = "bridged-examples-token-7d21";
export const EXAMPLE_ACCOUNT = 1;

/**
 * What the service holds before an example runs: `example.com` registered in the account (the
 * delegation, DS record, forward, certificate and the functions need it), contact 1234 (the
 * registrant-change check's) and the issued certificate 1234 (getCertificate's). The examples
 * that make `example.com` themselves (Domain, registrations) start without it.
 */
export function seedFor(example: BridgedExample): Record<string, unknown> {
  const makesTheDomain = example.subject === "Domain" || example.subject === "RegisteredDomain";
  return {
    delays: { registration: 0, certificate: 0 },
    contacts: [{ account: EXAMPLE_ACCOUNT, id: 1234, firstName: "Alice", lastName: "Appleseed" }],
    ...(makesTheDomain
      ? {}
      : {
          domains: [
            {
              account: EXAMPLE_ACCOUNT,
              name: "example.com",
              state: "registered",
              registrantId: 1234,
              expiresOn: "2030-01-01",
            },
          ],
          certificates: [{ account: EXAMPLE_ACCOUNT, domain: "example.com", id: 1234, name: "www" }],
        }),
  };
}
