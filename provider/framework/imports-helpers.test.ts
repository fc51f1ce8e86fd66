/**
 * The import id helpers one by one, beyond the kinds' tables (imports.test.ts): what each form
 * parses and writes back, the sentence that names a kind's forms, the failures an import gives
 * (by name and brand, and with the reason for nothing found), the declaration made from what the
 * service answers, and finding the object an id names under the account's domains and zones.
 */
import type { DnsimpleClient, Zone } from "../client";
import { createStatusError } from "../client/internal";
import type { ResourceContext } from "./definition";
import {
  declaredFrom,
  domainAndId,
  domainOnly,
  expectedForms,
  findUnderDomains,
  idOnly,
  ImportIdError,
  nothingToImport,
  parseImportId,
  underDomain,
  zoneOf,
} from "./imports";

/** What the service answers for an object that is not there. */
const notFound = (path: string) =>
  createStatusError({
    status: 404,
    method: "GET",
    url: `https://api.dnsimple.com/v2/1/${path}`,
    body: { message: "not found" },
  });

async function* listed<T>(items: T[]): AsyncIterable<T> {
  for (const item of items) yield item;
}

describe("the forms of an import id", () => {
  it("a domain by name is written <domain> unless the kind names it otherwise", () => {
    expect(domainOnly().form).toBe("<domain>");
    expect(domainOnly("zone").form).toBe("<zone>");
    expect(expectedForms("Delegation", [domainOnly()])).toBe(
      "Delegation import ids are <domain>, e.g. example.com",
    );
  });

  it("a domain by name refuses an empty text and a name with space around it", () => {
    const form = domainOnly();
    for (const text of ["", " example.com", "example.com ", "\texample.com"]) {
      expect([text, form.parse(text)]).toEqual([text, undefined]);
    }
    expect(form.parse("Example.COM")).toEqual({ domain: "example.com" });
  });

  it("write back what they parse, and nothing for what a target leaves out", () => {
    expect(domainOnly().format({ domain: "example.com" })).toBe("example.com");
    expect(domainOnly().format({})).toBe("");
    expect(idOnly("contactId", "5678").format({ id: 5678 })).toBe("5678");
    expect(idOnly("contactId", "5678").format({})).toBe("");
    const [underscore, slash] = underDomain("zone", "recordId", "example.com_1234");
    expect(underscore!.format({ domain: "example.com", id: 1234 })).toBe("example.com_1234");
    expect(slash!.format({ domain: "example.com", id: 1234 })).toBe("example.com/1234");
    // Each part left out is left empty, around the separator.
    expect(underscore!.format({ id: 1234 })).toBe("_1234");
    expect(underscore!.format({ domain: "example.com" })).toBe("example.com_");
    expect(slash!.format({})).toBe("/");
  });

  it("a domain and an id need both parts, unspaced, and take the domain as the service keeps it", () => {
    const form = domainAndId("zone", "recordId", "example.com_1234", true);
    expect(form.parse("EXAMPLE.com_1234")).toEqual({ domain: "example.com", id: 1234 });
    for (const text of [
      "1234",
      "example.com",
      "_1234",
      "example.com_",
      " example.com_1234",
      "example.com_ 1234",
    ]) {
      expect([text, form.parse(text)]).toEqual([text, undefined]);
    }
  });
});

describe("the sentence naming a kind's forms", () => {
  it("gives the bridged provider's form as the example, wherever it stands in the table", () => {
    const forms = [idOnly("recordId", "1234"), ...underDomain("zone", "recordId", "example.com_1234")];
    expect(expectedForms("ZoneRecord", forms)).toBe(
      "ZoneRecord import ids are <recordId>, <zone>_<recordId> or <zone>/<recordId>, e.g. example.com_1234",
    );
  });

  it("gives the first form's example when none is the bridged provider's", () => {
    const forms = [idOnly("contactId", "5678"), domainOnly("zone", false, "example.org")];
    expect(expectedForms("Contact", forms)).toBe("Contact import ids are <contactId> or <zone>, e.g. 5678");
  });

  it("names no form and no example for a table without forms, rather than words of its own", () => {
    expect(expectedForms("Nothing", [])).toBe("Nothing import ids are , e.g. ");
  });

  it("is the start of the refusal of an id of no form, which quotes what was given", () => {
    const forms = [idOnly("contactId", "5678")];
    expect(() => parseImportId("Contact", forms, "5678 ")).toThrow(
      'Contact import ids are <contactId>, e.g. 5678; got "5678 "',
    );
  });
});

describe("the failures of an import", () => {
  it("are ImportIdErrors by name, and carry the brand another copy of the module knows them by", () => {
    const refused = (() => {
      try {
        parseImportId("Contact", [idOnly("contactId", "5678")], "x");
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    for (const error of [refused, nothingToImport("Contact", "5678", "1")]) {
      expect(error).toBeInstanceOf(ImportIdError);
      expect((error as Error).name).toBe("ImportIdError");
      const brand = Symbol.for("pulumi-dnsimple-dynamic.ImportIdError");
      expect((error as unknown as Record<symbol, unknown>)[brand]).toBe(true);
    }
  });

  it("says why nothing was found when the kind knows, in parentheses before the hint", () => {
    expect(
      nothingToImport("ZoneRecord", "example.com_1234", "1", "the zone is not in the account").message,
    ).toBe(
      'ZoneRecord "example.com_1234": nothing to import in account 1 (the zone is not in the account); ' +
        "check the id and the account (`dnsimple-dynamic:account`, or the provider's `account`)",
    );
    expect(nothingToImport("ZoneRecord", "example.com_1234", "1").message).toBe(
      'ZoneRecord "example.com_1234": nothing to import in account 1; ' +
        "check the id and the account (`dnsimple-dynamic:account`, or the provider's `account`)",
    );
  });
});

describe("a declaration made from what the service answers", () => {
  it("keeps the values that are set, falsy ones too, and leaves out undefined and null", () => {
    const answer = {
      name: "a",
      ttl: 0,
      disabled: false,
      note: "",
      parent: null,
      region: undefined,
      extra: 1,
    };
    expect(
      declaredFrom(answer, ["name", "ttl", "disabled", "note", "parent", "region", "missing"]),
    ).toStrictEqual({
      name: "a",
      ttl: 0,
      disabled: false,
      note: "",
    });
  });

  it("is empty when none of the keys is set", () => {
    expect(declaredFrom({ parent: null }, ["parent", "missing"])).toStrictEqual({});
  });
});

describe("finding an object given by its id alone under the account's domains", () => {
  it("asks domain by domain and stops at the first that holds it", async () => {
    const asked: string[] = [];
    const found = await findUnderDomains(
      listed([{ name: "a.com" }, { name: "b.com" }, { name: "c.com" }]),
      async (domain) => {
        asked.push(domain);
        if (domain === "a.com") throw notFound(`domains/${domain}/email_forwards/7`);
        return { id: 7, domain };
      },
    );
    expect(found).toEqual({ domain: "b.com", found: { id: 7, domain: "b.com" } });
    expect(asked).toEqual(["a.com", "b.com"]);
  });

  it("is undefined when no domain holds it, after asking each once", async () => {
    const asked: string[] = [];
    const found = await findUnderDomains(listed([{ name: "a.com" }, { name: "b.com" }]), async (domain) => {
      asked.push(domain);
      throw notFound(`domains/${domain}/email_forwards/7`);
    });
    expect(found).toBeUndefined();
    expect(asked).toEqual(["a.com", "b.com"]);
  });
});

describe("the zone an import id names", () => {
  const zones = [
    { id: 11, name: "a.com" },
    { id: 22, name: "b.com" },
    { id: 33, name: "c.com" },
  ] as unknown as Zone[];
  const ctx = (): ResourceContext => ({
    account: "1",
    client: {
      zones: {
        get: async (_account: string, name: string) => {
          const zone = zones.find((z) => z.name === name);
          if (!zone) throw notFound(`zones/${name}`);
          return zone;
        },
        iterate: (_account: string) => listed(zones),
      },
    } as unknown as DnsimpleClient,
  });

  it("by id is the account's zone with that id, not the first one listed", async () => {
    await expect(zoneOf(ctx(), { id: 22 })).resolves.toMatchObject({ id: 22, name: "b.com" });
    await expect(zoneOf(ctx(), { id: 11 })).resolves.toMatchObject({ id: 11, name: "a.com" });
  });

  it("by id is undefined when no zone of the account has it", async () => {
    await expect(zoneOf(ctx(), { id: 44 })).resolves.toBeUndefined();
  });

  it("by name is the zone the service gives for it, undefined when it has none", async () => {
    await expect(zoneOf(ctx(), { domain: "c.com" })).resolves.toMatchObject({ id: 33 });
    await expect(zoneOf(ctx(), { domain: "d.com" })).resolves.toBeUndefined();
  });
});
