import pulumi
import pulumi_dnsimple as dnsimple

example = dnsimple.get_zone(name="example.com")
