/**
 * The dynamic provider's `configure` (index.ts): the stack config Pulumi hands over becomes the
 * provider process's settings, and what the process compiled is written once the call returns
 * (with `node:module` replaced, as in compiled-code.test.ts, so the compile cache is on).
 */
import { getSettings, resetRuntime } from "../framework/runtime";
import { configure } from "./index";
import { stackConfig } from "../../test/stack-config";

afterEach(() => resetRuntime());

describe("the dynamic provider's configure", () => {
  it("makes the stack config the provider process's settings", () => {
    configure(stackConfig({ account: "42", baseUrl: "http://127.0.0.1:9/v2", maxRetries: "7" }));
    expect(getSettings()).toMatchObject({ account: "42", baseUrl: "http://127.0.0.1:9/v2", maxRetries: 7 });
  });

  it("writes the compiled code once the call has returned, when the compile cache is on", () => {
    jest.useFakeTimers();
    const nodeModule = { getCompileCacheDir: () => "/tmp/cache", flushCompileCache: jest.fn() };
    try {
      jest.isolateModules(() => {
        jest.doMock("node:module", () => nodeModule);
        const isolated = require("./index") as typeof import("./index");
        isolated.configure(stackConfig({ account: "42" }));
      });
      expect(nodeModule.flushCompileCache).not.toHaveBeenCalled();
      jest.runOnlyPendingTimers();
      expect(nodeModule.flushCompileCache).toHaveBeenCalledTimes(1);
    } finally {
      jest.dontMock("node:module");
      jest.useRealTimers();
    }
  });
});
