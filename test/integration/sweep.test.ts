/**
 * `pulumi-dnsimple-dynamic sweep` against the emulator over HTTP: an account holding objects of a
 * run's prefix beside the account's own; the dry run lists exactly the prefix's and sends no
 * write, `--yes` deletes them and nothing else, and a second sweep finds nothing.
 */
import { startEmulator, type RunningEmulator } from "../../emulator";
import { main } from "../../provider/cli/main";
import { findLeftovers, sweepMain } from "../../provider/cli/sweep";
import { createClient, type DnsimpleClient } from "../../provider/client";

const TOKEN = "sweep-token-41ab";
const PREFIX = "live-9c2e41";
let emulator: RunningEmulator;
let client: DnsimpleClient;

const CONTACT = {
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.org",
  phone: "+1.5555550100",
  address1: "12 Analytical Row",
  city: "Springfield",
  state_province: "IL",
  postal_code: "62701",
  country: "US",
};

function io() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: { out: (t: string) => void out.push(t), err: (t: string) => void err.push(t), env: {}, client },
  };
}

/** What the account holds, as `kind name` lines: the objects the test made, both sides. */
async function holdings(): Promise<string[]> {
  const lines: string[] = [];
  for await (const zone of client.zones.iterate(1)) {
    lines.push(`${zone.secondary ? "secondary zone" : "zone"} ${zone.name}`);
    if (zone.secondary) continue;
    for await (const r of client.zones.records.iterate(1, zone.name))
      if (!r.system_record) lines.push(`record ${r.name}.${zone.name}`);
    for await (const f of client.emailForwards.iterate(1, zone.name)) lines.push(`forward ${f.alias_email}`);
  }
  for (const hook of await client.webhooks.list(1)) lines.push(`webhook ${hook.url}`);
  for await (const p of client.secondaryDns.iteratePrimaries(1)) lines.push(`primary ${p.name}`);
  for await (const c of client.contacts.iterate(1)) lines.push(`contact ${c.label || c.email}`);
  return lines.sort();
}

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, token: TOKEN, accountId: 1 });
  client = createClient({ token: TOKEN, baseUrl: emulator.v2Url });
  for (const name of [`${PREFIX}-shop.com`, "keep-this.com"]) {
    await client.domains.create(1, { name });
    await client.zones.records.create(1, name, { name: "www", type: "A", content: "192.0.2.1" });
    await client.emailForwards.create(1, name, { alias_name: "sales", destination_email: "a@example.org" });
  }
  await client.zones.records.create(1, "keep-this.com", {
    name: `${PREFIX}-app`,
    type: "A",
    content: "192.0.2.2",
  });
  await client.emailForwards.create(1, "keep-this.com", {
    alias_name: `${PREFIX}-billing`,
    destination_email: "b@example.org",
  });
  for (const name of [`${PREFIX}-secondary.net`, "keep-secondary.net"])
    await client.secondaryDns.createZone(1, { name });
  const ours = await client.secondaryDns.createPrimary(1, {
    name: `${PREFIX}-ns1.example.org`,
    ip: "192.0.2.53",
  });
  await client.secondaryDns.linkPrimary(1, ours.id, `${PREFIX}-secondary.net`);
  await client.secondaryDns.linkPrimary(1, ours.id, "keep-secondary.net");
  await client.secondaryDns.createPrimary(1, { name: "ns1.keep.example.org", ip: "192.0.2.54" });
  await client.secondaryDns.createPrimary(1, { name: `ns2.${PREFIX}-zone.com`, ip: "192.0.2.55" });
  await client.webhooks.create(1, { url: `https://hooks.example.org/${PREFIX}/events` });
  await client.webhooks.create(1, { url: "https://hooks.example.org/keep" });
  await client.contacts.create(1, { ...CONTACT, label: `${PREFIX}-registrant` });
  await client.contacts.create(1, { ...CONTACT, label: "keep-registrant" });
  await client.contacts.create(1, { ...CONTACT, email: `ada@${PREFIX}-mail.com` });
}, 60_000);

afterAll(async () => {
  await emulator?.close();
});

describe("sweep --prefix", () => {
  it("is a command of the package's CLI, with its own help", async () => {
    const run = io();
    const code = await main(["sweep", "--help"], { out: run.io.out, err: run.io.err });
    expect({ code, help: run.out.join("") }).toEqual({
      code: 0,
      help: expect.stringContaining(
        "Usage: pulumi-dnsimple-dynamic sweep --prefix <prefix> --account <id> [--yes]",
      ),
    });
  });

  it.each([
    [["--account", "1"], "--prefix is required"],
    [["--prefix", "live", "--account", "1"], "--prefix must be at least 6 characters"],
    [["--prefix", "Live-Run-1", "--account", "1"], "lower-case letters, digits and dashes"],
    [["--prefix", PREFIX], "--account must be a numeric account id"],
    [["--prefix", PREFIX, "--account", "1", "--force"], "Unknown option '--force'"],
  ])("refuses %j: %s", async (argv, message) => {
    const run = io();
    expect(await sweepMain(argv, run.io)).toBe(1);
    expect(run.err.join("")).toContain(message);
  });

  it("lists exactly the prefix's objects in a dry run, and sends no write", async () => {
    const before = emulator.requests().length;
    const run = io();
    expect(await sweepMain(["--prefix", PREFIX, "--account", "1"], run.io)).toBe(0);
    const listed = run.out
      .join("")
      .split("\n")
      .slice(1)
      .filter(Boolean)
      .map((l) => l.trim().replace(/ \(.*\)$/, ""));
    expect(listed).toEqual([
      `webhook https://hooks.example.org/${PREFIX}/events`,
      `secondary zone ${PREFIX}-secondary.net`,
      `primary server ${PREFIX}-ns1.example.org`,
      `primary server ns2.${PREFIX}-zone.com`,
      `record ${PREFIX}-app.keep-this.com A 192.0.2.2`,
      `email forward ${PREFIX}-billing@keep-this.com`,
      `domain ${PREFIX}-shop.com`,
      `contact ${PREFIX}-registrant`,
      `contact ada@${PREFIX}-mail.com`,
    ]);
    expect(run.out[0]).toContain("(dry run: nothing deleted; --yes deletes them)");
    const writes = emulator
      .requests()
      .slice(before)
      .filter((r) => r.method !== "GET");
    expect(writes).toEqual([]);
  });

  it("with --yes deletes them, leaves everything else, and says nothing is left", async () => {
    const before = await holdings();
    const run = io();
    const code = await sweepMain(["--prefix", PREFIX, "--account", "1", "--yes"], run.io);
    expect({ code, err: run.err }).toEqual({ code: 0, err: [] });
    expect(run.out.at(-1)).toBe(`nothing of ${PREFIX} is left in account 1\n`);
    const after = await holdings();
    expect(before.filter((line) => !after.includes(line))).toEqual(
      [
        `zone ${PREFIX}-shop.com`,
        `record www.${PREFIX}-shop.com`,
        `forward sales@${PREFIX}-shop.com`,
        `record ${PREFIX}-app.keep-this.com`,
        `forward ${PREFIX}-billing@keep-this.com`,
        `secondary zone ${PREFIX}-secondary.net`,
        `primary ${PREFIX}-ns1.example.org`,
        `primary ns2.${PREFIX}-zone.com`,
        `webhook https://hooks.example.org/${PREFIX}/events`,
        `contact ${PREFIX}-registrant`,
        `contact ada@${PREFIX}-mail.com`,
      ].sort(),
    );
    expect(after.filter((line) => line.includes(PREFIX))).toEqual([]);
    expect(after).toEqual(
      expect.arrayContaining([
        "zone keep-this.com",
        "record www.keep-this.com",
        "forward sales@keep-this.com",
        "secondary zone keep-secondary.net",
        "primary ns1.keep.example.org",
        "webhook https://hooks.example.org/keep",
        "contact keep-registrant",
      ]),
    );
    expect(await findLeftovers(client, 1, PREFIX)).toEqual([]);
  });

  it("finds nothing the second time", async () => {
    const run = io();
    expect(await sweepMain(["--prefix", PREFIX, "--account", "1", "--yes"], run.io)).toBe(0);
    expect(run.out).toEqual([`nothing in account 1 starts with ${PREFIX}\n`]);
  });
});
