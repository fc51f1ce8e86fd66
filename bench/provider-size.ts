/**
 * How many bytes of provider code each resource stores in state (`__provider`), measured the way
 * `pulumi.dynamic.Resource` produces it: serializeFunction(() => provider).
 *
 * Two figures:
 * - `provider_code_bytes_per_resource`: as users get it. The package is packed (`npm pack`) and
 *   installed into a fresh project in a temporary folder, and the serialization runs there: the
 *   stub is a module's whole export inside `node_modules`, so Pulumi stores a `require` of it.
 * - `provider_code_bytes_by_value`: what the serializer would copy for the package loaded from
 *   outside `node_modules` (a linked checkout). The SDK no longer runs the serializer: its classes
 *   write the installed text themselves (`providerCode` in sdk/nodejs/common.ts, decision 002), so state
 *   holds the one-line `require` wherever the package lives; the figure stays as the comparison.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/provider-size.js
 */
import * as pulumi from "@pulumi/pulumi";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { installPackedPackage } from "../test/e2e/reliability-lib";
import { recordResults } from "./lib/record";

/** Serializes the Domain stub inside a fresh project that installed the packed package. */
function installedSize(): { bytes: number; text: string } {
  const project = mkdtempSync(path.join(tmpdir(), "dnsimple-provider-size-"));
  try {
    installPackedPackage(project, "provider-size");
    const script =
      'const pulumi = require("@pulumi/pulumi");' +
      'const stub = require("pulumi-dnsimple-dynamic/stubs/domain");' +
      "pulumi.runtime.serializeFunction(() => stub, { allowSecrets: true })" +
      ".then((s) => process.stdout.write(JSON.stringify(s.text)));";
    const text = JSON.parse(
      execFileSync(process.execPath, ["-e", script], { cwd: project, encoding: "utf8", stdio: "pipe" }),
    ) as string;
    return { bytes: Buffer.byteLength(text), text };
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const installed = installedSize();
  const byValueStub: pulumi.dynamic.ResourceProvider = require("../sdk/nodejs/stubs/domain");
  const byValue = await pulumi.runtime.serializeFunction(() => byValueStub, { allowSecrets: true });
  const byValueBytes = Buffer.byteLength(byValue.text);
  const requireLine = installed.text.split("\n").find((line) => line.includes("require(")) ?? "";
  recordResults(
    "provider-size",
    { provider_code_bytes_per_resource: installed.bytes, provider_code_bytes_by_value: byValueBytes },
    {
      title: "Provider code stored in state per resource",
      command: "npx tsc -p tsconfig.build.json && node dist/bench/provider-size.js",
      body:
        "| figure | value |\n|---|---|\n" +
        `| provider_code_bytes_per_resource | ${installed.bytes} |\n` +
        `| provider_code_bytes_by_value | ${byValueBytes} |\n\n` +
        "Pulumi stores this text twice per resource (inputs and outputs). " +
        "`provider_code_bytes_per_resource` is what a user's state holds: the package packed and " +
        "installed into a fresh project, where each kind's stub is the whole export of a module under " +
        `\`node_modules\`, so Pulumi stores a \`require\` of it (\`${requireLine.trim()}\`). ` +
        "`provider_code_bytes_by_value` is the stub copied by value, as happens when the package is " +
        "loaded from outside `node_modules` (a linked checkout, as this repository's own tests do); " +
        "the end-to-end suite checks that one stays under 4 KB with no token, and the packaged test " +
        "checks the installed one is a single `require`.",
    },
  );
  console.log(`provider_code_bytes_per_resource: ${installed.bytes} (by value: ${byValueBytes})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
