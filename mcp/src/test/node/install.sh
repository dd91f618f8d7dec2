#!/usr/bin/env bash
# Installs the npm peers toolsmith-mcp's tests start (the MCP reference server and the TypeScript
# SDK) into mcp/src/test/node/node_modules, at the exact versions of package.json / package-lock.json.
# toolsmith-mcp-http's and the example app's tests use them from there too.
# Called by .ci/run before the Maven build; safe to run again.
set -euo pipefail
cd "$(dirname "$0")"
if [ -f package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
else
  npm install --no-audit --no-fund --loglevel=error
fi
test -x node_modules/.bin/mcp-server-everything
test -d node_modules/@modelcontextprotocol/sdk
echo "MCP test peers installed in $(pwd)/node_modules"
