/**
 * How a value of a change is shown: secrets and personal data masked, unknown values named,
 * everything safe to put in a Markdown table cell.
 *
 * @example
 * ```ts
 * shown("Contact", "phone", "+1.5555550100"); // "[personal data]"
 * shown("Webhook", "url", "https://hooks.example.com/T0/B0/x"); // "https://hooks.example.com/…"
 * ```
 */
import { KINDS, maskEmail, maskUrl, SECRET_SIG, UNKNOWN } from "./kinds";

export const SECRET_TEXT = "[secret]";
export const PERSONAL_TEXT = "[personal data]";

/** A value Pulumi marks secret: `"[secret]"` in a preview, a signed object in state. */
export function isSecret(value: unknown): boolean {
  return (
    value === SECRET_TEXT ||
    (value !== null && typeof value === "object" && SECRET_SIG in (value as Record<string, unknown>))
  );
}

/** Whether a field's value may be shown at all for this kind. */
export function isMaskedField(kind: string, field: string): boolean {
  const info = KINDS[kind];
  if (!info) return false;
  if (info.hidden?.includes(field)) return true;
  return (
    info.public !== undefined && !info.public.includes(field) && field !== "account" && field !== "adopt"
  );
}

function plain(value: unknown): string {
  if (isSecret(value)) return SECRET_TEXT;
  if (value === UNKNOWN) return "(known after up)";
  if (value === undefined || value === null) return "";
  if (Array.isArray(value)) return value.map(plain).join(", ");
  if (typeof value === "object") {
    const from = (value as { $from?: unknown }).$from;
    if (typeof from === "string") return `(from ${from})`;
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}=${plain(v)}`)
      .join(", ");
  }
  return String(value);
}

/** The text of one field's value, masked as the kind requires (not yet escaped for Markdown). */
export function shown(kind: string, field: string, value: unknown): string {
  if (value === undefined) return "";
  if (isSecret(value)) return SECRET_TEXT;
  // A kind with a `public` list holds personal data: what is not public is a person's.
  if (isMaskedField(kind, field)) return KINDS[kind]?.public !== undefined ? PERSONAL_TEXT : SECRET_TEXT;
  if (value === UNKNOWN || (typeof value === "object" && value !== null && "$from" in value))
    return plain(value);
  // Each kind's `masks`: a URL's path may hold a token, an address names a person.
  const mask = KINDS[kind]?.masks?.[field];
  if (mask === "url") return maskUrl(value);
  if (mask === "email" && String(value).includes("@")) return maskEmail(value);
  return plain(value);
}

/**
 * Text as an inline code span that survives a table cell (pipes, backticks, new lines, length).
 * The fence is one backtick longer than the longest run of backticks inside (CommonMark §6.1),
 * so no value can close it early; a space pads a value that starts or ends with a backtick, or
 * that starts and ends with a space (one such space is stripped again when rendered).
 *
 * @example
 * ```ts
 * code("a `` b | c"); // "``` a `` b \\| c ```"
 * ```
 */
export function code(text: string, max = 72): string {
  if (text === "") return "";
  let t = text.replace(/[\r\n\t]+/g, " ");
  if (t.length > max) t = `${t.slice(0, max - 1)}…`;
  t = t.replace(/\|/g, "\\|");
  const longest = Math.max(0, ...(t.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad =
    t.startsWith("`") || t.endsWith("`") || (t.startsWith(" ") && t.endsWith(" ") && t.trim() !== "");
  return pad ? `${fence} ${t} ${fence}` : `${fence}${t}${fence}`;
}

/** Plain text for a table cell or a sentence (pipes escaped, no new lines). */
export function cell(text: string): string {
  return text.replace(/\s+/g, " ").replace(/\|/g, "\\|");
}
