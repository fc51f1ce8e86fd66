/**
 * The pull-request review rendered from previews of real programs (test/review/fixtures, captured
 * by `bash scripts/review-fixtures` with the real engine against the emulator), compared with the
 * checked-in Markdown (test/review/expected; `bash scripts/review-fixtures --update` rewrites it).
 */
import { readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { KINDS, parsePreview, renderReview, type Change } from "../../provider/review";
import { main } from "../../provider/cli/main";
import { EXIT } from "../../provider/cli/review";
import { isMaskedField } from "../../provider/review/values";
import { resourceKinds } from "../../provider/kinds";
import { emailForwardResource } from "../../provider/kinds/email-forward";
import { primaryServerResource } from "../../provider/kinds/primary-server";
import { zoneRecordResource } from "../../provider/kinds/zone-record";
import { EXPECTED, FIXTURES, fixtureNames, loadFixture, renderFixture } from "../review/render-fixtures";
import { FORBIDDEN_VALUES } from "../review/scenarios";

const names = fixtureNames();
const models = new Map(names.map((name) => [name, parsePreview(JSON.parse(loadFixture(name).text))]));
const allChanges: Change[] = [...models.values()].flatMap((m) => m.changes);

async function runCli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(args, { out: (s) => (out += s), err: (s) => (err += s) });
  return { code, out, err };
}

describe("review summaries of real previews", () => {
  it("has the fixtures of every scenario", () => {
    expect(names).toEqual(
      expect.arrayContaining([
        "records",
        "mail-dnssec",
        "secondary-webhooks-contacts",
        "large-1000",
        "no-changes",
        "zone-records",
      ]),
    );
  });

  it.each(names)("renders %s as the checked-in Markdown", (name) => {
    const review = renderFixture(loadFixture(name));
    expect(review.markdown).toBe(readFileSync(path.join(EXPECTED, `${name}.md`), "utf8"));
  });

  it("covers adding, changing, deleting and replacing every resource kind", () => {
    const seen = new Map<string, Set<string>>();
    for (const ch of allChanges) seen.set(ch.kind, new Set([...(seen.get(ch.kind) ?? []), ch.op]));
    expect([...resourceKinds].sort()).toEqual(Object.keys(KINDS).sort());
    for (const kind of resourceKinds) {
      const ops = seen.get(kind) ?? new Set();
      // A change of a kind whose every input replaces is a replacement.
      expect({ kind, ops: [...ops].sort() }).toEqual({
        kind,
        ops: expect.arrayContaining(["create", "delete", "replace"]),
      });
    }
    const updatable = resourceKinds.filter((k) => seen.get(k)?.has("update"));
    expect(updatable).toEqual(
      expect.arrayContaining([
        "ZoneRecord",
        "ZoneRecords",
        "Domain",
        "Contact",
        "PrimaryServer",
        "DomainRegistration",
        "DomainTransfer",
        "LetsEncryptCertificate",
        "NameServerDelegation",
        "RegistryNameServer",
        "Template",
        "PlatformMessage",
        "PlatformMetadata",
      ]),
    );
  });

  it("orders replacements as the resource definitions do (delete first or create first)", () => {
    const definitions = {
      ZoneRecord: zoneRecordResource,
      EmailForward: emailForwardResource,
      PrimaryServer: primaryServerResource,
    };
    const replaces = allChanges.filter(
      (ch) => ch.op === "replace" && ch.before && ch.after && !ch.fromAccount,
    );
    expect(replaces.some((ch) => ch.deleteFirst)).toBe(true);
    for (const ch of replaces) {
      const definition = definitions[ch.kind as keyof typeof definitions];
      const expected = definition?.deleteBeforeReplace?.(ch.before!, ch.after!) ?? false;
      expect({ urn: ch.urn, deleteFirst: ch.deleteFirst }).toEqual({ urn: ch.urn, deleteFirst: expected });
    }
  });

  it("never shows a token, an auth code or a contact's personal data", () => {
    for (const name of names) {
      const markdown = renderFixture(loadFixture(name)).markdown;
      for (const value of FORBIDDEN_VALUES)
        expect({ name, leaked: markdown.includes(value) ? value : null }).toEqual({ name, leaked: null });
    }
  });

  it("masks personal data and secrets even in a preview made with --show-secrets", () => {
    // The same preview as if Pulumi had printed secrets in clear (or in state's signed form).
    const people = loadFixture("secondary-webhooks-contacts").text;
    const registrar = loadFixture("registrar-domains-certificates").text;
    const clear = (text: string, plain: string[]) => {
      let i = 0;
      return text.replace(/"\[secret\]"/g, () => JSON.stringify(plain[i++ % plain.length]));
    };
    const personal = FORBIDDEN_VALUES.filter((v) => v.includes("personal.example") || v.includes("+"));
    const signed = people.replace(/"\[secret\]"/g, () =>
      JSON.stringify({
        "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
        value: personal[0],
      }),
    );
    for (const text of [clear(people, personal), clear(registrar, ["auth-sekrit-incoming-55a1"]), signed]) {
      const markdown = renderReview(parsePreview(JSON.parse(text))).markdown;
      for (const value of [...personal, "auth-sekrit-incoming-55a1"]) expect(markdown).not.toContain(value);
    }
  });

  it("hides webhook paths and the local part of forward and push addresses", () => {
    const markdown = renderFixture(loadFixture("secondary-webhooks-contacts")).markdown;
    expect(markdown).not.toContain("XyZsEcReTpAtH");
    expect(markdown).toContain("`https://chat.example.com/…`");
    const mail = renderFixture(loadFixture("mail-dnssec")).markdown;
    expect(mail).not.toMatch(/frontdesk|helpdesk|sales-team@/);
    expect(mail).toContain("`•••@acme-corp.com`");
  });

  it("flags MX, NS, apex, deletes and a delete-first replacement with reasons", () => {
    const { risks, headline } = renderFixture(loadFixture("records"));
    expect(headline).toBe(
      "3 records added, 4 changed, 3 deleted, 2 replaced in acme-corp.com; 2 records added in acme-corp.net; 1 zone added",
    );
    const tags = risks.map((r) => `${r.change.name}:${[...r.tags].sort().join("+")}`).sort();
    expect(tags).toEqual(
      expect.arrayContaining([
        "mx1:MX",
        "mx2:MX+delete",
        "apex:apex",
        "lab2:NS",
        "blog:replace",
        "api:delete",
      ]),
    );
    const blog = risks.find((r) => r.change.name === "blog")!;
    expect(blog.reasons.join(" ")).toMatch(/briefly absent/);
    expect(risks.find((r) => r.change.name === "www")).toBeUndefined(); // a TTL change is no risk
  });

  it("lists a record set's records one by one, with the rules of single records", () => {
    const { risks, headline, markdown } = renderFixture(loadFixture("zone-records"));
    expect(headline).toBe(
      "2 records added, 2 changed, 4 deleted, 1 replaced in acme-set.com; 1 record added, 1 deleted in acme-set-auth.com; " +
        "2 records added in acme-set-fresh.com; 4 record changes in 2 more zones; 1 zone added",
    );
    const tags = risks.map((r) => `${r.change.name}:${[...r.tags].sort().join("+")}`).sort();
    expect(tags).toEqual(
      expect.arrayContaining([
        "web[apex]:apex",
        "web[api]:delete",
        "web[docs]:replace",
        "mail[@ MX mx1.mailhost.net]:MX+delete",
        "mail[@ MX mx1.newmail.net]:MX",
        "lab[lab NS ns1.labdns.net]:NS+delete",
        "lab:replace",
        "retired[old1 A 192.0.2.50]:delete",
        "strict[handmade TXT made-by-hand]:delete", // made by hand, undeclared in an authoritative set
        "fresh:delete", // created authoritative
      ]),
    );
    expect(risks.find((r) => r.change.name === "web[www]")).toBeUndefined(); // a TTL change is no risk
    expect(markdown).toContain(
      "| **change** | `www` | CNAME | `acme-set.com` | `acme-set.com` | 3600 → 300 |",
    );
    expect(markdown).toContain("| **delete** | `lab` | NS | `ns1.labdns.net` |  | 3600 |"); // the old zone
  });

  it("says what costs money, with the service's prices, and that the guard blocks a registered domain", () => {
    const { markdown } = renderFixture(loadFixture("registrar-domains-certificates"));
    expect(markdown).toMatch(/Registers `acme-premium\.io`: 1200\.00 \(premium\) according to the service/);
    expect(markdown).toMatch(
      /Renews `acme-new\.com` automatically every year: \d+\.\d\d according to the service/,
    );
    expect(markdown).toMatch(
      /`acme-brand\.com` is a registered domain: `pulumi up` will refuse to delete it/,
    );
    expect(markdown).toMatch(/`acme-retired\.com` leaves the stack but stays registered/);
  });

  it("says what a one-shot action costs and does when it runs, and that removing one undoes nothing", () => {
    const { markdown, risks } = renderFixture(loadFixture("one-shot-actions"));
    expect(markdown).toContain(
      "Runs the domain renewal `acme-actions-reg3.com` at the service, which charges the account (14.50 according to the service)",
    );
    expect(markdown).toMatch(
      /Runs the domain restore `acme-actions-exp2\.com` at the service a second time, .*\(29\.00 according/,
    );
    expect(markdown).toMatch(
      /Unlocks `acme-actions-reg3\.com` and has the service send its authorization code/,
    );
    expect(markdown).toContain(
      "#### One-shot actions (run when created or replaced; removing one undoes nothing)",
    );
    // Paid exactly when the definition is (it takes `orderAgain`); a forgotten action is no risk.
    for (const r of risks.filter((r) => KINDS[r.change.kind]?.action !== undefined)) {
      expect(r.change.op).not.toBe("delete");
      expect({ kind: r.change.kind, money: r.tags.includes("money") }).toEqual({
        kind: r.change.kind,
        money: KINDS[r.change.kind]!.action!.spendsMoney,
      });
    }
  });

  it("hides every output the SDK keeps secret", () => {
    // The review cannot import the SDK: its classes' `withSecretOutputs` lists, read from source.
    const sdk = path.join(__dirname, "../../sdk");
    for (const file of readdirSync(sdk).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
      const classes = readFileSync(path.join(sdk, file), "utf8")
        .split(/^export class /m)
        .slice(1);
      for (const text of classes) {
        const kind = /^\w+/.exec(text)![0];
        const list = /withSecretOutputs\(\s*opts,\s*\[([^\]]*)\]/.exec(text)?.[1] ?? "";
        const secrets = [...list.matchAll(/"(\w+)"/g)].map((m) => m[1]!);
        if (!(kind in KINDS)) continue;
        expect({ kind, masked: secrets.filter((f) => !isMaskedField(kind, f)) }).toEqual({
          kind,
          masked: [],
        });
      }
    }
  });

  it("collapses 1,000 record changes into counts per zone and type with the first rows", () => {
    const review = renderFixture(loadFixture("large-1000"));
    expect(review.headline).toBe("300 records added, 500 changed, 200 deleted in acme-big.com");
    expect(review.markdown).toContain("1000 record changes, by type:");
    expect(review.markdown).toContain("| A | 0 | 500 | 200 | 0 |");
    expect(review.markdown).toContain("…and 980 more record changes in this zone, not listed.");
    expect(review.markdown.length).toBeLessThan(20_000);
    expect(review.markdown.split("\n").filter((l) => l.startsWith("| **")).length).toBe(20);
  });

  it("shows the current summaries in docs/pull-requests.md", () => {
    const docs = readFileSync(path.join(__dirname, "../../docs/pull-requests.md"), "utf8");
    for (const name of [
      "records",
      "registrar-domains-certificates",
      "mail-dnssec",
      "large-1000",
      "zone-records",
    ]) {
      expect({
        name,
        inDocs: docs.includes(readFileSync(path.join(EXPECTED, `${name}.md`), "utf8").trimEnd()),
      }).toEqual({ name, inDocs: true });
    }
  });

  it("says there is nothing to review when nothing changes", () => {
    const review = renderFixture(loadFixture("no-changes"));
    expect(review.headline).toBe("No DNS changes.");
    expect(review.risky).toBe(false);
  });
});

describe("the review command", () => {
  const file = (name: string) => path.join(FIXTURES, `${name}.json`);

  it("exits 3 with --fail-on-risk when risks are present, 0 without the flag", async () => {
    expect((await runCli(["review", "--file", file("records"), "--fail-on-risk"])).code).toBe(EXIT.risky);
    const plain = await runCli(["review", "--file", file("records")]);
    expect(plain.code).toBe(EXIT.ok);
    expect(plain.out).toContain("<!-- pulumi-dnsimple-dynamic:review stack=production -->");
  });

  it("exits 2 for a preview that failed, still printing what it planned and why (values redacted)", async () => {
    const { code, out } = await runCli(["review", "--file", file("preview-failed"), "--fail-on-risk"]);
    expect(code).toBe(EXIT.input);
    expect(out).toContain("**The preview failed** (1 error)");
    expect(out).toContain("an A record's content must be an IPv4 address");
    expect(out).toContain("value {…}");
    expect(out).not.toContain("No risky changes");
  });

  it("exits 0 with --fail-on-risk when nothing is risky", async () => {
    expect((await runCli(["review", "--file", file("no-changes"), "--fail-on-risk"])).code).toBe(EXIT.ok);
  });

  it("exits 1 on a usage error and 2 on input that is not a preview", async () => {
    expect((await runCli(["review", "--bogus"])).code).toBe(EXIT.usage);
    expect((await runCli(["publish"])).code).toBe(EXIT.usage);
    expect((await runCli(["review", "--file", path.join(__dirname, "review.test.ts")])).code).toBe(
      EXIT.input,
    );
    expect((await runCli(["review", "--file", path.join(FIXTURES, "missing.json")])).code).toBe(EXIT.input);
  });

  it("takes the stack name and prices from options", async () => {
    const { out } = await runCli([
      "review",
      `--file=${file("registrar-domains-certificates")}`,
      "--stack",
      "prod-eu",
      "--prices-file",
      path.join(FIXTURES, "registrar-domains-certificates.prices.json"),
    ]);
    expect(out).toContain("stack=prod-eu -->");
    expect(out).toContain("1200.00 (premium) according to the service");
  });
});
