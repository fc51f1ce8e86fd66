import { KINDS, maskEmail, maskUrl, SECRET_SIG, UNKNOWN } from "./kinds";
import { renderReview } from "./markdown";
import { parsePreview } from "./parse";
import { assessRisks } from "./risks";
import { moneyDomains } from "./spending";
import { shown } from "./values";

const URN = (kind: string, name: string) =>
  `urn:pulumi:prod::dns::pulumi-nodejs:dynamic/dnsimple:${kind}::${name}`;

function step(
  op: string,
  kind: string,
  name: string,
  before?: Record<string, unknown>,
  after?: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return {
    op,
    urn: URN(kind, name),
    ...(before
      ? { oldState: { inputs: { __provider: "code", ...before }, outputs: { accountId: "1" } } }
      : {}),
    ...(after ? { newState: { inputs: { __provider: "code", ...after }, ...extra } } : {}),
  };
}

const doc = (steps: unknown[]) => ({ config: { "dnsimple:account": "1" }, steps });
const mx = {
  zoneName: "example.com",
  name: "",
  type: "MX",
  content: "mx.example.net",
  priority: 10,
  ttl: 3600,
};

describe("review risks", () => {
  it("a TTL change of an MX record is no risk; a new mail host is", () => {
    const ttl = parsePreview(doc([step("update", "ZoneRecord", "mx", mx, { ...mx, ttl: 300 })]));
    expect(assessRisks(ttl)).toEqual([]);
    const host = parsePreview(
      doc([step("update", "ZoneRecord", "mx", mx, { ...mx, content: "mx.other.net" })]),
    );
    expect(assessRisks(host).map((r) => r.tags)).toEqual([["MX"]]);
  });

  it("a CNAME replaced at the same name is briefly absent; an A replaced by an AAAA is not", () => {
    const cname = { zoneName: "example.com", name: "www", type: "CNAME", content: "a.example.net", ttl: 60 };
    const a = { ...cname, type: "A", content: "192.0.2.1" };
    const model = parsePreview(
      doc([
        { ...step("replace", "ZoneRecord", "www", cname, a), replaceReasons: ["type"] },
        {
          ...step("replace", "ZoneRecord", "v6", a, { ...a, type: "AAAA", content: "2001:db8::1" }),
          replaceReasons: ["type"],
        },
      ]),
    );
    expect(model.changes.map((c) => c.deleteFirst)).toEqual([true, false]);
  });
});

describe("record sets (ZoneRecords)", () => {
  const set = (records: unknown, authoritative = false) => ({
    zoneName: "example.com",
    records,
    authoritative,
  });
  const a = { name: "", type: "A", content: "192.0.2.1", ttl: 3600 };

  it("lists a change of `authoritative` alone as the set's own row, flagged when it turns on", () => {
    const model = parsePreview(
      doc([step("update", "ZoneRecords", "hosts", set({ apex: a }), set({ apex: a }, true))]),
    );
    const review = renderReview(model);
    expect(review.headline).toBe("1 record set changed");
    expect(review.markdown).toContain(
      "| **change** | record set `hosts` |  | `authoritative: false` | `authoritative: true` |  |",
    );
    expect(review.risks.map((r) => r.tags)).toEqual([["delete"]]);
    expect(review.risks[0]!.reasons.join(" ")).toMatch(/^Authoritative: every record of `example\.com`/);
  });

  it("counts its records as records and applies their rules; unknown records leave the set's row", () => {
    const mx = { name: "", type: "MX", content: "mx.example.net", priority: 10, ttl: 3600 };
    const model = parsePreview(
      doc([
        step("update", "ZoneRecords", "mail", set({ mx, apex: a }), set({ mx: { ...mx, ttl: 60 } })),
        step("create", "ZoneRecords", "later", undefined, set(UNKNOWN)),
      ]),
    );
    const review = renderReview(model);
    expect(review.headline).toBe("1 record changed, 1 deleted in example.com; 1 record set added");
    expect(review.risks.map((r) => `${r.change.name}:${r.tags.join("+")}`)).toEqual([
      "mail[apex]:delete+apex",
    ]);
  });
});

describe("one-shot actions", () => {
  const renewal = { domain: "example.com", years: 2, triggers: "2026" };
  const withTriggers = (reasons: string[]) => ({ replaceReasons: reasons });

  it("a paid action run, or run again, costs money at the service's price; a forgotten one is no risk", () => {
    const model = parsePreview(
      doc([
        step("create", "DomainRenewal", "renew", undefined, renewal),
        {
          ...step("replace", "DomainRenewal", "again", renewal, { ...renewal, triggers: "2027" }),
          ...withTriggers(["triggers"]),
        },
        step("delete", "DomainRenewal", "old", renewal),
      ]),
    );
    const prices = { "example.com": { renewal: "14.50" } };
    const risks = assessRisks(model, prices);
    expect(risks.map((r) => `${r.change.name}:${r.tags.join("+")}`)).toEqual([
      "renew:money",
      "again:replace+money",
    ]);
    expect(risks[0]!.reasons.join(" ")).toBe(
      "Runs the domain renewal `example.com` for 2 years at the service, which charges the account " +
        "(14.50 according to the service per year); removing it later gives nothing back.",
    );
    expect(risks[1]!.reasons.join(" ")).toMatch(/^Runs again because `triggers` changed: .*a second time/);
    expect(moneyDomains(model)).toEqual([{ domain: "example.com", account: "1", action: "renewal" }]);
    expect(renderReview(model).headline).toBe(
      "1 domain renewal run, 1 left the stack (nothing undone), 1 run again",
    );
  });

  it("paid or not follows the definition: a transfer-out authorization is an ownership risk, no cost", () => {
    const model = parsePreview(
      doc([
        step("create", "DomainTransferOutAuthorization", "out", undefined, { domain: "example.com" }),
        step("create", "LegacyDomainTokenReset", "rotate", undefined, { domain: "example.com" }),
        step("create", "LegacyCertificatePurchase", "cert", undefined, {
          domain: "example.com",
          name: "*",
          contactId: "1",
        }),
      ]),
    );
    expect(assessRisks(model).map((r) => `${r.change.name}:${r.tags.join("+")}`)).toEqual([
      "out:ownership",
      "rotate:credentials",
      "cert:money",
    ]);
    expect(KINDS.DomainTransferOutAuthorization!.action?.spendsMoney).toBe(false);
    expect(KINDS.LegacySubscription!.action?.spendsMoney).toBe(true);
    expect(KINDS.LegacyCertificatePurchase!.label({ domain: "example.com", name: "*" })).toBe(
      "*.example.com",
    );
  });

  it("hides the secret inputs and outputs of every one-shot kind, even in clear", () => {
    const secrets: Record<string, string[]> = {
      OAuthAccessToken: ["clientSecret", "code", "accessToken"],
      LegacyDomainTransfer: ["authCode", "extendedAttributes"],
      LegacyDomainRegistration: ["extendedAttributes"],
      LegacySubscription: ["creditCard"],
      LegacyUser: ["password", "apiToken"],
      LegacyDomainTokenReset: ["domainToken"],
      LegacyCertificatePurchase: ["csr"],
    };
    for (const [kind, fields] of Object.entries(secrets)) {
      expect({ kind, hidden: KINDS[kind]!.hidden }).toEqual({ kind, hidden: expect.arrayContaining(fields) });
      for (const field of fields) expect(shown(kind, field, "in-clear-4711")).toBe("[secret]");
      expect(KINDS[kind]!.fields.filter((f) => fields.includes(f))).toEqual([]);
    }
    expect(Object.values(KINDS).some((k) => k.fields.includes("orderAgain"))).toBe(false);
    expect(shown("LegacyUser", "email", "ops@example.org")).toBe("•••@example.org");
  });
});

describe("review masking", () => {
  it("never shows personal data or signed secrets, and names values known only after up", () => {
    const contact = {
      label: "owner",
      firstName: { [SECRET_SIG]: "1b47061264138c4ac30d75fd1eb44270", plaintext: '"Zelda"' },
      email: "zelda@personal.example",
      country: "NL",
    };
    const model = parsePreview(
      doc([
        step("create", "Contact", "owner", undefined, contact),
        step(
          "create",
          "DomainPushAnswer",
          "ok",
          undefined,
          { pushId: UNKNOWN, accept: true, account: "2" },
          {
            propertyDependencies: { pushId: [URN("DomainPush", "push1")] },
          },
        ),
        step("create", "DomainTransfer", "in", undefined, {
          domain: "example.org",
          authCode: "plain-code-123",
        }),
      ]),
    );
    const { markdown } = renderReview(model);
    expect(markdown).not.toContain("Zelda");
    expect(markdown).not.toContain("zelda@");
    expect(markdown).not.toContain("plain-code-123");
    expect(markdown).toContain("`(from push1)`");
    expect(markdown).toContain("country: `NL`");
  });

  it("hides URL paths and e-mail local parts", () => {
    expect(maskUrl("https://user:pw@hooks.example.com/T0/B0/secret?x=1")).toBe("https://hooks.example.com/…");
    expect(maskUrl("https://hooks.example.com/")).toBe("https://hooks.example.com");
    expect(maskEmail("someone@example.org")).toBe("•••@example.org");
  });
});

describe("review size", () => {
  it("stays within a GitHub comment for 5,000 changes in 250 zones", () => {
    const steps = Array.from({ length: 5000 }, (_, i) =>
      step("create", "ZoneRecord", `r${i}`, undefined, {
        zoneName: `zone${i % 250}.example`,
        name: `host${i}`,
        type: "TXT",
        content: `value ${i} `.repeat(8),
        ttl: 3600,
      }),
    );
    const review = renderReview(parsePreview(doc(steps)));
    expect(review.markdown.length).toBeLessThanOrEqual(60_000);
    expect(review.headline).toMatch(/^20 records added in zone0\.example; /);
  });
});
