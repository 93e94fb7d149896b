#!/usr/bin/env bash
# `npm test`: every check in order, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step's time and the test reports go here; the summary at the end reads them (scripts/test-summary.ts).
timing=test-results/timing
rm -rf "$timing" && mkdir -p "$timing"
current_step=""
end_step() { [ -z "$current_step" ] || printf '%s\t%s\n' "$current_step" "$((SECONDS - step_started))" >>"$timing/steps.tsv"; }
step() { end_step; current_step="$1"; step_started=$SECONDS; printf '\n== %s\n' "$1"; }
# Printed whether the run passed or stopped at a failure; the run's own exit status is kept.
trap 'status=$?; end_step; npx tsx scripts/test-summary.ts "$timing" || true; exit $status' EXIT

# need <program> <Debian package> <what for>: installs the package when the program is missing and we are root.
need() {
  [ -x "$1" ] && return
  if [ "$(id -u)" = "0" ]; then
    echo "Installing Debian's $2 for $3…"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2") >/dev/null
  else
    echo "$3 needs $1: run 'sudo apt-get install -y $2' and try again." >&2
    exit 1
  fi
}

# tsc and ESLint each keep one core busy: side by side they take about as long as the longer of the two. Lint reads
# the route types typegen writes, so typegen comes first; each tool's output is printed whole, typecheck's first.
step "typecheck and lint, side by side"
npx react-router typegen >/dev/null
npx tsc --noEmit >"$timing/typecheck.log" 2>&1 &
typecheck=$!
npm run --silent lint >"$timing/lint.log" 2>&1 &
lint=$!
typecheck_status=0 && wait $typecheck || typecheck_status=$?
lint_status=0 && wait $lint || lint_status=$?
printf -- '-- typecheck\n' && cat "$timing/typecheck.log"
printf -- '-- lint\n' && cat "$timing/lint.log"
if [ "$typecheck_status" != 0 ] || [ "$lint_status" != 0 ]; then exit 1; fi

step "unit and integration tests (PGlite)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$timing/vitest-pglite.json"

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "integration tests (PostgreSQL at ${TEST_DATABASE_URL%%@*}@…)"
  # Two shop processes behind a real load balancer (server/scale-out.test.ts).
  need /usr/sbin/haproxy haproxy "the scale-out test"
  TEST_DB=postgres npx vitest run --project integration --reporter=default --reporter=json --outputFile.json="$timing/vitest-postgres.json"
fi

step "first-load JavaScript budget per route"
# Built where the end-to-end server looks (playwright.config.ts), which then starts it without building again.
export BUILD_DIR="build-e2e-${E2E_PORT:-4173}"
npx react-router build >/dev/null
npx tsx scripts/bundle-size.ts --check

step "end-to-end tests (Chromium)"
need /usr/bin/chromium chromium "the browser tests"
PLAYWRIGHT_JSON_OUTPUT_FILE="$timing/journeys.json" npx playwright test --reporter=list,json
