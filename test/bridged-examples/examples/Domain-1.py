import pulumi
import pulumi_dnsimple as dnsimple

example = dnsimple.Domain("example", name="example.com")
