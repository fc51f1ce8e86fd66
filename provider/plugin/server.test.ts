import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import * as path from "node:path";
import * as grpc from "@grpc/grpc-js";
import { Any } from "google-protobuf/google/protobuf/any_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import * as resources from "../kinds";
import { KeptInStateError, type Lifecycle } from "../framework/lifecycle";
import { getSettings, resetRuntime } from "../framework/runtime";
import { KINDS } from "../kinds/registry.generated";
import { engineAddressOf } from "../framework/engine-log";
import { type RunningPlugin, secretFieldsOf, startPluginServer } from "./server";
import { secretOf, UNKNOWN } from "./wire";

const PKG = "dnsimple-dynamic";
const tokenOf = (kind: string) => `${PKG}:index:${kind}`;
const urnOf = (kind: string, name = "main") => `urn:pulumi:dev::site::${tokenOf(kind)}::${name}`;
const { Kind } = provproto.PropertyDiff;

let plugin: RunningPlugin;
let client: provrpc.ResourceProviderClient;
let journal: string;
const savedEnv = { ...process.env };

/** One call of the plugin, as a promise. */
function call<Req, Res>(method: string, request: Req): Promise<Res> {
  return new Promise((resolve, reject) =>
    (
      client as unknown as Record<string, (r: Req, cb: (e: grpc.ServiceError | null, r: Res) => void) => void>
    )[method]!.call(client, request, (error, response) => (error ? reject(error) : resolve(response))),
  );
}

const struct = (value: Record<string, unknown>) => Struct.fromJavaScript(value as never);
const js = (value: Struct | undefined) => (value?.toJavaScript() ?? {}) as Record<string, unknown>;

async function configure(args: Record<string, unknown> | undefined, variables: Record<string, string> = {}) {
  const req = new provproto.ConfigureRequest();
  for (const [key, value] of Object.entries(variables)) req.getVariablesMap().set(key, value);
  if (args) req.setArgs(struct(args));
  req.setAcceptsecrets(true);
  return call<provproto.ConfigureRequest, provproto.ConfigureResponse>("configure", req);
}

async function check(
  kind: string,
  news: Record<string, unknown>,
  olds: Record<string, unknown> = {},
  name = "main",
) {
  const req = new provproto.CheckRequest();
  req.setUrn(urnOf(kind, name));
  req.setType(tokenOf(kind));
  req.setOlds(struct(olds));
  req.setNews(struct(news));
  return call<provproto.CheckRequest, provproto.CheckResponse>("check", req);
}

async function diff(kind: string, olds: Record<string, unknown>, news: Record<string, unknown>) {
  const req = new provproto.DiffRequest();
  req.setId("example.com");
  req.setUrn(urnOf(kind));
  req.setType(tokenOf(kind));
  req.setOlds(struct(olds));
  req.setNews(struct(news));
  return call<provproto.DiffRequest, provproto.DiffResponse>("diff", req);
}

async function create(kind: string, properties: Record<string, unknown>) {
  const req = new provproto.CreateRequest();
  req.setUrn(urnOf(kind));
  req.setType(tokenOf(kind));
  req.setProperties(struct(properties));
  return call<provproto.CreateRequest, provproto.CreateResponse>("create", req);
}

function detailed(response: provproto.DiffResponse): Record<string, provproto.PropertyDiff.Kind> {
  const out: Record<string, provproto.PropertyDiff.Kind> = {};
  response.getDetaileddiffMap().forEach((d, key) => (out[key] = d.getKind()));
  return out;
}

beforeAll(async () => {
  for (const key of Object.keys(process.env)) if (key.startsWith("DNSIMPLE_")) delete process.env[key];
  journal = mkdtempSync(path.join(tmpdir(), "plugin-journal-"));
  process.env["DNSIMPLE_CREATE_JOURNAL_DIR"] = journal;
  // No service here: checks run as in an offline preview (the check of credentials off).
  process.env["DNSIMPLE_VERIFY_CREDENTIALS"] = "false";
  plugin = await startPluginServer();
  client = new provrpc.ResourceProviderClient(`127.0.0.1:${plugin.port}`, grpc.credentials.createInsecure());
});

afterAll(async () => {
  client.close();
  await plugin.stop();
  rmSync(journal, { recursive: true, force: true });
  process.env = savedEnv;
});

beforeEach(() => resetRuntime());
afterEach(() => jest.restoreAllMocks());

describe("the provider plugin's server", () => {
  it("answers the handshake and plugin info, and serves the schema file's text", async () => {
    const handshake = await call<provproto.ProviderHandshakeRequest, provproto.ProviderHandshakeResponse>(
      "handshake",
      new provproto.ProviderHandshakeRequest(),
    );
    expect(handshake.getAcceptSecrets()).toBe(true);
    expect(handshake.getAcceptResources()).toBe(false);
    const info = await call<Empty, { getVersion(): string }>("getPluginInfo", new Empty());
    const pkg = JSON.parse(readFileSync(path.join(__dirname, "..", "..", "package.json"), "utf8")) as {
      version: string;
    };
    expect(info.getVersion()).toBe(pkg.version);
    const schemaFile = path.join(__dirname, "schema.json");
    const schema = await call<provproto.GetSchemaRequest, provproto.GetSchemaResponse>(
      "getSchema",
      new provproto.GetSchemaRequest(),
    );
    expect(schema.getSchema()).toBe(readFileSync(schemaFile, "utf8"));
  });

  it("configures from variables (older engines' keys) and from args with secrets", async () => {
    const fromVariables = await configure(undefined, {
      [`${PKG}:config:account`]: "111",
      [`${PKG}:config:token`]: "variables-token",
    });
    expect(fromVariables.getAcceptsecrets()).toBe(true);
    expect(fromVariables.getSupportspreview()).toBe(true);
    expect(fromVariables.getAcceptresources()).toBe(false);
    expect(getSettings()).toMatchObject({ account: "111", token: "variables-token" });

    await configure({ account: "222", token: secretOf("args-token"), sandbox: true, maxRetries: 2 });
    expect(getSettings()).toMatchObject({
      account: "222",
      token: "args-token",
      sandbox: true,
      maxRetries: 2,
    });
  });

  it("checks: unwraps secrets, wraps them back with the kind's own secret fields", async () => {
    const valid = KINDS["Contact"]!().schema!.examples.valid as Record<string, unknown>;
    const response = await check("Contact", { ...valid, label: secretOf(valid["label"] ?? "office") });
    expect(response.getFailuresList()).toEqual([]);
    const inputs = js(response.getInputs());
    // The program sent label secret; the kind marks email secret: both leave secret.
    expect(inputs["label"]).toEqual(secretOf(valid["label"] ?? "office"));
    expect(inputs["email"]).toEqual(secretOf(valid["email"]));
    expect(secretFieldsOf("Contact").has("email")).toBe(true);
    expect(secretFieldsOf("Contact").has("label")).toBe(false);
  });

  it("checks a CNAME against the program's other ZoneRecords by URN, as the dynamic providers do", async () => {
    await configure({ account: "1" });
    const record = { zoneName: "plugin-neighbours.com", ttl: 3600 };
    const a = await check(
      "ZoneRecord",
      { ...record, name: "www", type: "A", content: "192.0.2.1" },
      {},
      "web",
    );
    expect(a.getFailuresList()).toEqual([]);
    const cname = await check(
      "ZoneRecord",
      { ...record, name: "WWW", type: "CNAME", content: "x.net" },
      {},
      "alias",
    );
    expect(cname.getFailuresList().map((f) => [f.getProperty(), f.getReason()])).toEqual([
      [
        "name",
        'a CNAME must be the only record at its name: ZoneRecord "web" (A) and this CNAME are both at "www"',
      ],
    ]);
  });

  it("lets unknown values through check and diff, and a possible replacement shows", async () => {
    const checked = await check("Domain", { name: UNKNOWN });
    expect(checked.getFailuresList()).toEqual([]);
    expect(js(checked.getInputs())["name"]).toBe(UNKNOWN);

    await configure({ account: "1" });
    const response = await diff("Domain", { name: "example.com", accountId: "1" }, { name: UNKNOWN });
    expect(response.getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_SOME);
    expect(response.getReplacesList()).toEqual(["name"]);
    expect(detailed(response)).toEqual({ name: Kind.UPDATE_REPLACE });
  });

  it("answers a detailed diff: replaced, added, and none", async () => {
    await configure({ account: "1" });
    const olds = { name: "example.com", accountId: "1", domainId: 7 };
    const replaced = await diff("Domain", olds, { name: "other.com", allowDeleteRegistered: true });
    expect(replaced.getHasdetaileddiff()).toBe(true);
    expect(replaced.getReplacesList()).toEqual(["name"]);
    expect(replaced.getDiffsList().sort()).toEqual(["allowDeleteRegistered", "name"]);
    expect(detailed(replaced)).toEqual({ name: Kind.UPDATE_REPLACE, allowDeleteRegistered: Kind.ADD });
    expect(replaced.getDeletebeforereplace()).toBe(false);

    const moved = await diff("Domain", olds, { name: "example.com", account: "2" });
    expect(detailed(moved)).toEqual({ account: Kind.ADD_REPLACE });

    const same = await diff("Domain", olds, { name: "EXAMPLE.com" });
    expect(same.getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_NONE);
    expect(detailed(same)).toEqual({});
  });

  it("refuses adoptRecordIds without adopt: true, and an id listed twice, in the dynamic provider's words", async () => {
    await configure({ account: "1" });
    const records = [{ name: "www", type: "A", content: "192.0.2.1" }];
    const dynamicCheck = (inputs: Record<string, unknown>) =>
      require("../dynamic").providerFor("ZoneRecords").check({}, inputs) as Promise<{
        failures: Array<{ property: string; reason: string }>;
      }>;
    for (const inputs of [
      { zoneName: "plugin-adopt.com", records, adoptRecordIds: [5] },
      { zoneName: "plugin-adopt.com", records, adopt: true, adoptRecordIds: [5, 6, 5] },
    ]) {
      const plugin = (await check("ZoneRecords", inputs))
        .getFailuresList()
        .map((f) => [f.getProperty(), f.getReason()]);
      const dynamic = (await dynamicCheck(inputs)).failures.map((f) => [f.property, f.reason]);
      expect(plugin).toHaveLength(1);
      expect(plugin[0]![0]).toBe("adoptRecordIds");
      expect(plugin).toEqual(dynamic);
    }
    const accepted = await check("ZoneRecords", {
      zoneName: "plugin-adopt.com",
      records,
      adopt: true,
      adoptRecordIds: [5],
    });
    expect(accepted.getFailuresList()).toEqual([]);
  });

  it("names the property of a check failure", async () => {
    const response = await check("Domain", { name: "not a domain.com" });
    const failures = response.getFailuresList().map((f) => [f.getProperty(), f.getReason()]);
    expect(failures).toHaveLength(1);
    expect(failures[0]![0]).toBe("name");
    expect(failures[0]![1]).not.toBe("");
  });

  it("wraps a create's secret outputs: the kind's and those that came in secret", async () => {
    const stub: Partial<Lifecycle> = {
      create: async (inputs) => ({
        id: "9",
        outs: { ...inputs, accessToken: "issued-token", accountId: "1" },
      }),
    };
    jest.spyOn(resources, "lifecycleFor").mockReturnValue(stub as Lifecycle);
    const response = await create("OAuthAccessToken", {
      clientId: "app",
      clientSecret: "s3",
      note: secretOf("n"),
    });
    expect(response.getId()).toBe("9");
    expect(js(response.getProperties())).toEqual({
      clientId: "app",
      clientSecret: secretOf("s3"),
      note: secretOf("n"),
      accessToken: secretOf("issued-token"),
      accountId: "1",
    });
  });

  it("previews a create and an update without the lifecycle: inputs, and outputs unknown", async () => {
    const lifecycle = { create: jest.fn(), update: jest.fn() };
    jest.spyOn(resources, "lifecycleFor").mockReturnValue(lifecycle as never);
    const req = new provproto.CreateRequest();
    req.setUrn(urnOf("Domain"));
    req.setType(tokenOf("Domain"));
    req.setProperties(struct({ name: "example.com" }));
    req.setPreview(true);
    const created = await call<provproto.CreateRequest, provproto.CreateResponse>("create", req);
    expect(created.getId()).toBe("");
    const outputs = Object.keys(KINDS["Domain"]!().schema!.outputs);
    expect(js(created.getProperties())).toEqual({
      ...Object.fromEntries(outputs.map((key) => [key, UNKNOWN])),
      name: "example.com",
    });

    const update = new provproto.UpdateRequest();
    update.setId("7");
    update.setUrn(urnOf("Contact"));
    update.setType(tokenOf("Contact"));
    update.setOlds(struct({ label: "a", email: secretOf("a@example.com"), contactId: 7 }));
    update.setNews(struct({ label: "b", email: secretOf("b@example.com") }));
    update.setPreview(true);
    const updated = await call<provproto.UpdateRequest, provproto.UpdateResponse>("update", update);
    expect(js(updated.getProperties())).toMatchObject({
      label: "b",
      email: secretOf("b@example.com"),
      contactId: UNKNOWN,
    });
    expect(lifecycle.create).not.toHaveBeenCalled();
    expect(lifecycle.update).not.toHaveBeenCalled();
  });

  it("reports an object kept in state as ErrorResourceInitFailed, secrets still secret", async () => {
    const kept = new KeptInStateError("the registration of example.com is still pending", "example.com", {
      name: "example.com",
      authCode: "code-123",
      accountId: "1",
    });
    jest.spyOn(resources, "lifecycleFor").mockReturnValue({ create: () => Promise.reject(kept) } as never);
    const error = (await create("DomainTransfer", { name: "example.com", authCode: "code-123" }).then(
      () => undefined,
      (e: grpc.ServiceError) => e,
    ))!;
    expect(error.code).toBe(grpc.status.UNKNOWN);
    expect(error.details).toBe("the registration of example.com is still pending");
    const status = statusproto.Status.deserializeBinary(
      error.metadata.get("grpc-status-details-bin")[0] as Buffer,
    );
    expect(status.getMessage()).toBe(error.details);
    const any = status.getDetailsList()[0] as Any;
    expect(any.getTypeName()).toBe("pulumirpc.ErrorResourceInitFailed");
    const detail = provproto.ErrorResourceInitFailed.deserializeBinary(any.getValue_asU8());
    expect(detail.getId()).toBe("example.com");
    expect(detail.getReasonsList()).toEqual(["the registration of example.com is still pending"]);
    expect(js(detail.getProperties())).toEqual({
      name: "example.com",
      authCode: secretOf("code-123"),
      accountId: "1",
    });
    expect(js(detail.getInputs())).toEqual({ name: "example.com", authCode: secretOf("code-123") });
  });

  it("turns other failures into UNKNOWN with a message in the plugin's words, without the token", async () => {
    await configure({ account: "1" });
    const missingToken = await create("Domain", { name: "example.com" }).catch((e: grpc.ServiceError) => e);
    expect((missingToken as grpc.ServiceError).code).toBe(grpc.status.UNKNOWN);
    expect((missingToken as grpc.ServiceError).details).toContain(`${PKG}:token is not set`);

    const unknownType = await create("Nope", {}).catch((e: grpc.ServiceError) => e);
    expect((unknownType as grpc.ServiceError).details).toContain(`no resource type "${tokenOf("Nope")}"`);
  });

  it("checks and diffs its own configuration", async () => {
    const req = new provproto.CheckRequest();
    req.setNews(struct({ token: "plain-token", account: "acme", version: "0.1.0" }));
    const checked = await call<provproto.CheckRequest, provproto.CheckResponse>("checkConfig", req);
    expect(checked.getFailuresList().map((f) => f.getProperty())).toEqual(["account"]);
    expect(js(checked.getInputs())).toEqual({
      token: secretOf("plain-token"),
      account: "acme",
      version: "0.1.0",
    });
    expect(checked.getFailuresList()[0]!.getReason()).not.toContain("plain-token");

    const diffReq = new provproto.DiffRequest();
    diffReq.setOlds(struct({ token: secretOf("a"), account: "1" }));
    diffReq.setNews(struct({ token: secretOf("b"), account: "1", sandbox: true }));
    const diffed = await call<provproto.DiffRequest, provproto.DiffResponse>("diffConfig", diffReq);
    expect(diffed.getChanges()).toBe(provproto.DiffResponse.DiffChanges.DIFF_SOME);
    expect(detailed(diffed)).toEqual({ token: Kind.UPDATE, sandbox: Kind.ADD_REPLACE });
    expect(diffed.getReplacesList()).toEqual(["sandbox"]);
  });

  it("serves the functions of its schema, refuses others by name, and has empty mappings", async () => {
    const unknown = new provproto.InvokeRequest();
    unknown.setTok(`${PKG}:index:deleteEverything`);
    const refused = (await call("invoke", unknown).catch((e: grpc.ServiceError) => e)) as grpc.ServiceError;
    expect(refused.details).toContain(`unknown function "${PKG}:index:deleteEverything"`);
    // A known function runs with this provider's settings: here none, so it names the one missing.
    const whoami = new provproto.InvokeRequest();
    whoami.setTok(`${PKG}:index:whoami`);
    const unset = (await call("invoke", whoami).catch((e: grpc.ServiceError) => e)) as grpc.ServiceError;
    expect(unset.details).toMatch(/token is not set/);
    const mappings = await call<provproto.GetMappingsRequest, provproto.GetMappingsResponse>(
      "getMappings",
      new provproto.GetMappingsRequest(),
    );
    expect(mappings.getProvidersList()).toEqual([]);
  });

  it("answers getCertificatePrivateKey as a secret on the wire", async () => {
    const key = "-----BEGIN EC PRIVATE KEY-----\nkey-of-the-plugin-test\n-----END EC PRIVATE KEY-----\n";
    const asked: string[] = [];
    const service = createServer((req, res) => {
      asked.push(`${req.method} ${req.url}`);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ data: { private_key: key } }));
    });
    await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = service.address() as AddressInfo;
      await configure({ token: "plugin-test-token", account: "1", baseUrl: `http://127.0.0.1:${port}/v2` });
      const req = new provproto.InvokeRequest();
      req.setTok(`${PKG}:index:getCertificatePrivateKey`);
      req.setArgs(struct({ domain: "example.com", certificateId: 7 }));
      const response = await call<provproto.InvokeRequest, provproto.InvokeResponse>("invoke", req);
      expect(asked).toEqual(["GET /v2/1/domains/example.com/certificates/7/private_key"]);
      expect(js(response.getReturn())).toEqual({ value: secretOf(key) });
      expect(response.getFailuresList()).toEqual([]);
    } finally {
      await new Promise((resolve) => service.close(resolve));
    }
  });

  it("marks secret, in the schema it serves, exactly the fields it wraps", () => {
    const schema = JSON.parse(readFileSync(path.join(__dirname, "schema.json"), "utf8")) as {
      resources: Record<
        string,
        {
          properties?: Record<string, { secret?: boolean }>;
          inputProperties?: Record<string, { secret?: boolean }>;
        }
      >;
    };
    for (const [token, resource] of Object.entries(schema.resources)) {
      // A compat token (the bridged names) is served as `compat:<Resource>`.
      const kind = token.startsWith(`${PKG}:compat:`)
        ? `compat:${token.slice(`${PKG}:compat:`.length)}`
        : token.slice(`${PKG}:index:`.length);
      const properties = { ...resource.properties, ...resource.inputProperties };
      const marked = Object.keys(properties).filter((key) => properties[key]!.secret === true);
      expect([token, marked.sort()]).toEqual([token, [...secretFieldsOf(kind)].sort()]);
    }
  });
});

describe("the plugin's arguments", () => {
  it("finds the engine's address after the engine's flags", () => {
    expect(engineAddressOf(["127.0.0.1:5000"])).toBe("127.0.0.1:5000");
    expect(engineAddressOf(["--logtostderr", "-v=9", "--tracing", "http://t:1", "127.0.0.1:5000"])).toBe(
      "127.0.0.1:5000",
    );
    expect(engineAddressOf([])).toBeUndefined();
  });
});
