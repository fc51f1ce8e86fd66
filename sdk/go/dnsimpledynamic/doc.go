// DNSimple's domains, DNS records, registrations, certificates and the rest of its API as Pulumi resources, served by the pulumi-dnsimple-dynamic provider plugin.
package dnsimpledynamic
