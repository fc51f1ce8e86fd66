package main

import (
	"github.com/pulumi/pulumi-dnsimple/sdk/v5/go/dnsimple"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := dnsimple.NewRegisteredDomain(ctx, "example_bio", &dnsimple.RegisteredDomainArgs{
			Name:             pulumi.String("example.bio"),
			ContactId:        pulumi.Any(aliceMain.Id),
			AutoRenewEnabled: pulumi.Bool(true),
			ExtendedAttributes: pulumi.StringMap{
				"bio_agree": pulumi.String("I Agree"),
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
