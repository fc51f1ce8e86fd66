package main

import (
	"github.com/pulumi/pulumi-dnsimple/sdk/v5/go/dnsimple"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		_, err := dnsimple.GetCertificate(ctx, &dnsimple.GetCertificateArgs{
			Domain:        "example.com",
			CertificateId: 1234,
		}, nil)
		if err != nil {
			return err
		}
		return nil
	})
}
