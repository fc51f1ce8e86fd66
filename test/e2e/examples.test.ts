/**
 * Every program under examples/ as a user runs it: the folder copied into its own project (its
 * Pulumi.yaml, index.ts, tsconfig.json, package.json), TypeScript run by the Pulumi CLI through
 * ts-node, `pulumi-dnsimple-dynamic` resolved from node_modules like an installed package. Each
 * one runs `up` against the emulator and is checked there, then a preview must show no change,
 * then `destroy` is checked again. The examples share one emulator and run one after another.
 */
import { type ConfigMap, type OutputMap, type Stack } from "@pulumi/pulumi/automation";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { parse as parseYaml } from "yaml";
import { recordResults } from "../../bench/lib/record";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { v2 } from "./extended-api";
import { REPO_ROOT } from "./harness";
import { PROGRAM_FILES, programFolderStack } from "./program-folder";

const ACCOUNT_TOKEN = "e2e-examples-token-5d2e";
const USER_TOKEN = "e2e-examples-user-token-81c0";
const EXAMPLES_DIR = path.join(REPO_ROOT, "examples");

type Api = ReturnType<typeof v2>;

interface ExampleCase {
  /** Folder under examples/. */
  dir: string;
  /** What `up` makes, for the test's name. */
  makes: string;
  token?: string;
  config?: ConfigMap;
  afterUp(api: Api, outputs: OutputMap, workDir: string): Promise<void>;
  afterDestroy(api: Api): Promise<void>;
}

let emulator: RunningEmulator;
const tested = new Set<string>();
const seconds: Record<string, number> = {};

async function data(api: Api, route: string): Promise<any> {
  const answer = await api("GET", route);
  expect({ route, status: answer.status }).toEqual({ route, status: 200 });
  return answer.body.data;
}

async function status(api: Api, route: string): Promise<number> {
  return (await api("GET", route)).status;
}

/** `METHOD status` of the emulator's API requests whose path matches. */
function requestsTo(pattern: RegExp): string[] {
  return emulator
    .requests()
    .filter((r) => pattern.test(r.path))
    .map((r) => `${r.method} ${r.status}`);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

/** Records of a zone as `name type content` (priority appended for MX), user records only. */
async function recordsOf(api: Api, zone: string): Promise<string[]> {
  const records: any[] = await data(api, `/1/zones/${zone}/records?per_page=100`);
  return records
    .filter((r) => !r.system_record)
    .map((r) => `${r.name || "@"} ${r.type} ${r.content}${r.type === "MX" ? ` ${r.priority}` : ""}`)
    .sort();
}

const REGISTRANT = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.org",
  phone: "+1.5555550100",
  address1: "12 Analytical Row",
  city: "Springfield",
  stateProvince: "IL",
  postalCode: "62701",
  country: "US",
};

const EXAMPLES: ExampleCase[] = [
  {
    dir: "quickstart",
    makes: "a hosted domain with a record and a forward, a webhook and secondary DNS, and no DS record",
    async afterUp(api, outputs) {
      expect((await data(api, "/1/domains/pulumi-quickstart.com")).state).toBe("hosted");
      expect(await recordsOf(api, "pulumi-quickstart.com")).toEqual(["www A 192.0.2.10"]);
      // The fix: a DS record belongs to a registered domain; the quickstart's domain is hosted only.
      expect(await data(api, "/1/domains/pulumi-quickstart.com/ds_records")).toEqual([]);
      const forwards = await data(api, "/1/domains/pulumi-quickstart.com/email_forwards");
      expect(forwards.map((f: any) => f.alias_email)).toEqual(["sales@pulumi-quickstart.com"]);
      expect(outputs.primaryLinkedZones?.value).toEqual(["pulumi-quickstart.net"]);
    },
    async afterDestroy(api) {
      expect(await status(api, "/1/domains/pulumi-quickstart.com")).toBe(404);
      expect(await data(api, "/1/secondary_dns/primaries")).toEqual([]);
      expect(await data(api, "/1/webhooks")).toEqual([]);
    },
  },
  {
    dir: "website-with-mail",
    makes: "web records, MX, SPF, DKIM and DMARC records and email forwards",
    async afterUp(api, outputs) {
      expect(await recordsOf(api, "example-shop.com")).toEqual(
        [
          "@ A 192.0.2.80",
          "@ AAAA 2001:db8::80",
          "www CNAME example-shop.com",
          "@ MX mx1.mail.example.net 10",
          "@ MX mx2.mail.example.net 20",
          "@ TXT v=spf1 include:_spf.mail.example.net ~all",
          "mail._domainkey TXT v=DKIM1; k=ed25519; p=11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=",
          "_dmarc TXT v=DMARC1; p=quarantine; rua=mailto:dmarc-reports@example-shop.com",
        ].sort(),
      );
      const forwards = await data(api, "/1/domains/example-shop.com/email_forwards");
      expect(forwards.map((f: any) => `${f.alias_email} -> ${f.destination_email}`).sort()).toEqual([
        "billing@example-shop.com -> accounts@example.org",
        "hello@example-shop.com -> owner@example.org",
      ]);
      expect(outputs.mailRecordCount?.value).toBe(5);
    },
    async afterDestroy(api) {
      expect(await status(api, "/1/domains/example-shop.com")).toBe(404);
    },
  },
  {
    dir: "zone-file",
    makes: "a domain with the records of its zone file (SOA and NS left to the service)",
    async afterUp(api, outputs) {
      expect(await recordsOf(api, "example-moved.com")).toEqual(
        [
          "@ A 192.0.2.80",
          "@ AAAA 2001:db8::80",
          "www CNAME example-moved.com",
          "@ MX mx1.mail.example.net 10",
          "@ MX mx2.mail.example.net 20",
          '@ TXT "v=spf1 include:_spf.mail.example.net ~all"',
          '_dmarc TXT "v=DMARC1; p=quarantine; rua=mailto:dmarc@example-moved.com"',
          '@ CAA 0 issue "letsencrypt.org"',
          "_sip._tcp SRV 60 5060 sip.example-moved.com",
          "sip A 192.0.2.81",
        ].sort(),
      );
      expect(outputs.recordCount?.value).toBe(10);
    },
    async afterDestroy(api) {
      expect(await status(api, "/1/domains/example-moved.com")).toBe(404);
    },
  },
  {
    dir: "secondary-dns",
    makes: "two secondary zones, each linked to both primaries",
    async afterUp(api) {
      const primaries: any[] = await data(api, "/1/secondary_dns/primaries");
      expect(
        // Sorted: the two primaries are created in parallel, in either order.
        primaries
          .map((p) => `${p.name} ${p.ip}:${p.port} ${[...p.linked_secondary_zones].sort().join(",")}`)
          .sort(),
      ).toEqual([
        "ns1.primary.example.org 192.0.2.53:53 example-secondary.com,example-secondary.net",
        "ns2.primary.example.org 2001:db8::53:5353 example-secondary.com,example-secondary.net",
      ]);
      for (const zone of ["example-secondary.com", "example-secondary.net"])
        expect((await data(api, `/1/zones/${zone}`)).secondary).toBe(true);
    },
    async afterDestroy(api) {
      expect(await data(api, "/1/secondary_dns/primaries")).toEqual([]);
      expect(await status(api, "/1/zones/example-secondary.com")).toBe(404);
      expect(await status(api, "/1/zones/example-secondary.net")).toBe(404);
    },
  },
  {
    dir: "dnssec",
    makes: "signing on one registered domain and a DS record at the registry for another",
    async afterUp(api, outputs) {
      expect((await data(api, "/1/domains/example-signed.com/dnssec")).enabled).toBe(true);
      const ds: any[] = await data(api, "/1/domains/example-external.com/ds_records");
      expect(ds.map((r) => `${r.keytag} ${r.algorithm} ${r.digest_type} ${r.digest.toUpperCase()}`)).toEqual([
        "2371 13 2 1F987CC6583E92DF0890718C42FD5E2D7D56D1E1E2BCD1F3D8E3A6B4C3D2E1F0",
      ]);
      expect(outputs.signingEnabled?.value).toBe(true);
    },
    async afterDestroy(api) {
      const dnssec = await api("GET", "/1/domains/example-signed.com/dnssec");
      expect(dnssec.status === 404 || dnssec.body?.data?.enabled === false).toBe(true);
      expect(await data(api, "/1/domains/example-external.com/ds_records")).toEqual([]);
      // The domains themselves were never the program's: still registered.
      expect((await data(api, "/1/domains/example-external.com")).state).toBe("registered");
    },
  },
  {
    dir: "domain-registration",
    makes: "a contact and a registration that waits for the pending order",
    config: {
      domain: { value: "example-registered.com" },
      registrant: { value: JSON.stringify(REGISTRANT), secret: true },
      pollIntervalSeconds: { value: "0.1" },
      timeoutSeconds: { value: "60" },
    },
    async afterUp(api, outputs) {
      const domain = await data(api, "/1/domains/example-registered.com");
      expect(domain.state).toBe("registered");
      expect(domain.registrant_id).toBe(outputs.contactId?.value);
      expect(domain.auto_renew).toBe(true);
      const contact = await data(api, `/1/contacts/${domain.registrant_id}`);
      expect(`${contact.first_name} ${contact.last_name} ${contact.country}`).toBe("Ada Lovelace US");
      expect(outputs.registrationState?.value).toBe("registered");
      // The order was pending (202) and the provider polled it until it completed.
      expect(requestsTo(/example-registered\.com\/registrations(\/\d+)?$/)).toEqual(
        expect.arrayContaining(["POST 202", "GET 200"]),
      );
    },
    async afterDestroy(api) {
      // Destroy gives up neither the registration nor its registrant (retainOnDelete).
      const domain = await data(api, "/1/domains/example-registered.com");
      expect(domain.state).toBe("registered");
      expect(await status(api, `/1/contacts/${domain.registrant_id}`)).toBe(200);
    },
  },
  {
    dir: "letsencrypt-certificate",
    makes: "an issued certificate with its chain and a secret private key in the outputs",
    config: { pollIntervalSeconds: { value: "0.1" }, timeoutSeconds: { value: "60" } },
    async afterUp(api, outputs, workDir) {
      const certificates: any[] = await data(api, "/1/domains/example-cert.com/certificates");
      expect(certificates.map((c) => `${c.common_name} ${c.state}`)).toEqual(["www.example-cert.com issued"]);
      expect(requestsTo(/example-cert\.com\/certificates\/(letsencrypt\/\d+\/issue|\d+)$/)).toEqual(
        expect.arrayContaining(["POST 202", "GET 200"]),
      );
      const key = String(outputs.privateKeyPem?.value);
      expect({ secret: outputs.privateKeyPem?.secret, pem: /BEGIN [A-Z ]*PRIVATE KEY/.test(key) }).toEqual({
        secret: true,
        pem: true,
      });
      const leaf = String(outputs.certificatePem?.value).trim();
      expect(leaf).toMatch(/^-----BEGIN CERTIFICATE-----/);
      expect(String(outputs.fullChainPem?.value).startsWith(`${leaf}\n`)).toBe(true);
      // In state the key is encrypted (the Automation API's exportStack would show it decrypted).
      const line = key.split("\n").find((l) => l.length > 40) ?? key;
      const clear = filesUnder(path.join(workDir, "backend")).filter((f) =>
        readFileSync(f, "utf8").includes(line),
      );
      expect(clear).toEqual([]);
    },
    async afterDestroy(api) {
      expect(await status(api, "/1/domains/example-cert.com")).toBe(404);
    },
  },
  {
    dir: "webhooks",
    makes: "one webhook per receiver",
    async afterUp(api, outputs) {
      const hooks: any[] = await data(api, "/1/webhooks");
      expect(hooks.map((h) => h.url).sort()).toEqual([
        "https://audit.example.org/ingest/dnsimple",
        "https://chat.example.org/hooks/dnsimple",
      ]);
      expect(outputs.suppressedAt?.value).toEqual([null, null]);
    },
    async afterDestroy(api) {
      expect(await data(api, "/1/webhooks")).toEqual([]);
    },
  },
  {
    dir: "multi-account",
    makes: "a domain and a record in each of two accounts with one user token",
    token: USER_TOKEN,
    config: {
      production: {
        value: JSON.stringify({ account: "1", domain: "prod-example.com", webIpv4: "192.0.2.1" }),
      },
      staging: {
        value: JSON.stringify({ account: "2", domain: "staging-example.com", webIpv4: "192.0.2.2" }),
      },
    },
    async afterUp(api, outputs) {
      expect(await recordsOf(api, "prod-example.com")).toEqual(["www A 192.0.2.1"]);
      const staging: any[] = await data(api, "/2/zones/staging-example.com/records?per_page=100");
      expect(staging.filter((r) => !r.system_record).map((r) => `${r.name} ${r.content}`)).toEqual([
        "www 192.0.2.2",
      ]);
      expect(await status(api, "/1/domains/staging-example.com")).toBe(404);
      expect(await status(api, "/2/domains/prod-example.com")).toBe(404);
      expect(outputs.reachableAccounts?.value).toEqual([1, 2]);
    },
    async afterDestroy(api) {
      expect(await status(api, "/1/domains/prod-example.com")).toBe(404);
      expect(await status(api, "/2/domains/staging-example.com")).toBe(404);
    },
  },
];

/** The example's program as a project of its own, configured for the shared emulator. */
function exampleStack(example: ExampleCase): Promise<{ stack: Stack; workDir: string }> {
  const source = path.join(EXAMPLES_DIR, example.dir);
  // The folder as a user copies it: its other files too (a zone file), the README left behind.
  const extraFiles = filesUnder(source)
    .map((f) => path.relative(source, f))
    .filter((f) => !PROGRAM_FILES.includes(f) && f !== "README.md");
  return programFolderStack({
    source,
    extraFiles,
    label: `example-${example.dir}`,
    baseUrl: emulator.v2Url,
    token: example.token ?? ACCOUNT_TOKEN,
    ...(example.config ? { config: example.config } : {}),
  });
}

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    token: ACCOUNT_TOKEN,
    accountId: 1,
    // Orders stay pending a moment, so the registration and certificate examples really wait.
    delays: { registration: 300, certificate: 300 },
    seed: {
      accounts: [{ id: 2, email: "staging@example.org" }],
      users: [{ email: "ops@example.org", password: "ops-password", accounts: [1, 2], token: USER_TOKEN }],
      contacts: [{ account: 1, id: 10, firstName: "Reg", lastName: "Owner", email: "owner@example.org" }],
      domains: [
        {
          account: 1,
          name: "example-signed.com",
          state: "registered",
          registrantId: 10,
          expiresOn: "2030-01-01",
        },
        {
          account: 1,
          name: "example-external.com",
          state: "registered",
          registrantId: 10,
          expiresOn: "2030-01-01",
        },
      ],
    },
  });
}, 60_000);

afterAll(async () => {
  await emulator?.close();
  // Only a run of every example records figures: a filtered run (-t) must not lower the count.
  if (tested.size !== EXAMPLES.length) return;
  const total = Object.values(seconds).reduce((a, b) => a + b, 0);
  recordResults(
    "examples",
    { examples_tested: tested.size, examples_seconds: Math.round(total) },
    {
      title: "Examples",
      command: "npx jest --selectProjects e2e --runInBand test/e2e/examples.test.ts",
      body: [
        `${tested.size} of ${EXAMPLES.length} example programs passed up, a no-change preview and destroy`,
        "against one emulator, one after another (TypeScript run transpile-only by the Pulumi CLI).",
        "",
        "| example | seconds (up + preview + destroy + checks) |",
        "|---|---|",
        ...EXAMPLES.filter((e) => tested.has(e.dir)).map(
          (e) => `| ${e.dir} | ${seconds[e.dir]!.toFixed(1)} |`,
        ),
        `| total | ${total.toFixed(1)} |`,
      ].join("\n"),
    },
  );
});

describe("the examples", () => {
  it("each folder under examples/ is a TypeScript program run transpile-only, with a README and a test here", () => {
    const folders = readdirSync(EXAMPLES_DIR, { withFileTypes: true })
      // Programs of other languages (python-*, yaml-*, go-*) are run by languages.test.ts.
      .filter((d) => d.isDirectory() && !/^(python|yaml|go)-/.test(d.name))
      .map((d) => d.name)
      .sort();
    expect(folders).toEqual(EXAMPLES.map((e) => e.dir).sort());
    for (const dir of folders) {
      const file = (name: string) => path.join(EXAMPLES_DIR, dir, name);
      const project = parseYaml(readFileSync(file("Pulumi.yaml"), "utf8"));
      const tsconfig = JSON.parse(readFileSync(file("tsconfig.json"), "utf8"));
      const pkg = JSON.parse(readFileSync(file("package.json"), "utf8"));
      expect({
        dir,
        runtime: project.runtime,
        noCheck: tsconfig.compilerOptions?.noCheck,
        sdk: Object.keys(pkg.dependencies ?? {}).sort(),
        readme: existsSync(file("README.md")),
      }).toEqual({
        dir,
        runtime: { name: "nodejs", options: { typescript: true } },
        noCheck: true,
        sdk: ["@pulumi/pulumi", "pulumi-dnsimple-dynamic"],
        readme: true,
      });
    }
  });

  it.each(EXAMPLES.map((e) => [e.dir, e.makes, e] as const))(
    "%s: up makes %s; a second preview changes nothing; destroy removes what it made",
    async (_dir, _makes, example) => {
      const started = Date.now();
      const api = v2(emulator.v2Url, example.token ?? ACCOUNT_TOKEN);
      const { stack, workDir } = await exampleStack(example);
      const output: string[] = [];
      const onOutput = (line: string) => output.push(line);
      try {
        const up = await stack.up({ onOutput });
        expect(up.summary.result).toBe("succeeded");
        await example.afterUp(api, up.outputs, workDir);

        const preview = await stack.preview({ onOutput });
        const changes = Object.keys(preview.changeSummary).filter((op) => op !== "same");
        expect({ changes, same: (preview.changeSummary.same ?? 0) > 1 }).toEqual({ changes: [], same: true });

        await stack.destroy({ onOutput });
        await example.afterDestroy(api);
        tested.add(example.dir);
        seconds[example.dir] = (Date.now() - started) / 1000;
      } finally {
        if (process.env.E2E_KEEP_WORKDIRS)
          writeFileSync(path.join(workDir, "engine-output.log"), output.join("\n"));
        else rmSync(workDir, { recursive: true, force: true });
      }
    },
  );
});
