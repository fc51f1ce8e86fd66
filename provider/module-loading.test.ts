/**
 * What each process loads, in a fresh node process against the build (`dist/`, made by
 * `scripts/bootstrap`): the program loads the SDK without the API client; the provider process
 * loads the client without undici until its first request, so a preview that changes nothing
 * and sends nothing (only `check` and `diff`, the check of credentials off) never loads it. See
 * `provider_module_load_ms` in bench/RESULTS.md.
 */
import { execFileSync } from "node:child_process";
import * as path from "node:path";

const REPO = path.resolve(__dirname, "..");

/**
 * Runs `script` (an expression, awaited) in a fresh node and returns which of the watched packages
 * it had loaded once it settled. Offline, as a unit test is: the check of credentials, which a
 * preview against the service sends first, is off (jest gives each test file its own copy of
 * the environment, so the child is told, not left to inherit it).
 */
function loadedAfter(script: string): { client: boolean; undici: boolean } {
  const client = JSON.stringify(path.join("client", "transport.js"));
  const undici = JSON.stringify(`${path.sep}undici${path.sep}`);
  const probe =
    `Promise.resolve(${script}).then(() => { const files = Object.keys(require.cache);` +
    `console.log(JSON.stringify({ client: files.some((f) => f.includes(${client})),` +
    ` undici: files.some((f) => f.includes(${undici})) })); });`;
  return JSON.parse(
    execFileSync(process.execPath, ["-e", probe], {
      cwd: REPO,
      encoding: "utf8",
      env: { ...process.env, DNSIMPLE_VERIFY_CREDENTIALS: "false" },
    }),
  );
}

describe("module loading", () => {
  it("the SDK loads only the parts of @pulumi/pulumi it uses, not its runtime index (the TypeScript compiler, npm's arborist)", () => {
    const probe =
      'require("pulumi-dnsimple-dynamic"); const files = Object.keys(require.cache);' +
      "console.log(JSON.stringify({ pulumi: files.some((f) => f.includes('@pulumi/pulumi')), " +
      "typescript: files.some((f) => f.includes('/node_modules/typescript/')), " +
      "arborist: files.some((f) => f.includes('/@npmcli/arborist/')) }));";
    const loaded = JSON.parse(execFileSync(process.execPath, ["-e", probe], { cwd: REPO, encoding: "utf8" }));
    // Half of every program run went to these before (bench/RESULTS.md, sdk_module_load_ms).
    expect(loaded).toEqual({ pulumi: true, typescript: false, arborist: false });
  });

  it("the SDK (what a program imports) loads neither the API client nor undici", () => {
    expect(loadedAfter('require("pulumi-dnsimple-dynamic")')).toEqual({ client: false, undici: false });
  });

  it("the SDK loads no zod: the settings' declarations (zod schemas) wait for a function's first call", () => {
    const probe =
      'require("pulumi-dnsimple-dynamic"); const files = Object.keys(require.cache);' +
      "console.log(JSON.stringify({ zod: files.some((f) => f.includes('/node_modules/zod/')) }));";
    const loaded = JSON.parse(execFileSync(process.execPath, ["-e", probe], { cwd: REPO, encoding: "utf8" }));
    // A third more of the program's start when it did (95 of zod's modules, in every program process).
    expect(loaded).toEqual({ zod: false });
  });

  it("the provider loads the client but not undici, enough for check and diff", () => {
    const script =
      '(() => { const p = require("pulumi-dnsimple-dynamic/provider");' +
      'p.configure(new Map([["dnsimple:token", "t"], ["dnsimple:account", "1"]]));' +
      'return p.providerFor("EmailForward").check({}, { domain: "example.com", aliasName: "a", destinationEmail: "b@example.org" }); })()';
    expect(loadedAfter(script)).toEqual({ client: true, undici: false });
  });

  it("undici is loaded with the first request's dispatcher", () => {
    const script = 'require("pulumi-dnsimple-dynamic/client").getSharedDispatcher().close()';
    expect(loadedAfter(script)).toEqual({ client: true, undici: true });
  });
});
