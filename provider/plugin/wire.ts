/**
 * The engine's wire form of property values, and the lifecycle's. The engine sends a secret as an
 * object `{ [SIG]: SECRET_SIG, value }` (the plugin answers `acceptSecrets`) and a value not yet
 * known in a preview as the string `UNKNOWN`. The lifecycle sees plain values and keeps `UNKNOWN`
 * as it is (it understands the sentinel); on the way back, every property that came in secret,
 * or that the kind marks secret, goes out secret again, so nothing secret reaches state in clear.
 */
import type { State } from "../framework/definition";
import { UNKNOWN } from "../framework/unknown";

/** `rpc.specialSigKey` of @pulumi/pulumi: the key that marks a special value (wire.test.ts checks). */
export const SIG = "4dabf18193072939515e22adb298388d";
/** `rpc.specialSecretSig`: the signature of a secret. */
export const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

export { UNKNOWN };

/** Whether `value` is the engine's secret wrapper. */
export function isSecretValue(value: unknown): value is { value?: unknown } {
  return (
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    (value as Record<string, unknown>)[SIG] === SECRET_SIG
  );
}

/** The value with every secret wrapper inside it removed, and whether there was any. */
function unwrap(value: unknown): { value: unknown; secret: boolean } {
  if (isSecretValue(value)) return { value: unwrap(value.value).value, secret: true };
  if (Array.isArray(value)) {
    const items = value.map(unwrap);
    return { value: items.map((i) => i.value), secret: items.some((i) => i.secret) };
  }
  if (value !== null && typeof value === "object") {
    let secret = false;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      const plain = unwrap(inner);
      out[key] = plain.value;
      secret ||= plain.secret;
    }
    return { value: out, secret };
  }
  return { value, secret: false };
}

/**
 * Properties as the lifecycle takes them: plain values (`UNKNOWN` kept), and the names of the
 * properties that held a secret anywhere inside (what goes out secret again: the whole property).
 */
export function fromWire(props: Record<string, unknown> | undefined): { plain: State; secret: Set<string> } {
  const plain: State = {};
  const secret = new Set<string>();
  for (const [key, value] of Object.entries(props ?? {})) {
    const unwrapped = unwrap(value);
    plain[key] = unwrapped.value;
    if (unwrapped.secret) secret.add(key);
  }
  return { plain, secret };
}

/** A secret wrapper around `value`. */
export function secretOf(value: unknown): Record<string, unknown> {
  return { [SIG]: SECRET_SIG, value };
}

/**
 * Properties in wire form: each one named in `secret` wrapped as a secret (its value absent or
 * null stays as it is: nothing to hide), `undefined` left out (a Struct has no such value).
 */
export function toWire(props: State, secret: ReadonlySet<string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined) continue;
    const clean = withoutUndefined(value);
    out[key] = secret.has(key) && clean !== null ? secretOf(clean) : clean;
  }
  return out;
}

function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => (item === undefined ? null : withoutUndefined(item)));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, inner]) => inner !== undefined)
        .map(([key, inner]) => [key, withoutUndefined(inner)]),
    );
  }
  return value;
}
