/**
 * Node.js keeps the code it compiled between processes when its compile cache is on
 * (`NODE_COMPILE_CACHE`, or `module.enableCompileCache()`), but writes it to disk only when a
 * process exits normally. The engine ends every provider process with a signal, so without help
 * each provider process compiles the Pulumi SDK, the client and the kinds it serves again: about
 * 0.7 s of CPU of the 1.1 s a small `up` costs it on the 2-core machine (bench/RESULTS.md, "Test
 * command"). After each round of loading (the provider module, a kind's definition) the provider
 * writes what it compiled, once the current call has returned. With the cache off, nothing happens.
 */
import * as nodeModule from "node:module";

let pending = false;

/** Writes the compile cache after the current call, when the cache is on. */
export function saveCompiledCodeSoon(): void {
  if (pending || nodeModule.getCompileCacheDir?.() === undefined) return;
  pending = true;
  setImmediate(() => {
    pending = false;
    nodeModule.flushCompileCache();
  }).unref();
}
