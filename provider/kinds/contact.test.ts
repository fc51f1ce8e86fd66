import { contactResource } from "./contact";
import { toDynamicProvider } from "../dynamic/dynamic-provider";
import { useAccount } from "../../test/kinds-support";
import { UNKNOWN } from "../framework/unknown";

const provider = toDynamicProvider(contactResource);
const args = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  phone: "+1.5555550100",
  address1: "1 Main St",
  city: "Springfield",
  stateProvince: "IL",
  postalCode: "62701",
  country: "us",
};
const state = {
  ...args,
  country: "US",
  label: "",
  fax: "",
  address2: "",
  jobTitle: "",
  organizationName: "",
  contactId: 7,
  accountId: "1",
};

useAccount("1");

describe("Contact check", () => {
  it("accepts a complete contact", async () => {
    expect((await provider.check!({}, args)).failures).toEqual([]);
  });

  it("names each invalid property", async () => {
    const { failures } = await provider.check!({}, { ...args, email: "nope", phone: "abc", country: "USA" });
    expect((failures ?? []).map((f) => f.property).sort()).toEqual(["country", "email", "phone"]);
  });

  it("requires the required fields", async () => {
    const { failures } = await provider.check!({}, { firstName: "Ada" });
    expect((failures ?? []).map((f) => f.property)).toEqual(
      expect.arrayContaining([
        "lastName",
        "email",
        "phone",
        "address1",
        "city",
        "stateProvince",
        "postalCode",
        "country",
      ]),
    );
  });

  it("requires jobTitle with organizationName", async () => {
    const { failures } = await provider.check!({}, { ...args, organizationName: "ACME" });
    expect(failures ?? []).toEqual([{ property: "jobTitle", reason: expect.stringMatching(/jobTitle/) }]);
  });

  it("lets unknown values through during preview", async () => {
    expect((await provider.check!({}, { ...args, email: UNKNOWN, phone: UNKNOWN })).failures).toEqual([]);
  });
});

describe("Contact diff", () => {
  it("reports no change against what the service stored (country case, empty optional fields)", async () => {
    expect(await provider.diff!("7", state, args)).toEqual({ changes: false });
  });

  it("updates in place when a field changes, never replaces", async () => {
    expect(await provider.diff!("7", state, { ...args, phone: "+1.5555550199" })).toEqual({ changes: true });
    expect(await provider.diff!("7", state, { ...args, label: "billing" })).toEqual({ changes: true });
  });
});
