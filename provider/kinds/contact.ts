import { z } from "zod";
import { byIdAlone, declaredFrom } from "../framework/imports";
import { ServiceId, type Contact, type ContactInput } from "../client";
import { emailAddress, nonEmptyString } from "../framework/fields";
import { defineResource, type InputsOf, numericIds, type OutputsOf, secret } from "../framework/kind";
import { invalidateCollection, readFromCollection } from "../framework/read-cache";
import { deleteIgnoringGone, hasStatus, orUndefinedWhenGone } from "../framework/lookup";
import { str } from "../framework/review-text";

/** Input property → the service's field. */
const FIELDS = {
  label: "label",
  firstName: "first_name",
  lastName: "last_name",
  jobTitle: "job_title",
  organizationName: "organization_name",
  email: "email",
  phone: "phone",
  fax: "fax",
  address1: "address1",
  address2: "address2",
  city: "city",
  stateProvince: "state_province",
  postalCode: "postal_code",
  country: "country",
} as const satisfies Record<string, keyof ContactInput>;

type Field = keyof typeof FIELDS;

const FIELD_NAMES: ReadonlyArray<Field> = Object.keys(FIELDS).filter((key): key is Field => key in FIELDS);

/** Reads of many contacts are answered from the account's list pages (framework/read-cache). */
const collectionKey = (account: string) => `contacts:${account}`;

const phone = () =>
  z.string().regex(/^\+?[0-9][0-9 .()-]{5,}$/, "must be a phone number such as +1.5555550100");

const inputs = {
  label: z
    .string()
    .optional()
    .describe("A label to tell contacts apart; also what `adopt` matches on when given."),
  firstName: secret(nonEmptyString("firstName")).describe("First name."),
  lastName: secret(nonEmptyString("lastName")).describe("Last name."),
  jobTitle: z.string().optional().describe("Job title; required when `organizationName` is set."),
  organizationName: z
    .string()
    .optional()
    .describe("Organization, for contacts that register on behalf of one."),
  email: secret(emailAddress()).describe("E-mail address."),
  phone: secret(phone()).describe("Phone number, e.g. `+1.5555550100`."),
  fax: secret(phone().or(z.literal("")).optional()).describe("Fax number."),
  address1: secret(nonEmptyString("address1")).describe("Street address."),
  address2: secret(z.string().optional()).describe("Second address line."),
  city: secret(nonEmptyString("city")).describe("City."),
  stateProvince: secret(nonEmptyString("stateProvince")).describe("State or province."),
  postalCode: secret(nonEmptyString("postalCode")).describe("Postal code."),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "must be an ISO 3166 two-letter country code such as US")
    .describe("ISO 3166 two-letter country code, e.g. `US`."),
};

const outputs = {
  contactId: ServiceId.describe("The service's numeric id of the contact (use it as `registrantId`)."),
  createdAt: z.string().describe("When the contact was created."),
  updatedAt: z.string().describe("When the contact was last changed."),
  // Optional fields the service always returns (empty when unset): outputs whatever the program gave.
  label: inputs.label,
  jobTitle: inputs.jobTitle,
  organizationName: inputs.organizationName,
  fax: inputs.fax,
  address2: inputs.address2,
};

type ContactFields = { readonly [K in Field]?: string | undefined };

/** The service's fields of `keys` that are set in `values` (the country upper case). */
function body(
  values: ContactFields,
  keys: ReadonlyArray<Field>,
): Partial<Record<keyof ContactInput, string>> {
  const out: Partial<Record<keyof ContactInput, string>> = {};
  for (const key of keys) {
    const value = values[key];
    if (value !== undefined) out[FIELDS[key]] = key === "country" ? value.toUpperCase() : value;
  }
  return out;
}

/** Every field set, in the service's names: what a create sends. */
function createBody(values: InputsOf<typeof inputs>): ContactInput {
  return {
    ...body(values, FIELD_NAMES),
    first_name: values.firstName,
    last_name: values.lastName,
    email: values.email,
    phone: values.phone,
    address1: values.address1,
    city: values.city,
    state_province: values.stateProvince,
    postal_code: values.postalCode,
    country: values.country.toUpperCase(),
  };
}

/** What the service holds now, under the input names (unset optional text is `""`, never undefined). */
export function contactOutputs(contact: Contact): OutputsOf<typeof outputs> & Record<Field, string> {
  return {
    contactId: contact.id,
    createdAt: contact.created_at,
    updatedAt: contact.updated_at,
    label: contact.label ?? "",
    firstName: contact.first_name,
    lastName: contact.last_name,
    jobTitle: contact.job_title ?? "",
    organizationName: contact.organization_name ?? "",
    email: contact.email,
    phone: contact.phone,
    fax: contact.fax ?? "",
    address1: contact.address1,
    address2: contact.address2 ?? "",
    city: contact.city,
    stateProvince: contact.state_province,
    postalCode: contact.postal_code,
    country: contact.country,
  };
}

/**
 * A contact of the account (registrant of registrations and transfers). Every field can change in
 * place. Contacts have no natural key: adopting matches `label` when given, otherwise e-mail, first
 * and last name.
 */
export const contactResource = defineResource({
  kind: "Contact",
  docs: {
    summary:
      "A contact of the account: the registrant of domain registrations and transfers. Personal data\n" +
      "(names, e-mail, phone, fax, address) is marked secret: encrypted in state and hidden in previews.\n" +
      "Every field changes in place.",
    example: [
      'const owner = new dnsimple.Contact("owner", {',
      '  label: "owner",',
      '  firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phone: "+1.5555550100",',
      '  address1: "1 Main St", city: "Springfield", stateProvince: "IL", postalCode: "62701", country: "US",',
      "});",
      "export const contactId = owner.contactId;",
    ].join("\n"),
  },
  examples: {
    valid: {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      phone: "+44.2071234567",
      address1: "1 Street",
      city: "London",
      stateProvince: "London",
      postalCode: "N1",
      country: "GB",
    },
    replaces: {},
    inPlace: { firstName: "Augusta", country: "FR", label: "work", fax: "+44.2071234568" },
    same: [{ country: "gb", label: "", jobTitle: "", organizationName: "", fax: "", address2: "" }],
    invalid: [
      ["email", "not an e-mail address", { email: "nope" }],
      ["phone", "letters as phone", { phone: "abc" }],
      ["country", "three-letter country", { country: "USA" }],
      ["firstName", "empty first name", { firstName: "" }],
      ["jobTitle", "organization without job title", { organizationName: "Acme" }],
    ],
  },
  review: {
    section: "contacts",
    noun: ["contact", "contacts"],
    label: (p) => (str(p.label) !== "" ? str(p.label) : "(no label)"),
    public: ["label", "organizationName", "jobTitle", "country"],
  },

  inputs,
  outputs,
  ids: numericIds,
  imports: {
    ...byIdAlone("contactId", "5678", true),
    // Read gives every field under its input name (contactOutputs); unset text is "", left out.
    declared(_ctx, { outs }) {
      const values: Readonly<Record<string, unknown>> = outs;
      const set = FIELD_NAMES.filter((key) => values[key] !== "");
      return { inputs: declaredFrom(values, set) };
    },
  },
  replaceOnChange: [],
  normalize: {
    country: (v) => v.toUpperCase(),
    label: emptyAsUnset,
    jobTitle: emptyAsUnset,
    organizationName: emptyAsUnset,
    fax: emptyAsUnset,
    address2: emptyAsUnset,
  },

  refine(inputs) {
    if (inputs.organizationName && !inputs.jobTitle) {
      return [{ property: "jobTitle", reason: "jobTitle is required when organizationName is set" }];
    }
    return [];
  },

  async create({ client, account }, inputs) {
    invalidateCollection(collectionKey(account));
    const contact = await client.contacts.create(account, createBody(inputs));
    return { id: contact.id, outs: contactOutputs(contact) };
  },

  // Identity: the label when there is one, else e-mail address and name. Contacts may exist
  // twice, so only `adopt: true` or proof of our own lost create takes one over.
  async findMatching({ client, account }, inputs) {
    const matching = [];
    for await (const contact of client.contacts.iterate(account)) {
      const same =
        inputs.label !== undefined && inputs.label !== ""
          ? contact.label === inputs.label
          : contact.email.toLowerCase() === inputs.email.toLowerCase() &&
            contact.first_name === inputs.firstName &&
            contact.last_name === inputs.lastName;
      if (same)
        matching.push({ id: contact.id, outs: contactOutputs(contact), createdAt: contact.created_at });
    }
    return matching;
  },

  async read({ client, account }, id) {
    const contact =
      (await readFromCollection(collectionKey(account), `${id}`, () => client.contacts.iterate(account))) ??
      (await orUndefinedWhenGone(client.contacts.get(account, id)));
    return contact ? contactOutputs(contact) : undefined;
  },

  async update({ client, account }, id, olds, news) {
    const changed = FIELD_NAMES.filter(
      (key) => (emptyAsUnset(olds[key]) ?? "") !== (emptyAsUnset(news[key]) ?? ""),
    );
    invalidateCollection(collectionKey(account));
    const patch = body(news, changed);
    // A field removed from the program is cleared at the service.
    for (const key of changed) if (news[key] === undefined) patch[FIELDS[key]] = "";
    const contact = await client.contacts.update(account, id, patch);
    return contactOutputs(contact);
  },

  async delete({ client, account }, id) {
    invalidateCollection(collectionKey(account));
    try {
      await deleteIgnoringGone(() => client.contacts.delete(account, id));
    } catch (error) {
      if (!hasStatus(error, 400) || !(error instanceof Error) || !/in use/i.test(error.message)) throw error;
      throw new Error(
        `Contact ${id} is the registrant of a domain (or of a pending order) and cannot be deleted. Registrations ` +
          `are never given up by destroy, so change the registrant first, or keep the contact: set the resource ` +
          `option retainOnDelete: true (or run \`pulumi state delete\` on it).`,
      );
    }
  },
});

/** `""` and null mean "not set" for the service's optional text fields. */
function emptyAsUnset<T>(value: T): T | undefined {
  return value === "" || value === null ? undefined : value;
}
