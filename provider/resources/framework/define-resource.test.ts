import { z } from "zod";
import { type ResourceDefinition, toDynamicProvider } from "./define-resource";
import { PartialCreateError } from "./partial";
import { configureRuntime, resetRuntime } from "./runtime";

beforeEach(() =>
  configureRuntime({ get: (key) => ({ "dnsimple:account": "1", "dnsimple:token": "unit-token" })[key] }),
);
afterAll(() => resetRuntime());

const failingHalfway: ResourceDefinition = {
  kind: "Halfway",
  inputs: { name: z.string() },
  replaceOnChange: ["name"],
  async create(_ctx, inputs) {
    throw new PartialCreateError("second step failed", { id: "42", outs: { made: true, name: inputs.name } });
  },
  async read() {
    return undefined;
  },
  async delete() {},
};

describe("a create that fails after the object exists", () => {
  it("reports the object to Pulumi with its id, its properties and the provider code", async () => {
    const provider = toDynamicProvider(failingHalfway);
    const error = await provider.create({ name: "x", __provider: "stub code" }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: "second step failed",
      id: "42",
      properties: { name: "x", made: true, accountId: "1", __provider: "stub code" },
      reasons: ["second step failed"],
    });
  });

  it("explains adoption when the service says the object already exists", async () => {
    const provider = toDynamicProvider({
      ...failingHalfway,
      async create() {
        throw new Error("The domain x.com is already in DNSimple and cannot be added");
      },
      async adopt() {
        return undefined;
      },
    });
    await expect(provider.create({ name: "x" })).rejects.toThrow(/set `adopt: true` on this resource/);
  });
});
