/**
 * `pulumi import` (and the `import` resource option, and `get`): the forms an import id of a kind
 * takes, one table per kind (`KindSpec.imports.forms`) that the lifecycle's `import` parses with,
 * the docs cite (docs/adopting.md) and the tests iterate. A form names a domain (zone) name, an
 * object's id, or both: the bridged provider's and Terraform's `<zone>_<recordId>`, its twin
 * `<zone>/<recordId>`, a domain name, a plain id. A text of no form of the kind is refused with
 * the forms and an example; nothing is trimmed or guessed into shape.
 *
 * @example
 * const forms = [domainAndId("zone", "recordId", "example.com_1234", true), idOnly("recordId", "1234")];
 * parseImportId("ZoneRecord", forms, "example.com_1234"); // { domain: "example.com", id: "1234" }
 */
import { canonicalDomainName, domainNameProblem } from "../dns/domain-names";
import type { Zone } from "../client";
import type { ImportForm, ImportTarget, ResourceContext } from "./definition";
import { orUndefinedWhenGone } from "./lookup";

/** The id forms' types live with the rest of a kind's declaration (definition.ts). */
export type { ImportForm, ImportTarget } from "./definition";

const ID = /^[1-9]\d*$/;

/** A domain name as the service keeps it, or undefined when `text` is not a domain name. */
function domainOf(text: string): string | undefined {
  return text === "" || text !== text.trim() || domainNameProblem(text)
    ? undefined
    : canonicalDomainName(text);
}

/** `<domain>`: a domain or zone name (`example.com`). */
export function domainOnly(what = "domain", bridged = false, example = "example.com"): ImportForm {
  return {
    form: `<${what}>`,
    example,
    bridged,
    parse: (text) => {
      const domain = domainOf(text);
      return domain === undefined ? undefined : { domain };
    },
    format: ({ domain = "" }) => domain,
  };
}

/** `<id>`: the service's numeric id alone (`5678`). */
export function idOnly(what: string, example: string, bridged = false): ImportForm {
  return {
    form: `<${what}>`,
    example,
    bridged,
    parse: (text) => (ID.test(text) ? { id: Number.parseInt(text, 10) } : undefined),
    format: ({ id }) => `${id ?? ""}`,
  };
}

/**
 * The import of a kind whose objects are named by their numeric id alone and read by it alone
 * (nothing else in state): the one form `<what>` and the object it names; the kind adds `declared`.
 *
 * @example
 * imports: { ...byIdAlone("webhookId", "42"), declared: (_ctx, { outs }) => ({ inputs: { url: outs.url } }) }
 */
export function byIdAlone(what: string, example: string, bridged = false) {
  return {
    forms: [idOnly(what, example, bridged)],
    locate: async (_ctx: ResourceContext, { id = 0 }: ImportTarget) => ({ id, state: {} }),
  };
}

/**
 * `<domain>_<id>` (the bridged provider's and Terraform's form) or `<domain>/<id>`: an object under
 * a domain, by the domain's name and the object's numeric id.
 */
export function domainAndId(
  domain: string,
  what: string,
  example: string,
  bridged: boolean,
  separator: "_" | "/" = "_",
): ImportForm {
  const [exampleDomain, exampleId] = example.split("_") as [string, string];
  return {
    form: `<${domain}>${separator}<${what}>`,
    example: separator === "_" ? example : `${exampleDomain}/${exampleId}`,
    bridged: bridged && separator === "_",
    parse(text) {
      const at = text.lastIndexOf(separator);
      if (at < 0) return undefined;
      const name = domainOf(text.slice(0, at));
      const id = text.slice(at + 1);
      return name !== undefined && ID.test(id) ? { domain: name, id: Number.parseInt(id, 10) } : undefined;
    },
    format: ({ domain = "", id }) => `${domain}${separator}${id ?? ""}`,
  };
}

/** Both spellings of an object under a domain: `<domain>_<id>` and `<domain>/<id>`. */
export function underDomain(domain: string, what: string, example: string, bridged = true): ImportForm[] {
  return [domainAndId(domain, what, example, bridged, "_"), domainAndId(domain, what, example, bridged, "/")];
}

/** Brand of {@link ImportIdError}: recognised from a second copy of this module. */
const IMPORT_ID_ERROR = Symbol.for("pulumi-dnsimple-dynamic.ImportIdError");

/** An import id of no form of the kind, or one that names nothing in the account. */
export class ImportIdError extends Error {
  override readonly name = "ImportIdError";
  readonly [IMPORT_ID_ERROR] = true;
}

/** `a`, `a or b`, `a, b or c`. */
function oneOf(items: ReadonlyArray<string>): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/** The sentence naming a kind's id forms, with an example: `ZoneRecord ids are <zone>_<recordId>, …, e.g. example.com_1234`. */
export function expectedForms(kind: string, forms: ReadonlyArray<ImportForm>): string {
  const example = (forms.find((f) => f.bridged) ?? forms[0])?.example ?? "";
  return `${kind} import ids are ${oneOf(forms.map((f) => f.form))}, e.g. ${example}`;
}

/**
 * What `text` names by the first of `forms` it is written in.
 *
 * @throws {ImportIdError} when it is of none: the forms, an example and what was given.
 */
export function parseImportId(kind: string, forms: ReadonlyArray<ImportForm>, text: string): ImportTarget {
  for (const form of forms) {
    const target = form.parse(text);
    if (target) return target;
  }
  throw new ImportIdError(`${expectedForms(kind, forms)}; got ${JSON.stringify(text)}`);
}

/** The failure of an import whose id is well formed but names nothing in the account. */
export function nothingToImport(kind: string, text: string, account: string, why?: string): ImportIdError {
  return new ImportIdError(
    `${kind} ${JSON.stringify(text)}: nothing to import in account ${account}${why ? ` (${why})` : ""}; ` +
      "check the id and the account (`dnsimple-dynamic:account`, or the provider's `account`)",
  );
}

/** The values of `keys` in `values` that are set (neither undefined nor null): a declaration leaves the rest out. */
export function declaredFrom(values: Readonly<Record<string, unknown>>, keys: ReadonlyArray<string>) {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = values[key];
    if (value !== undefined && value !== null) out[key] = value;
  }
  return out;
}

/**
 * For an object under a domain given by its id alone (ids are unique across the service, the
 * API's paths name the domain too): the first of `domains` under which `get` finds it, one
 * request per domain until then. Undefined when none holds it.
 */
export async function findUnderDomains<T>(
  domains: AsyncIterable<{ readonly name: string }>,
  get: (domain: string) => Promise<T>,
): Promise<{ domain: string; found: T } | undefined> {
  for await (const { name } of domains) {
    const found = await orUndefinedWhenGone(get(name));
    if (found !== undefined) return { domain: name, found };
  }
  return undefined;
}

/** The zone an import id names, by name (`<zone>`) or by id (`<zoneId>`, from the account's zones). */
export async function zoneOf(
  { client, account }: ResourceContext,
  target: ImportTarget,
): Promise<Zone | undefined> {
  if (target.domain !== undefined) return orUndefinedWhenGone(client.zones.get(account, target.domain));
  for await (const zone of client.zones.iterate(account)) if (zone.id === target.id) return zone;
  return undefined;
}
