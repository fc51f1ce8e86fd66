/**
 * The compat classes translate `@pulumi/dnsimple`'s arguments into ours before anything reaches
 * the provider, and give the bridged output names. Pulumi's mocks stand in for the engine: they
 * record what each resource sends and answer with it as its state.
 */
import * as pulumi from "@pulumi/pulumi";

interface Registered {
  type: string;
  name: string;
  inputs: Record<string, unknown>;
}
const registered: Registered[] = [];

pulumi.runtime.setMocks(
  {
    newResource: (args) => {
      registered.push({
        type: args.type,
        name: args.name,
        inputs: args.inputs,
      });
      // The provider's answer: the inputs, plus what our provider adds.
      return { id: `${args.name}-id`, state: { ...args.inputs, fqdn: "www.example.com", registrantId: "7" } };
    },
    call: () => ({}),
  },
  "compat",
  "test",
  false,
);

jest.mock("pulumi-dnsimple-dynamic/provider", () => ({
  providerFor: () => ({}),
  configure: () => undefined,
}));

// After the mocks: the classes register through them.
import * as dnsimple from "./index";
import { timeoutSeconds } from "./translate";

const value = <T>(output: pulumi.Output<T>): Promise<T> =>
  new Promise((resolve) => output.apply((v) => resolve(v)));
const sent = (name: string) => {
  const found = registered.find((r) => r.name === name);
  if (!found) throw new Error(`no resource ${name} registered`);
  const { __provider: _ignored, ownerKey: _key, ...inputs } = found.inputs;
  return { ...found, inputs };
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe("compat (the names of @pulumi/dnsimple)", () => {
  it("ZoneRecord: value is sent as content, ttl defaults to 3600, bridged outputs exist", async () => {
    const record = new dnsimple.ZoneRecord("www", {
      zoneName: "example.com",
      name: "www",
      type: dnsimple.RecordTypes.CNAME,
      value: "app.example.net",
    });
    expect(await value(record.value)).toBe("app.example.net");
    expect(await value(record.qualifiedName)).toBe("www.example.com");
    expect(await value(record.zoneId)).toBe("example.com");
    const { inputs } = sent("www");
    expect(inputs).toMatchObject({
      zoneName: "example.com",
      name: "www",
      type: "CNAME",
      content: "app.example.net",
    });
    expect(inputs.ttl).toBe(3600);
    expect(inputs).not.toHaveProperty("value", "app.example.net");
  });

  it("DsRecord: keyTag is sent as keytag", async () => {
    const ds = new dnsimple.DsRecord("ds", {
      domain: "example.com",
      algorithm: "8",
      keyTag: "12345",
      digest: "AB",
    });
    expect(await value(ds.keyTag)).toBe("12345");
    expect(sent("ds").inputs).toMatchObject({ keytag: "12345", algorithm: "8", digest: "AB" });
  });

  it("LetsEncryptCertificate: domainId is sent as domain", async () => {
    const cert = new dnsimple.LetsEncryptCertificate("cert", {
      domainId: "example.com",
      name: "www",
      autoRenew: true,
    });
    expect(await value(cert.domainId)).toBe("example.com");
    expect(sent("cert").inputs).toMatchObject({ domain: "example.com", name: "www", autoRenew: true });
  });

  it("Domain: preventDelete protects the resource; a computed preventDelete is refused", async () => {
    const domain = new dnsimple.Domain("guarded", { name: "example.com", preventDelete: true });
    expect(await value(domain.preventDelete)).toBe(true);
    await settle();
    expect(sent("guarded").inputs).toMatchObject({ name: "example.com" });
    expect(sent("guarded").inputs).not.toHaveProperty("preventDelete");
    // The option the engine receives, as Pulumi keeps it on the resource.
    expect((domain as unknown as { __protect?: boolean }).__protect).toBe(true);
    expect(
      () =>
        new dnsimple.Domain("computed", {
          name: "example.com",
          preventDelete: pulumi.output(true) as unknown as boolean,
        }),
    ).toThrow(
      /Domain: the argument `preventDelete` of @pulumi\/dnsimple is not supported here: it must be a plain boolean/,
    );
  });

  it("RegisteredDomain: bridged names become ours, timeouts become seconds, dnssecEnabled adds a Dnssec", async () => {
    const reg = new dnsimple.RegisteredDomain("reg", {
      name: "example.com",
      contactId: 7,
      autoRenewEnabled: true,
      whoisPrivacyEnabled: false,
      transferLockEnabled: true,
      dnssecEnabled: true,
      timeouts: { create: "15m" },
    });
    expect(await value(reg.contactId)).toBe(7);
    expect(await value(reg.name)).toBe("example.com");
    await settle();
    expect(sent("reg").inputs).toMatchObject({
      domain: "example.com",
      registrantId: 7,
      autoRenew: true,
      whoisPrivacy: false,
      transferLock: true,
      timeoutSeconds: 900,
    });
    expect(sent("reg-dnssec").inputs).toMatchObject({ domain: "example.com" });
  });

  it("RegisteredDomain: trustee true is refused naming the argument, before anything is sent", () => {
    expect(
      () => new dnsimple.RegisteredDomain("trusted", { name: "example.com", contactId: 7, trustee: true }),
    ).toThrow(/RegisteredDomain: the argument `trustee` of @pulumi\/dnsimple is not supported here/);
    expect(registered.find((r) => r.name === "trusted")).toBeUndefined();
  });

  it("reads bridged timeout strings, and refuses others naming the argument", () => {
    expect(timeoutSeconds("RegisteredDomain", "timeouts.create", "1h30m")).toBe(5400);
    expect(timeoutSeconds("RegisteredDomain", "timeouts.create", "45s")).toBe(45);
    expect(() => timeoutSeconds("RegisteredDomain", "timeouts.create", "soon")).toThrow(
      /`timeouts.create`.*"soon"/,
    );
  });

  it("Contact, EmailForward, Zone and DomainDelegation keep the bridged names", async () => {
    const contact = new dnsimple.Contact("person", {
      firstName: "Ada",
      lastName: "L",
      email: "ada@example.org",
      phone: "+1.5555550100",
      address1: "1 Main St",
      city: "Springfield",
      stateProvince: "IL",
      postalCode: "62701",
      country: "US",
    });
    expect(await value(contact.phoneNormalized)).toBe("+1.5555550100");
    new dnsimple.EmailForward("fwd", {
      domain: "example.com",
      aliasName: "sales",
      destinationEmail: "a@example.org",
    });
    new dnsimple.Zone("zone", { name: "example.com", active: true });
    new dnsimple.DomainDelegation("ns", { domain: "example.com", nameServers: ["ns1.example.org"] });
    await settle();
    expect(sent("fwd").inputs).toMatchObject({ aliasName: "sales", destinationEmail: "a@example.org" });
    expect(sent("zone").inputs).toMatchObject({ name: "example.com", active: true });
    expect(sent("ns").inputs).toMatchObject({ nameServers: ["ns1.example.org"] });
  });
});
