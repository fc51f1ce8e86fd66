// The ZoneRecord example of @pulumi/dnsimple's own documentation (the schema of pulumi/pulumi-dnsimple,
// commit f4220b98bb44fd954d80a06cba27b18877af09d9), unchanged but for the import line.
import * as pulumi from "@pulumi/pulumi";
import * as dnsimple from "pulumi-dnsimple-dynamic/compat";

// Add a record to the root domain
const apex = new dnsimple.ZoneRecord("apex", {
    zoneName: "example.com",
    name: "",
    value: "192.0.2.1",
    type: "A",
    ttl: 3600,
});
// Add a record to a subdomain
const www = new dnsimple.ZoneRecord("www", {
    zoneName: "example.com",
    name: "www",
    value: "192.0.2.1",
    type: "A",
    ttl: 3600,
});
// Add an MX record
const mx = new dnsimple.ZoneRecord("mx", {
    zoneName: "example.com",
    name: "",
    value: "mail.example.com",
    type: "MX",
    priority: 10,
    ttl: 3600,
});
