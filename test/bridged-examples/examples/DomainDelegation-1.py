import pulumi
import pulumi_dnsimple as dnsimple

example = dnsimple.DomainDelegation("example",
    domain="example.com",
    name_servers=[
        "ns1.example.org",
        "ns2.example.com",
    ])
