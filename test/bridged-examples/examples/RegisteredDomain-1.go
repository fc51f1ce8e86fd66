package main

import (
	"strconv"

	"github.com/pulumi/pulumi-dnsimple/sdk/v5/go/dnsimple"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		aliceMain, err := dnsimple.NewContact(ctx, "alice_main", &dnsimple.ContactArgs{
			Label:            pulumi.String("Alice"),
			FirstName:        pulumi.String("Alice"),
			LastName:         pulumi.String("Appleseed"),
			OrganizationName: pulumi.String("Contoso"),
			JobTitle:         pulumi.String("Manager"),
			Address1:         pulumi.String("Level 1, 2 Main St"),
			City:             pulumi.String("San Francisco"),
			StateProvince:    pulumi.String("California"),
			PostalCode:       pulumi.String("90210"),
			Country:          pulumi.String("US"),
			Phone:            pulumi.String("+1.401239523"),
			Email:            pulumi.String("apple@contoso.com"),
		})
		if err != nil {
			return err
		}
		_, err = dnsimple.NewRegisteredDomain(ctx, "example_com", &dnsimple.RegisteredDomainArgs{
			Name:      pulumi.String("example.com"),
			ContactId: aliceMain.ID().ToIDOutput().ApplyT(func(id pulumi.ID) (int, error) { return strconv.Atoi(string(id)) }).(pulumi.IntOutput),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
