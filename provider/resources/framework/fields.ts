/**
 * Zod schemas for the kinds of values resources take. Each message names what is wrong; the
 * property name is added by `validateInputs`.
 */
import { isIP } from "node:net";
import { z } from "zod";
import { domainNameProblem } from "../names";

export const domainName = () =>
  z.string().superRefine((value, ctx) => {
    const problem = domainNameProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: `must be a valid domain name: ${problem}` });
  });

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
  z.union([z.number().int().positive(), domainName()], {
    message: "must be a domain name or a numeric domain id",
  });

/** Integer ids arrive as numbers or numeric strings; store them as strings. */
export const numericId = (what: string) =>
  z
    .union([z.number().int().positive(), z.string().regex(/^\d+$/)], {
      message: `${what} must be a numeric id`,
    })
    .transform(String)
    .pipe(z.string());

/**
 * A numeric id kept as a string in state (`numericId`: state keeps what `check` gave, so it stays
 * a string for existing stacks), as the API's number: the one place such ids become numbers.
 */
export function apiId(id: string): number {
  return Number.parseInt(id, 10);
}
