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

describe("saving compiled code", () => {
  it("writes the cache once the current call has returned, when the cache is on", () => {
    const nodeModule = { getCompileCacheDir: () => "/tmp/cache", flushCompileCache: jest.fn() };
    const save = load(nodeModule);
    save();
    expect(nodeModule.flushCompileCache).not.toHaveBeenCalled();
    jest.runOnlyPendingTimers();
    expect(nodeModule.flushCompileCache).toHaveBeenCalledTimes(1);
  });

  it("writes once for several rounds of loading in the same call", () => {
    const nodeModule = { getCompileCacheDir: () => "/tmp/cache", flushCompileCache: jest.fn() };
    const save = load(nodeModule);
    save();
    save();
    save();
    jest.runOnlyPendingTimers();
    expect(nodeModule.flushCompileCache).toHaveBeenCalledTimes(1);
  });

  it("writes again for loading that happens after the last write", () => {
    const nodeModule = { getCompileCacheDir: () => "/tmp/cache", flushCompileCache: jest.fn() };
    const save = load(nodeModule);
    save();
    jest.runOnlyPendingTimers();
    save();
    jest.runOnlyPendingTimers();
    expect(nodeModule.flushCompileCache).toHaveBeenCalledTimes(2);
  });

  it("does nothing when the cache is off", () => {
    const nodeModule = { getCompileCacheDir: () => undefined, flushCompileCache: jest.fn() };
    const save = load(nodeModule);
    save();
    jest.runOnlyPendingTimers();
    expect(nodeModule.flushCompileCache).not.toHaveBeenCalled();
  });

  it("does nothing, and does not fail, on a Node without a compile cache", () => {
    const nodeModule = { flushCompileCache: jest.fn() };
    const save = load(nodeModule);
    expect(() => save()).not.toThrow();
    jest.runOnlyPendingTimers();
    expect(nodeModule.flushCompileCache).not.toHaveBeenCalled();
  });
});
