#!/usr/bin/env bash
# npm test: typecheck, Vitest (unit + services on a real PostgreSQL), then the
# production build under Playwright (API, Chromium with and without JavaScript).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p tmp
status=0

step() { echo; echo "▶ $*"; }

step "typecheck"
npm run --silent typecheck || status=1

step "vitest"
node_modules/.bin/vitest run --reporter=default --reporter=json --outputFile=tmp/vitest.json || status=1

step "build"
node_modules/.bin/react-router build || status=1

step "playwright"
PLAYWRIGHT_JSON_OUTPUT_NAME=tmp/playwright.json node_modules/.bin/playwright test --reporter=list,json || status=1

node scripts/test-summary.mjs || status=1
exit $status
