# Sourced by every script: puts Node 22+ and the Pulumi CLI first on PATH and makes the engine run
# offline. Safe to source more than once. Expects ROOT (the repository root) to be set.

# Node 22+: @pulumi/pulumi 3.249+ needs it. Use the system node when it is new enough, else the
# binary of the npm package node@22 that bootstrap installs into the ignored folder .tools/.
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ -x "$ROOT/.tools/node22/node_modules/.bin/node" ] && [ "$(node_major)" -lt 22 ]; then
  PATH="$ROOT/.tools/node22/node_modules/.bin:$PATH"
fi

# The Pulumi CLI version that matches the SDK, and the versions we can build from the Go module
# proxy when no matching CLI is installed (see docs/decisions/001-offline-pulumi-engine.md).
PULUMI_CACHE_ROOT="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-dnsimple-dynamic"
PULUMI_BUILD_CLI_VERSION="v3.259.0"   # newest pkg/v3 the proxy serves
PULUMI_BUILD_HOST_VERSION="v3.68.0"   # newest sdk/v3 that still contains the Node.js language host
PULUMI_BUILT_BIN="$PULUMI_CACHE_ROOT/pulumi-$PULUMI_BUILD_CLI_VERSION/bin"
if [ -x "$PULUMI_BUILT_BIN/pulumi" ]; then
  case ":$PATH:" in *":$PULUMI_BUILT_BIN:"*) ;; *) PATH="$PULUMI_BUILT_BIN:$PATH" ;; esac
fi
# Python and YAML programs (scripts/lib/build-language-hosts.sh): their language hosts sit beside
# the CLI; the Python environment holds the `pulumi` package. The Python host built here (sdk
# v3.68.0) does not read the project's `virtualenv` option from this CLI: PULUMI_PYTHON_CMD names
# the environment's interpreter instead.
DNSIMPLE_PYTHON_VENV="$PULUMI_CACHE_ROOT/python-venv-$PULUMI_BUILD_CLI_VERSION"
if [ -f "$DNSIMPLE_PYTHON_VENV/.complete" ]; then
  export DNSIMPLE_PYTHON_VENV
  export PULUMI_PYTHON_CMD="${PULUMI_PYTHON_CMD:-$DNSIMPLE_PYTHON_VENV/bin/python}"
fi
export PATH

# Offline engine: a file backend in an ignored folder, a passphrase, no update checks or downloads.
export PULUMI_SKIP_UPDATE_CHECK=true
export PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true
export PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK=true
export PULUMI_CONFIG_PASSPHRASE="${PULUMI_CONFIG_PASSPHRASE-local-passphrase}"
export PULUMI_HOME="${PULUMI_HOME:-$ROOT/.work/pulumi-home}"
export PULUMI_BACKEND_URL="${PULUMI_BACKEND_URL:-file://$ROOT/.work/state}"
export PULUMI_NODEJS_TRANSPILE_ONLY=true
mkdir -p "$PULUMI_HOME" "${PULUMI_BACKEND_URL#file://}" 2>/dev/null || true
# In our own PULUMI_HOME, the CLI's automatic debug log (a gzip of every call's properties at every
# command, half the engine's CPU for a big ZoneRecords) is off: a file stands where its folder
# would be (test/e2e/pulumi-home.ts says the same for the tests' homes).
if [ "$PULUMI_HOME" = "$ROOT/.work/pulumi-home" ] && [ ! -e "$PULUMI_HOME/logs" ]; then
  echo "The Pulumi CLI's automatic debug log is off in this PULUMI_HOME: this file stands where its folder would be." \
    > "$PULUMI_HOME/logs" 2>/dev/null || true
fi
