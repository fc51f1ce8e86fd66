/**
 * A dozen typos across record types stop `pulumi preview` before any request: one program, one
 * preview, every typo named with its resource, property and what was expected. The engine stops
 * a preview at the first resource whose `check` fails, so the typos are the records of one
 * `ZoneRecords`, whose check reports them all (one `ZoneRecord` per typo would show only the
 * first; test/e2e/bad-input.test.ts previews single resources one by one).
 */
import { createStack, spawnEmulator, type Declaration, type EmulatorProcess } from "./reliability-lib";
import { engineProblem } from "./bad-inputs";

const TOKEN = "e2e-record-typos-token-25";

/** Each typo by key: the record as declared, and what its error must say was expected. */
const TYPOS: Record<string, { record: Record<string, unknown>; expected: RegExp }> = {
  "a-three-octets": {
    record: { name: "www", type: "A", content: "1.2.3" },
    expected: /IPv4 address such as 192\.0\.2\.10/,
  },
  "a-v6": { record: { name: "v6", type: "A", content: "2001:db8::1" }, expected: /use an AAAA record/ },
  "aaaa-v4": {
    record: { name: "v4", type: "AAAA", content: "192.0.2.1" },
    expected: /IPv6 address such as 2001:db8::1/,
  },
  "cname-url": {
    record: { name: "app", type: "CNAME", content: "https://example.net/app" },
    expected: /not a URL/,
  },
  "mx-priority-in-content": {
    record: { name: "", type: "MX", content: "10 mx.example.net", priority: 10 },
    expected: /priority or weight, which has its own field/,
  },
  "mx-priority-too-big": {
    record: { name: "", type: "MX", content: "mx2.example.net", priority: 70000 },
    expected: /at most 65535/,
  },
  "srv-port": {
    record: { name: "_sip._tcp", type: "SRV", content: "10 99999 sip.example.net", priority: 10 },
    expected: /SRV port must be at most 65535/,
  },
  "caa-flags": {
    record: { name: "", type: "CAA", content: '442 issue "letsencrypt.org"' },
    expected: /CAA flags must be at most 255/,
  },
  "sshfp-length": {
    record: { name: "host", type: "SSHFP", content: `1 1 ${"ab".repeat(32)}` },
    expected: /must be 40 hex digits/,
  },
  "txt-trailing-space": {
    record: { name: "", type: "TXT", content: "v=spf1 -all " },
    expected: /nothing is trimmed/,
  },
  "name-trailing-dot": {
    record: { name: "mail.", type: "A", content: "192.0.2.25" },
    expected: /must not end with a dot/,
  },
  "name-long-label": {
    record: { name: "a".repeat(64), type: "A", content: "192.0.2.26" },
    expected: /a DNS label holds at most 63/,
  },
};

describe("a program with a dozen record typos", () => {
  let emulator: EmulatorProcess;
  beforeAll(async () => {
    emulator = await spawnEmulator({ token: TOKEN });
  });
  afterAll(async () => {
    await emulator?.close();
  });

  /** `pulumi preview` of `declarations` from a fresh stack: its exit code, its output and the requests it made. */
  async function previewOf(declarations: Declaration[]) {
    const stack = await createStack({
      program: "generic",
      baseUrl: emulator.v2Url,
      token: TOKEN,
      account: 1,
    });
    try {
      await emulator.clearRequests();
      await stack.declare(declarations);
      const { code, text } = await stack.cli(["preview"], { allowFailure: true });
      return { code, text, requests: await emulator.requests() };
    } finally {
      await stack.cleanup();
    }
  }

  it("fails pulumi preview naming each typo's resource, property and expectation, with no request", async () => {
    const records = Object.fromEntries(Object.entries(TYPOS).map(([key, t]) => [key, t.record]));
    const { code, text, requests } = await previewOf([
      { type: "ZoneRecords", name: "typos", args: { zoneName: "example.com", records } },
    ]);
    expect(code).not.toBe(0);
    for (const [key, typo] of Object.entries(TYPOS)) {
      const property =
        key === "mx-priority-too-big"
          ? `records.${key}.priority`
          : key.startsWith("name-")
            ? `records.${key}.name`
            : `records.${key}.content`;
      const line = new RegExp(`${engineProblem("typos", property)} .*${typo.expected.source}`);
      if (!line.test(text))
        throw new Error(`no error for ${key} naming ${property} and ${typo.expected}:\n${text}`);
    }
    expect(requests).toEqual([]);
  });

  it("fails pulumi preview on a zone file's bad line, naming the file and the line, with no request", async () => {
    const text = "$ORIGIN example.com.\n$TTL 300\nwww A 192.0.2.1\n; a typo:\nbroken A 1.2.3\n";
    const {
      code,
      text: output,
      requests,
    } = await previewOf([
      {
        type: "ZoneRecords",
        name: "from-file",
        args: { zoneName: "example.com", zoneFile: { name: "zones/example.com.zone", text } },
      },
    ]);
    expect(code).not.toBe(0);
    expect(output).toMatch(
      /resource 'from-file' has a problem: zoneFile\.name: zones\/example\.com\.zone line 5: A content: an A record's content must be an IPv4 address/,
    );
    expect(requests).toEqual([]);
  });
});
