import { z } from "zod";
import type { Contact, ContactInput } from "../client";
import type { Created, ResourceDefinition, State } from "./framework/define-resource";
import { emailAddress, nonEmptyString } from "./framework/fields";
import { invalidateCollection, readFromCollection } from "./framework/read-cache";
import { deleteIgnoringGone, hasStatus, orUndefinedWhenGone } from "./framework/lookup";

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

/** Reads of many contacts are answered from the account's list pages (framework/read-cache). */
const collectionKey = (account: string) => `contacts:${account}`;

/**
 * Personal data: stored encrypted in state (the SDK marks these inputs and outputs secret). Label,
 * organization, job title and country stay readable in previews.
 */
export const CONTACT_SECRET_FIELDS: ReadonlyArray<Field> = [
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
];

const OPTIONAL: ReadonlyArray<Field> = ["label", "jobTitle", "organizationName", "fax", "address2"];

const phone = () =>
  z.string().regex(/^\+?[0-9][0-9 .()-]{5,}$/, "must be a phone number such as +1.5555550100");

function body(inputs: State, keys: ReadonlyArray<Field>): Partial<ContactInput> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = inputs[key];
    if (value !== undefined) out[FIELDS[key]] = key === "country" ? String(value).toUpperCase() : value;
  }
  return out as Partial<ContactInput>;
}

/** What the service holds now, under the input names (unset optional text is `""`, never undefined). */
export function contactOutputs(contact: Contact): State {
  const out: State = {
    contactId: contact.id,
    createdAt: contact.created_at,
    updatedAt: contact.updated_at,
  };
  for (const [key, field] of Object.entries(FIELDS)) {
    out[key] = contact[field] ?? "";
  }
  return out;
}

/**
 * A contact of the account (registrant of registrations and transfers). Every field can change in
 * place. Contacts have no natural key: adopting matches `label` when given, otherwise e-mail, first
 * and last name.
 */
export const contactResource: ResourceDefinition = {
  kind: "Contact",
  inputs: {
    label: z.string().optional(),
    firstName: nonEmptyString("firstName"),
    lastName: nonEmptyString("lastName"),
    jobTitle: z.string().optional(),
    organizationName: z.string().optional(),
    email: emailAddress(),
    phone: phone(),
    fax: phone().or(z.literal("")).optional(),
    address1: nonEmptyString("address1"),
    address2: z.string().optional(),
    city: nonEmptyString("city"),
    stateProvince: nonEmptyString("stateProvince"),
    postalCode: nonEmptyString("postalCode"),
    country: z.string().regex(/^[A-Za-z]{2}$/, "must be an ISO 3166 two-letter country code such as US"),
  },
  replaceOnChange: [],
  normalize: {
    country: (v) => String(v).toUpperCase(),
    ...Object.fromEntries(OPTIONAL.map((key) => [key, emptyAsUnset])),
  },

  refine(inputs) {
    if (inputs.organizationName && !inputs.jobTitle) {
      return [{ property: "jobTitle", reason: "jobTitle is required when organizationName is set" }];
    }
    return [];
  },

  async create({ client, account }, inputs) {
    invalidateCollection(collectionKey(account));
    const contact = await client.contacts.create(
      account,
      body(inputs, Object.keys(FIELDS) as Field[]) as ContactInput,
    );
    return { id: String(contact.id), outs: contactOutputs(contact) };
  },

  // Identity: the label when there is one, else e-mail address and name. Contacts may exist
  // twice, so only `adopt: true` or proof of our own lost create takes one over.
  async findMatching({ client, account }, inputs) {
    const matching: Created[] = [];
    for await (const contact of client.contacts.iterate(account)) {
      const same =
        inputs.label !== undefined && inputs.label !== ""
          ? contact.label === inputs.label
          : contact.email.toLowerCase() === String(inputs.email).toLowerCase() &&
            contact.first_name === inputs.firstName &&
            contact.last_name === inputs.lastName;
      if (same)
        matching.push({
          id: String(contact.id),
          outs: contactOutputs(contact),
          createdAt: contact.created_at,
        });
    }
    return matching;
  },

  async read({ client, account }, id) {
    const contact =
      (await readFromCollection(collectionKey(account), id, () => client.contacts.iterate(account))) ??
      (await orUndefinedWhenGone(client.contacts.get(account, Number(id))));
    return contact ? contactOutputs(contact) : undefined;
  },

  async update({ client, account }, id, olds, news) {
    const changed = (Object.keys(FIELDS) as Field[]).filter(
      (key) => (emptyAsUnset(olds[key]) ?? "") !== (emptyAsUnset(news[key]) ?? ""),
    );
    invalidateCollection(collectionKey(account));
    const patch = body(news, changed) as Record<string, unknown>;
    // A field removed from the program is cleared at the service.
    for (const key of changed) if (news[key] === undefined) patch[FIELDS[key]] = "";
    const contact = await client.contacts.update(account, Number(id), patch as Partial<ContactInput>);
    return contactOutputs(contact);
  },

  async delete({ client, account }, id) {
    invalidateCollection(collectionKey(account));
    try {
      await deleteIgnoringGone(() => client.contacts.delete(account, Number(id)));
    } catch (error) {
      if (!hasStatus(error, 400) || !/in use/i.test(String((error as Error).message))) throw error;
      throw new Error(
        `Contact ${id} is the registrant of a domain (or of a pending order) and cannot be deleted. Registrations ` +
          `are never given up by destroy, so change the registrant first, or keep the contact: set the resource ` +
          `option retainOnDelete: true (or run \`pulumi state delete\` on it).`,
      );
    }
  },
};

/** `""` and null mean "not set" for the service's optional text fields. */
function emptyAsUnset(value: unknown): unknown {
  return value === "" || value === null ? undefined : value;
}
