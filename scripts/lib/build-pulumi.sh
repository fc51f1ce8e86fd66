#!/usr/bin/env bash
# Builds the Pulumi CLI and the Node.js language host from the Go module proxy into a cache folder.
# Usage: build-pulumi.sh CLI_VERSION HOST_SDK_VERSION OUT_DIR [host]
#   (with `host`, only the language host is built again)
#   CLI_VERSION       pkg/v3 tag of the CLI, e.g. v3.259.0
#   HOST_SDK_VERSION  sdk/v3 tag whose module still contains nodejs/cmd/pulumi-language-nodejs
#                     (later releases moved the host into a module of its own, which the proxy
#                     does not serve; see docs/decisions/001-offline-pulumi-engine.md)
# The wrapper modules are written here, not committed. go install @version refuses pkg/v3
# because its go.mod has replace directives, so a wrapper module is the only way to build it.
set -euo pipefail
cli_version="$1"
host_version="$2"
out="$3"
only="${4:-}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mkdir -p "$out/bin" "$out/src/cli" "$out/src/host"
export GOFLAGS=-mod=mod
export GOTOOLCHAIN="${GOTOOLCHAIN:-auto}"
export CGO_ENABLED=0
ldflags="-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=$cli_version"

echo "==> building the language host pulumi-language-nodejs (sdk $host_version)"
cd "$out/src/host"
cat > go.mod <<MOD
module example.invalid/pulumihost

go 1.26
MOD
go get "github.com/pulumi/pulumi/sdk/v3@$host_version"
# The host's source, copied out of the module with one addition: it reads the project's runtime
# options from Pulumi.yaml, as the engine built below no longer passes them as flags
# (nodejs-host-project-options.go says why).
host_src="$(go env GOMODCACHE)/github.com/pulumi/pulumi/sdk/v3@$host_version/nodejs/cmd/pulumi-language-nodejs"
rm -rf langhost && mkdir langhost
cp "$host_src"/main.go "$host_src"/proxy*.go "$here/nodejs-host-project-options.go" langhost/
chmod u+w langhost/*.go
sed -i 's/^\tflag.Parse()$/&\n\truntimeOptionsFromProject(\&typescript, \&tsconfigpath, \&nodeargs)/' langhost/main.go
grep -q 'runtimeOptionsFromProject(&typescript' langhost/main.go || {
  echo "error: the language host's main.go no longer has the line 'flag.Parse()' to follow" >&2
  exit 1
}
go mod tidy
go build -trimpath -tags osusergo,grpcnotrace -ldflags "$ldflags" -o "$out/bin/pulumi-language-nodejs.tmp" ./langhost
mv "$out/bin/pulumi-language-nodejs.tmp" "$out/bin/pulumi-language-nodejs"
# Marks a host that reads the project's options (bootstrap rebuilds a host built without).
touch "$out/bin/.nodejs-host-reads-project-options"
if [ "$only" = host ]; then exit 0; fi

echo "==> building the pulumi CLI $cli_version (several minutes on a cold module cache)"
cd "$out/src/cli"
cat > go.mod <<MOD
module example.invalid/pulumibuild

go 1.26

replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e
MOD
go get "github.com/pulumi/pulumi/pkg/v3@$cli_version" "github.com/pulumi/pulumi/sdk/v3@$cli_version"
go get -tool "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi@$cli_version"
go mod tidy
go build -trimpath -tags osusergo,grpcnotrace -ldflags "$ldflags" -o "$out/bin/pulumi.tmp" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi
# pulumi last: its presence marks the cache entry complete.
mv "$out/bin/pulumi.tmp" "$out/bin/pulumi"
