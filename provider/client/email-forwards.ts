/** Email forwards of a domain. */
import { z } from "zod";
import { DomainChildrenApi } from "./domain-children";
import { serviceObject } from "./schemas";
import type { Transport } from "./transport";

/** An email forward. `from`/`to` are legacy aliases some answers still carry. */
export const EmailForwardSchema = serviceObject({
  domain_id: z.number().int(),
  alias_email: z.string(),
  destination_email: z.string(),
  active: z.boolean().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
});
/** An email forward. */
export type EmailForward = z.infer<typeof EmailForwardSchema>;

/** Body of email forward creation: the local part and where mail goes. */
export interface EmailForwardInput {
  /** Local part only (`john` for `john@example.com`); the service appends the domain. */
  alias_name: string;
  destination_email: string;
}

/**
 * `client.emailForwards`: `list` (sort keys `id`, `alias_email`, `destination_email`), `iterate`,
 * `create`, `get` and `delete` of a domain's email forwards.
 *
 * @example
 * for await (const f of client.emailForwards.iterate(1, "example.com")) console.log(f.alias_email);
 * await client.emailForwards.create(1, "example.com", { alias_name: "john", destination_email: "john@example.org" });
 */
export class EmailForwardsApi extends DomainChildrenApi<EmailForward, EmailForwardInput> {
  constructor(t: Transport) {
    super(t, "email_forwards", EmailForwardSchema, (input) => ({
      alias_name: input.alias_name,
      destination_email: input.destination_email,
    }));
  }
}
