/**
 * Zod schemas for the kinds of values resources take. Each message names what is wrong; the
 * property name is added by `validateInputs`.
 */
import { isIP } from "node:net";
import { z } from "zod";
import { canonicalDomainName, canonicalDomainRef, domainNameProblem } from "../dns/domain-names";

/**
 * What a kind of field says of its values beyond validating them: how the service rewrites a value
 * (a declaration is compared after this), and another spelling of a value that it rewrites so.
 */
interface Rewrite {
  normalize(value: unknown): unknown;
  respelled(value: unknown): unknown;
}
const rewrites = z.registry<Rewrite, z.ZodType>();

/** `schema`, with the rewrite of its values kept beside it (read by {@link rewriteOf}). */
function rewritten<S extends z.ZodType>(schema: S, rewrite: Rewrite): S {
  rewrites.add(schema as z.ZodType, rewrite);
  return schema;
}

/**
 * The rewrite of a field's kind (a domain name, a numeric id), through `.describe()`, `.optional()`
 * and `.nullable()`; undefined for a field whose values the service keeps as written.
 *
 * @example
 * rewriteOf(domainName().optional())!.normalize("Example.COM.") // "example.com"
 */
export function rewriteOf(field: z.ZodType): Rewrite | undefined {
  let schema: z.ZodType = field;
  while (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    schema = schema.unwrap() as z.ZodType;
  return rewrites.get(schema);
}

/** A domain name: the service keeps it lower-cased, in ASCII, without a trailing dot. */
export const domainName = () =>
  rewritten(
    z.string().superRefine((value, ctx) => {
      const problem = domainNameProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: `must be a valid domain name: ${problem}` });
    }),
    { normalize: canonicalDomainName, respelled: (name: string) => `${name.toUpperCase()}.` },
  );

export const nonEmptyString = (what = "value") =>
  z.string().refine((value) => value.trim() !== "", { message: `${what} must not be empty` });

export const emailAddress = () =>
  z.string().refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
    message: "must be an e-mail address such as someone@example.com",
  });

export const httpsUrl = () =>
  z.string().superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: `"${value.replace(/\/\/[^/@]*@/, "//…@")}" is not a URL` });
      return;
    }
    if (url.username !== "" || url.password !== "") {
      // Inputs are kept in state in clear: a password in a URL would be too.
      ctx.addIssue({
        code: "custom",
        message:
          "must not contain credentials (user:password@): they would be stored in the stack in clear; " +
          "authenticate the receiver another way, e.g. a secret path segment passed as a Pulumi secret",
      });
      return;
    }
    if (url.protocol !== "https:") {
      ctx.addIssue({
        code: "custom",
        message: `must use https (the service only delivers to HTTPS URLs), got ${url.protocol}`,
      });
    }
  });

export const ipAddress = () =>
  z.string().refine((value) => isIP(value) !== 0, { message: "must be an IPv4 or IPv6 address" });

export const port = () =>
  z
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535");

/** A reference to a domain by name or numeric id, as paths accept both. */
export const domainRef = () =>
  rewritten(
    z.union([z.number().int().positive(), domainName()], {
      message: "must be a domain name or a numeric domain id",
    }),
    {
      normalize: canonicalDomainRef,
      respelled: (ref: string | number) => (typeof ref === "number" ? `${ref}` : `${ref.toUpperCase()}.`),
    },
  );

/** Integer ids arrive as numbers or numeric strings; store them as strings (the same id either way). */
export const numericId = (what: string) =>
  rewritten(
    z
      .union([z.number().int().positive(), z.string().regex(/^\d+$/)], {
        message: `${what} must be a numeric id`,
      })
      .transform(String)
      .pipe(z.string()),
    { normalize: (id: string | number) => `${id}`, respelled: apiId },
  );

/**
 * A numeric id kept as a string in state (`numericId`: state keeps what `check` gave, so it stays
 * a string for existing stacks), as the API's number: the one place such ids become numbers.
 */
export function apiId(id: string): number {
  return Number.parseInt(id, 10);
}
