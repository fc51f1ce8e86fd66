package main

import (
	"github.com/pulumi/pulumi-dnsimple/sdk/v5/go/dnsimple"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := dnsimple.NewContact(ctx, "example", &dnsimple.ContactArgs{
			Label:            pulumi.String("Main Contact"),
			FirstName:        pulumi.String("John"),
			LastName:         pulumi.String("Doe"),
			OrganizationName: pulumi.String("Example Inc"),
			JobTitle:         pulumi.String("Manager"),
			Address1:         pulumi.String("123 Main Street"),
			Address2:         pulumi.String("Suite 100"),
			City:             pulumi.String("San Francisco"),
			StateProvince:    pulumi.String("California"),
			PostalCode:       pulumi.String("94105"),
			Country:          pulumi.String("US"),
			Phone:            pulumi.String("+1.4155551234"),
			Fax:              pulumi.String("+1.4155555678"),
			Email:            pulumi.String("john@example.com"),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
