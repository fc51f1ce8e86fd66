import pulumi
import pulumi_dnsimple as dnsimple

alice_main = dnsimple.Contact("alice_main",
    label="Alice",
    first_name="Alice",
    last_name="Appleseed",
    organization_name="Contoso",
    job_title="Manager",
    address1="Level 1, 2 Main St",
    city="San Francisco",
    state_province="California",
    postal_code="90210",
    country="US",
    phone="+1.401239523",
    email="apple@contoso.com")
example_com = dnsimple.RegisteredDomain("example_com",
    name="example.com",
    contact_id=alice_main.id.apply(lambda x: int(x)))
