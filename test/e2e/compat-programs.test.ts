/**
 * Programs written against `@pulumi/dnsimple`'s API, run through `pulumi-dnsimple-dynamic/compat`
 * with nothing changed but the import line: the bridged provider's own example
 * (examples/record/ts), the ZoneRecord example of its documentation, and a program in its style
 * that uses every compat class and function. Each one is `up` against the emulator (checked
 * there), then a preview must show no change, then `destroy` (checked again).
 */
import type { OutputMap } from "@pulumi/pulumi/automation";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import * as path from "node:path";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { v2 } from "./extended-api";
import { REPO_ROOT } from "./harness";
import { programFolderStack } from "./program-folder";

const TOKEN = "e2e-compat-token-3f9a";
const PROGRAMS = path.join(REPO_ROOT, "test/e2e/compat-programs");
type Api = ReturnType<typeof v2>;

let emulator: RunningEmulator;
let api: Api;

async function data(route: string): Promise<any> {
  const answer = await api("GET", route);
  expect({ route, status: answer.status }).toEqual({ route, status: 200 });
  return answer.body.data;
}

/** A zone's records as `name type content[ priority] ttl`, user records only. */
async function recordsOf(zone: string): Promise<string[]> {
  const records: any[] = await data(`/1/zones/${zone}/records?per_page=100`);
  return records
    .filter((r) => !r.system_record)
    .map((r) => `${r.name || "@"} ${r.type} ${r.content}${r.priority ? ` ${r.priority}` : ""} ${r.ttl}`)
    .sort();
}

interface CompatCase {
  dir: string;
  afterUp(outputs: OutputMap): Promise<void>;
  afterDestroy(): Promise<void>;
}

const CASES: CompatCase[] = [
  {
    dir: "bridged-record-example",
    async afterUp(outputs) {
      expect(await recordsOf("dnsimple.test.pulumi.com")).toEqual(["test-ts CNAME example.pulumi.com 3600"]);
      expect(String(outputs.default?.value)).toMatch(/::test$/);
    },
    async afterDestroy() {
      expect(await recordsOf("dnsimple.test.pulumi.com")).toEqual([]);
    },
  },
  {
    dir: "bridged-zone-record-docs",
    async afterUp() {
      expect(await recordsOf("example.com")).toEqual(
        ["@ A 192.0.2.1 3600", "www A 192.0.2.1 3600", "@ MX mail.example.com 10 3600"].sort(),
      );
    },
    async afterDestroy() {
      expect(await recordsOf("example.com")).toEqual([]);
      // The zone was never the program's: it stays.
      expect((await data("/1/domains/example.com")).name).toBe("example.com");
    },
  },
  {
    dir: "bridged-style-account",
    async afterUp(outputs) {
      expect(await recordsOf("compat-shop.com")).toEqual(
        ["@ A 192.0.2.80 3600", "www CNAME compat-shop.com 600", "@ MX mx.mail.example.net 10 3600"].sort(),
      );
      const forwards: any[] = await data("/1/domains/compat-shop.com/email_forwards");
      expect(forwards.map((f) => `${f.alias_email} -> ${f.destination_email}`)).toEqual([
        "sales@compat-shop.com -> team@example.org",
      ]);
      const brand = await data("/1/domains/compat-brand.com");
      expect({ state: brand.state, registrant: brand.registrant_id, autoRenew: brand.auto_renew }).toEqual({
        state: "registered",
        registrant: 10,
        autoRenew: true,
      });
      expect((await data("/1/registrar/domains/compat-brand.com/transfer_lock")).enabled).toBe(true);
      const ds: any[] = await data("/1/domains/compat-brand.com/ds_records");
      expect(ds.map((r) => `${r.keytag} ${r.algorithm} ${r.digest_type}`)).toEqual(["2371 13 2"]);
      expect(await data("/1/registrar/domains/compat-delegated.com/delegation")).toEqual([
        "ns1.example.org",
        "ns2.example.com",
      ]);
      const certificates: any[] = await data("/1/domains/compat-shop.com/certificates");
      expect(certificates.map((c) => c.common_name)).toEqual(["www.compat-shop.com"]);
      expect({
        apexName: outputs.apexName?.value,
        apexValue: outputs.apexValue?.value,
        zoneActive: outputs.zoneActive?.value,
        registeredContact: outputs.registeredContact?.value,
        transferLocked: outputs.transferLocked?.value,
        certificateDomain: outputs.certificateDomain?.value,
        ownerChange: typeof outputs.ownerChange?.value,
      }).toEqual({
        apexName: "compat-shop.com",
        apexValue: "192.0.2.80",
        zoneActive: true,
        registeredContact: 10,
        transferLocked: true,
        certificateDomain: "compat-shop.com",
        ownerChange: "boolean",
      });
      expect(String(outputs.existingZone?.value)).toMatch(/^example\.com \d+$/);
    },
    async afterDestroy() {
      expect((await api("GET", "/1/domains/compat-shop.com")).status).toBe(404);
      expect(await data("/1/domains/compat-brand.com/ds_records")).toEqual([]);
      // Destroy never gives a registration up (this package's rule, unlike the bridged provider).
      expect((await data("/1/domains/compat-brand.com")).state).toBe("registered");
      // The delegation is put back on the service's name servers.
      expect(await data("/1/registrar/domains/compat-delegated.com/delegation")).not.toContain(
        "ns1.example.org",
      );
    },
  },
];

beforeAll(async () => {
  emulator = await startEmulator({
    port: 0,
    token: TOKEN,
    accountId: 1,
    delays: { registration: 100, certificate: 100 },
    seed: {
      contacts: [{ account: 1, id: 10, firstName: "Reg", lastName: "Owner", email: "owner@example.org" }],
      domains: [
        { account: 1, name: "example.com" },
        { account: 1, name: "dnsimple.test.pulumi.com" },
        {
          account: 1,
          name: "compat-delegated.com",
          state: "registered",
          registrantId: 10,
          expiresOn: "2030-01-01",
        },
      ],
    } as never,
  });
  api = v2(emulator.v2Url, TOKEN);
}, 60_000);

afterAll(async () => {
  await emulator?.close();
});

describe("programs written for @pulumi/dnsimple, through compat", () => {
  it("change only their import line", () => {
    for (const { dir } of CASES) {
      const source = readFileSync(path.join(PROGRAMS, dir, "index.ts"), "utf8");
      expect({ dir, imports: source.match(/from "[^"]*dnsimple[^"]*"/g) }).toEqual({
        dir,
        imports: ['from "pulumi-dnsimple-dynamic/compat"'],
      });
    }
  });

  it.each(CASES.map((c) => [c.dir, c] as const))(
    "%s: up, a preview with no change, destroy",
    async (dir, program) => {
      const { stack, workDir } = await programFolderStack({
        source: path.join(PROGRAMS, dir),
        label: `compat-${dir}`,
        baseUrl: emulator.v2Url,
        token: TOKEN,
      });
      const output: string[] = [];
      const onOutput = (line: string) => output.push(line);
      try {
        const up = await stack.up({ onOutput });
        expect(up.summary.result).toBe("succeeded");
        await program.afterUp(up.outputs);

        const preview = await stack.preview({ onOutput });
        const changes = Object.keys(preview.changeSummary).filter((op) => op !== "same");
        expect({ dir, changes }).toEqual({ dir, changes: [] });

        await stack.destroy({ onOutput });
        await program.afterDestroy();
      } finally {
        if (process.env.E2E_KEEP_WORKDIRS)
          writeFileSync(path.join(workDir, "engine-output.log"), output.join("\n"));
        else rmSync(workDir, { recursive: true, force: true });
      }
    },
  );
});
