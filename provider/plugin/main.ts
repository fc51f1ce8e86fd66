/**
 * The provider plugin's entry: `node dist/provider/plugin/main.js [flags] <engine address>`, as the
 * engine starts every resource plugin (bin/pulumi-resource-dnsimple-dynamic runs it). It serves
 * on an ephemeral port of 127.0.0.1 and prints that port, alone on the first line of stdout: the
 * engine reads it to connect. Messages to the engine go to its `Log` call at the address given.
 */
import { engineAddressOf, setEngineAddress } from "../framework/engine-log";
import { startPluginServer } from "./server";

async function main(args: readonly string[]): Promise<void> {
  const address = engineAddressOf(args);
  if (address !== undefined) setEngineAddress(address);
  const { port } = await startPluginServer();
  process.stdout.write(`${port}\n`);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`pulumi-resource-dnsimple-dynamic: ${(error as Error).message ?? String(error)}\n`);
    process.exit(1);
  });
}
