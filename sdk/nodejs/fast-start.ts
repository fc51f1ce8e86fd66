/**
 * A preload for every Node.js process of a `pulumi` command, the program's and the dynamic
 * providers' (`NODE_OPTIONS="--require <project>/node_modules/pulumi-dnsimple-dynamic/fast-start"`,
 * docs/speed.md). It turns on Node's compile cache, so that each process loads the code it
 * compiled before instead of compiling the Pulumi SDK (about 600 modules) again: Pulumi's cost, a
 * quarter of a small command's time (bench/RESULTS.md, "Whose the time of a command is").
 *
 * Two things, before any other module is compiled:
 * - the V8 flag Pulumi's SDK turns on while it loads (`runtime/closure/v8.js`): V8 refuses cached
 *   code compiled under other flags, and the program and the provider processes reach that module
 *   at different points, so without it each kind of process throws away what the other cached
 *   (scripts/lib/v8-flags-first.js does the same for the test command);
 * - the compile cache itself, in `NODE_COMPILE_CACHE` when set, else Node's default folder under
 *   the system's temporary folder. Provider processes, which the engine ends with a signal, save
 *   what they compiled as they go (provider/framework/compiled-code.ts).
 *
 * Nothing else: no module of the package is loaded from here.
 */
import * as nodeModule from "node:module";
import { setFlagsFromString } from "node:v8";

setFlagsFromString("--allow-natives-syntax");
nodeModule.enableCompileCache?.();
