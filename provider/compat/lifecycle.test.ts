import { KeptInStateError, type Lifecycle } from "../framework/lifecycle";
import { compatResource } from "./definitions";
import { compatLifecycle } from "./lifecycle";

/** Our DomainRegistration's lifecycle, reduced to a create and an update that leave the order pending. */
function pendingRegistration(): Lifecycle {
  const pending = () => {
    throw new KeptInStateError("the registration of example.com is still registering", "example.com", {
      domain: "example.com",
      registrantId: "12",
      autoRenew: true,
      registrationId: 7,
      registrationState: "registering",
      pendingOrderId: 7,
    });
  };
  return {
    kind: "DomainRegistration",
    check: () => Promise.reject(new Error("not called")),
    diff: () => Promise.resolve({ changes: true, changed: ["registrantId"], replaces: [] }),
    create: () => Promise.resolve().then(pending),
    read: () => Promise.reject(new Error("not called")),
    import: () => Promise.reject(new Error("not called")),
    update: () => Promise.resolve().then(pending),
    delete: () => Promise.reject(new Error("not called")),
  };
}

describe("a compat resource whose create or update is left pending", () => {
  const registered = compatLifecycle(compatResource("RegisteredDomain")!, pendingRegistration());
  const inputs = { name: "example.com", contactId: 12, autoRenewEnabled: true, dnssecEnabled: false };

  it("is kept in state in the bridged names, with the extras as given and the derived outputs", async () => {
    const error = (await registered.create(inputs).catch((e: unknown) => e)) as KeptInStateError;
    expect(error).toBeInstanceOf(KeptInStateError);
    expect(error.message).toBe("the registration of example.com is still registering");
    expect(error.id).toBe("example.com");
    expect(error.properties).toEqual({
      name: "example.com",
      contactId: 12,
      autoRenewEnabled: true,
      registrationId: 7,
      registrationState: "registering",
      pendingOrderId: 7,
      domainRegistration: { id: 7, state: "registering" },
      dnssecEnabled: false,
      trustee: false,
    });
  });

  it("the same after an update", async () => {
    const error = (await registered
      .update("example.com", inputs, { ...inputs, contactId: 13 })
      .catch((e: unknown) => e)) as KeptInStateError;
    expect(error).toBeInstanceOf(KeptInStateError);
    expect(error.properties).toMatchObject({ name: "example.com", contactId: 12 });
    expect(error.properties).not.toHaveProperty("domain");
  });
});
