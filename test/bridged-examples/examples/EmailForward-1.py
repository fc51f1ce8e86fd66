import pulumi
import pulumi_dnsimple as dnsimple

example = dnsimple.EmailForward("example",
    domain="example.com",
    alias_name="sales",
    destination_email="alice@example.com")
