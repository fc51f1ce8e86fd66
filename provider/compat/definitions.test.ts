import { compatResource } from "./definitions";

describe("the bridged outputs made of ours", () => {
  const registrantChange = compatResource("RegisteredDomain")!.derived!.registrantChange!;

  it("RegisteredDomain.registrantChange is the latest change this resource started, in the bridged types", () => {
    expect(registrantChange.from).toEqual([
      "registrantChangeId",
      "registrantChangeState",
      "registrantId",
      "domainId",
    ]);
    expect(registrantChange.value(7, "pending", "12", 99)).toEqual({
      id: 7,
      state: "pending",
      contactId: 12,
      domainId: "99",
    });
  });

  it("is left out while no registrant change was started", () => {
    expect(registrantChange.value(null, null, "12", 99)).toBeUndefined();
    expect(registrantChange.value(undefined, undefined, "12", 99)).toBeUndefined();
  });
});
