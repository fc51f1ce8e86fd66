"""The core DNSimple resources from a Python program, served by the pulumi-dnsimple-dynamic plugin.

A domain with a record and a record set, an email forward, a webhook, secondary DNS (a secondary
zone linked to a primary server) and a DS record on a domain registered with the service.
"""
import pulumi
import pulumi_dnsimple_dynamic as dnsimple

config = pulumi.Config()
domain_name = config.get("domainName") or "python-core.com"
# DS records are published at the registry: they need a domain registered with the service.
registered_domain = config.get("registeredDomain") or "python-registered.com"

domain = dnsimple.Domain("domain", name=domain_name)

www = dnsimple.ZoneRecord(
    "www", zone_name=domain.name, name="www", type="A", content="192.0.2.10", ttl=600
)

web = dnsimple.ZoneRecords(
    "web",
    zone_name=domain.name,
    records=[
        dnsimple.ZoneRecordsEntryArgs(name="", type="A", content="192.0.2.10"),
        dnsimple.ZoneRecordsEntryArgs(name="", type="MX", content="mx1.mail.example.net", priority=10),
    ],
)

ds = dnsimple.DsRecord(
    "ds",
    domain=registered_domain,
    algorithm="13",
    digest_type="2",
    keytag="2371",
    digest="1F987CC6583E92DF0890718C42FD5E2D7D56D1E1E2BCD1F3D8E3A6B4C3D2E1F0",
)

sales = dnsimple.EmailForward(
    "sales", domain=domain.name, alias_name="sales", destination_email="sales-team@example.org"
)

events = dnsimple.Webhook("events", url="https://hooks.example.org/dnsimple")

secondary = dnsimple.SecondaryZone("secondary", name="python-core.net")

primary = dnsimple.PrimaryServer(
    "primary", name="ns1.example.org", ip="192.0.2.53", linked_zones=[secondary.name]
)

pulumi.export("domainId", domain.domain_id)
# Ids are integers: `int` in Python.
pulumi.export("domainIdType", domain.domain_id.apply(lambda i: type(i).__name__))
pulumi.export("domainState", domain.state)
pulumi.export("wwwFqdn", www.fqdn)
pulumi.export("recordCount", web.record_count)
pulumi.export("dsRecordId", ds.ds_record_id)
pulumi.export("salesAddress", sales.alias_email)
pulumi.export("webhookId", events.webhook_id)
pulumi.export("primaryLinkedZones", primary.linked_zones)
# A function of the package: who the token belongs to.
me = dnsimple.whoami()
pulumi.export("accountEmail", me.account.email if me.account else None)
