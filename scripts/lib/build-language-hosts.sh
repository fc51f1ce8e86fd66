#!/usr/bin/env bash
# Builds what Python and Pulumi YAML programs need, from the Go module proxy and PyPI, into the
# cache folder beside the Pulumi CLI (docs/decisions/011-every-language-through-a-plugin.md):
#   - pulumi-language-yaml   github.com/pulumi/pulumi-yaml $YAML_HOST_VERSION, in a wrapper module
#                            pinned to pkg/sdk $YAML_PULUMI_VERSION (it does not compile against
#                            the CLI's pkg/v3)
#   - pulumi-language-python sdk/v3 $PYTHON_HOST_VERSION, the last release whose module has it,
#                            with pulumi-language-python-exec from the CLI's sdk/v3 (it matches the
#                            `pulumi` package from PyPI below)
#   - pulumi-dnsimple-codegen scripts/codegen: Pulumi's SDK generators over a package schema, with
#                            pulumi-dnsimple-codegen-extra beside it for java and dotnet
#   - a Python virtual environment with `pulumi` (the CLI's version), mypy and build
# Usage: build-language-hosts.sh BIN_DIR CACHE_ROOT CLI_VERSION
# Idempotent: what is there is checked, not built again. Each binary is moved into place last.
set -euo pipefail
bin="$1"
cache="$2"
cli_version="$3"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export GOFLAGS=-mod=mod
export GOTOOLCHAIN="${GOTOOLCHAIN:-auto}"
export CGO_ENABLED=0
YAML_HOST_VERSION=v1.25.0
YAML_PULUMI_VERSION=v3.206.0
PYTHON_HOST_VERSION=v3.68.0
# The Java generator (the proxy serves pulumi-java's pkg by version, not its list of versions) and
# the pkg/v3 it and the .NET generator compile against (the YAML host's, already in the cache).
CODEGEN_JAVA_VERSION=v1.12.0
CODEGEN_EXTRA_PULUMI_VERSION=$YAML_PULUMI_VERSION
mkdir -p "$bin" "$cache/src"

# A wrapper module in $cache/src/$1 with go.mod's text $2, then `go get` of the rest of the arguments.
wrapper() {
  local dir="$cache/src/$1" mod="$2"
  shift 2
  mkdir -p "$dir"
  printf '%s\n' "$mod" > "$dir/go.mod"
  rm -f "$dir/go.sum"
  (cd "$dir" && go get "$@")
}

if [ ! -x "$bin/pulumi-language-yaml" ]; then
  echo "    building pulumi-language-yaml $YAML_HOST_VERSION (pkg $YAML_PULUMI_VERSION)"
  wrapper yaml-host "module example.invalid/yamlhost
go 1.26" -tool "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml@$YAML_HOST_VERSION"
  (cd "$cache/src/yaml-host" &&
    go get "github.com/pulumi/pulumi/pkg/v3@$YAML_PULUMI_VERSION" "github.com/pulumi/pulumi/sdk/v3@$YAML_PULUMI_VERSION" &&
    go build -trimpath -ldflags "-s -w" -o "$bin/pulumi-language-yaml.tmp" github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml)
  mv "$bin/pulumi-language-yaml.tmp" "$bin/pulumi-language-yaml"
fi

if [ ! -x "$bin/pulumi-language-python" ] || [ ! -x "$bin/pulumi-language-python-exec" ]; then
  echo "    building pulumi-language-python (sdk $PYTHON_HOST_VERSION)"
  wrapper python-host "module example.invalid/pythonhost
go 1.26" -tool "github.com/pulumi/pulumi/sdk/v3/python/cmd/pulumi-language-python@$PYTHON_HOST_VERSION"
  (cd "$cache/src/python-host" &&
    go build -trimpath -ldflags "-s -w" -o "$bin/pulumi-language-python.tmp" github.com/pulumi/pulumi/sdk/v3/python/cmd/pulumi-language-python)
  # The script that runs a program, from the sdk/v3 release of the CLI (the `pulumi` package's version).
  exec_dir="$(cd "$cache/src/python-host" && go mod download -json "github.com/pulumi/pulumi/sdk/v3@$cli_version" |
    sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  install -m 0755 "$exec_dir/python/cmd/pulumi-language-python-exec" "$bin/pulumi-language-python-exec"
  mv "$bin/pulumi-language-python.tmp" "$bin/pulumi-language-python"
fi

# The code generator: one build per version of its source (scripts/codegen/*.go) and of what it is
# built on. Two builds of it (see main.go): the CLI's pkg/v3 for python, go and nodejs; pulumi-java's
# generator and pkg/v3's last .NET one, on an older pkg/v3, for java and dotnet.
codegen_key="$(cat "$here"/scripts/codegen/*.go | { cat; echo "$cli_version $CODEGEN_JAVA_VERSION $CODEGEN_EXTRA_PULUMI_VERSION"; } |
  sha256sum | cut -c1-12)"
codegen_dir="$cache/codegen-$codegen_key"
clipboard="replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e"
if [ ! -x "$codegen_dir/pulumi-dnsimple-codegen" ]; then
  echo "    building pulumi-dnsimple-codegen (Pulumi's python, go and nodejs generators, pkg $cli_version)"
  wrapper codegen "module example.invalid/codegen
go 1.26
$clipboard" "github.com/pulumi/pulumi/pkg/v3@$cli_version" "github.com/pulumi/pulumi/sdk/v3@$cli_version" github.com/blang/semver
  rm -f "$cache/src/codegen/"*.go
  # Only this build's files: go mod tidy reads every file, whatever its build tags.
  cp "$here/scripts/codegen/main.go" "$here/scripts/codegen/generators.go" "$cache/src/codegen/"
  mkdir -p "$codegen_dir"
  (cd "$cache/src/codegen" && go mod tidy && go build -trimpath -ldflags "-s -w" -o "$codegen_dir/pulumi-dnsimple-codegen.tmp" .)
  mv "$codegen_dir/pulumi-dnsimple-codegen.tmp" "$codegen_dir/pulumi-dnsimple-codegen"
fi
if [ ! -x "$codegen_dir/pulumi-dnsimple-codegen-extra" ]; then
  echo "    building pulumi-dnsimple-codegen-extra (java $CODEGEN_JAVA_VERSION and dotnet generators, pkg $CODEGEN_EXTRA_PULUMI_VERSION)"
  wrapper codegen-extra "module example.invalid/codegenextra
go 1.26
$clipboard" "github.com/pulumi/pulumi-java/pkg@$CODEGEN_JAVA_VERSION" \
    "github.com/pulumi/pulumi/pkg/v3@$CODEGEN_EXTRA_PULUMI_VERSION" "github.com/pulumi/pulumi/sdk/v3@$CODEGEN_EXTRA_PULUMI_VERSION" github.com/blang/semver
  rm -f "$cache/src/codegen-extra/"*.go
  cp "$here/scripts/codegen/main.go" "$here/scripts/codegen/generators_extra.go" "$cache/src/codegen-extra/"
  mkdir -p "$codegen_dir"
  (cd "$cache/src/codegen-extra" && go mod tidy &&
    go build -tags extra -trimpath -ldflags "-s -w" -o "$codegen_dir/pulumi-dnsimple-codegen-extra.tmp" .)
  mv "$codegen_dir/pulumi-dnsimple-codegen-extra.tmp" "$codegen_dir/pulumi-dnsimple-codegen-extra"
fi
ln -sf "$codegen_dir/pulumi-dnsimple-codegen" "$bin/pulumi-dnsimple-codegen"

venv="$cache/python-venv-$cli_version"
if [ ! -f "$venv/.complete" ]; then
  echo "    making the Python environment $venv (pulumi ${cli_version#v} from PyPI)"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "pulumi==${cli_version#v}" parver semver mypy build setuptools wheel
  touch "$venv/.complete"
fi
