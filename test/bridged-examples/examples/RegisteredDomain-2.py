import pulumi
import pulumi_dnsimple as dnsimple

example_com = dnsimple.RegisteredDomain("example_com",
    name="example.com",
    contact_id=int(alice_main["id"]),
    auto_renew_enabled=True,
    transfer_lock_enabled=True,
    whois_privacy_enabled=True,
    dnssec_enabled=False,
    trustee=False)
