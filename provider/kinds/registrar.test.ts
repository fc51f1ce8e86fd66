import {
  ApiConnectionError,
  createStatusError,
  type DnsimpleClient,
  type Domain,
  type RegistrantChange,
} from "../client/internal";
import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { isPartialCreate, type PartialCreateError } from "../framework/partial";
import { accepted, createdState, useAccount } from "../../test/kinds-support";
import { UNKNOWN } from "../framework/unknown";
import { domainRegistrationResource } from "./domain-registration";
import { domainTransferResource } from "./domain-transfer";
import { goneMessage } from "./registrar-lifecycle";

const registration = toDynamicProvider(domainRegistrationResource);
const transfer = toDynamicProvider(domainTransferResource);

useAccount("1");

/** The state of `example.com` registered for contact 7 with the defaults. */
let regState: Record<string, any>;
beforeAll(async () => {
  const declared = { domain: "example.com", registrantId: "7" };
  regState = await createdState(registration, declared, { registrationId: 1, accountId: "1" });
});

describe("DomainRegistration check", () => {
  it("fills defaults and accepts ids as numbers", async () => {
    expect(await accepted(registration, { domain: "example.com", registrantId: 7 })).toMatchObject({
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

// ---- Registrant changes and "no second payment by surprise", against a fake client (no I/O). ----

interface Calls {
  register: number;
  transfer: number;
  createChange: Array<Record<string, unknown>>;
  cancelChange: number[];
  /** Transfer-lock settings sent, in order. */
  transferLock: boolean[];
}

function notFound(what: string) {
  return createStatusError({
    status: 404,
    method: "GET",
    url: "https://api.dnsimple.com/v2/1/x",
    body: { message: `${what} not found` },
  });
}

const DOMAIN: Domain = {
  id: 5,
  account_id: 1,
  registrant_id: 7,
  name: "example.com",
  unicode_name: "example.com",
  state: "registered",
  auto_renew: false,
  private_whois: false,
  expires_on: "2030-01-01",
  expires_at: "2030-01-01T00:00:00Z",
  created_at: "2024-01-01T00:00:00Z",
  updated_at: "2024-01-01T00:00:00Z",
} as Domain;

function change(fields: Partial<RegistrantChange>): RegistrantChange {
  return {
    id: 40,
    account_id: 1,
    domain_id: 5,
    contact_id: 8,
    state: "new",
    extended_attributes: {},
    registry_owner_change: true,
    irt_lock_lifted_by: null,
    created_at: "2024-01-01T00:00:00Z",
    updated_at: "2024-01-01T00:00:00Z",
    ...fields,
  };
}

/**
 * A fake account: `domain` is what the service holds (undefined = gone); registrant changes
 * follow `changeStates` one poll after another.
 */
function fakeContext(options: {
  domain?: Domain | undefined;
  changeStates?: string[];
  openChange?: RegistrantChange;
  required?: string[];
  /** The answer to starting a change is lost: after the service made the change, or before. */
  startLosesAnswer?: "made" | "not made";
}) {
  const calls: Calls = { register: 0, transfer: 0, createChange: [], cancelChange: [], transferLock: [] };
  let transferLock = true;
  let domain = options.domain;
  let openChange = options.openChange;
  const states = [...(options.changeStates ?? ["completed"])];
  let polls = 0;
  const client = {
    domains: {
      get: async () => {
        if (!domain) throw notFound("Domain `example.com`");
        return domain;
      },
    },
    registrar: {
      check: async () => ({ domain: "example.com", available: true, premium: false }),
      register: async () => {
        calls.register++;
        domain = { ...DOMAIN };
        return { id: 90, domain_id: 5, registrant_id: 7, period: 1, state: "registered" };
      },
      transfer: async () => {
        calls.transfer++;
        domain = { ...DOMAIN };
        return { id: 91, domain_id: 5, registrant_id: 7, state: "transferred" };
      },
      getRegistration: async () => ({ id: 90, state: "registered" }),
      getTransferLock: async () => transferLock,
      setTransferLock: async (_account: string, _domain: string, enabled: boolean) => {
        calls.transferLock.push(enabled);
        transferLock = enabled;
        return enabled;
      },
      checkRegistrantChange: async () => ({
        domain_id: 5,
        contact_id: 8,
        registry_owner_change: true,
        extended_attributes: (options.required ?? []).map((name) => ({ name, required: true })),
      }),
      findOpenRegistrantChange: async () => openChange,
      createRegistrantChange: async (_account: string, input: Record<string, unknown>) => {
        calls.createChange.push(input);
        const started = change({ state: states[0] ?? "completed" });
        if (!options.startLosesAnswer) return started;
        if (options.startLosesAnswer === "made") openChange = started;
        throw new ApiConnectionError("Connection failed [UND_ERR_SOCKET]: other side closed", {
          method: "POST",
          url: "http://127.0.0.1/v2/1/registrar/registrant_changes",
          retries: 0,
        });
      },
      getRegistrantChange: async (_account: string, id: number) => {
        polls++;
        const state = states[Math.min(polls - 1, states.length - 1)] ?? "completed";
        if (state === "completed" && domain) domain = { ...domain, registrant_id: 8 };
        return change({ id, state });
      },
      cancelRegistrantChange: async (_account: string, id: number) => {
        calls.cancelChange.push(id);
        return undefined;
      },
    },
  } as unknown as DnsimpleClient;
  return { ctx: { client, account: "1" }, calls };
}

const FAST = { timeoutSeconds: 0.05, pollIntervalSeconds: 0.01 };

describe("DomainRegistration registrant change", () => {
  it("a new registrant is an update in place, not a replacement", async () => {
    expect(await registration.diff!("example.com", regState, { ...regState, registrantId: "8" })).toEqual({
      changes: true,
    });
  });

  it("runs a registrant change and reports the new registrant", async () => {
    const { ctx, calls } = fakeContext({ domain: DOMAIN, changeStates: ["new", "pending", "completed"] });
    const outs = await domainRegistrationResource.update!(ctx, "example.com", regState, {
      ...regState,
      registrantId: "8",
      pollIntervalSeconds: 0.001,
    });
    expect(calls.createChange).toEqual([{ domain_id: "example.com", contact_id: 8 }]);
    expect(outs).toMatchObject({
      registrantId: "8",
      registrantChangeId: 40,
      registrantChangeState: "completed",
    });
    expect(calls.register).toBe(0);
  });

  it("keeps a change still pending after the timeout in state with the old registrant", async () => {
    const { ctx } = fakeContext({ domain: DOMAIN, changeStates: ["new", "pending"] });
    const error = await domainRegistrationResource.update!(ctx, "example.com", regState, {
      ...regState,
      registrantId: "8",
      ...FAST,
    }).catch((e: unknown) => e);
    expect(isPartialCreate(error)).toBe(true);
    const partial = error as PartialCreateError;
    expect(partial.message).toMatch(/registrant change of example\.com to contact 8 \(40\) is still pending/);
    expect(partial.created.outs).toMatchObject({
      registrantId: "7",
      registrantChangeId: 40,
      registrantChangeState: "pending",
      pendingRegistrantChangeId: 40,
    });
  });

  it("an open change in state is a change even when the program went back to the old registrant", async () => {
    const { inputs } = await registration.check!({}, { ...regState, pendingRegistrantChangeId: undefined });
    expect(
      await registration.diff!(
        "example.com",
        { ...regState, ...inputs, pendingRegistrantChangeId: 40 },
        inputs,
      ),
    ).toEqual({ changes: true });
  });

  it("a start whose answer was lost is found as the open change to the new registrant, not started again", async () => {
    const { ctx, calls } = fakeContext({
      domain: DOMAIN,
      changeStates: ["new", "completed"],
      startLosesAnswer: "made",
    });
    const outs = await domainRegistrationResource.update!(ctx, "example.com", regState, {
      ...regState,
      registrantId: "8",
      pollIntervalSeconds: 0.001,
    });
    expect(calls.createChange).toHaveLength(1);
    expect(outs).toMatchObject({
      registrantId: "8",
      registrantChangeId: 40,
      registrantChangeState: "completed",
    });
  });

  it("a start whose answer was lost and left no open change fails with the lost answer", async () => {
    const { ctx, calls } = fakeContext({ domain: DOMAIN, startLosesAnswer: "not made" });
    await expect(
      domainRegistrationResource.update!(ctx, "example.com", regState, {
        ...regState,
        registrantId: "8",
      }),
    ).rejects.toThrow(/other side closed/);
    expect(calls.createChange).toHaveLength(1);
  });

  it("the next up resumes the recorded change instead of starting another", async () => {
    const { ctx, calls } = fakeContext({ domain: DOMAIN, changeStates: ["pending", "completed"] });
    const olds = { ...regState, registrantChangeId: 40, registrantChangeState: "pending" };
    const outs = await domainRegistrationResource.update!(ctx, "example.com", olds, {
      ...regState,
      registrantId: "8",
      pollIntervalSeconds: 0.001,
    });
    expect(calls.createChange).toEqual([]);
    expect(outs).toMatchObject({ registrantId: "8", registrantChangeState: "completed" });
  });

  it("takes over an open change a failed run left behind (not recorded in state)", async () => {
    const open = change({ id: 41, state: "pending" });
    const { ctx, calls } = fakeContext({
      domain: DOMAIN,
      changeStates: ["pending", "completed"],
      openChange: open,
    });
    const outs = await domainRegistrationResource.update!(ctx, "example.com", regState, {
      ...regState,
      registrantId: "8",
      pollIntervalSeconds: 0.001,
    });
    expect(calls.createChange).toEqual([]);
    expect(outs).toMatchObject({ registrantChangeId: 41, registrantChangeState: "completed" });
  });

  it("cancels a recorded open change to a contact the program no longer names", async () => {
    const { ctx, calls } = fakeContext({ domain: DOMAIN, changeStates: ["new"] });
    const olds = { ...regState, registrantChangeId: 40, registrantChangeState: "new" };
    // The fake's change 40 is to contact 8; the program went back to 7, the current registrant.
    const outs = await domainRegistrationResource.update!(ctx, "example.com", olds, {
      ...regState,
      registrantId: "7",
    });
    expect(calls.cancelChange).toEqual([40]);
    expect(calls.createChange).toEqual([]);
    expect(outs).toMatchObject({ registrantChangeId: 40, registrantChangeState: "cancelled" });
  });

  it("records the final state of a recorded change that completed before the next up", async () => {
    const { ctx, calls } = fakeContext({
      domain: { ...DOMAIN, registrant_id: 8 },
      changeStates: ["completed"],
    });
    const olds = { ...regState, registrantChangeId: 40, registrantChangeState: "pending" };
    const outs = await domainRegistrationResource.update!(ctx, "example.com", olds, {
      ...regState,
      registrantId: "8",
    });
    expect(calls.createChange).toEqual([]);
    expect(outs).toMatchObject({
      registrantId: "8",
      registrantChangeId: 40,
      registrantChangeState: "completed",
    });
  });

  it("names the missing extended attributes before starting a change", async () => {
    const { ctx, calls } = fakeContext({ domain: DOMAIN, required: ["x-fi-registrant-idnumber"] });
    await expect(
      domainRegistrationResource.update!(ctx, "example.com", regState, { ...regState, registrantId: "8" }),
    ).rejects.toThrow(/extendedAttributes: .*needs x-fi-registrant-idnumber/);
    expect(calls.createChange).toEqual([]);
    const ok = fakeContext({ domain: DOMAIN, required: ["x-fi-registrant-idnumber"] });
    await domainRegistrationResource.update!(ok.ctx, "example.com", regState, {
      ...regState,
      registrantId: "8",
      extendedAttributes: { "x-fi-registrant-idnumber": "1234", unrelated: "x" },
    });
    expect(ok.calls.createChange).toEqual([
      {
        domain_id: "example.com",
        contact_id: 8,
        extended_attributes: { "x-fi-registrant-idnumber": "1234" },
      },
    ]);
  });
});

describe("no second payment by surprise", () => {
  /**
   * Updates a registration marked gone, with `orderAgain` as given, where the service no longer
   * has the domain: what the update returns (or the error it throws) and the calls it made.
   */
  async function updateGone(orderAgain: boolean) {
    const { ctx, calls } = fakeContext({ domain: undefined });
    const outcome = await domainRegistrationResource.update!(
      ctx,
      "example.com",
      { ...regState, goneFromAccount: true },
      { ...regState, orderAgain },
    ).catch((e: Error) => e);
    return { outcome, calls };
  }

  it("read keeps a domain that left the account, marked gone (never drops it)", async () => {
    const gone = fakeContext({ domain: undefined });
    expect(await domainRegistrationResource.read(gone.ctx, "example.com", regState)).toEqual({
      goneFromAccount: true,
      state: null,
    });
    const hosted = fakeContext({ domain: { ...DOMAIN, state: "hosted" } });
    expect(await domainRegistrationResource.read(hosted.ctx, "example.com", regState)).toEqual({
      goneFromAccount: true,
      state: "hosted",
    });
    const back = fakeContext({ domain: DOMAIN });
    expect(
      await domainRegistrationResource.read(back.ctx, "example.com", { ...regState, goneFromAccount: true }),
    ).toMatchObject({ goneFromAccount: false, state: "registered" });
  });

  it("diff reports the marker as an update; stacks from before the marker see no change", async () => {
    const { inputs } = await registration.check!({}, { domain: "example.com", registrantId: 7 });
    expect(inputs).toMatchObject({ orderAgain: false, goneFromAccount: false });
    const program = { ...regState, orderAgain: false, goneFromAccount: false };
    expect(await registration.diff!("example.com", { ...regState, goneFromAccount: true }, program)).toEqual({
      changes: true,
    });
    expect(await registration.diff!("example.com", regState, program)).toEqual({ changes: false });
  });

  it("a program cannot set the marker itself", async () => {
    const { failures } = await registration.check!(
      {},
      { domain: "example.com", registrantId: 7, goneFromAccount: true, orderAgain: "yes" },
    );
    expect((failures ?? []).map((f) => f.property).sort()).toEqual(["goneFromAccount", "orderAgain"]);
  });

  it("update of a gone domain fails with the explanation and orders nothing", async () => {
    const { outcome: error, calls } = await updateGone(false);
    expect((error as Error).message).toBe(
      goneMessage("DomainRegistration", "registration", "example.com", "1"),
    );
    expect((error as Error).message).toMatch(
      /example\.com is no longer registered in DNSimple account 1.*new, paid registration.*`orderAgain: true`.*remove the resource/,
    );
    expect(calls.register).toBe(0);
  });

  it("checks the service too: a domain gone since the last refresh is not ordered either", async () => {
    const { ctx, calls } = fakeContext({ domain: undefined });
    await expect(
      domainRegistrationResource.update!(ctx, "example.com", regState, { ...regState, autoRenew: true }),
    ).rejects.toThrow(/no longer registered/);
    expect(calls.register).toBe(0);
  });

  it("orders again exactly once with orderAgain: true, and the marker clears", async () => {
    const { outcome: outs, calls } = await updateGone(true);
    expect(calls.register).toBe(1);
    expect(outs).toMatchObject({ goneFromAccount: false, registrationId: 90, state: "registered" });
  });

  it("applies to transfers too (the new transfer uses the current auth code)", async () => {
    const xfer = { ...regState, authCode: "code" };
    const refused = fakeContext({ domain: undefined });
    await expect(
      domainTransferResource.update!(refused.ctx, "example.com", { ...xfer, goneFromAccount: true }, xfer),
    ).rejects.toThrow(/set `orderAgain: true` on this DomainTransfer/);
    expect(refused.calls.transfer).toBe(0);
    const again = fakeContext({ domain: undefined });
    await domainTransferResource.update!(
      again.ctx,
      "example.com",
      { ...xfer, goneFromAccount: true },
      { ...xfer, orderAgain: true },
    );
    expect(again.calls.transfer).toBe(1);
  });
});

describe("DomainRegistration transfer lock", () => {
  let registered: Record<string, any>;
  beforeAll(() => {
    registered = { ...regState, transferLock: true };
  });

  it("a new transferLock changes in place; left out, the service's setting is no change", async () => {
    expect(
      await registration.diff!("example.com", registered, { ...registered, transferLock: false }),
    ).toEqual({
      changes: true,
    });
    expect(await registration.diff!("example.com", registered, regState)).toEqual({ changes: false });
  });

  it("update unlocks the domain when the program says so, and reports the lock", async () => {
    const { ctx, calls } = fakeContext({ domain: DOMAIN });
    const outs = await domainRegistrationResource.update!(ctx, "example.com", registered, {
      ...registered,
      transferLock: false,
    });
    expect(calls.transferLock).toEqual([false]);
    expect(outs).toMatchObject({ transferLock: false });
  });

  it("left out, the lock is read and never changed", async () => {
    const { ctx, calls } = fakeContext({ domain: DOMAIN });
    const outs = await domainRegistrationResource.update!(ctx, "example.com", registered, regState);
    expect(calls.transferLock).toEqual([]);
    expect(outs).toMatchObject({ transferLock: true });
  });

  it("read reports the lock of a registered domain", async () => {
    const { ctx } = fakeContext({ domain: DOMAIN });
    expect(await domainRegistrationResource.read(ctx, "example.com", regState)).toMatchObject({
      transferLock: true,
    });
  });
});
