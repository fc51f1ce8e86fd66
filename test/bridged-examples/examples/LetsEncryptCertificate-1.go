package main

import (
	"github.com/pulumi/pulumi-dnsimple/sdk/v5/go/dnsimple"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := dnsimple.NewLetsEncryptCertificate(ctx, "example", &dnsimple.LetsEncryptCertificateArgs{
			DomainId:  pulumi.String("example.com"),
			Name:      pulumi.String("www"),
			AutoRenew: pulumi.Bool(true),
			AlternateNames: pulumi.StringArray{
				pulumi.String("docs.example.com"),
				pulumi.String("status.example.com"),
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
