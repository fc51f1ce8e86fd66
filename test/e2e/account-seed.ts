/**
 * An emulator account holding every kind `generate-program` reads, made through the API as a
 * user would have made it by hand: domains with records, forwards and DS records, DNSSEC on some,
 * contacts, webhooks (one URL with a token in its path), secondary zones linked to primary
 * servers. Shared by the generate-program test and its benchmark.
 */
import { v2 } from "./extended-api";

export interface AccountShape {
  /** Hosted domains, each with records; the first few registered ones get DS records and DNSSEC. */
  domains: number;
  /** Records per domain (A, AAAA, CNAME, MX, TXT in turn). */
  recordsPerDomain: number;
}

/** Registered domains the emulator must be seeded with (DS records and DNSSEC need them). */
export const REGISTERED_DOMAINS = ["adopt-signed-0.com", "adopt-signed-1.com"];

/** The seed for `startEmulator`: the registrant contact and the registered domains. */
export function registeredSeed(): Record<string, unknown> {
  return {
    contacts: [{ account: 1, id: 10, firstName: "Reg", lastName: "Owner", email: "owner@example.org" }],
    domains: REGISTERED_DOMAINS.map((name) => ({
      account: 1,
      name,
      state: "registered",
      registrantId: 10,
      expiresOn: "2030-01-01",
    })),
  };
}

/** What was made, for the test to compare with. */
export interface SeededAccount {
  domains: string[];
  records: number;
  webhookUrls: Record<number, string>;
}

async function must(api: ReturnType<typeof v2>, method: "POST" | "PUT", route: string, body?: unknown) {
  const answer = await api(method, route, body);
  if (answer.status >= 300) throw new Error(`seeding: ${method} ${route} answered ${answer.status}`);
  return answer.body?.data;
}

export async function seedAccount(
  baseUrl: string,
  token: string,
  shape: AccountShape,
): Promise<SeededAccount> {
  const api = v2(baseUrl, token);
  const domains: string[] = [...REGISTERED_DOMAINS];
  let records = 0;
  for (let i = 0; i < shape.domains - REGISTERED_DOMAINS.length; i++) {
    const name = `adopt-${String(i).padStart(3, "0")}.com`;
    await must(api, "POST", "/1/domains", { name });
    domains.push(name);
  }
  for (const [i, name] of domains.entries()) {
    const batch = Array.from({ length: shape.recordsPerDomain }, (_, r) => {
      switch (r % 5) {
        case 0:
          return { name: `host${r}`, type: "A", content: `192.0.2.${(r % 250) + 1}`, ttl: 3600 };
        case 1:
          return { name: `host${r}`, type: "AAAA", content: `2001:db8::${r.toString(16)}`, ttl: 600 };
        case 2:
          return { name: `alias${r}`, type: "CNAME", content: `host${r - 2}.${name}`, ttl: 3600 };
        case 3:
          return { name: "", type: "MX", content: `mx${r}.mail.example.net`, ttl: 3600, priority: r };
        default:
          return {
            name: `txt${r}`,
            type: "TXT",
            content: `v=spf1 include:_spf${r}.example.net "quoted" ~all`,
            ttl: 300,
          };
      }
    });
    if (batch.length > 0) await must(api, "POST", `/1/zones/${name}/batch`, { creates: batch });
    records += batch.length;
    if (i % 3 === 0) {
      await must(api, "POST", `/1/domains/${name}/email_forwards`, {
        alias_name: "sales",
        destination_email: "team@example.org",
      });
    }
  }
  for (const [i, name] of REGISTERED_DOMAINS.entries()) {
    await must(api, "POST", `/1/domains/${name}/ds_records`, {
      algorithm: "13",
      digest: "1F987CC6583E92DF0890718C42FD5E2D7D56D1E1E2BCD1F3D8E3A6B4C3D2E1F0",
      digest_type: "2",
      keytag: String(2371 + i),
    });
    if (i === 0) await must(api, "POST", `/1/domains/${name}/dnssec`);
  }
  await must(api, "POST", "/1/contacts", {
    label: "ops",
    first_name: "Grace",
    last_name: "Hopper",
    email: "grace@example.org",
    phone: "+1.5555550101",
    address1: "1 Navy Yard",
    city: "Arlington",
    state_province: "VA",
    postal_code: "22202",
    country: "US",
  });
  const webhookUrls: Record<number, string> = {};
  for (const url of [
    "https://hooks.example.com/dnsimple",
    "https://chat.example.com/services/T00/B00/sEcReTpAtHtOkEn",
  ]) {
    const hook = await must(api, "POST", "/1/webhooks", { url });
    webhookUrls[hook.id] = url;
  }
  for (const zone of ["adopt-secondary.net"])
    await must(api, "POST", "/1/secondary_dns/zones", { name: zone });
  const primary = await must(api, "POST", "/1/secondary_dns/primaries", {
    name: "ns1.primary.example.org",
    ip: "192.0.2.53",
  });
  await must(api, "PUT", `/1/secondary_dns/primaries/${primary.id}/link`, { zone: "adopt-secondary.net" });
  return { domains, records, webhookUrls };
}

/**
 * The secret stack config the generated program reads, as its owner would set it: each webhook's
 * URL and each contact's personal data (from the service).
 */
export async function secretConfigOf(
  baseUrl: string,
  token: string,
  seeded: SeededAccount,
): Promise<Record<string, { value: string; secret: true }>> {
  const api = v2(baseUrl, token);
  const config: Record<string, { value: string; secret: true }> = {};
  for (const [id, url] of Object.entries(seeded.webhookUrls))
    config[`webhook${id}Url`] = { value: url, secret: true };
  const contacts: Array<Record<string, unknown>> = (await api("GET", "/1/contacts?per_page=100")).body.data;
  const personal: Record<string, string> = {
    firstName: "first_name",
    lastName: "last_name",
    email: "email",
    phone: "phone",
    fax: "fax",
    address1: "address1",
    address2: "address2",
    city: "city",
    stateProvince: "state_province",
    postalCode: "postal_code",
  };
  for (const c of contacts) {
    const data = Object.fromEntries(
      Object.entries(personal)
        .filter(([, api]) => c[api] !== null && c[api] !== "" && c[api] !== undefined)
        .map(([sdk, api]) => [sdk, String(c[api])]),
    );
    config[`contact${c.id}`] = { value: JSON.stringify(data), secret: true };
  }
  return config;
}

/** Personal data the program must never hold in clear: every contact's e-mail and phone. */
export async function personalDataOf(baseUrl: string, token: string): Promise<string[]> {
  const contacts: Array<Record<string, unknown>> = (
    await v2(baseUrl, token)("GET", "/1/contacts?per_page=100")
  ).body.data;
  return contacts.flatMap((c) => [String(c.email), String(c.phone), String(c.address1)]);
}
