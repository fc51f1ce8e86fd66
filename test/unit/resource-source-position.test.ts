/**
 * The stack Pulumi records with a resource (`sourcePosition` and `stackTrace` in state) is the
 * program's: its first frame is the line that made the resource, not this SDK's classes, and
 * Pulumi's and Node's frames underneath are left out (sdk/nodejs/common.ts, callersOnly).
 */
import * as pulumi from "@pulumi/pulumi";
import * as path from "node:path";
import { callersOnly } from "../../sdk/nodejs/common";
import { ZoneRecord } from "../../sdk/nodejs/resources/zone-record";

interface Position {
  uri: string;
  line: number;
  column: number;
}

/** What Pulumi's Resource passes on to the engine for each resource it registers. */
const runtimeResource = require("@pulumi/pulumi/runtime/resource") as {
  registerResource(...args: unknown[]): void;
};

function positionsOf(build: () => void): { sourcePosition: Position; stackTrace: Position[] } {
  const register = jest.spyOn(runtimeResource, "registerResource");
  try {
    build();
    const args = register.mock.calls.at(-1)!;
    return { sourcePosition: args[9] as Position, stackTrace: args[10] as Position[] };
  } finally {
    register.mockRestore();
  }
}

const record = (name: string) =>
  new ZoneRecord(name, { zoneName: "example.com", name: "www", type: "A", content: "192.0.2.1" });

const THIS_FILE = path.basename(__filename);

describe("the stack recorded with a resource", () => {
  beforeAll(() => {
    pulumi.runtime.setMocks({
      newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
      call: (args) => args.inputs,
    });
  });

  it("starts at the program's line that made the resource, not at the SDK's classes", () => {
    const { sourcePosition, stackTrace } = positionsOf(() => record("first"));
    expect(sourcePosition.uri).toMatch(new RegExp(`/${THIS_FILE}$`));
    expect(stackTrace[0]).toEqual(sourcePosition);
  });

  it("keeps the program's frames and leaves out the SDK's, Pulumi's and Node's", () => {
    const { stackTrace } = positionsOf(() => record("second"));
    const uris = stackTrace.map((frame) => frame?.uri);
    expect(uris[0]).toMatch(new RegExp(`/${THIS_FILE}$`));
    expect(uris).toContainEqual(expect.stringMatching(/jest-circus/)); // what runs the test: kept
    // (An anonymous function's frame stays, empty: Pulumi reads only frames with a name.)
    expect(uris.filter((uri) => uri && /\/sdk\/|@pulumi\/pulumi|^node:/.test(uri))).toEqual([]);
  });

  it("is formatted by the formatter in place, which gets the frames kept, and put back after", () => {
    const received: string[][] = [];
    const formatter = (error: Error, sites: NodeJS.CallSite[]) => {
      received.push(sites.map((site) => site.getFileName() ?? ""));
      return `${error}\n${sites.map((site) => `    at ${site}`).join("\n")}`;
    };
    const before = Error.prepareStackTrace;
    Error.prepareStackTrace = formatter;
    try {
      record("third");
      expect(Error.prepareStackTrace).toBe(formatter);
    } finally {
      Error.prepareStackTrace = before;
    }
    const pulumiCall = received.find((files) => files.some((file) => file.endsWith(THIS_FILE)));
    expect(pulumiCall).toBeDefined();
    // Pulumi's own frames first (it drops them, and one for the class: KindResource's), then the test's.
    const firstOfOurs = pulumiCall!.findIndex((file) => !file.includes("@pulumi/pulumi"));
    expect(pulumiCall![firstOfOurs]).toMatch(/sdk\/nodejs\/common\.[tj]s$/);
    expect(pulumiCall![firstOfOurs + 1]).toMatch(new RegExp(`${THIS_FILE}$`));
  });

  it("puts the process's formatter back even when the constructor throws", () => {
    const before = Error.prepareStackTrace;
    expect(
      () =>
        new ZoneRecord(
          "broken",
          { zoneName: "example.com", name: "", type: "A", content: "192.0.2.1" },
          { parent: {} as pulumi.Resource },
        ),
    ).toThrow();
    expect(Error.prepareStackTrace).toBe(before);
  });

  it("formats as V8 does when no formatter is in place", () => {
    const format = callersOnly(undefined);
    const error = new Error("boom");
    const text = format(error, []);
    expect(text).toBe("Error: boom");
  });
});
