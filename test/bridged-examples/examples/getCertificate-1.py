import pulumi
import pulumi_dnsimple as dnsimple

example = dnsimple.get_certificate(domain="example.com",
    certificate_id=1234)
