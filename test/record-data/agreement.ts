/**
 * The provider's `check` and the emulator side by side on record data: the corpus
 * (corpus.ts) and cases generated per type, valid and invalid by construction (fast-check with a
 * fixed seed, so a run is repeatable). Used by test/integration/record-data-agreement.test.ts and
 * bench/record-validation.ts.
 *
 * @example
 * ```ts
 * const results = await compare(emulatorClient, [...CORPUS, ...generatedCases()]);
 * results.filter((r) => r.provider !== r.emulator); // every one is in KNOWN_DISAGREEMENTS
 * ```
 */
import { domainToASCII } from "node:url";
import fc from "fast-check";
import { toDynamicProvider } from "../../provider/dynamic/dynamic-provider";
import { zoneRecordResource } from "../../provider/kinds/zone-record";
import type { CorpusCase } from "./corpus";

const provider = toDynamicProvider(zoneRecordResource);

/** The zones the cases use, as the API names them (punycode). */
export const zoneOf = (c: CorpusCase): string => domainToASCII(c.zone ?? "example.com");

/** A case's identity in reports and in the list of known disagreements. */
export const keyOf = (c: CorpusCase): string =>
  `${c.type} ${JSON.stringify(c.name ?? "www")} ${JSON.stringify(c.content.length > 60 ? `${c.content.slice(0, 60)}…` : c.content)}` +
  `${c.priority !== undefined ? ` priority=${c.priority}` : ""}${c.ttl !== undefined ? ` ttl=${c.ttl}` : ""}`;

/** True when `ZoneRecord`'s check accepts the case (no request is made). */
export async function providerAccepts(c: CorpusCase): Promise<boolean> {
  const { failures } = await provider.check!(
    {},
    {
      zoneName: c.zone ?? "example.com",
      name: c.name ?? "www",
      type: c.type,
      content: c.content,
      ...(c.priority !== undefined ? { priority: c.priority } : {}),
      ...(c.ttl !== undefined ? { ttl: c.ttl } : {}),
    },
  );
  return (failures ?? []).length === 0;
}

/** What the emulator answers for a create of the case: 201 accepted (the record is deleted again), 400 refused. */
export async function emulatorAccepts(
  post: (path: string, body: unknown) => Promise<{ status: number; body: any }>,
  del: (path: string) => Promise<{ status: number }>,
  c: CorpusCase,
): Promise<boolean> {
  const zone = zoneOf(c);
  const res = await post(`/1/zones/${zone}/records`, {
    name: c.name ?? "www",
    type: c.type,
    content: c.content,
    ttl: c.ttl ?? 3600,
    ...(c.priority !== undefined ? { priority: c.priority } : {}),
  });
  if (res.status === 201) {
    await del(`/1/zones/${zone}/records/${res.body.data.id}`);
    return true;
  }
  if (res.status === 400) return false;
  throw new Error(`unexpected ${res.status} for ${keyOf(c)}: ${JSON.stringify(res.body)}`);
}

const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?$/);
const host = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom("com", "net", "org", "example"))
  .map(([ls, tld]) => `${ls.join(".")}.${tld}`);
const byte = fc.integer({ min: 0, max: 255 });
const u16 = fc.integer({ min: 0, max: 65535 });
const over16 = fc.integer({ min: 65536, max: 999_999 });
const over8 = fc.integer({ min: 256, max: 9999 });
const hexOf = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`));
const text = fc
  .string({
    unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789=;:-_ .".split("")),
    minLength: 1,
    maxLength: 400,
  })
  .filter((s) => s.trim() === s);

const g =
  (type: string, valid: boolean, source: string, more: Partial<CorpusCase> = {}) =>
  (content: string) =>
    ({ type, content, valid, source: `generated: ${source}`, ...more }) as CorpusCase;

/** Generators per type: valid and invalid by construction. */
const GENERATORS: ReadonlyArray<fc.Arbitrary<CorpusCase>> = [
  fc.tuple(byte, byte, byte, byte).map(([a, b, c, d]) => g("A", true, "four octets")(`${a}.${b}.${c}.${d}`)),
  fc.tuple(byte, byte, byte).map(([a, b, c]) => g("A", false, "three octets")(`${a}.${b}.${c}`)),
  fc
    .tuple(byte, byte, byte, over8)
    .map(([a, b, c, d]) => g("A", false, "an octet over 255")(`${a}.${b}.${c}.${d}`)),
  fc
    .array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 })
    .map((gs) => g("AAAA", true, "eight groups")(gs.map((x) => x.toString(16)).join(":"))),
  fc
    .array(fc.integer({ min: 0, max: 0xffff }), { minLength: 9, maxLength: 9 })
    .map((gs) => g("AAAA", false, "nine groups")(gs.map((x) => x.toString(16)).join(":"))),
  host.map((h) => g("CNAME", true, "a host name")(h)),
  fc.tuple(label, label).map(([a, b]) => g("CNAME", false, "a space in the target")(`${a} ${b}.example.com`)),
  fc
    .tuple(host, fc.stringMatching(/^[a-z]{64,70}$/))
    .map(([h, l]) => g("CNAME", false, "a label over 63")(`${l}.${h}`)),
  fc
    .tuple(host, u16)
    .map(([h, p]) => g("MX", true, "host and 16-bit priority", { name: "", priority: p })(h)),
  fc
    .tuple(host, over16)
    .map(([h, p]) => g("MX", false, "priority over 16 bits", { name: "", priority: p })(h)),
  fc
    .tuple(u16, u16, host, u16)
    .map(([w, p, h, pr]) =>
      g("SRV", true, "weight port target", { name: "_sip._tcp", priority: pr })(`${w} ${p} ${h}`),
    ),
  fc
    .tuple(u16, over16, host)
    .map(([w, p, h]) =>
      g("SRV", false, "port over 16 bits", { name: "_sip._tcp", priority: 10 })(`${w} ${p} ${h}`),
    ),
  fc
    .tuple(u16, host)
    .map(([w, h]) => g("SRV", false, "two fields", { name: "_sip._tcp", priority: 10 })(`${w} ${h}`)),
  fc
    .tuple(byte, fc.constantFrom("issue", "issuewild"), host)
    .map(([f, t, h]) => g("CAA", true, "flags tag value", { name: "" })(`${f} ${t} "${h}"`)),
  fc
    .tuple(over8, host)
    .map(([f, h]) => g("CAA", false, "flags over 8 bits", { name: "" })(`${f} issue "${h}"`)),
  fc
    .tuple(fc.integer({ min: 1, max: 4 }), hexOf(40))
    .map(([a, fp]) => g("SSHFP", true, "SHA-1 fingerprint")(`${a} 1 ${fp}`)),
  fc
    .tuple(fc.integer({ min: 1, max: 4 }), hexOf(64))
    .map(([a, fp]) => g("SSHFP", true, "SHA-256 fingerprint")(`${a} 2 ${fp}`)),
  fc.tuple(over8, hexOf(40)).map(([a, fp]) => g("SSHFP", false, "algorithm over 8 bits")(`${a} 1 ${fp}`)),
  fc
    .tuple(fc.integer({ min: 1, max: 4 }), fc.stringMatching(/^[g-z]{40}$/))
    .map(([a, fp]) => g("SSHFP", false, "fingerprint not hex")(`${a} 1 ${fp}`)),
  fc
    .tuple(u16, fc.constantFrom(8, 13, 14), hexOf(64))
    .map(([k, a, d]) => g("DS", true, "SHA-256 digest", { name: "sub" })(`${k} ${a} 2 ${d}`)),
  fc
    .tuple(over16, hexOf(64))
    .map(([k, d]) => g("DS", false, "key tag over 16 bits", { name: "sub" })(`${k} 13 2 ${d}`)),
  fc
    .tuple(u16, fc.stringMatching(/^[g-z]{64}$/))
    .map(([k, d]) => g("DS", false, "digest not hex", { name: "sub" })(`${k} 13 2 ${d}`)),
  text.map((t) => g("TXT", true, "text up to 400 characters")(t)),
  fc
    .integer({ min: 999, max: 1500 })
    .map((n) => g("TXT", false, "over 1,000 characters quoted")("a".repeat(n))),
  fc.tuple(text).map(([t]) => g("TXT", false, "trailing space")(`${t} `)),
  fc
    .tuple(fc.array(label, { minLength: 1, maxLength: 3 }))
    .map(([ls]) => g("A", true, "a name of short labels", { name: ls.join(".") })("192.0.2.1")),
  fc
    .stringMatching(/^[a-z]{64,80}$/)
    .map((l) => g("A", false, "a name label over 63", { name: l })("192.0.2.1")),
];

/** `perGenerator` cases from each generator, the same for the same seed. */
export function generatedCases(perGenerator = 20, seed = 25): CorpusCase[] {
  return GENERATORS.flatMap((gen, i) => fc.sample(gen, { numRuns: perGenerator, seed: seed + i }));
}

/**
 * Where the provider refuses what the emulator accepts, and why. The emulator follows the
 * service: it accepts what the service is known or assumed to repair (REPAIRED), which the
 * provider refuses instead (issue 25, point 3: refused, never repaired). Everything else the
 * provider refuses, the emulator refuses too (emulator/record-content.ts says on what ground).
 * Keyed by `keyOf`.
 */
const REASON = {
  dot: "REPAIRED (not sourced): the emulator strips a trailing dot from a name; no source records what the service does with `www.`; the provider refuses instead of repairing (issue 25, point 3)",
  txtsplit:
    "REPAIRED (documented): a quoted string over 255 characters is split by the service (txt-record-format: 'DNSimple's system may further split those'); the provider refuses instead of having it repaired (issue 25, point 3)",
} as const;

export const KNOWN_DISAGREEMENTS: Readonly<Record<string, string>> = {
  'A "www." "192.0.2.1"': REASON.dot,
  [`TXT "www" ${JSON.stringify(`"${"a".repeat(59)}\u2026`)}`]: REASON.txtsplit,
};
