/**
 * Every kind's declared diff, from the examples in its definition (`examples`): which changes
 * replace the object, which the API makes in place, and which spellings the service rewrites so
 * that they are no change at all. The examples are written out beside the declarations they
 * illustrate, not derived from them, so a declaration that drifts from its examples fails here.
 * Only the respellings of a kind of field that says its own rewrite (a domain name, a numeric id:
 * framework/fields.ts) are made here, for every input of that kind in every kind's valid example.
 */
import type { KindExamples } from "../framework/definition";
import { rewriteOf } from "../framework/fields";
import { useAccount } from "../../test/kinds-support";
import { UNKNOWN } from "../framework/unknown";
import { allDefinitions, resourceKinds } from "./index";
import { providerFor } from "../dynamic";

useAccount("1");

type Props = Record<string, unknown>;

const KINDS: Record<string, KindExamples> = Object.fromEntries(
  allDefinitions().map((definition) => [definition.kind, definition.schema!.examples]),
);

const FIELDS = Object.fromEntries(
  allDefinitions().map((definition) => [definition.kind, definition.schema!.inputs]),
);

const state = (props: Props) => ({ ...props, accountId: "1" });

describe("every kind's declared diff", () => {
  it("has examples for every registered kind", () => {
    expect([...resourceKinds].sort()).toEqual(
      Object.keys(KINDS)
        .filter((kind) => KINDS[kind])
        .sort(),
    );
  });

  describe.each(Object.entries(KINDS))("%s", (kind, spec) => {
    const provider = () => providerFor(kind);

    it("accepts the valid declaration, and sees no change against itself", async () => {
      const { inputs, failures } = await provider().check!({}, spec.valid);
      expect(failures).toEqual([]);
      expect(await provider().diff!("1", state(inputs), inputs)).toEqual({ changes: false });
    });

    it("replaces on exactly the inputs the API cannot change", async () => {
      for (const [key, value] of Object.entries(spec.replaces)) {
        const result = await provider().diff!("1", state(spec.valid), { ...spec.valid, [key]: value });
        expect({ key, replaces: result.replaces }).toEqual({ key, replaces: [key] });
      }
    });

    it("changes the other inputs in place", async () => {
      for (const [key, value] of Object.entries(spec.inPlace ?? {})) {
        const result = await provider().diff!("1", state(spec.valid), { ...spec.valid, [key]: value });
        expect({ key, result }).toEqual({ key, result: { changes: true } });
      }
    });

    it("sees no change in what the service rewrites", async () => {
      for (const spelling of spec.same ?? []) {
        expect(await provider().diff!("1", state(spec.valid), { ...spec.valid, ...spelling })).toEqual({
          changes: false,
        });
        expect(await provider().diff!("1", state({ ...spec.valid, ...spelling }), spec.valid)).toEqual({
          changes: false,
        });
      }
    });

    it("sees no change in another spelling of a domain name or a numeric id", async () => {
      const respelled = Object.entries(spec.valid).flatMap(([key, value]) => {
        const rewrite = FIELDS[kind]![key] && rewriteOf(FIELDS[kind]![key]);
        return rewrite ? [{ [key]: rewrite.respelled(value) }] : [];
      });
      for (const spelling of respelled) {
        expect({
          spelling,
          diff: await provider().diff!("1", state(spec.valid), { ...spec.valid, ...spelling }),
        }).toEqual({ spelling, diff: { changes: false } });
        expect({
          spelling,
          diff: await provider().diff!("1", state({ ...spec.valid, ...spelling }), spec.valid),
        }).toEqual({ spelling, diff: { changes: false } });
      }
    });

    it("treats any input unknown at preview as a change", async () => {
      for (const key of Object.keys(spec.valid)) {
        const result = await provider().diff!("1", state(spec.valid), { ...spec.valid, [key]: UNKNOWN });
        expect(result.changes).toBe(true);
      }
    });
  });
});

describe("replacement order per kind", () => {
  const diff = (kind: string, olds: Props, news: Props) => providerFor(kind).diff!("1", state(olds), news);

  it("deletes an email forward first only when the new one keeps the same alias", async () => {
    const old = KINDS.EmailForward!.valid;
    expect(await diff("EmailForward", old, { ...old, destinationEmail: "x@example.org" })).toMatchObject({
      deleteBeforeReplace: true,
    });
    expect(
      await diff("EmailForward", old, { ...old, aliasName: "SALES", destinationEmail: "x@example.org" }),
    ).toMatchObject({
      deleteBeforeReplace: true,
    });
    expect(await diff("EmailForward", old, { ...old, aliasName: "info" })).toMatchObject({
      deleteBeforeReplace: false,
    });
    expect(await diff("EmailForward", old, { ...old, domain: "other.com" })).toMatchObject({
      deleteBeforeReplace: false,
    });
  });

  it("deletes a primary server first only when the new one keeps its name", async () => {
    const old = KINDS.PrimaryServer!.valid;
    expect(await diff("PrimaryServer", old, { ...old, ip: "192.0.2.1" })).toMatchObject({
      deleteBeforeReplace: true,
    });
    expect(await diff("PrimaryServer", old, { ...old, name: "other" })).toMatchObject({
      deleteBeforeReplace: false,
    });
  });

  it("deletes a CNAME (or a record becoming one) first when it keeps its name", async () => {
    const cname = { zoneName: "example.com", name: "www", type: "CNAME", content: "a.example.net" };
    const a = { ...cname, type: "A", content: "192.0.2.1" };
    expect(await diff("ZoneRecord", cname, { ...cname, zoneName: "other.com" })).toMatchObject({
      deleteBeforeReplace: false,
    });
    expect(await diff("ZoneRecord", cname, a)).toMatchObject({ deleteBeforeReplace: true });
    expect(await diff("ZoneRecord", a, { ...cname, name: "WWW." })).toMatchObject({
      deleteBeforeReplace: true,
    });
    expect(await diff("ZoneRecord", a, { ...cname, name: "web" })).toMatchObject({
      deleteBeforeReplace: false,
    });
    expect(await diff("ZoneRecord", a, { ...a, type: "AAAA", content: "2001:db8::1" })).toMatchObject({
      deleteBeforeReplace: false,
    });
    const alias = { ...cname, type: "ALIAS", name: "" };
    expect(await diff("ZoneRecord", alias, { ...alias, type: "TXT", content: "x" })).toMatchObject({
      deleteBeforeReplace: true,
    });
  });
});
