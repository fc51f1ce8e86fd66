import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { accepted, useAccount } from "../../test/kinds-support";
import { UNKNOWN } from "../framework/unknown";
import { letsEncryptCertificateResource } from "./lets-encrypt-certificate";

const provider = toDynamicProvider(letsEncryptCertificateResource);
const state = {
  domain: "example.com",
  name: "www",
  signatureAlgorithm: "ECDSA",
  autoRenew: false,
  timeoutSeconds: 600,
  pollIntervalSeconds: 10,
  certificateId: 3,
  accountId: "1",
};

useAccount("1");

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
