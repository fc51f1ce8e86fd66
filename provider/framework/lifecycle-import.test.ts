/**
 * `pulumi import` as the lifecycle serves it (both adapters call `Lifecycle.import`): the id is
 * parsed by the kind's forms, the object it names is read, and what comes back is the state the
 * engine records and the declaration a program would write for it. The id forms themselves are
 * in imports.test.ts; the round trips through the engine in test/e2e/imports.test.ts.
 */
import { z } from "zod";
import type { ResourceDefinition, State } from "./definition";
import { domainOnly, ImportIdError, underDomain } from "./imports";
import { lifecycleOf } from "./lifecycle";
import { forgetClaimsOfThisProcess } from "./ownership";
import { configureRuntime, resetRuntime } from "./runtime";
import { stackConfig } from "../../test/stack-config";

beforeEach(() => {
  configureRuntime(stackConfig({ account: "1", token: "unit-token" }));
  forgetClaimsOfThisProcess();
});
afterAll(() => resetRuntime());

/** A forward the toy service holds: id 7 under example.com, made by hand. */
interface Forward {
  id: number;
  domain: string;
  from: string;
  to: string;
}

/**
 * A toy kind of email forwards under a domain, imported by `<domain>_<id>` or `<domain>/<id>`.
 * `lookups` records what the import asked the service; `providerOwned: ["pendingTo"]` is state
 * the provider keeps. `goneBeforeRead`: the object is deleted between the import's locate and read.
 */
function forwardKind(held: Forward[], options: { goneBeforeRead?: boolean } = {}) {
  const lookups: string[] = [];
  const definition: ResourceDefinition = {
    kind: "Forward",
    inputs: {
      domain: z.string(),
      from: z.string().regex(/^[a-z]+$/, "from must be a mailbox name in lower case, e.g. sales"),
      to: z.string(),
      // A default the service's answer does not carry: check fills it in.
      active: z.boolean().default(true),
      pendingTo: z.string().optional(),
    },
    providerOwned: ["pendingTo"],
    replaceOnChange: ["domain"],
    imports: {
      forms: underDomain("domain", "forwardId", "example.com_7"),
      async locate(_ctx, { domain, id }) {
        lookups.push(`locate ${domain} ${id}`);
        const found = held.find((f) => f.domain === domain && f.id === id);
        return found ? { id: `${found.id}`, state: { domain: found.domain } } : undefined;
      },
      async declared(_ctx, { state, outs }) {
        return {
          inputs: { domain: state.domain, from: outs.from, to: outs.to, pendingTo: "kept" },
          outs: { putBackOnDestroy: outs.to },
        };
      },
    },
    async create(_ctx, inputs) {
      const made = {
        id: 100 + held.length,
        domain: `${inputs.domain}`,
        from: `${inputs.from}`,
        to: `${inputs.to}`,
      };
      held.push(made);
      return { id: `${made.id}`, outs: { from: made.from, to: made.to } };
    },
    async findMatching(_ctx, inputs) {
      return held
        .filter((f) => f.domain === inputs.domain && f.from === inputs.from)
        .map((f) => ({ id: `${f.id}`, outs: { from: f.from, to: f.to } }));
    },
    async read(_ctx, id, state: State) {
      lookups.push(`read ${state.domain} ${id}`);
      const found = held.find((f) => `${f.id}` === id && f.domain === state.domain);
      return found && !options.goneBeforeRead ? { from: found.from, to: found.to } : undefined;
    },
    async delete() {},
  };
  return { lifecycle: lifecycleOf(definition), lookups };
}

const handMade = (): Forward[] => [{ id: 7, domain: "example.com", from: "sales", to: "a@example.net" }];

describe("importing an object by its id", () => {
  it("reads the object the id names and gives its state and the declaration that matches it", async () => {
    const { lifecycle, lookups } = forwardKind(handMade());
    const imported = await lifecycle.import("example.com_7");
    expect(lookups).toEqual(["locate example.com 7", "read example.com 7"]);
    expect(imported.id).toBe("7");
    // The declaration as check leaves it: the default filled in, the provider's own state left out.
    expect(imported.inputs).toEqual({
      domain: "example.com",
      from: "sales",
      to: "a@example.net",
      active: true,
    });
    // State: where the object lives, the declaration, what read gives, what the kind keeps
    // beyond it, and the account.
    expect(imported.props).toEqual({
      domain: "example.com",
      from: "sales",
      to: "a@example.net",
      active: true,
      pendingTo: "kept",
      putBackOnDestroy: "a@example.net",
      accountId: "1",
    });
  });

  it("takes every form of the kind, written as the service keeps the domain", async () => {
    const { lifecycle } = forwardKind(handMade());
    expect((await lifecycle.import("example.com/7")).id).toBe("7");
    expect((await lifecycle.import("EXAMPLE.com_7")).props).toMatchObject({ domain: "example.com" });
  });

  it("returns a declaration check refuses as it is, for the engine to show check's reasons", async () => {
    const { lifecycle } = forwardKind([{ id: 7, domain: "example.com", from: "Sales", to: "a@example.net" }]);
    const imported = await lifecycle.import("example.com_7");
    // Not repaired into shape, and no default added to it.
    expect(imported.inputs).toEqual({ domain: "example.com", from: "Sales", to: "a@example.net" });
    const checked = await lifecycle.check({}, imported.inputs);
    expect(checked.failures).toEqual([
      { property: "from", reason: expect.stringContaining("from must be a mailbox name in lower case") },
    ]);
  });

  it("gives the object to this resource: a later adopt of an identical declaration makes its own", async () => {
    const held = handMade();
    const { lifecycle } = forwardKind(held);
    await lifecycle.import("example.com_7");
    const created = await lifecycle.create({
      domain: "example.com",
      from: "sales",
      to: "a@example.net",
      adopt: true,
    });
    expect(created.id).not.toBe("7");
    expect(held).toHaveLength(2);
  });

  it("refuses an id of no form of the kind with the forms, an example and what was given, asking nothing", async () => {
    const { lifecycle, lookups } = forwardKind(handMade());
    const error = await lifecycle.import("7").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportIdError);
    expect((error as Error).message).toBe(
      'Forward import ids are <domain>_<forwardId> or <domain>/<forwardId>, e.g. example.com_7; got "7"',
    );
    expect(lookups).toEqual([]);
  });

  it("refuses a well-formed id that names nothing in the account, naming the account to check", async () => {
    const { lifecycle } = forwardKind(handMade());
    const message =
      'Forward "example.com_8": nothing to import in account 1; check the id and the account ' +
      "(`dnsimple-dynamic:account`, or the provider's `account`)";
    await expect(lifecycle.import("example.com_8")).rejects.toThrow(message);
  });

  it("refuses an id whose object is located but cannot be read back (gone in between)", async () => {
    const { lifecycle, lookups } = forwardKind(handMade(), { goneBeforeRead: true });
    await expect(lifecycle.import("example.com_7")).rejects.toThrow(
      'Forward "example.com_7": nothing to import in account 1',
    );
    expect(lookups).toEqual(["locate example.com 7", "read example.com 7"]);
  });

  it("needs an account, and says which setting gives it", async () => {
    configureRuntime(stackConfig({ token: "unit-token" }));
    const { lifecycle } = forwardKind(handMade());
    await expect(lifecycle.import("example.com_7")).rejects.toThrow("dnsimple:account");
  });

  it("by a domain name alone takes it as the service keeps it", async () => {
    const definition: ResourceDefinition = {
      kind: "Delegation",
      inputs: { domain: z.string() },
      replaceOnChange: ["domain"],
      async create() {
        return { id: "1", outs: {} };
      },
      async delete() {},
      imports: {
        forms: [domainOnly()],
        async locate(_ctx, { domain }) {
          return { id: `${domain}`, state: {} };
        },
        async declared(_ctx, { id }) {
          return { inputs: { domain: id } };
        },
      },
      async read(_ctx, id) {
        return { domain: id };
      },
    };
    await expect(lifecycleOf(definition).import("Example.COM")).resolves.toMatchObject({
      id: "example.com",
      inputs: { domain: "example.com" },
    });
  });
});

describe("a kind that cannot be imported", () => {
  const oneShot = (notImportable?: string): ResourceDefinition => ({
    kind: "Push",
    inputs: { domain: z.string() },
    replaceOnChange: ["domain"],
    ...(notImportable ? { notImportable } : {}),
    async create() {
      return { id: "1", outs: {} };
    },
    async read() {
      return undefined;
    },
    async delete() {},
  });

  it("says so with the kind's reason", async () => {
    await expect(lifecycleOf(oneShot("it is a one-shot action")).import("example.com")).rejects.toThrow(
      "a Push cannot be imported: it is a one-shot action",
    );
  });

  it("says so without a reason of its own: the provider cannot read one back", async () => {
    await expect(lifecycleOf(oneShot()).import("example.com")).rejects.toThrow(
      "a Push cannot be imported: the provider cannot read one back by an id",
    );
  });
});
