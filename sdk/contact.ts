import * as pulumi from "@pulumi/pulumi";
import { type CommonArgs, everyProperty, MODULE, ownerKey, withSecretOutputs } from "./common";

const provider: pulumi.dynamic.ResourceProvider = require("./stubs/contact");

/** Personal data of a contact: stored encrypted in state, shown as `[secret]` in previews. */
const SECRET = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "fax",
  "address1",
  "address2",
  "city",
  "stateProvince",
  "postalCode",
] as const;

/** Arguments of a {@link Contact}. Every field changes in place. */
export interface ContactArgs extends CommonArgs {
  /** A label to tell contacts apart; also what `adopt` matches on when given. */
  label?: pulumi.Input<string>;
  /** First name (secret in state). */
  firstName: pulumi.Input<string>;
  /** Last name (secret in state). */
  lastName: pulumi.Input<string>;
  /** Job title; required when `organizationName` is set. */
  jobTitle?: pulumi.Input<string>;
  /** Organization, for contacts that register on behalf of one. */
  organizationName?: pulumi.Input<string>;
  /** E-mail address (secret in state). */
  email: pulumi.Input<string>;
  /** Phone number, e.g. `+1.5555550100` (secret in state). */
  phone: pulumi.Input<string>;
  /** Fax number (secret in state). */
  fax?: pulumi.Input<string>;
  /** Street address (secret in state). */
  address1: pulumi.Input<string>;
  /** Second address line (secret in state). */
  address2?: pulumi.Input<string>;
  /** City (secret in state). */
  city: pulumi.Input<string>;
  /** State or province (secret in state). */
  stateProvince: pulumi.Input<string>;
  /** Postal code (secret in state). */
  postalCode: pulumi.Input<string>;
  /** ISO 3166 two-letter country code, e.g. `US`. */
  country: pulumi.Input<string>;
}

/**
 * A contact of the account: the registrant of domain registrations and transfers. Personal data
 * (names, e-mail, phone, fax, address) is marked secret: encrypted in state and hidden in previews.
 *
 * @example
 * ```ts
 * import * as dnsimple from "pulumi-dnsimple-dynamic";
 * const owner = new dnsimple.Contact("owner", {
 *   label: "owner",
 *   firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "+1.5555550100",
 *   address1: "1 Main St", city: "Springfield", stateProvince: "IL", postalCode: "62701", country: "US",
 * });
 * export const contactId = owner.contactId;
 * ```
 */
export class Contact extends pulumi.dynamic.Resource {
  declare readonly label: pulumi.Output<string>;
  declare readonly firstName: pulumi.Output<string>;
  declare readonly lastName: pulumi.Output<string>;
  declare readonly jobTitle: pulumi.Output<string>;
  declare readonly organizationName: pulumi.Output<string>;
  declare readonly email: pulumi.Output<string>;
  declare readonly phone: pulumi.Output<string>;
  declare readonly fax: pulumi.Output<string>;
  declare readonly address1: pulumi.Output<string>;
  declare readonly address2: pulumi.Output<string>;
  declare readonly city: pulumi.Output<string>;
  declare readonly stateProvince: pulumi.Output<string>;
  declare readonly postalCode: pulumi.Output<string>;
  declare readonly country: pulumi.Output<string>;
  /** The service's numeric id of the contact (use it as `registrantId`). */
  declare readonly contactId: pulumi.Output<number>;
  /** The account the contact lives in. */
  declare readonly accountId: pulumi.Output<string>;
  declare readonly createdAt: pulumi.Output<string>;
  declare readonly updatedAt: pulumi.Output<string>;

  constructor(name: string, args: ContactArgs, opts?: pulumi.CustomResourceOptions) {
    const inputs: Record<string, unknown> = { ...args };
    // Secret inputs: the engine then also keeps outputs of the same name secret.
    for (const key of SECRET) if (inputs[key] !== undefined) inputs[key] = pulumi.secret(inputs[key]);
    super(
      provider,
      name,
      {
        ...everyProperty([
          "label",
          "firstName",
          "lastName",
          "jobTitle",
          "organizationName",
          "email",
          "phone",
          "fax",
          "address1",
          "address2",
          "city",
          "stateProvince",
          "postalCode",
          "country",
          "contactId",
          "accountId",
          "createdAt",
          "updatedAt",
        ]),
        ...inputs,
        ownerKey: ownerKey("Contact", name, opts),
      },
      withSecretOutputs(opts, [...SECRET]),
      MODULE,
      "Contact",
    );
  }
}
