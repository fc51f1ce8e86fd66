// Command pulumi-dnsimple-codegen writes the SDK of one language for a Pulumi package schema with
// Pulumi's own code generators (github.com/pulumi/pulumi/pkg/v3/codegen), the ones `pulumi package
// gen-sdk` runs through a language host. The language hosts that can be built offline here lack
// that call, so scripts/lib/build-language-hosts.sh builds this instead, and scripts/generate-sdks
// runs it over provider/plugin/schema.json.
//
//	pulumi-dnsimple-codegen --schema provider/plugin/schema.json --language python --out sdk/python
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/blang/semver"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

const tool = "pulumi-dnsimple-codegen"

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

func main() {
	schemaPath := flag.String("schema", "", "the package schema (JSON)")
	language := flag.String("language", "", "python, go or nodejs")
	out := flag.String("out", "", "the folder to write the SDK into (emptied first)")
	flag.Parse()
	if *schemaPath == "" || *language == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: pulumi-dnsimple-codegen --schema FILE --language python|go|nodejs --out DIR")
		os.Exit(2)
	}
	if err := run(*schemaPath, *language, *out); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", tool, err)
		os.Exit(1)
	}
}

// pythonPackageName is the folder of the Python package: the schema's language.python.packageName.
func pythonPackageName(pkg *schema.Package) string {
	if info, ok := pkg.Language["python"].(python.PackageInfo); ok && info.PackageName != "" {
		return info.PackageName
	}
	return python.PyPack(pkg.Namespace, pkg.Name)
}

func run(schemaPath, language, out string) error {
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
	var files map[string][]byte
	switch language {
	case "python":
		files, err = python.GeneratePackage(tool, pkg, nil, nil)
		// pyproject.toml names a README beside it; the generator writes one inside the package.
		if err == nil {
			files["README.md"] = files[filepath.Join(pythonPackageName(pkg), "README.md")]
		}
	case "go":
		files, err = gogen.GeneratePackage(tool, pkg, nil)
	case "nodejs":
		files, err = nodejs.GeneratePackage(tool, pkg, nil, nil, false, nil)
	default:
		return fmt.Errorf("no generator for %q: python, go or nodejs", language)
	}
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
