#!/usr/bin/env bash
# `npm test`: every check in order, stopping at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$1"; }

step "typecheck"
npm run --silent typecheck

step "lint"
npm run --silent lint

step "unit and integration tests (PGlite)"
npx vitest run

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "integration tests (PostgreSQL at ${TEST_DATABASE_URL%%@*}@…)"
  # The scale-out test puts two shop processes behind a real load balancer (server/scale-out.test.ts).
  if [ ! -x /usr/sbin/haproxy ]; then
    if [ "$(id -u)" = "0" ]; then
      echo "Installing Debian's haproxy for the scale-out test…"
      (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy) >/dev/null
    else
      echo "The scale-out test needs HAProxy at /usr/sbin/haproxy: run 'sudo apt-get install -y haproxy' and try again." >&2
      exit 1
    fi
  fi
  TEST_DB=postgres npx vitest run --project integration
fi

step "first-load JavaScript budget per route"
# Built where the end-to-end server looks (playwright.config.ts), which then starts it without building again.
export BUILD_DIR="build-e2e-${E2E_PORT:-4173}"
npx react-router build >/dev/null
npx tsx scripts/bundle-size.ts --check

step "end-to-end tests (Chromium)"
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "Installing Debian's chromium for the browser tests…"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null
  else
    echo "The browser tests need Chromium at /usr/bin/chromium: run 'sudo apt-get install -y chromium' and try again." >&2
    exit 1
  fi
fi
npx playwright test
