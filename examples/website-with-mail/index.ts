/**
 * A website with mail: the domain's web records (A and AAAA at the apex, `www` as a CNAME), the
 * records a mailbox provider asks for (MX, SPF, DKIM, DMARC) and a few email forwards.
 * Every value comes from the stack config, with documentation addresses as defaults (see README.md).
 */
import * as pulumi from "@pulumi/pulumi";
import * as dnsimple from "pulumi-dnsimple-dynamic";

interface MailHost {
  host: string;
  priority: number;
}

const config = new pulumi.Config();
const domainName = config.get("domain") ?? "example-shop.com";
const webIpv4 = config.get("webIpv4") ?? "192.0.2.80";
const webIpv6 = config.get("webIpv6") ?? "2001:db8::80";
const mailHosts = config.getObject<MailHost[]>("mailHosts") ?? [
  { host: "mx1.mail.example.net", priority: 10 },
  { host: "mx2.mail.example.net", priority: 20 },
];
const spfInclude = config.get("spfInclude") ?? "_spf.mail.example.net";
const dkimSelector = config.get("dkimSelector") ?? "mail";
// The public key your mail provider gives you (this one is RFC 8463's Ed25519 example).
const dkimKey = config.get("dkimKey") ?? "v=DKIM1; k=ed25519; p=11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=";
const dmarcReports = config.get("dmarcReports") ?? `dmarc-reports@${domainName}`;
const forwards = config.getObject<Record<string, string>>("forwards") ?? {
  hello: "owner@example.org",
  billing: "accounts@example.org",
};

const domain = new dnsimple.Domain("site", { name: domainName });

// The website: one resource per record, so each shows up on its own in previews.
const apexV4 = new dnsimple.ZoneRecord("apex-a", { zoneName: domain.name, type: "A", content: webIpv4 });
const apexV6 = new dnsimple.ZoneRecord("apex-aaaa", {
  zoneName: domain.name,
  type: "AAAA",
  content: webIpv6,
});
const www = new dnsimple.ZoneRecord("www", {
  zoneName: domain.name,
  name: "www",
  type: "CNAME",
  content: domainName,
});

// Mail: the records as one set, sent in one batch. Keys name the records, so a new DKIM key or
// another mail host changes the record in place.
const mail = new dnsimple.ZoneRecords("mail", {
  zoneName: domain.name,
  records: {
    ...Object.fromEntries(
      mailHosts.map((mx, i) => [`mx-${i + 1}`, { type: "MX", content: mx.host, priority: mx.priority }]),
    ),
    spf: { type: "TXT", content: `v=spf1 include:${spfInclude} ~all` },
    dkim: { name: `${dkimSelector}._domainkey`, type: "TXT", content: dkimKey },
    dmarc: { name: "_dmarc", type: "TXT", content: `v=DMARC1; p=quarantine; rua=mailto:${dmarcReports}` },
  },
});

const forwarded = Object.entries(forwards).map(
  ([alias, destination]) =>
    new dnsimple.EmailForward(`forward-${alias}`, {
      domain: domain.name,
      aliasName: alias,
      destinationEmail: destination,
    }),
);

export const domainId = domain.domainId;
export const webRecords = [apexV4.fqdn, apexV6.fqdn, www.fqdn];
export const mailRecordCount = mail.recordCount;
export const forwardedAddresses = forwarded.map((f) => f.aliasEmail);
