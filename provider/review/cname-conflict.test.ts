/**
 * Separate `ZoneRecord` resources are checked one by one and cannot see each other: the review
 * finds a CNAME beside other records at one name across the whole preview, changed or not.
 */
import { renderReview } from "./markdown";
import { parsePreview } from "./parse";
import { assessRisks } from "./risks";

const urn = (kind: string, name: string) =>
  `urn:pulumi:prod::dns::pulumi-nodejs:dynamic/dnsimple:${kind}::${name}`;
const record = (name: string, type: string, content: string) => ({
  __provider: "code",
  zoneName: "example.com",
  name,
  type,
  content,
  ttl: 3600,
});
const doc = (steps: unknown[]) => ({ config: { "dnsimple:account": "1" }, steps });
/** A step of the preview that leaves resource `id` of `kind` with these inputs. */
const step = (op: string, kind: string, id: string, inputs: unknown) => ({
  op,
  urn: urn(kind, id),
  newState: { inputs },
});

describe("the review of records at one name", () => {
  it("flags a new CNAME at a name where an unchanged record of the stack stays", () => {
    const model = parsePreview(
      doc([
        step("same", "ZoneRecord", "a", record("c", "A", "192.0.2.1")),
        step("create", "ZoneRecord", "alias", record("C", "CNAME", "x.example.net")),
      ]),
    );
    const risks = assessRisks(model);
    expect(risks.filter((r) => r.tags.includes("CNAME")).map((r) => r.change.name)).toEqual(["alias"]);
    expect(renderReview(model).markdown).toContain("CNAME conflict");
  });

  it.each([
    ["as state keeps it, a line", "c 3600 TXT x"],
    ["as state written before lines kept it, an object", { name: "c", type: "TXT", content: "x" }],
  ])("flags a record of a ZoneRecords beside a CNAME of another resource: the record %s", (_, txt) => {
    const model = parsePreview(
      doc([
        step("same", "ZoneRecord", "alias", record("c", "CNAME", "x.example.net")),
        step("create", "ZoneRecords", "set", { zoneName: "example.com", records: { txt } }),
      ]),
    );
    const risk = assessRisks(model).find((r) => r.tags.includes("CNAME"));
    expect(risk?.change.name).toBe("set");
    expect(risk?.reasons[0]).toContain("set[txt] (TXT)");
  });

  it("says nothing of records of other names, other zones, or a record being deleted", () => {
    const model = parsePreview(
      doc([
        step("create", "ZoneRecord", "alias", record("c", "CNAME", "x.example.net")),
        step("create", "ZoneRecord", "other", record("d", "A", "192.0.2.1")),
        step("create", "ZoneRecord", "elsewhere", {
          ...record("c", "A", "192.0.2.1"),
          zoneName: "example.org",
        }),
        { op: "delete", urn: urn("ZoneRecord", "old"), oldState: { inputs: record("c", "A", "192.0.2.9") } },
      ]),
    );
    expect(assessRisks(model).filter((r) => r.tags.includes("CNAME"))).toEqual([]);
  });
});
