/**
 * The official Terraform provider's own acceptance suite (terraform-provider-dnsimple, its
 * `TestAcc*` tests) run against the emulator as a new user would run it against a sandbox
 * account: the provider's source untouched, `TF_ACC=1` and the environment variables its README
 * names, Terraform from `TF_ACC_TERRAFORM_PATH`. The provider's client has no base-URL setting
 * (`https://api.dnsimple.com`, or `https://api.sandbox.dnsimple.com` with `sandbox`), so the Go
 * test process gets `HTTPS_PROXY` pointing at a local interception proxy started here: it answers
 * `CONNECT` for those two hosts only, ends TLS with a certificate signed by a throwaway CA made
 * with `openssl` for this run (`SSL_CERT_FILE`), and forwards the plain HTTP to the emulator.
 * Any other host is refused and reported.
 *
 * The account is prepared through the public API, as a user prepares a sandbox account: three
 * contacts, two registered domains (the one every test works in, `DNSIMPLE_DOMAIN`, and the one
 * whose registrant the registrant-change tests change), and an issued Let's Encrypt certificate
 * for the certificate data source (`DNSIMPLE_CERTIFICATE_ID`). `DNSIMPLE_SANDBOX=false` lets the
 * three certificate tests run (they skip themselves in the sandbox, which has no certificates);
 * the suite's own client still calls the sandbox host, which the proxy also serves. The emulator's
 * seed says one thing about the world rather than the account: registrations under `.com.br` stay
 * pending for an hour (`registrar.registrationDelays`), as the suite's asynchronous-registration
 * test expects of that registry; every other registration completes at once.
 *
 * Figures: `terraform_acceptance_tests_{total,passed,failed,skipped}` from the `--- PASS/FAIL/SKIP`
 * lines of `go test -v`, and a section of bench/RESULTS.md with the skipped tests and their reasons.
 *
 * Source: `TERRAFORM_PROVIDER_SOURCE` (a bare git mirror or a checked-out folder), by default the
 * mirror next to this repository (`../.mirror/dnsimple+terraform-provider-dnsimple/repo`). Needs
 * `go` (on PATH, or in `$GOROOT/bin`) with its module proxy for the provider's dependencies, `openssl`,
 * and Terraform (`TF_ACC_TERRAFORM_PATH`, else `terraform` on PATH).
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/terraform-acceptance.js [--run REGEX] [--keep]
 */
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { REPO, spawnEmulator, type EmulatorProcess } from "../test/e2e/reliability-lib";
import { recordResults } from "./lib/record";
import {
  SOURCE,
  exportSource,
  fail,
  findTerraform,
  goEnv,
  makeCertificates,
  startProxy,
  which,
} from "./lib/terraform";

const args = process.argv.slice(2);
const RUN = args.includes("--run") ? args[args.indexOf("--run") + 1]! : "TestAcc";
const KEEP = args.includes("--keep");
const WORK = path.join(REPO, ".work/terraform-acceptance");
const TOKEN = `tf-acc-${randomBytes(6).toString("hex")}`;
const ACCOUNT = 1;
/** The test domains: registered through the API before the run. */
const DOMAIN = "tf-acceptance.com";
const REGISTRANT_CHANGE_DOMAIN = "tf-acceptance-registrant.com";
/** Registries slower than the rest (emulator seed `registrar.registrationDelays`, milliseconds). */
const SLOW_REGISTRIES = { "com.br": 3_600_000 };
const GO_TEST_ARGS = ["test", "./internal/...", "-run", RUN, "-v", "-count=1", "-timeout", "60m"];

/** What a user does in a fresh sandbox account before running the suite, through the API. */
async function prepareAccount(emu: EmulatorProcess): Promise<Record<string, string>> {
  const must = async (what: string, answer: Promise<{ status: number; body: any }>): Promise<any> => {
    const a = await answer;
    if (a.status >= 300) throw new Error(`${what}: ${a.status} ${JSON.stringify(a.body)}`);
    return a.body.data;
  };
  const contact = (firstName: string, lastName: string, email: string) =>
    must(
      `create contact ${email}`,
      emu.api.post(`/${ACCOUNT}/contacts`, {
        first_name: firstName,
        last_name: lastName,
        address1: "123 Main St",
        city: "San Francisco",
        state_province: "CA",
        postal_code: "94105",
        country: "US",
        phone: "+1.5555555555",
        email,
      }),
    );
  const main = await contact("Jane", "Doe", "jane.doe@example.com");
  const first = await contact("Rita", "Registrant", "rita.registrant@example.com");
  const second = await contact("Otto", "Owner", "otto.owner@example.com");
  for (const name of [DOMAIN, REGISTRANT_CHANGE_DOMAIN]) {
    await must(
      `register ${name}`,
      emu.api.post(`/${ACCOUNT}/registrar/domains/${name}/registrations`, { registrant_id: main.id }),
    );
    const domain = await must(`get ${name}`, emu.api.get(`/${ACCOUNT}/domains/${name}`));
    if (domain.state !== "registered") throw new Error(`${name} is ${domain.state}, not registered`);
  }
  const purchase = await must(
    "purchase a certificate",
    emu.api.post(`/${ACCOUNT}/domains/${DOMAIN}/certificates/letsencrypt`, { name: "www" }),
  );
  await must(
    "issue the certificate",
    emu.api.post(`/${ACCOUNT}/domains/${DOMAIN}/certificates/letsencrypt/${purchase.id}/issue`),
  );
  return {
    DNSIMPLE_DOMAIN: DOMAIN,
    DNSIMPLE_CONTACT_ID: String(main.id),
    DNSIMPLE_REGISTRANT_CHANGE_DOMAIN: REGISTRANT_CHANGE_DOMAIN,
    DNSIMPLE_REGISTRANT_CHANGE_CONTACT_ID: String(first.id),
    DNSIMPLE_REGISTRANT_CHANGE_CONTACT_ID_2: String(second.id),
    DNSIMPLE_CERTIFICATE_ID: String(purchase.certificate_id),
    DNSIMPLE_CERTIFICATE_NAME: "www",
    DNSIMPLE_CERTIFICATE_ALTERNATE_NAMES: `docs.${DOMAIN},status.${DOMAIN}`,
    DNSIMPLE_CERTIFICATE_SIGNATURE_ALGORITHM: "ECDSA",
    DNSIMPLE_CERTIFICATE_AUTO_RENEW: "0",
  };
}

interface Outcome {
  name: string;
  result: "PASS" | "FAIL" | "SKIP";
  seconds: number;
  pkg: string;
  /** The test's own log lines (a skip's reason, a failure's error). */
  lines: string[];
}

/**
 * Parses `go test -v` output: the top-level `--- PASS/FAIL/SKIP` lines, and what each test logged
 * between its `=== RUN` and its result (a skip's reason, a failure's errors).
 */
export function parseGoTest(output: string): { outcomes: Outcome[]; packages: Record<string, string> } {
  const outcomes: Outcome[] = [];
  const packages: Record<string, string> = {};
  const logged = new Map<string, string[]>();
  let running: string | undefined;
  let unassigned = 0;
  for (const line of output.split("\n")) {
    const run = /^=== (?:RUN|CONT)\s+(\S+)$/.exec(line);
    if (run) {
      running = run[1]!.includes("/") ? running : run[1]!;
      if (running !== undefined && !logged.has(running)) logged.set(running, []);
      continue;
    }
    const result = /^--- (PASS|FAIL|SKIP): (\S+) \(([\d.]+)s\)/.exec(line);
    if (result) {
      const name = result[2]!;
      outcomes.push({
        name,
        result: result[1] as Outcome["result"],
        seconds: Number(result[3]),
        pkg: "",
        lines: logged.get(name) ?? [],
      });
      running = undefined;
      continue;
    }
    const pkg = /^(ok|FAIL|\?)\s+(\S+\/\S+)/.exec(line);
    if (pkg) {
      packages[pkg[2]!] = pkg[1]!;
      for (const o of outcomes.slice(unassigned)) o.pkg = pkg[2]!;
      unassigned = outcomes.length;
      running = undefined;
      continue;
    }
    if (running !== undefined && /^ {4}\S/.test(line)) logged.get(running)!.push(line.trim());
  }
  return { outcomes, packages };
}

async function main(): Promise<void> {
  const terraform = findTerraform();
  if (terraform === undefined) {
    fail("Terraform not found: set TF_ACC_TERRAFORM_PATH (the suite must not download one)");
  }
  if (which("openssl") === undefined) fail("`openssl` is not on PATH");
  const { PATH } = goEnv();
  const src = path.join(WORK, "src");
  const version = exportSource(src);
  const terraformVersion = execFileSync(terraform, ["version"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  })
    .split("\n")[0]!
    .trim();
  const certDir = mkdtempSync(path.join(tmpdir(), "tf-acc-ca-"));
  const certs = makeCertificates(certDir);
  console.log(`provider ${version} from ${SOURCE}; ${terraformVersion}`);

  // Builds the test binaries first (downloads the modules): apart from the suite's own time.
  execFileSync("go", ["test", "-count=1", "-run", "^$", "./internal/..."], {
    cwd: src,
    env: { ...process.env, PATH },
    stdio: ["ignore", "ignore", "inherit"],
  });

  // The world the suite assumes, not the account: a `.com.br` registry that answers later than
  // the suite's 20-second timeouts (TestAccRegisteredDomainResource_AsyncRegistration), an hour.
  const seedFile = path.join(WORK, "seed.json");
  writeFileSync(
    seedFile,
    `${JSON.stringify({ registrar: { registrationDelays: SLOW_REGISTRIES } }, null, 2)}\n`,
  );
  const emu = await spawnEmulator({
    token: TOKEN,
    extraArgs: ["--account", String(ACCOUNT), "--seed", seedFile],
  });
  const proxy = await startProxy(emu.url, certs.key, certs.cert);
  let output = "";
  let code: number | null = null;
  const started = Date.now();
  try {
    const prepared = await prepareAccount(emu);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PATH,
      TF_ACC: "1",
      TF_ACC_TERRAFORM_PATH: terraform,
      CHECKPOINT_DISABLE: "1",
      TF_IN_AUTOMATION: "1",
      HTTPS_PROXY: proxy.url,
      https_proxy: proxy.url,
      NO_PROXY: "",
      no_proxy: "",
      SSL_CERT_FILE: certs.caFile,
      DNSIMPLE_TOKEN: TOKEN,
      DNSIMPLE_ACCOUNT: String(ACCOUNT),
      DNSIMPLE_SANDBOX: "false",
      ...prepared,
    };
    mkdirSync(WORK, { recursive: true });
    const log = createWriteStream(path.join(WORK, "go-test.log"));
    console.log(
      `go ${GO_TEST_ARGS.join(" ")}  (log: ${path.relative(REPO, path.join(WORK, "go-test.log"))})`,
    );
    code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn("go", GO_TEST_ARGS, { cwd: src, env, stdio: ["ignore", "pipe", "pipe"] });
      const take = (chunk: Buffer) => {
        output += chunk.toString();
        log.write(chunk);
        for (const line of chunk.toString().split("\n"))
          if (/^(--- |ok |FAIL|panic)/.test(line)) console.log(line);
      };
      child.stdout.on("data", take);
      child.stderr.on("data", take);
      child.on("error", reject);
      child.on("close", resolve);
    });
    log.end();
  } finally {
    await proxy.close();
    await emu.close();
    if (!KEEP) rmSync(certDir, { recursive: true, force: true });
  }
  const minutes = (Date.now() - started) / 60_000;
  const { outcomes, packages } = parseGoTest(output);
  const count = (r: Outcome["result"]) => outcomes.filter((o) => o.result === r).length;
  const brokenPackages = Object.entries(packages).filter(
    ([pkg, status]) => status === "FAIL" && !outcomes.some((o) => o.pkg === pkg && o.result === "FAIL"),
  );
  if (outcomes.length === 0)
    fail(`no test ran (go test exited with ${code}); see ${path.join(WORK, "go-test.log")}`);
  const figures = {
    terraform_acceptance_tests_total: outcomes.length,
    terraform_acceptance_tests_passed: count("PASS"),
    terraform_acceptance_tests_failed: count("FAIL") + brokenPackages.length,
    terraform_acceptance_tests_skipped: count("SKIP"),
  };
  const short = (pkg: string) =>
    pkg.replace(/^github\.com\/terraform-providers\/terraform-provider-dnsimple\//, "");
  const command = "npx tsc -p tsconfig.build.json && node dist/bench/terraform-acceptance.js";
  const body = [
    `terraform-provider-dnsimple ${version} (its \`TestAcc*\` tests, source untouched), ${terraformVersion}, ` +
      "against the emulator through the HTTPS interception proxy (" +
      `tunnels: ${Object.entries(proxy.connects)
        .map(([h, n]) => `${h} ${n}`)
        .join(", ")}; ${proxy.forwarded} API requests forwarded, ` +
      `${proxy.refused.length} refused${proxy.refused.length > 0 ? `: ${[...new Set(proxy.refused)].join(", ")}` : ""}), ` +
      `${minutes.toFixed(1)} min.`,
    "",
    `Suite command (in the exported source): \`TF_ACC=1 DNSIMPLE_SANDBOX=false go ${GO_TEST_ARGS.join(" ")}\` ` +
      "with `DNSIMPLE_TOKEN`, `DNSIMPLE_ACCOUNT`, `DNSIMPLE_DOMAIN`, `DNSIMPLE_CONTACT_ID`, " +
      "`DNSIMPLE_REGISTRANT_CHANGE_DOMAIN`, `DNSIMPLE_REGISTRANT_CHANGE_CONTACT_ID(_2)` and `DNSIMPLE_CERTIFICATE_*` " +
      "set to objects made through the API before the run (three contacts, two registered domains, an issued " +
      `certificate); the emulator's seed: \`registrar.registrationDelays\` = \`${JSON.stringify(SLOW_REGISTRIES)}\` ` +
      "(a `.com.br` registration stays pending an hour, as the asynchronous-registration test expects).",
    "",
    `| result | tests |`,
    `|---|---|`,
    `| total | ${figures.terraform_acceptance_tests_total} |`,
    `| passed | ${figures.terraform_acceptance_tests_passed} |`,
    `| failed | ${figures.terraform_acceptance_tests_failed} |`,
    `| skipped | ${figures.terraform_acceptance_tests_skipped} |`,
    "",
    "| test | package | result | seconds |",
    "|---|---|---|---|",
    ...outcomes.map((o) => `| ${o.name} | ${short(o.pkg)} | ${o.result} | ${o.seconds.toFixed(1)} |`),
    "",
    ...(count("SKIP") > 0
      ? [
          "Skipped, with the reason the test gives:",
          "",
          ...outcomes
            .filter((o) => o.result === "SKIP")
            .map(
              (o) => `- ${o.name}: ${o.lines.join(" ").replace(/^\S+\.go:\d+: /, "") || "(no reason given)"}`,
            ),
          "",
        ]
      : ["Skipped: none.", ""]),
    ...(figures.terraform_acceptance_tests_failed > 0
      ? [
          "Failed:",
          "",
          ...outcomes
            .filter((o) => o.result === "FAIL")
            .map((o) => `- ${o.name}: ${o.lines.slice(0, 6).join(" ").slice(0, 600)}`),
          ...brokenPackages.map(([pkg]) => `- package ${short(pkg)} failed outside a test (see the log)`),
          "",
        ]
      : []),
    ...Object.entries(figures).map(([k, v]) => `- \`${k}\` = ${v}`),
  ].join("\n");
  recordResults("terraform-acceptance", figures, {
    title: "The Terraform provider's acceptance suite against the emulator",
    command,
    body,
  });
  console.log(JSON.stringify(figures));
  if (code !== 0) process.exitCode = 1;
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
