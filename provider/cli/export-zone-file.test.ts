import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import type { DnsimpleClient } from "../client";
import { generateProgramMain } from "./generate-program";
import { exportZoneFileMain } from "./export-zone-file";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "zone-file-cli-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t), env: {} } };
}

describe("generate-program --zone-file", () => {
  const zoneFile = (text: string) => {
    const file = path.join(dir, "example.com.zone");
    writeFileSync(file, text);
    return file;
  };

  it("writes a program that makes the domain and declares the file's records, no account read", async () => {
    const file = zoneFile(
      "$ORIGIN example.com.\n$TTL 300\n@ SOA ns1.old.example. admin.old.example. 1 2 3 4 5\n@ NS ns1.old.example.\n@ MX 10 mail\nmail A 192.0.2.1\n",
    );
    const out = path.join(dir, "program");
    const run = io();
    const status = await generateProgramMain(["--account", "42", "--zone-file", file, "--out", out], run.io);
    expect(run.err).toEqual([]);
    expect(status).toBe(0);
    const index = readFileSync(path.join(out, "index.ts"), "utf8");
    expect(index).toContain(
      'const example_com = new dnsimple.Domain("example.com", { name: "example.com" });',
    );
    expect(index).toContain('{ name: "", type: "MX", content: "mail.example.com", ttl: 300, priority: 10 },');
    expect(index).toContain('{ name: "mail", type: "A", content: "192.0.2.1", ttl: 300 },');
    expect(index).not.toMatch(/type: "(SOA|NS)"/);
    expect(index).not.toContain("adopt");
    expect(run.out.join("")).toContain("example.com (2 records)");
  });

  it("takes the zone from the command line when the file has no $ORIGIN", async () => {
    const file = zoneFile("www 60 A 192.0.2.1\n");
    const run = io();
    const out = path.join(dir, "program");
    expect(await generateProgramMain(["--account", "42", "--zone-file", file, "--out", out], run.io)).toBe(1);
    expect(run.err.join("")).toContain(
      `has no $ORIGIN and no SOA: name its zone, e.g. --zone-file example.com=${file}`,
    );
    const named = io();
    const status = await generateProgramMain(
      ["--account", "42", "--zone-file", `example.org=${file}`, "--out", out],
      named.io,
    );
    expect(status).toBe(0);
    expect(readFileSync(path.join(out, "index.ts"), "utf8")).toContain(
      '{ name: "www", type: "A", content: "192.0.2.1", ttl: 60 }',
    );
  });

  it("writes nothing when a line would be refused, and names the file and line", async () => {
    const file = zoneFile(
      "$ORIGIN example.com.\n$TTL 300\nwww A 192.0.2.1\nbad A 1.2.3\nsec TLSA 3 1 1 ab\n",
    );
    const run = io();
    const out = path.join(dir, "program");
    expect(await generateProgramMain(["--account", "42", "--zone-file", file, "--out", out], run.io)).toBe(2);
    const err = run.err.join("");
    expect(err).toContain(`${file} line 4: A content: an A record's content must be an IPv4 address`);
    expect(err).toContain(`${file} line 5: the service does not hold TLSA records`);
    expect(() => readFileSync(path.join(out, "index.ts"))).toThrow();
  });
});

describe("export-zone-file", () => {
  const client = (records: object[]) =>
    ({
      zones: {
        records: {
          async *iterate(account: string, zone: string) {
            expect([account, zone]).toEqual(["42", "example.com"]);
            yield* records;
          },
        },
      },
    }) as unknown as DnsimpleClient;

  it("writes the zone's records to standard output", async () => {
    const run = io();
    const status = await exportZoneFileMain(["--account", "42", "--zone", "Example.com."], {
      ...run.io,
      client: client([
        {
          name: "",
          type: "SOA",
          content: "ns1.dnsimple.com admin.dnsimple.com 1 2 3 4 5",
          ttl: 3600,
          priority: null,
        },
        { name: "www", type: "A", content: "192.0.2.1", ttl: 60, priority: null },
      ]),
    });
    expect(status).toBe(0);
    expect(run.out.join("")).toBe(
      "$ORIGIN example.com.\n@\t3600\tIN\tSOA\tns1.dnsimple.com. admin.dnsimple.com. 1 2 3 4 5\nwww\t60\tIN\tA\t192.0.2.1\n",
    );
  });

  it("writes a file with --out", async () => {
    const run = io();
    const out = path.join(dir, "example.com.zone");
    const status = await exportZoneFileMain(["--account", "42", "--zone", "example.com", "--out", out], {
      ...run.io,
      client: client([{ name: "www", type: "A", content: "192.0.2.1", ttl: 60, priority: null }]),
    });
    expect(status).toBe(0);
    expect(readFileSync(out, "utf8")).toContain("www\t60\tIN\tA\t192.0.2.1");
    expect(run.err.join("")).toContain(`Wrote 1 records of example.com to ${out}`);
  });

  it.each([
    [["--zone", "example.com"], "--account is required"],
    [["--account", "x1", "--zone", "example.com"], '--account must be a numeric account id, not "x1"'],
    [["--account", "42"], "--zone is required"],
    [["--account", "42", "--zone", "example.com", "--bogus"], "Unknown option '--bogus'"],
  ])("refuses %j: %s", async (argv, message) => {
    const run = io();
    expect(await exportZoneFileMain(argv, { ...run.io, client: client([]) })).toBe(1);
    expect(run.err.join("")).toContain(message);
  });

  it("needs a token when no client is given", async () => {
    const run = io();
    expect(await exportZoneFileMain(["--account", "42", "--zone", "example.com"], run.io)).toBe(1);
    expect(run.err.join("")).toContain("needs DNSIMPLE_TOKEN");
  });
});
