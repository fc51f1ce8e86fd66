package main

import (
	"github.com/pulumi/pulumi-dnsimple/sdk/v5/go/dnsimple"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := dnsimple.NewRegisteredDomain(ctx, "example_com", &dnsimple.RegisteredDomainArgs{
			Name:                pulumi.String("example.com"),
			ContactId:           pulumi.Any(aliceMain.Id),
			AutoRenewEnabled:    pulumi.Bool(true),
			TransferLockEnabled: pulumi.Bool(true),
			WhoisPrivacyEnabled: pulumi.Bool(true),
			DnssecEnabled:       pulumi.Bool(false),
			Trustee:             pulumi.Bool(false),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
