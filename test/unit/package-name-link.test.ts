/**
 * The examples and the e2e programs import `pulumi-dnsimple-dynamic` by its name; bootstrap makes
 * that name resolve to this checkout through `node_modules/pulumi-dnsimple-dynamic`, a folder of
 * links to package.json and the package's `files`, never a link to the checkout itself (the Pulumi
 * CLI walks node_modules at every command and would walk all of `.work` through it).
 */
import { lstatSync, readFileSync, readdirSync, realpathSync } from "node:fs";
import * as path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const FOLDER = path.join(ROOT, "node_modules/pulumi-dnsimple-dynamic");
const manifest = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { files: string[] };

describe("node_modules/pulumi-dnsimple-dynamic", () => {
  it("is a folder, not a link to the checkout", () => {
    expect(lstatSync(FOLDER).isSymbolicLink()).toBe(false);
    expect(realpathSync(FOLDER)).not.toBe(realpathSync(ROOT));
  });

  it("holds links to package.json and what the package ships, nothing else", () => {
    const shipped = [...new Set(["package.json", ...manifest.files.map((f) => f.split("/")[0]!)])].sort();
    expect(readdirSync(FOLDER).sort()).toEqual(shipped);
    for (const entry of shipped) {
      expect({ entry, link: lstatSync(path.join(FOLDER, entry)).isSymbolicLink() }).toEqual({
        entry,
        link: true,
      });
      expect(realpathSync(path.join(FOLDER, entry))).toBe(realpathSync(path.join(ROOT, entry)));
    }
  });

  it("makes the package's name and its entry points resolve to this checkout's build", () => {
    const from = { paths: [path.join(ROOT, "examples/quickstart")] };
    expect(require.resolve("pulumi-dnsimple-dynamic", from)).toBe(
      realpathSync(path.join(ROOT, "dist/sdk/nodejs/index.js")),
    );
    expect(require.resolve("pulumi-dnsimple-dynamic/compat", from)).toBe(
      realpathSync(path.join(ROOT, "dist/sdk/nodejs/compat/index.js")),
    );
  });
});
