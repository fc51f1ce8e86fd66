import pulumi
import pulumi_dnsimple as dnsimple

example = dnsimple.Contact("example",
    label="Main Contact",
    first_name="John",
    last_name="Doe",
    organization_name="Example Inc",
    job_title="Manager",
    address1="123 Main Street",
    address2="Suite 100",
    city="San Francisco",
    state_province="California",
    postal_code="94105",
    country="US",
    phone="+1.4155551234",
    fax="+1.4155555678",
    email="john@example.com")
