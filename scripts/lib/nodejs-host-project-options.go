// Added by scripts/lib/build-pulumi.sh to the Node.js language host it builds (sdk v3.68.0, the
// newest release whose module still holds the host). That host reads the project's runtime
// options (`typescript`, `tsconfig`, `nodeargs`) only from command-line flags, which the engine
// passed in 2023; the engine built beside it (v3.259.0) hands them over in each request instead,
// which this host does not know. Without this file every program would run under ts-node,
// whatever its Pulumi.yaml says. Flags given explicitly still win.

package main

import (
	"flag"

	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
)

// runtimeOptionsFromProject sets the options the flags left unset from the Pulumi.yaml found from
// the working directory upwards (the engine starts the host in the project's folder).
func runtimeOptionsFromProject(typescript *bool, tsconfigpath *string, nodeargs *string) {
	given := map[string]bool{}
	flag.Visit(func(f *flag.Flag) { given[f.Name] = true })
	projectPath, err := workspace.DetectProjectPath()
	if err != nil || projectPath == "" {
		return
	}
	project, err := workspace.LoadProject(projectPath)
	if err != nil {
		return
	}
	options := project.Runtime.Options()
	if value, ok := options["typescript"].(bool); ok && !given["typescript"] {
		*typescript = value
	}
	if value, ok := options["tsconfig"].(string); ok && !given["tsconfig"] {
		*tsconfigpath = value
	}
	if value, ok := options["nodeargs"].(string); ok && !given["nodeargs"] {
		*nodeargs = value
	}
}
