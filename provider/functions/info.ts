/**
 * What a function returns for an object of a kind: the `info` its definition declares (what the
 * resource shows as outputs), as the generated `<Kind>Info` types say, and nothing else the
 * mapping may add (the generator checked that what is declared holds no secret). Loads nothing:
 * the SDK re-exports it for the tests.
 */

/** What {@link infoOf} needs of a kind's definition. */
export interface InfoDefinition<A, R extends object> {
  readonly kind: string;
  readonly schema: { readonly outputs: object; readonly info?: { readonly inputs: ReadonlyArray<string> } };
  readonly info: { of(found: A): R } | undefined;
}

/** The info of `found`: the fields the kind shows, and no other. */
export function infoOf<A, R extends object>(definition: InfoDefinition<A, R>, found: A): R {
  const { info, schema } = definition;
  if (!info || !schema.info) throw new Error(`${definition.kind} declares no info for the SDK's functions`);
  const shown = new Set([...schema.info.inputs, ...Object.keys(schema.outputs)]);
  return Object.fromEntries(Object.entries(info.of(found)).filter(([key]) => shown.has(key))) as R;
}
