/**
 * Registers a domain with its registrant contact. This spends money on a real account.
 *
 * The contact's personal data comes from a secret config object (see README.md), so it is
 * encrypted in the stack's config and state. The contact is kept when the stack is destroyed: it
 * stays the registrant of the domain, and destroy never gives up a registration either.
 */
import * as pulumi from "@pulumi/pulumi";
import * as dnsimple from "pulumi-dnsimple-dynamic";

interface Registrant {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address1: string;
  city: string;
  stateProvince: string;
  postalCode: string;
  /** ISO 3166 two-letter code, e.g. `US`. */
  country: string;
}

const config = new pulumi.Config();
const domainName = config.require("domain");
const registrant = config.requireSecretObject<Registrant>("registrant");
const field = (key: keyof Registrant) => registrant.apply((r) => r[key]);

const owner = new dnsimple.Contact(
  "registrant",
  {
    label: config.get("contactLabel") ?? "registrant",
    firstName: field("firstName"),
    lastName: field("lastName"),
    email: field("email"),
    phone: field("phone"),
    address1: field("address1"),
    city: field("city"),
    stateProvince: field("stateProvince"),
    postalCode: field("postalCode"),
    country: field("country"),
  },
  { retainOnDelete: true },
);

const registration = new dnsimple.DomainRegistration("domain", {
  domain: domainName,
  registrantId: owner.contactId,
  autoRenew: true,
  whoisPrivacy: true,
  // A registration may stay pending for a while; a timeout keeps it in the stack and the next
  // `pulumi up` resumes waiting instead of ordering again.
  timeoutSeconds: config.getNumber("timeoutSeconds") ?? 1800,
  pollIntervalSeconds: config.getNumber("pollIntervalSeconds") ?? 15,
});

export const contactId = owner.contactId;
export const registrationState = registration.registrationState;
export const domainState = registration.state;
export const expiresAt = registration.expiresAt;
