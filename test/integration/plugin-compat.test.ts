/**
 * The plugin serves the bridged names (`dnsimple-dynamic:compat:ZoneRecord`, …) through our
 * kinds' lifecycles, against the emulator over gRPC as the engine calls it: the bridged inputs in
 * (`value`, `keyTag`, `contactId`), our kind's checks and requests, the bridged outputs back
 * (`qualifiedName`, `zoneId`), failures naming the bridged property, and the compat functions
 * (`getCertificate`'s private key a secret).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { startEmulator, type RunningEmulator } from "../../emulator";
import { resetRuntime } from "../../provider/framework/runtime";
import { type RunningPlugin, startPluginServer } from "../../provider/plugin/server";
import { secretOf } from "../../provider/plugin/wire";

const PKG = "dnsimple-dynamic";
const TOKEN = "plugin-compat-token-91b3";
const compat = (name: string) => `${PKG}:compat:${name}`;
const urnOf = (name: string, resource = "main") => `urn:pulumi:dev::site::${compat(name)}::${resource}`;

let emulator: RunningEmulator;
let plugin: RunningPlugin;
let client: provrpc.ResourceProviderClient;
let journal: string;
const savedEnv = { ...process.env };

function call<Req, Res>(method: string, request: Req): Promise<Res> {
  return new Promise((resolve, reject) =>
    (
      client as unknown as Record<string, (r: Req, cb: (e: grpc.ServiceError | null, r: Res) => void) => void>
    )[method]!.call(client, request, (error, response) => (error ? reject(error) : resolve(response))),
  );
}
const struct = (value: Record<string, unknown>) => Struct.fromJavaScript(value as never);
const js = (value: Struct | undefined) => (value?.toJavaScript() ?? {}) as Record<string, any>;

async function check(name: string, news: Record<string, unknown>, olds: Record<string, unknown> = {}) {
  const req = new provproto.CheckRequest();
  req.setUrn(urnOf(name));
  req.setType(compat(name));
  req.setOlds(struct(olds));
  req.setNews(struct(news));
  const response = await call<provproto.CheckRequest, provproto.CheckResponse>("check", req);
  return {
    inputs: js(response.getInputs()),
    failures: response.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })),
  };
}

async function create(name: string, properties: Record<string, unknown>) {
  const req = new provproto.CreateRequest();
  req.setUrn(urnOf(name));
  req.setType(compat(name));
  req.setProperties(struct(properties));
  const response = await call<provproto.CreateRequest, provproto.CreateResponse>("create", req);
  return { id: response.getId(), outs: js(response.getProperties()) };
}

async function diff(name: string, id: string, olds: Record<string, unknown>, news: Record<string, unknown>) {
  const req = new provproto.DiffRequest();
  req.setId(id);
  req.setUrn(urnOf(name));
  req.setType(compat(name));
  req.setOlds(struct(olds));
  req.setNews(struct(news));
  const response = await call<provproto.DiffRequest, provproto.DiffResponse>("diff", req);
  return {
    changes: response.getChanges(),
    diffs: response.getDiffsList(),
    replaces: response.getReplacesList(),
  };
}

async function update(
  name: string,
  id: string,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
) {
  const req = new provproto.UpdateRequest();
  req.setId(id);
  req.setUrn(urnOf(name));
  req.setType(compat(name));
  req.setOlds(struct(olds));
  req.setNews(struct(news));
  const response = await call<provproto.UpdateRequest, provproto.UpdateResponse>("update", req);
  return js(response.getProperties());
}

async function read(name: string, id: string, properties: Record<string, unknown>) {
  const req = new provproto.ReadRequest();
  req.setId(id);
  req.setUrn(urnOf(name));
  req.setType(compat(name));
  req.setProperties(struct(properties));
  const response = await call<provproto.ReadRequest, provproto.ReadResponse>("read", req);
  return { id: response.getId(), props: js(response.getProperties()), inputs: js(response.getInputs()) };
}

async function destroy(name: string, id: string, properties: Record<string, unknown>) {
  const req = new provproto.DeleteRequest();
  req.setId(id);
  req.setUrn(urnOf(name));
  req.setType(compat(name));
  req.setProperties(struct(properties));
  await call("delete", req);
}

async function invoke(name: string, args: Record<string, unknown>) {
  const req = new provproto.InvokeRequest();
  req.setTok(compat(name));
  req.setArgs(struct(args));
  const response = await call<provproto.InvokeRequest, provproto.InvokeResponse>("invoke", req);
  return js(response.getReturn());
}

const records = async (zone: string) => {
  const answer = await fetch(`${emulator.v2Url}/1/zones/${zone}/records`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return ((await answer.json()) as { data: any[] }).data.filter((r) => !r.system_record);
};

beforeAll(async () => {
  for (const key of Object.keys(process.env)) if (key.startsWith("DNSIMPLE_")) delete process.env[key];
  journal = mkdtempSync(path.join(tmpdir(), "plugin-compat-journal-"));
  process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = journal;
  emulator = await startEmulator({
    port: 0,
    token: TOKEN,
    accountId: 1,
    seed: {
      delays: { certificate: 0, registration: 0 },
      contacts: [{ account: 1, id: 1, firstName: "Alice", lastName: "Appleseed" }],
      domains: [{ account: 1, name: "compat-plugin.com", state: "registered", expiresOn: "2030-01-01" }],
      certificates: [{ account: 1, domain: "compat-plugin.com", id: 1234, name: "www" }],
    },
  });
  plugin = await startPluginServer();
  client = new provrpc.ResourceProviderClient(`127.0.0.1:${plugin.port}`, grpc.credentials.createInsecure());
  const configure = new provproto.ConfigureRequest();
  configure.setArgs(struct({ token: secretOf(TOKEN), account: "1", baseUrl: emulator.v2Url }));
  configure.setAcceptsecrets(true);
  await call("configure", configure);
});

afterAll(async () => {
  client?.close();
  await plugin?.stop();
  await emulator?.close();
  rmSync(journal, { recursive: true, force: true });
  process.env = savedEnv;
  resetRuntime();
});

describe("the plugin serves the bridged provider's names (the compat module)", () => {
  it("a ZoneRecord: value in, our checks and requests, qualifiedName and zoneId out; an update and a delete", async () => {
    const declared = { zoneName: "compat-plugin.com", name: "www", type: "A", value: "192.0.2.7" };
    const checked = await check("ZoneRecord", declared);
    expect(checked.failures).toEqual([]);
    // What the engine keeps is in the bridged names, with the bridged default.
    expect(checked.inputs).toMatchObject({ ...declared, ttl: 3600 });
    expect(checked.inputs).not.toHaveProperty("content");

    const { id, outs } = await create("ZoneRecord", checked.inputs);
    expect(outs).toMatchObject({
      value: "192.0.2.7",
      valueNormalized: "192.0.2.7",
      qualifiedName: "www.compat-plugin.com",
      zoneId: "compat-plugin.com",
      ttl: 3600,
    });
    expect(outs).not.toHaveProperty("content");
    expect(
      (await records("compat-plugin.com")).map((r) => `${r.name} ${r.type} ${r.content} ${r.ttl}`),
    ).toEqual(["www A 192.0.2.7 3600"]);

    expect(await diff("ZoneRecord", id, outs, checked.inputs)).toMatchObject({ diffs: [], replaces: [] });
    const changed = (await check("ZoneRecord", { ...declared, value: "192.0.2.8" }, checked.inputs)).inputs;
    expect(await diff("ZoneRecord", id, outs, changed)).toMatchObject({ diffs: ["value"] });
    const updated = await update("ZoneRecord", id, outs, changed);
    expect(updated).toMatchObject({ value: "192.0.2.8", qualifiedName: "www.compat-plugin.com" });
    expect((await records("compat-plugin.com")).map((r) => r.content)).toEqual(["192.0.2.8"]);

    const refreshed = await read("ZoneRecord", id, updated);
    expect(refreshed.id).toBe(id);
    expect(refreshed.props).toMatchObject({ value: "192.0.2.8", zoneId: "compat-plugin.com" });
    expect(refreshed.inputs).toMatchObject({ value: "192.0.2.8" });
    expect(refreshed.inputs).not.toHaveProperty("content");

    await destroy("ZoneRecord", id, updated);
    expect(await records("compat-plugin.com")).toEqual([]);
  });

  it("imports a record by the bridged provider's id (<zone>_<recordId>), answering in the bridged names", async () => {
    const made = await fetch(`${emulator.v2Url}/1/zones/compat-plugin.com/records`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "old", type: "TXT", content: "made by hand", ttl: 600 }),
    });
    const record = ((await made.json()) as { data: { id: number } }).data;
    const imported = await read("ZoneRecord", `compat-plugin.com_${record.id}`, {});
    expect(imported.props).toMatchObject({
      value: "made by hand",
      qualifiedName: "old.compat-plugin.com",
      zoneId: "compat-plugin.com",
      ttl: 600,
    });
    expect(imported.inputs).toMatchObject({
      zoneName: "compat-plugin.com",
      name: "old",
      value: "made by hand",
    });
    expect(imported.inputs).not.toHaveProperty("content");
    // The program's matching declaration shows no change.
    const declared = await check(
      "ZoneRecord",
      { zoneName: "compat-plugin.com", name: "old", type: "TXT", value: "made by hand", ttl: 600 },
      imported.inputs,
    );
    expect(await diff("ZoneRecord", imported.id, imported.props, declared.inputs)).toMatchObject({
      diffs: [],
    });
    await destroy("ZoneRecord", imported.id, imported.props);
  });

  it("a bad record fails check naming the bridged property, as ours names its own, and sends nothing", async () => {
    const before = emulator.requests().length;
    const { failures } = await check("ZoneRecord", {
      zoneName: "compat-plugin.com",
      name: "www",
      type: "A",
      value: "999.1.2.3",
    });
    expect(failures.map((f) => f.property)).toEqual(["value"]);
    expect(failures[0]!.reason).toMatch(/IPv4/);
    expect(emulator.requests().length).toBe(before);
  });

  it("a DsRecord takes keyTag; a RegisteredDomain's trustee and bad timeouts fail naming them", async () => {
    const ds = await check("DsRecord", {
      domain: "compat-plugin.com",
      algorithm: "8",
      digest: "6CEEA0117A02480216EBF745A7B690F938860074E4AD11AF2AC573007205682B",
      digestType: "2",
      keyTag: "12345",
    });
    expect(ds.failures).toEqual([]);
    const { id, outs } = await create("DsRecord", ds.inputs);
    expect(outs).toMatchObject({ keyTag: "12345", domain: "compat-plugin.com" });
    expect(outs).not.toHaveProperty("keytag");
    await destroy("DsRecord", id, outs);

    const registered = await check("RegisteredDomain", {
      name: "compat-new.com",
      contactId: 1,
      trustee: true,
      timeouts: { create: "soon" },
    });
    expect(registered.failures.map((f) => f.property).sort()).toEqual(["timeouts", "trustee"]);
    expect(registered.failures.find((f) => f.property === "timeouts")!.reason).toContain('"soon"');
  });

  it("a RegisteredDomain's dnssecEnabled turns signing on and off as TypeScript's child Dnssec does", async () => {
    const signing = async (domain: string) => {
      const answer = await fetch(`${emulator.v2Url}/1/domains/${domain}/dnssec`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      return ((await answer.json()) as { data?: { enabled?: boolean } }).data?.enabled === true;
    };
    const declared = { name: "compat-signed.com", contactId: 1, dnssecEnabled: true };
    const checked = await check("RegisteredDomain", declared);
    expect(checked.failures).toEqual([]);
    const { id, outs } = await create("RegisteredDomain", checked.inputs);
    expect(outs).toMatchObject({
      name: "compat-signed.com",
      unicodeName: "compat-signed.com",
      dnssecEnabled: true,
    });
    expect(outs).not.toHaveProperty("registrantChange");
    expect(await signing("compat-signed.com")).toBe(true);
    expect((await read("RegisteredDomain", id, outs)).props.dnssecEnabled).toBe(true);

    const unsigned = await update("RegisteredDomain", id, outs, { ...checked.inputs, dnssecEnabled: false });
    expect(unsigned.dnssecEnabled).toBe(false);
    expect(await signing("compat-signed.com")).toBe(false);
    const signed = await update("RegisteredDomain", id, unsigned, checked.inputs);
    expect(await signing("compat-signed.com")).toBe(true);

    // Signing turned off outside Pulumi: a refresh says so, and the next up turns it on again.
    await fetch(`${emulator.v2Url}/1/domains/compat-signed.com/dnssec`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect((await read("RegisteredDomain", id, signed)).props.dnssecEnabled).toBe(false);
    expect(
      (await diff("RegisteredDomain", id, { ...signed, dnssecEnabled: false }, checked.inputs)).diffs,
    ).toEqual(["dnssecEnabled"]);
    const again = await update("RegisteredDomain", id, { ...signed, dnssecEnabled: false }, checked.inputs);
    expect(await signing("compat-signed.com")).toBe(true);

    // Destroy leaves the domain registered and turns signing off, as the child Dnssec's destroy does.
    await destroy("RegisteredDomain", id, again);
    expect(await signing("compat-signed.com")).toBe(false);
  });

  it("a LetsEncryptCertificate answers the bridged outputs: years, csr, createdAt, updatedAt, state", async () => {
    const checked = await check("LetsEncryptCertificate", { domainId: "compat-plugin.com", name: "api" });
    expect(checked.failures).toEqual([]);
    const { id, outs } = await create("LetsEncryptCertificate", checked.inputs);
    expect(outs).toMatchObject({ domainId: "compat-plugin.com", years: 1, state: "issued" });
    expect(outs).toHaveProperty("csr");
    expect(Date.parse(outs.createdAt)).not.toBeNaN();
    expect(Date.parse(outs.updatedAt)).not.toBeNaN();
    await destroy("LetsEncryptCertificate", id, outs);
  });

  it("a Domain with preventDelete is not deleted, and says how to let it go", async () => {
    const checked = await check("Domain", { name: "compat-guarded.com", preventDelete: true });
    const { id, outs } = await create("Domain", checked.inputs);
    expect(outs).toMatchObject({ name: "compat-guarded.com", preventDelete: true });
    const refused = (await destroy("Domain", id, outs).catch(
      (e: grpc.ServiceError) => e,
    )) as grpc.ServiceError;
    expect(refused.details).toMatch(/preventDelete: true.*set preventDelete to false/);
    // Only preventDelete changes: an update that sends nothing.
    const before = emulator.requests().filter((r) => r.method !== "GET").length;
    const released = await update("Domain", id, outs, { ...checked.inputs, preventDelete: false });
    expect(released.preventDelete).toBe(false);
    expect(emulator.requests().filter((r) => r.method !== "GET").length).toBe(before);
    await destroy("Domain", id, released);
  });

  it("runs the compat functions with the bridged names; getCertificate's private key is a secret", async () => {
    const zone = await invoke("getZone", { name: "compat-plugin.com" });
    expect(zone).toMatchObject({ name: "compat-plugin.com", accountId: 1, reverse: false });
    expect(typeof zone.id).toBe("number");
    const certificate = await invoke("getCertificate", { domain: "compat-plugin.com", certificateId: 1234 });
    expect(certificate).toMatchObject({ id: "1234", certificateId: 1234, domain: "compat-plugin.com" });
    expect(certificate.serverCertificate).toMatch(/BEGIN CERTIFICATE/);
    expect(Array.isArray(certificate.certificateChains)).toBe(true);
    expect(certificate.privateKey).toEqual(secretOf(expect.stringMatching(/PRIVATE KEY/)));
  });
});
