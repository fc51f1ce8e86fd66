// The core DNSimple resources from a Go program, served by the pulumi-dnsimple-dynamic plugin and
// run through Pulumi's Automation API (an inline program: no Go language host, no Pulumi.yaml).
//
// A domain with a record and a record set, an email forward, a webhook, secondary DNS (a
// secondary zone linked to a primary server) and a DS record on a domain registered with the
// service. One command per run, on the stack `dev` (or -stack):
//
//	go run . preview            # what `pulumi preview` shows (the plugin's folder: below)
//	go run . up                 # make or change the resources
//	go run . -ttl 900 up        # a change: the www record's TTL
//	go run . destroy
//
// Each run prints one JSON line on stdout: the command's change summary and, after `up`, the
// stack's outputs. The engine's progress goes to stderr.
//
// Settings (each set as the stack's config when given, under the plugin's namespace):
// DNSIMPLE_TOKEN → dnsimple-dynamic:token (secret), DNSIMPLE_ACCOUNT → dnsimple-dynamic:account,
// DNSIMPLE_BASE_URL → dnsimple-dynamic:baseUrl. DNSIMPLE_DYNAMIC_PLUGIN_DIR names the folder of
// pulumi-resource-dnsimple-dynamic when the plugin is not installed (a checkout's bin/).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"

	dnsimple "github.com/pulumi-dnsimple-dynamic/pulumi-dnsimple-dynamic/sdk/go/dnsimpledynamic"
)

// program declares the resources; ttl is the www record's time to live.
func program(domainName, registeredDomain string, ttl int) pulumi.RunFunc {
	return func(ctx *pulumi.Context) error {
		domain, err := dnsimple.NewDomain(ctx, "domain", &dnsimple.DomainArgs{Name: pulumi.String(domainName)})
		if err != nil {
			return err
		}
		www, err := dnsimple.NewZoneRecord(ctx, "www", &dnsimple.ZoneRecordArgs{
			ZoneName: domain.Name, Name: pulumi.String("www"), Type: pulumi.String("A"),
			Content: pulumi.String("192.0.2.10"), Ttl: pulumi.Int(ttl),
		})
		if err != nil {
			return err
		}
		web, err := dnsimple.NewZoneRecords(ctx, "web", &dnsimple.ZoneRecordsArgs{
			ZoneName: domain.Name,
			Records: dnsimple.ZoneRecordsEntryArray{
				dnsimple.ZoneRecordsEntryArgs{Name: pulumi.String(""), Type: pulumi.String("A"), Content: pulumi.String("192.0.2.10")},
				dnsimple.ZoneRecordsEntryArgs{
					Name: pulumi.String(""), Type: pulumi.String("MX"),
					Content: pulumi.String("mx1.mail.example.net"), Priority: pulumi.Int(10),
				},
			},
		})
		if err != nil {
			return err
		}
		// DS records are published at the registry: they need a domain registered with the service.
		ds, err := dnsimple.NewDsRecord(ctx, "ds", &dnsimple.DsRecordArgs{
			Domain: pulumi.String(registeredDomain), Algorithm: pulumi.String("13"), DigestType: pulumi.String("2"),
			Keytag: pulumi.String("2371"),
			Digest: pulumi.String("1F987CC6583E92DF0890718C42FD5E2D7D56D1E1E2BCD1F3D8E3A6B4C3D2E1F0"),
		})
		if err != nil {
			return err
		}
		sales, err := dnsimple.NewEmailForward(ctx, "sales", &dnsimple.EmailForwardArgs{
			Domain: domain.Name, AliasName: pulumi.String("sales"), DestinationEmail: pulumi.String("sales-team@example.org"),
		})
		if err != nil {
			return err
		}
		events, err := dnsimple.NewWebhook(ctx, "events", &dnsimple.WebhookArgs{Url: pulumi.String("https://hooks.example.org/dnsimple")})
		if err != nil {
			return err
		}
		secondary, err := dnsimple.NewSecondaryZone(ctx, "secondary", &dnsimple.SecondaryZoneArgs{Name: pulumi.String(strings.TrimSuffix(domainName, ".com") + ".net")})
		if err != nil {
			return err
		}
		primary, err := dnsimple.NewPrimaryServer(ctx, "primary", &dnsimple.PrimaryServerArgs{
			Name: pulumi.String("ns1.example.org"), Ip: pulumi.String("192.0.2.53"),
			LinkedZones: pulumi.StringArray{secondary.Name},
		})
		if err != nil {
			return err
		}
		// A function of the package: who the token belongs to.
		me, err := dnsimple.Whoami(ctx, &dnsimple.WhoamiArgs{})
		if err != nil {
			return err
		}
		// Ids are integers (IntOutput): this does not compile otherwise.
		var domainID pulumi.IntOutput = domain.DomainId
		ctx.Export("domainId", domainID)
		ctx.Export("domainState", domain.State)
		ctx.Export("wwwFqdn", www.Fqdn)
		ctx.Export("wwwTtl", www.Ttl)
		ctx.Export("recordCount", web.RecordCount)
		ctx.Export("dsRecordId", ds.DsRecordId)
		ctx.Export("salesAddress", sales.AliasEmail)
		ctx.Export("webhookId", events.WebhookId)
		ctx.Export("primaryLinkedZones", primary.LinkedZones)
		if me.Account != nil {
			ctx.Export("accountEmail", pulumi.String(me.Account.Email))
		}
		return nil
	}
}

// report is what one run prints: the change summary, and the outputs after `up`.
type report struct {
	Command string         `json:"command"`
	Changes map[string]int `json:"changes"`
	Outputs map[string]any `json:"outputs,omitempty"`
}

func main() {
	stackName := flag.String("stack", "dev", "the stack")
	ttl := flag.Int("ttl", 600, "the www record's TTL")
	domainName := flag.String("domain", "go-core.com", "the domain the program makes")
	registered := flag.String("registered", "go-registered.com", "a domain registered with the service, for the DS record")
	workDir := flag.String("work-dir", "", "the project folder (default: a temporary one)")
	secretsProvider := flag.String("secrets-provider", "", "the stack's secrets provider (default: passphrase)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: go-core [-stack dev] [-ttl 600] preview|up|destroy")
		os.Exit(2)
	}
	options := []auto.LocalWorkspaceOption{}
	if *workDir != "" {
		options = append(options, auto.WorkDir(*workDir))
	}
	if *secretsProvider != "" {
		options = append(options, auto.SecretsProvider(*secretsProvider))
	}
	if err := run(context.Background(), flag.Arg(0), *stackName, program(*domainName, *registered, *ttl), options); err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, command, stackName string, program pulumi.RunFunc, options []auto.LocalWorkspaceOption) error {
	project := workspace.Project{
		Name:    "dnsimple-go-core",
		Runtime: workspace.NewProjectRuntimeInfo("go", nil),
	}
	if dir := os.Getenv("DNSIMPLE_DYNAMIC_PLUGIN_DIR"); dir != "" {
		project.Plugins = &workspace.Plugins{Providers: []workspace.PluginOptions{{Name: "dnsimple-dynamic", Path: dir}}}
	}
	options = append(options, auto.Project(project))
	stack, err := auto.UpsertStackInlineSource(ctx, stackName, project.Name.String(), program, options...)
	if err != nil {
		return err
	}
	for env, setting := range map[string]struct {
		key    string
		secret bool
	}{
		"DNSIMPLE_TOKEN":    {"dnsimple-dynamic:token", true},
		"DNSIMPLE_ACCOUNT":  {"dnsimple-dynamic:account", false},
		"DNSIMPLE_BASE_URL": {"dnsimple-dynamic:baseUrl", false},
	} {
		if value := os.Getenv(env); value != "" {
			if err := stack.SetConfig(ctx, setting.key, auto.ConfigValue{Value: value, Secret: setting.secret}); err != nil {
				return err
			}
		}
	}
	out := report{Command: command, Changes: map[string]int{}}
	switch command {
	case "preview":
		result, err := stack.Preview(ctx, optpreview.ProgressStreams(os.Stderr))
		if err != nil {
			return err
		}
		for op, count := range result.ChangeSummary {
			out.Changes[string(op)] = count
		}
	case "up":
		result, err := stack.Up(ctx, optup.ProgressStreams(os.Stderr))
		if err != nil {
			return err
		}
		if result.Summary.ResourceChanges != nil {
			out.Changes = *result.Summary.ResourceChanges
		}
		out.Outputs = map[string]any{}
		for key, value := range result.Outputs {
			if value.Secret {
				out.Outputs[key] = "[secret]"
			} else {
				out.Outputs[key] = value.Value
			}
		}
	case "destroy":
		result, err := stack.Destroy(ctx, optdestroy.ProgressStreams(os.Stderr))
		if err != nil {
			return err
		}
		if result.Summary.ResourceChanges != nil {
			out.Changes = *result.Summary.ResourceChanges
		}
	default:
		return fmt.Errorf("unknown command %q: preview, up or destroy", command)
	}
	return json.NewEncoder(os.Stdout).Encode(out)
}
