import { toDynamicProvider } from "./framework/define-resource";
import { configureRuntime, resetRuntime } from "./framework/runtime";
import { UNKNOWN } from "./framework/unknown";
import { domainRegistrationResource, domainTransferResource } from "./registrar";

const registration = toDynamicProvider(domainRegistrationResource);
const transfer = toDynamicProvider(domainTransferResource);
const regState = {
  domain: "example.com",
  registrantId: "7",
  autoRenew: false,
  whoisPrivacy: false,
  timeoutSeconds: 600,
  pollIntervalSeconds: 10,
  registrationId: 1,
  accountId: "1",
};

beforeEach(() => configureRuntime({ get: (key) => ({ "dnsimple:account": "1" })[key] }));
afterAll(() => resetRuntime());

describe("DomainRegistration check", () => {
  it("fills defaults and accepts ids as numbers", async () => {
    const { inputs, failures } = await registration.check!({}, { domain: "example.com", registrantId: 7 });
    expect(failures).toEqual([]);
    expect(inputs).toMatchObject({
      registrantId: "7",
      autoRenew: false,
      whoisPrivacy: false,
      timeoutSeconds: 600,
    });
  });

  it("names each invalid property", async () => {
    const { failures } = await registration.check!(
      {},
      {
        domain: "nope",
        registrantId: "x",
        premiumPrice: "a lot",
        timeoutSeconds: 0,
        extendedAttributes: { a: 1 },
      },
    );
    expect((failures ?? []).map((f) => f.property).sort()).toEqual([
      "domain",
      "extendedAttributes.a",
      "premiumPrice",
      "registrantId",
      "timeoutSeconds",
    ]);
  });

  it("lets unknown values through", async () => {
    expect(
      (await registration.check!({}, { domain: "example.com", registrantId: UNKNOWN })).failures,
    ).toEqual([]);
  });
});

describe("DomainRegistration diff", () => {
  it("no change for the same program (name case, id as number)", async () => {
    expect(
      await registration.diff!("example.com", regState, {
        ...regState,
        domain: "EXAMPLE.com",
        registrantId: 7,
      }),
    ).toEqual({
      changes: false,
    });
  });

  it("auto-renew, privacy and waiting settings change in place; the name replaces", async () => {
    expect(await registration.diff!("example.com", regState, { ...regState, autoRenew: true })).toEqual({
      changes: true,
    });
    expect(await registration.diff!("example.com", regState, { ...regState, whoisPrivacy: true })).toEqual({
      changes: true,
    });
    expect(await registration.diff!("example.com", regState, { ...regState, timeoutSeconds: 5 })).toEqual({
      changes: true,
    });
    expect(
      (await registration.diff!("example.com", regState, { ...regState, domain: "other.com" })).replaces,
    ).toEqual(["domain"]);
  });

  it("a pending order in state is a change, so the next up resumes waiting", async () => {
    expect(await registration.diff!("example.com", { ...regState, pendingOrderId: 1 }, regState)).toEqual({
      changes: true,
    });
  });
});

describe("DomainTransfer", () => {
  it("requires the auth code", async () => {
    const { failures } = await transfer.check!({}, { domain: "example.com", registrantId: 7 });
    expect(failures).toEqual([{ property: "authCode", reason: "authCode is required" }]);
  });

  it("a new auth code does not replace or re-transfer", async () => {
    const state = { ...regState, authCode: "old", transferId: 4 };
    expect(await transfer.diff!("example.com", state, { ...state, authCode: "new" })).toEqual({
      changes: true,
    });
  });
});
