#!/usr/bin/env bash
# Installs the Python MCP SDK and FastMCP (the pinned version of requirements.txt) into a virtual environment
# under the module's target/ folder, for the tests that drive a served registry with it.
# Called by the build (mcp/pom.xml) before the tests run; reuses an environment that has it.
# Usage: install.sh TARGET_DIR
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${1:?target directory}/python-peers"
stamp="$venv/.installed-$(sha256sum "$here/requirements.txt" | cut -c1-16)"
if [ -f "$stamp" ]; then
  echo "Python MCP SDK already installed in $venv"
  exit 0
fi
rm -rf "$venv"
python3 -m venv "$venv"
# Few retries, short timeouts: where the public index cannot be reached but a local one serves the
# packages, pip's defaults wait minutes on the unreachable one before installing.
"$venv/bin/pip" install --quiet --disable-pip-version-check --retries 1 --timeout 15 \
  -r "$here/requirements.txt"
"$venv/bin/python" -c "import mcp.client.session, fastmcp"
touch "$stamp"
echo "Python MCP SDK installed in $venv"
