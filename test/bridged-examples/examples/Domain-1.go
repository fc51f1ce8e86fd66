package main

import (
	"github.com/pulumi/pulumi-dnsimple/sdk/v5/go/dnsimple"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := dnsimple.NewDomain(ctx, "example", &dnsimple.DomainArgs{
			Name: pulumi.String("example.com"),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
