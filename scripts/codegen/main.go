// Command pulumi-dnsimple-codegen writes the SDK of one language for a Pulumi package schema with
// Pulumi's own code generators (github.com/pulumi/pulumi/pkg/v3/codegen, and pulumi-java's), the
// ones `pulumi package gen-sdk` runs through a language host. The language hosts that can be built
// offline here lack that call, so scripts/lib/build-language-hosts.sh builds this instead, and
// scripts/generate-sdks runs it over provider/plugin/schema.json.
//
//	pulumi-dnsimple-codegen --schema provider/plugin/schema.json --language python --out sdk/python
//
// Two builds of this folder, as no one version of pkg/v3 compiles every generator:
//   - pulumi-dnsimple-codegen (generators.go): python, go and nodejs on the CLI's pkg/v3;
//   - pulumi-dnsimple-codegen-extra (generators_extra.go, tag `extra`): java (pulumi-java's pkg)
//     and dotnet (pkg/v3's last generator for it), on an older pkg/v3. The first runs the second
//     for those languages; it sits beside it.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/blang/semver"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

const tool = "pulumi-dnsimple-codegen"

// extraTool is the other build (see the package comment), run for the languages in extraLanguages.
const extraTool = "pulumi-dnsimple-codegen-extra"

var extraLanguages = []string{"dotnet", "java"}

// generator writes the files of one language's SDK, keyed by their paths inside the SDK's folder.
type generator func(pkg *schema.Package) (map[string][]byte, error)

// generators holds this build's languages (generators.go or generators_extra.go fills it).
var generators = map[string]generator{}

// noOtherPackages is the loader of a schema that names no other package: asking for one is an error.
type noOtherPackages struct{}

func (noOtherPackages) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("the schema refers to package %q; it must be self-contained", pkg)
}

func (l noOtherPackages) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.LoadPackage(d.Name, nil)
}

func (noOtherPackages) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, fmt.Errorf("the schema refers to package %q; it must be self-contained", pkg)
}

func (l noOtherPackages) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, nil)
}

func languages() string {
	names := append([]string{}, extraLanguages...)
	for name := range generators {
		if !contains(names, name) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return strings.Join(names, "|")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func main() {
	schemaPath := flag.String("schema", "", "the package schema (JSON)")
	language := flag.String("language", "", "the SDK's language: "+languages())
	out := flag.String("out", "", "the folder to write the SDK into (emptied first)")
	flag.Parse()
	if *schemaPath == "" || *language == "" || *out == "" {
		fmt.Fprintf(os.Stderr, "usage: %s --schema FILE --language %s --out DIR\n", tool, languages())
		os.Exit(2)
	}
	if _, ok := generators[*language]; !ok && contains(extraLanguages, *language) {
		os.Exit(runExtra(os.Args[1:]))
	}
	if err := run(*schemaPath, *language, *out); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", tool, err)
		os.Exit(1)
	}
}

// runExtra runs the other build, beside this executable (links resolved) or on PATH.
func runExtra(args []string) int {
	path := ""
	if self, err := os.Executable(); err == nil {
		if real, err := filepath.EvalSymlinks(self); err == nil {
			candidate := filepath.Join(filepath.Dir(real), extraTool)
			if _, err := os.Stat(candidate); err == nil {
				path = candidate
			}
		}
	}
	if path == "" {
		found, err := exec.LookPath(extraTool)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %s (java, dotnet) is missing: run scripts/bootstrap\n", tool, extraTool)
			return 1
		}
		path = found
	}
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		if exit, ok := err.(*exec.ExitError); ok {
			return exit.ExitCode()
		}
		fmt.Fprintf(os.Stderr, "%s: %v\n", tool, err)
		return 1
	}
	return 0
}

func run(schemaPath, language, out string) error {
	generate, ok := generators[language]
	if !ok {
		return fmt.Errorf("no generator for %q: %s", language, languages())
	}
	text, err := os.ReadFile(schemaPath)
	if err != nil {
		return err
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(text, &spec); err != nil {
		return fmt.Errorf("%s is not a package schema: %w", schemaPath, err)
	}
	pkg, diags, err := schema.BindSpec(spec, noOtherPackages{}, schema.ValidationOptions{})
	if err != nil {
		return err
	}
	if diags.HasErrors() {
		return fmt.Errorf("the schema does not bind:\n%s", diags.Error())
	}
	files, err := generate(pkg)
	if err != nil {
		return err
	}
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	for name, content := range files {
		path := filepath.Join(out, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			return err
		}
	}
	fmt.Printf("%s: %d files of the %s SDK in %s\n", tool, len(files), language, out)
	return nil
}
