//go:build !extra

package main

// The languages of pulumi-dnsimple-codegen, on the CLI's pkg/v3.

import (
	"path/filepath"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

func init() {
	generators["python"] = func(pkg *schema.Package) (map[string][]byte, error) {
		files, err := python.GeneratePackage(tool, pkg, nil, nil)
		// pyproject.toml names a README beside it; the generator writes one inside the package.
		if err == nil {
			files["README.md"] = files[filepath.Join(pythonPackageName(pkg), "README.md")]
		}
		return files, err
	}
	generators["go"] = func(pkg *schema.Package) (map[string][]byte, error) {
		return gogen.GeneratePackage(tool, pkg, nil)
	}
	generators["nodejs"] = func(pkg *schema.Package) (map[string][]byte, error) {
		return nodejs.GeneratePackage(tool, pkg, nil, nil, false, nil)
	}
}

// pythonPackageName is the folder of the Python package: the schema's language.python.packageName.
func pythonPackageName(pkg *schema.Package) string {
	if info, ok := pkg.Language["python"].(python.PackageInfo); ok && info.PackageName != "" {
		return info.PackageName
	}
	return python.PyPack(pkg.Namespace, pkg.Name)
}
