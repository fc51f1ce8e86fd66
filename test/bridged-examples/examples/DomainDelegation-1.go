package main

import (
	"github.com/pulumi/pulumi-dnsimple/sdk/v5/go/dnsimple"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := dnsimple.NewDomainDelegation(ctx, "example", &dnsimple.DomainDelegationArgs{
			Domain: pulumi.String("example.com"),
			NameServers: pulumi.StringArray{
				pulumi.String("ns1.example.org"),
				pulumi.String("ns2.example.com"),
			},
		})
		if err != nil {
			return err
		}
		return nil
	})
}
