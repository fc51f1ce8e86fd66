package main

import (
	"github.com/pulumi/pulumi-dnsimple/sdk/v5/go/dnsimple"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// Add a record to the root domain
		_, err := dnsimple.NewZoneRecord(ctx, "apex", &dnsimple.ZoneRecordArgs{
			ZoneName: pulumi.String("example.com"),
			Name:     pulumi.String(""),
			Value:    pulumi.String("192.0.2.1"),
			Type:     pulumi.String("A"),
			Ttl:      pulumi.Int(3600),
		})
		if err != nil {
			return err
		}
		// Add a record to a subdomain
		_, err = dnsimple.NewZoneRecord(ctx, "www", &dnsimple.ZoneRecordArgs{
			ZoneName: pulumi.String("example.com"),
			Name:     pulumi.String("www"),
			Value:    pulumi.String("192.0.2.1"),
			Type:     pulumi.String("A"),
			Ttl:      pulumi.Int(3600),
		})
		if err != nil {
			return err
		}
		// Add an MX record
		_, err = dnsimple.NewZoneRecord(ctx, "mx", &dnsimple.ZoneRecordArgs{
			ZoneName: pulumi.String("example.com"),
			Name:     pulumi.String(""),
			Value:    pulumi.String("mail.example.com"),
			Type:     pulumi.String("MX"),
			Priority: pulumi.Int(10),
			Ttl:      pulumi.Int(3600),
		})
		if err != nil {
			return err
		}
		return nil
	})
}
