/**
 * How many bytes of provider code each resource stores in state (`__provider`), measured the way
 * `pulumi.dynamic.Resource` produces it: serializeFunction(() => provider).
 * Run: node dist/bench/provider-size.js (after `npm run build`).
 */
import * as pulumi from "@pulumi/pulumi";
import { providerStub } from "../sdk/provider-stub";
import { recordResults } from "./lib/record";

async function main(): Promise<void> {
  const provider = providerStub("Domain");
  const serialized = await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true });
  const bytes = Buffer.byteLength(serialized.text);
  recordResults(
    "provider-size",
    { provider_code_bytes_per_resource: bytes },
    {
      title: "Provider code stored in state per resource",
      command: "node dist/bench/provider-size.js",
      body:
        `| figure | value |\n|---|---|\n| provider_code_bytes_per_resource | ${bytes} |\n\n` +
        "Pulumi stores this text twice per resource (inputs and outputs). It is a stub that " +
        "`require`s the installed package at run time; the end-to-end suite checks the same bound " +
        "(under 4 KB, no token) on the `__provider` of a real exported stack.",
    },
  );
  console.log(`provider_code_bytes_per_resource: ${bytes}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
