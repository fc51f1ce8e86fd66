import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { accepted, createdState, useAccount } from "../../test/kinds-support";
import { UNKNOWN } from "../framework/unknown";
import { letsEncryptCertificateResource } from "./lets-encrypt-certificate";

const provider = toDynamicProvider(letsEncryptCertificateResource);

useAccount("1");

/** The state of a certificate ordered for `example.com` with the defaults. */
let state: Record<string, any>;
beforeAll(async () => {
  state = await createdState(provider, { domain: "example.com" }, { certificateId: 3, accountId: "1" });
});

describe("LetsEncryptCertificate", () => {
  it("check fills the order defaults: name www, ECDSA, no auto-renew", async () => {
    expect(await accepted(provider, { domain: "example.com" })).toMatchObject({
      name: "www",
      signatureAlgorithm: "ECDSA",
      autoRenew: false,
    });
  });

  it("check names invalid properties and lets unknowns through", async () => {
    const { failures } = await provider.check!(
      {},
      { domain: "example.com", name: "bad name", signatureAlgorithm: "DSA" },
    );
    expect((failures ?? []).map((f) => f.property).sort()).toEqual(["name", "signatureAlgorithm"]);
    expect((await provider.check!({}, { domain: UNKNOWN, name: UNKNOWN })).failures).toEqual([]);
  });

  it("diff: same order is no change; any order option replaces", async () => {
    expect(
      await provider.diff!("3", state, { ...state, signatureAlgorithm: "ecdsa", domain: "Example.com" }),
    ).toEqual({
      changes: false,
    });
    for (const [key, value] of [
      ["name", "api"],
      ["signatureAlgorithm", "RSA"],
      ["autoRenew", true],
      ["alternateNames", ["a.example.com"]],
    ] as const) {
      expect((await provider.diff!("3", state, { ...state, [key]: value })).replaces).toEqual([key]);
    }
  });

  it("diff: a pending certificate is a change (resume waiting), not a replacement", async () => {
    expect(await provider.diff!("3", { ...state, pendingOrderId: 3 }, state)).toEqual({ changes: true });
  });
});
