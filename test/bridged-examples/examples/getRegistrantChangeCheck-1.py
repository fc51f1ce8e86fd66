import pulumi
import pulumi_dnsimple as dnsimple

example = dnsimple.get_registrant_change_check(domain_id="example.com",
    contact_id="1234")
