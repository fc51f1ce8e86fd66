import pulumi
import pulumi_dnsimple as dnsimple

example = dnsimple.DsRecord("example",
    domain="example.com",
    algorithm="8",
    digest="6CEEA0117A02480216EBF745A7B690F938860074E4AD11AF2AC573007205682B",
    digest_type="2",
    key_tag="12345")
