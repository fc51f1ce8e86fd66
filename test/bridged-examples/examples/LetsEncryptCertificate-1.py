import pulumi
import pulumi_dnsimple as dnsimple

example = dnsimple.LetsEncryptCertificate("example",
    domain_id="example.com",
    name="www",
    auto_renew=True,
    alternate_names=[
        "docs.example.com",
        "status.example.com",
    ])
