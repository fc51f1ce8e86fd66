import pulumi
import pulumi_dnsimple as dnsimple

# Add a record to the root domain
apex = dnsimple.ZoneRecord("apex",
    zone_name="example.com",
    name="",
    value="192.0.2.1",
    type="A",
    ttl=3600)
# Add a record to a subdomain
www = dnsimple.ZoneRecord("www",
    zone_name="example.com",
    name="www",
    value="192.0.2.1",
    type="A",
    ttl=3600)
# Add an MX record
mx = dnsimple.ZoneRecord("mx",
    zone_name="example.com",
    name="",
    value="mail.example.com",
    type="MX",
    priority=10,
    ttl=3600)
