/**
 * No secret in clear, anywhere the engine writes: a program with the token, contact data (secret
 * inputs) and a transfer auth code goes through up (with the engine's most verbose logging, flowed
 * to the provider), preview, refresh, an update and destroy. Then every file of the project
 * (state, state history and backups, workspace files), every `pulumi stack export` and all engine
 * and provider output is scanned for the token and each secret value. The secret list is also
 * harvested from the project itself (secret config and every secret in the state), so values the
 * test did not list are covered too. The suite-wide scan (every e2e test's project) is
 * `bench/secrets.ts`.
 */
import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { harvestSecrets, scanProject } from "./secret-scan";
import {
  createStack,
  type Declaration,
  spawnEmulator,
  type EmulatorProcess,
  type TestStack,
} from "./reliability-lib";

const TOKEN = "e2e-secrets-token-a7f31c9e";
const AUTH_CODE = "xfer-AUTH-code-5521-secret";
const CONTACT = {
  firstName: "Margaret-Secret",
  lastName: "Hamilton-Secret",
  email: "margaret.private@example.org",
  phone: "+1.5555550199",
  address1: "77 Massachusetts Avenue",
  city: "Cambridge-Secret",
  stateProvince: "Massachusetts",
  postalCode: "02139-4307",
};
const PHONE2 = "+1.5555550142";
const DECLARED_SECRETS = [TOKEN, AUTH_CODE, PHONE2, ...Object.values(CONTACT)];
let engineV9 = "";
/** Harvested from the project before destroy empties the state. */
let harvested = new Set<string>();

let emulator: EmulatorProcess;
let stack: TestStack;
const stateExports: string[] = [];

/** Contact fields read from secret stack config, as a user keeps personal data. */
function secretArgs(): Record<string, unknown> {
  return Object.fromEntries(Object.keys(CONTACT).map((key) => [key, { $secret: key }]));
}

function program(phone: "phone" | "phone2" = "phone"): Declaration[] {
  return [
    { type: "Domain", name: "zone", args: { name: "secrets-e2e.com" } },
    {
      type: "EmailForward",
      name: "fwd",
      args: { domain: { $ref: "zone.name" }, aliasName: "info", destinationEmail: "team@example.org" },
    },
    {
      type: "Contact",
      name: "owner",
      args: { label: "owner", ...secretArgs(), phone: { $secret: phone }, country: "US" },
      // The transferred domain keeps it as registrant: destroy leaves both at the service.
      options: { retainOnDelete: true },
    },
    {
      type: "DomainTransfer",
      name: "xfer",
      args: {
        domain: "secrets-transfer.com",
        registrantId: { $ref: "owner.contactId" },
        authCode: { $secret: "authCode" },
        pollIntervalSeconds: 1,
        timeoutSeconds: 60,
      },
    },
  ];
}

async function exportBoth() {
  stateExports.push(JSON.stringify(await stack.exportState()));
}

beforeAll(async () => {
  emulator = await spawnEmulator({ token: TOKEN, extraArgs: ["--delay-ms", "0"] });
  stack = await createStack({
    program: "secrets",
    baseUrl: emulator.v2Url,
    token: TOKEN,
    account: 1,
    secretConfig: { ...CONTACT, phone2: PHONE2, authCode: AUTH_CODE },
  });
});

afterAll(async () => {
  await stack?.cleanup();
  await emulator?.close();
});

describe("secrets never appear in clear", () => {
  it("runs up with verbose engine and provider logs, preview, refresh, update and destroy", async () => {
    await stack.declare(program());
    // Verbose engine log, flowed to the provider, kept as a file like a user attaching it to a bug
    // report. -v=7: at -v=9 the engine itself prints every RPC payload, secrets included (below).
    const verbose = await stack.cli([
      "up",
      "--yes",
      "--skip-preview",
      "--logtostderr",
      "--logflow",
      "-v=7",
      "--debug",
    ]);
    writeFileSync(path.join(stack.workDir, "engine-verbose.log"), verbose.text);
    stack.output.pop();
    // At -v=9: only the engine's own RPC payload dumps may show secrets, never our provider.
    await stack.declare(program("phone2"));
    const v9 = await stack.cli(["preview", "--logtostderr", "--logflow", "-v=9"]);
    stack.output.pop();
    engineV9 = v9.text;
    await stack.declare(program());
    await exportBoth();
    await stack.cli(["preview", "--diff", "--expect-no-changes"]);
    await stack.cli(["refresh", "--yes", "--skip-preview"]);
    await stack.declare(program("phone2"));
    await stack.cli(["up", "--yes", "--skip-preview", "--diff"]);
    await exportBoth();
    harvested = await harvestSecrets(stack.workDir);
    await stack.cli(["destroy", "--yes", "--skip-preview"]);
    await exportBoth();
    expect(stack.output.join("\n")).toContain("secrets-transfer.com");
  });

  it("harvests the token, the auth code and the contact data as the project's secrets", () => {
    for (const secret of [TOKEN, AUTH_CODE, PHONE2, CONTACT.email, CONTACT.address1])
      expect(harvested).toContain(secret);
  });

  it("finds none of them in any file, export or output of the project", async () => {
    const secrets = new Set([...DECLARED_SECRETS, ...harvested]);
    const leaks = await scanProject(stack.workDir, secrets);
    for (const [i, text] of [...stateExports, ...stack.output].entries()) {
      for (const secret of secrets)
        if (text.includes(secret)) leaks.push({ secret, file: `(export or output #${i})` });
    }
    expect(leaks).toEqual([]);
  });

  it("shows secrets at -v=9 only in the engine's own RPC payload dumps, never in provider output", () => {
    const secrets = [...new Set([...DECLARED_SECRETS, ...harvested])];
    const leaking = engineV9.split("\n").filter((line) => secrets.some((secret) => line.includes(secret)));
    const engineDumps = /"msg":"(Marshaling|Unmarshaling) property for RPC\[/;
    expect(leaking.length).toBeGreaterThan(0); // the scan sees them where they are
    expect(leaking.filter((line) => !engineDumps.test(line))).toEqual([]);
  });
});
