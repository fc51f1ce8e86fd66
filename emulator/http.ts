/**
 * HTTP plumbing shared by the server and every route file: the error type handlers throw, the result
 * type they return, body reading with a size cap, and the helpers that read typed input.
 *
 * @example
 *   throw new HttpError(404, { message: "Domain `x` not found" });
 */
import type { IncomingMessage } from "node:http";

/** Largest request body the emulator accepts; larger bodies get 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** What a route handler returns: a status, an optional JSON body and extra headers. */
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A client-visible error: the server turns it into `status` with `body` as JSON. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body["message"] === "string" ? body["message"] : `HTTP ${status}`);
  }
}

/** `{data}` envelope with the given status (200 by default). */
export function ok(data: unknown, status = 200): Reply {
  return { status, body: { data } };
}

/** 204 without a body. */
export function noContent(): Reply {
  return { status: 204 };
}

/** 400 `{"message":"Validation failed","errors":{field:[msg]}}`. */
export function validationError(errors: Record<string, string[]>, message = "Validation failed"): HttpError {
  return new HttpError(400, { message, errors });
}

/** 400 with a plain message. */
export function badRequest(message: string): HttpError {
  return new HttpError(400, { message });
}

/** 404 in the service's text: ``<Thing> `id` not found``. */
export function notFound(thing: string, id: string | number): HttpError {
  return new HttpError(404, { message: `${thing} \`${id}\` not found` });
}

/** Reads the whole body, refusing more than {@link MAX_BODY_BYTES} with 413. */
export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? "0");
    if (declared > MAX_BODY_BYTES) {
      reject(new HttpError(413, { message: "Request entity too large" }));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on("data", (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        failed = true;
        chunks.length = 0;
        reject(new HttpError(413, { message: "Request entity too large" }));
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!failed) resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    });
    req.on("error", (err) => {
      if (!failed) reject(err);
    });
  });
}

/** Parses a JSON body; empty means `{}`. Malformed JSON is a 400. */
export function parseJson(raw: Buffer): unknown {
  if (raw.length === 0) return {};
  const text = raw.toString("utf8");
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest("Invalid JSON in request body");
  }
}

/** A plain JSON object, or null for anything else. */
export function asObject(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * Typed access to a JSON object body with the service's validation errors collected per field.
 * Call `done()` after reading to throw one 400 with every field error at once.
 */
export class Input {
  readonly errors: Record<string, string[]> = {};
  readonly obj: Record<string, unknown>;

  constructor(body: unknown, root?: string) {
    let obj = asObject(body);
    if (obj === null) throw badRequest("Request body must be a JSON object");
    if (root !== undefined) {
      const inner = asObject(obj[root]);
      if (inner === null) throw badRequest(`Required parameter missing: ${root}`);
      obj = inner;
    }
    this.obj = obj;
  }

  has(key: string): boolean {
    return this.obj[key] !== undefined && this.obj[key] !== null;
  }

  fail(key: string, message: string): void {
    (this.errors[key] ??= []).push(message);
  }

  /** A string field; `required` adds "can't be blank" when missing or empty. */
  str(key: string, required: true): string;
  str(key: string, required?: boolean): string | undefined;
  str(key: string, required = false): string | undefined {
    const v = this.obj[key];
    if (v === undefined || v === null || v === "") {
      if (required) this.fail(key, "can't be blank");
      return v === "" ? "" : undefined;
    }
    if (typeof v === "number" && Number.isFinite(v)) return String(v);
    if (typeof v !== "string") {
      this.fail(key, "must be a string");
      return undefined;
    }
    return v;
  }

  /** An integer field (numeric strings accepted, as the service does). */
  int(key: string, required = false): number | undefined {
    const v = this.obj[key];
    if (v === undefined || v === null || v === "") {
      if (required) this.fail(key, "can't be blank");
      return undefined;
    }
    const n = typeof v === "number" ? v : typeof v === "string" && /^-?\d+$/.test(v.trim()) ? Number(v) : NaN;
    if (!Number.isSafeInteger(n)) {
      this.fail(key, "is not a number");
      return undefined;
    }
    return n;
  }

  bool(key: string): boolean | undefined {
    const v = this.obj[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v === "boolean") return v;
    if (v === "true" || v === "1" || v === 1) return true;
    if (v === "false" || v === "0" || v === 0) return false;
    this.fail(key, "is not a boolean");
    return undefined;
  }

  strArray(key: string): string[] | undefined {
    const v = this.obj[key];
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) {
      this.fail(key, "must be an array of strings");
      return undefined;
    }
    return v as string[];
  }

  /** A flat object of string values (extended attributes, settings). */
  strMap(key: string): Record<string, string> | undefined {
    const v = this.obj[key];
    if (v === undefined || v === null) return undefined;
    const o = asObject(v);
    if (o === null) {
      this.fail(key, "must be an object");
      return undefined;
    }
    const out: Record<string, string> = {};
    for (const [k, x] of Object.entries(o)) out[k] = typeof x === "string" ? x : JSON.stringify(x);
    return out;
  }

  done(): void {
    if (Object.keys(this.errors).length > 0) throw validationError(this.errors);
  }
}
