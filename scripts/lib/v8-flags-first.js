// Preloaded into every Node.js process of the test command (NODE_OPTIONS in scripts/test), so
// that Node's compile cache (NODE_COMPILE_CACHE) is reused across processes: the Pulumi SDK turns
// on the V8 flag below while it loads (runtime/closure/v8.js), and V8 refuses cached code compiled
// under other flags. A program loads that module first and a provider process loads it halfway,
// so each modules' cached code was made under the flags of the last process type that loaded it
// and refused by the other (about 570 modules per preview compiled again). With the flag on
// before any module, every process compiles and caches under the same flags.
require("node:v8").setFlagsFromString("--allow-natives-syntax");
