#!/usr/bin/env bash
# Installs the npm peers toolsmith-mcp's tests start (the MCP reference server and the TypeScript
# SDK v1 and v2, the conformance suite) into mcp/src/test/node/node_modules, at the exact versions of package.json / package-lock.json.
# toolsmith-mcp-http's and the example app's tests use them from there too.
# Called by .ci/run before the Maven build; safe to run again.
set -euo pipefail
cd "$(dirname "$0")"
if [ -f package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
else
  npm install --no-audit --no-fund --loglevel=error
fi
# The conformance suite imports globSync from "fs", which Node 20 lacks: take it from "glob" (v11).
conformance=node_modules/@modelcontextprotocol/conformance/dist/index.js
sed -i 's/globSync as a,mkdtempSync as o,promises as s,readFileSync as c,readdirSync as l,writeFileSync as u}from"fs"/mkdtempSync as o,promises as s,readFileSync as c,readdirSync as l,writeFileSync as u}from"fs";import{globSync as a}from"glob"/' "$conformance"
test -x node_modules/.bin/mcp-server-everything
test -d node_modules/@modelcontextprotocol/sdk
test -d node_modules/@modelcontextprotocol/client
test -d node_modules/@modelcontextprotocol/server
node node_modules/.bin/conformance list --server >/dev/null
echo "MCP test peers installed in $(pwd)/node_modules"
