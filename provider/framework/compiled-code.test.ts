/**
 * Writing Node's compile cache once the current call has returned (compiled-code.ts), with
 * `node:module` replaced so each example chooses whether the cache is on.
 */
type CompileCache = { getCompileCacheDir?: () => string | undefined; flushCompileCache: jest.Mock };

/** A fresh copy of the module (its "write pending" flag unset) over the given `node:module`. */
function load(nodeModule: CompileCache): () => void {
  let save: (() => void) | undefined;
  jest.isolateModules(() => {
    jest.doMock("node:module", () => nodeModule);
    save = (require("./compiled-code") as typeof import("./compiled-code")).saveCompiledCodeSoon;
  });
  return save!;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  jest.dontMock("node:module");
});

describe("saving compiled code, the cache on", () => {
  let flushCompileCache: jest.Mock;
  let save: () => void;
  beforeEach(() => {
    flushCompileCache = jest.fn();
    save = load({ getCompileCacheDir: () => "/tmp/cache", flushCompileCache });
  });

  it("writes the cache once the current call has returned", () => {
    save();
    expect(flushCompileCache).not.toHaveBeenCalled();
    jest.runOnlyPendingTimers();
    expect(flushCompileCache).toHaveBeenCalledTimes(1);
  });

  it("writes once for several rounds of loading in the same call", () => {
    save();
    save();
    save();
    jest.runOnlyPendingTimers();
    expect(flushCompileCache).toHaveBeenCalledTimes(1);
  });

  it("writes again for loading that happens after the last write", () => {
    save();
    jest.runOnlyPendingTimers();
    save();
    jest.runOnlyPendingTimers();
    expect(flushCompileCache).toHaveBeenCalledTimes(2);
  });
});

describe("saving compiled code, the cache off or missing", () => {
  it.each([
    ["when the cache is off", { getCompileCacheDir: () => undefined }],
    ["on a Node without a compile cache", {}],
  ])("does nothing, and does not fail, %s", (_, cache) => {
    const nodeModule = { ...cache, flushCompileCache: jest.fn() };
    const save = load(nodeModule);
    expect(() => save()).not.toThrow();
    jest.runOnlyPendingTimers();
    expect(nodeModule.flushCompileCache).not.toHaveBeenCalled();
  });
});
