import pulumi
import pulumi_dnsimple as dnsimple

example = dnsimple.Zone("example", name="example.com")
