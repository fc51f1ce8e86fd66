/**
 * Settings and clients, one source each (issue 64), measured from the code and by running the
 * table of values of test/unit/settings-checks.ts (what test/unit/settings-declarations.test.ts
 * asserts):
 *
 * - `settings_declarations_sources`: modules of provider/ and sdk/ that read a setting (an
 *   environment variable `DNSIMPLE_*` of a setting, or a `dnsimple:` config key): the declaration
 *   module, plus each module that reads one on its own.
 * - `settings_adapter_cases`: values in the table (every setting's accepted and refused values).
 * - `settings_adapter_agreement`: the share of them on which stack config, the environment and
 *   the plugin (CheckConfig, then Configure) agree: same outcome, same value or same message, and
 *   the one the table expects (1: all).
 * - `client_factories`: modules of provider/ and sdk/ that construct the API client
 *   (`createClient(`, `new DnsimpleClient(`; the client's own module left out).
 * - `functions_from_definitions`: functions of the SDK declared once, by their definition
 *   (provider/functions/definitions.ts), whose wrapper, plugin invoke and schema entry are all
 *   generated from it and which no other module declares (test/unit/function-checks.ts).
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/settings.js
 */
import {
  agreementTable,
  clientConstructions,
  DECLARATION_MODULE,
  settingReadsOutsideDeclaration,
} from "../test/unit/settings-checks";
import { functionsDeclaredOutsideDefinitions, functionsFromDefinitions } from "../test/unit/function-checks";
import { FUNCTION_DEFINITIONS } from "../provider/functions/definitions";
import { recordResults } from "./lib/record";

const fileOf = (found: string) => found.slice(0, found.indexOf(": "));

const readers = new Set([DECLARATION_MODULE, ...settingReadsOutsideDeclaration().map(fileOf)]);
const rows = agreementTable();
const agreeing = rows.filter((r) => r.agree).length;
const constructions = clientConstructions();
const factories = new Set(constructions.map(fileOf));

const fromDefinitions = functionsFromDefinitions();
const declaredElsewhere = functionsDeclaredOutsideDefinitions();

const figures = {
  settings_declarations_sources: readers.size,
  settings_adapter_cases: rows.length,
  settings_adapter_agreement: rows.length === 0 ? 0 : agreeing / rows.length,
  client_factories: factories.size,
  functions_from_definitions: fromDefinitions.length,
};
const disagreeing = rows.filter((r) => !r.agree);

recordResults("settings", figures, {
  title: "Settings and API clients, one source each (issue 64)",
  command: "npx tsc -p tsconfig.build.json && node dist/bench/settings.js",
  body: [
    "| figure | value |",
    "|---|---|",
    ...Object.entries(figures).map(([k, v]) => `| \`${k}\` | ${v} |`),
    "",
    `Modules that read settings: ${[...readers].map((f) => `\`${f}\``).join(", ")}.`,
    `Modules that construct the API client: ${[...factories].map((f) => `\`${f}\``).join(", ")}.`,
    `Values through stack config, the environment and the plugin: ${rows.length} ` +
      `(${rows.filter((r) => r.expected === "accepted").length} accepted, ` +
      `${rows.filter((r) => r.expected === "refused").length} refused), ${agreeing} alike in all three.`,
    `Functions made of their definitions (wrapper, invoke and schema entry generated, declared nowhere else): ` +
      `${fromDefinitions.length} of ${FUNCTION_DEFINITIONS.length} defined.`,
    ...(declaredElsewhere.length > 0
      ? ["", "Declared by hand outside their definitions:", ...declaredElsewhere.map((f) => `- \`${f}\``)]
      : []),
    ...(disagreeing.length > 0
      ? ["", "Disagreeing:", ...disagreeing.map((r) => `- ${r.setting} ${JSON.stringify(r.value)}`)]
      : []),
  ].join("\n"),
});
console.log(JSON.stringify(figures));
