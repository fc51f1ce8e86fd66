package main

import (
	"github.com/pulumi/pulumi-dnsimple/sdk/v5/go/dnsimple"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := dnsimple.NewDsRecord(ctx, "example", &dnsimple.DsRecordArgs{
			Domain:     pulumi.String("example.com"),
			Algorithm:  pulumi.String("8"),
			Digest:     pulumi.String("6CEEA0117A02480216EBF745A7B690F938860074E4AD11AF2AC573007205682B"),
			DigestType: pulumi.String("2"),
			KeyTag:     pulumi.String("12345"),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
