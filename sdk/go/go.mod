module github.com/pulumi-dnsimple-dynamic/pulumi-dnsimple-dynamic/sdk/go

go 1.26

require github.com/pulumi/pulumi/sdk/v3 v3.259.0
