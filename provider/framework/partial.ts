import type { Created } from "./definition";

/**
 * Thrown when the object was created but a later step failed (linking zones to a new primary
 * server, say). Pulumi keeps the object in state with what is true of it, so the next `up`
 * finishes the job instead of creating it again.
 */
export class PartialCreateError extends Error {
  override readonly name = "PartialCreateError";
  constructor(
    message: string,
    readonly created: Created,
  ) {
    super(message);
  }
}

export function isPartialCreate(error: unknown): error is PartialCreateError {
  return error instanceof Error && error.name === "PartialCreateError" && "created" in error;
}
