/**
 * docs/migrating.md, as a program: `step` (stack config) says where the migration stands.
 * - `bridged`: the program as it was, on the bridged provider (its stand-in, see bridged-standin.ts);
 * - `retained`: step 1, the same program with every bridged resource retained on delete;
 * - `switched`: step 2, the import line changed to compat, every resource adopted; the bridged
 *   resources are no longer declared (and, retained, only leave the state).
 * The program's body is written once, against @pulumi/dnsimple's names.
 */
import * as pulumi from "@pulumi/pulumi";
import * as compat from "pulumi-dnsimple-dynamic/compat";
import * as bridged from "./bridged-standin";

const config = new pulumi.Config();
const step = config.require("step");
const domainName = config.require("domain");

type Dnsimple = Pick<typeof compat, "Domain" | "ZoneRecord" | "EmailForward">;

function program(dnsimple: Dnsimple): void {
  const domain = new dnsimple.Domain("shop", { name: domainName });
  new dnsimple.ZoneRecord("www", { zoneName: domain.name, name: "www", type: "A", value: "192.0.2.80" });
  new dnsimple.ZoneRecord("mx", {
    zoneName: domain.name,
    name: "",
    type: "MX",
    value: "mx.mail.example.net",
    priority: 10,
  });
  new dnsimple.EmailForward("sales", {
    domain: domain.name,
    aliasName: "sales",
    destinationEmail: "team@example.org",
  });
}

if (step === "retained") {
  // Migration step 1 (docs/migrating.md): the bridged provider's resources are forgotten, never
  // deleted. The bridged ones are `dnsimple:*`; the stand-in's are `pulumi-nodejs:dynamic/bridged:*`.
  pulumi.runtime.registerStackTransformation((args) =>
    args.type.startsWith("pulumi-nodejs:dynamic/bridged:")
      ? { props: args.props, opts: pulumi.mergeOptions(args.opts, { retainOnDelete: true }) }
      : undefined,
  );
}

if (step === "switched") {
  // Migration step 2: every resource of this package adopts the existing object.
  pulumi.runtime.registerStackTransformation((args) =>
    args.type.startsWith("pulumi-nodejs:dynamic/dnsimple:")
      ? { props: { ...args.props, adopt: true }, opts: args.opts }
      : undefined,
  );
  program(compat);
} else {
  bridged.checkConfigLikeTheBridgedProvider();
  program(bridged as unknown as Dnsimple);
}
