/**
 * One precompiled Pulumi program for the end-to-end tests that run a program as a user does
 * (a project folder, `pulumi up` on the command line): the stack config `resources` lists what
 * to declare, so tests change config instead of compiling programs (declare.ts).
 */
import { flushCompileCache } from "node:module";
import * as dnsimple from "pulumi-dnsimple-dynamic";
import { declareResources } from "./declare";

/** Every resource's id, so tests can find the objects in the emulator. */
export const ids = declareResources(dnsimple);

// When a preview fails at `check` (the bad-input rows), the engine ends this program with a
// signal, and Node.js writes its compile cache (NODE_COMPILE_CACHE, set by scripts/test) only at
// a normal exit: without this, each of those previews compiled the Pulumi SDK and this package
// again (about 1 s of CPU each). Written here, after everything this program loads is loaded.
flushCompileCache();
