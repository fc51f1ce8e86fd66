/**
 * During `pulumi preview`, inputs that depend on outputs not yet known reach `check` and `diff` as
 * this sentinel string (`rpc.unknownValue` in @pulumi/pulumi). Validation must let them pass.
 */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** True when the value is the preview sentinel or contains it anywhere inside. */
export function containsUnknown(value: unknown): boolean {
  if (value === UNKNOWN) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value !== null && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}
