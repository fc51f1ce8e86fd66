import pulumi
import pulumi_dnsimple as dnsimple

example_bio = dnsimple.RegisteredDomain("example_bio",
    name="example.bio",
    contact_id=int(alice_main["id"]),
    auto_renew_enabled=True,
    extended_attributes={
        "bio_agree": "I Agree",
    })
