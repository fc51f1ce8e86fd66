/**
 * A program that uses the SDK's functions (no resources): they read `dnsimple:*` from the stack
 * config in the program's own process. The outputs let the test see what they returned.
 */
import * as dnsimple from "pulumi-dnsimple-dynamic";

export = async () => {
  const me = await dnsimple.whoami();
  const accounts = await dnsimple.listAccounts();
  const check = await dnsimple.checkDomain("functions-e2e.com");
  const prices = await dnsimple.getPrices("functions-e2e.com");
  const research = await dnsimple.getResearchStatus("functions-e2e.com");
  const charges = await dnsimple.listCharges();
  // Seeded by the test: a registered domain with its zone, and a second contact.
  const zone = await dnsimple.getZone("functions-zone.com");
  const zones = await dnsimple.listZones({ nameLike: "functions" });
  const change = await dnsimple.getRegistrantChangeCheck({ domainId: "functions-zone.com", contactId: 11 });
  return {
    accountId: me.account?.id,
    accountCount: accounts.length,
    available: check.available,
    registrationPrice: prices.registrationPrice,
    availability: research.availability,
    chargeCount: charges.length,
    zoneName: zone.name,
    zoneActive: zone.active,
    zoneNames: zones.map((z) => z.name),
    registrantChangeContact: change.contactId,
    registryOwnerChange: change.registryOwnerChange,
  };
};
