#!/usr/bin/env bash
# npm audit of the production dependencies (issue 7): fails on any high or critical advisory.
# The audit needs the registry's advisory service; when the registry answers without one (as the
# registry snapshot this project is built against does, with 405), it says so and does not
# pretend to have checked anything.
set -uo pipefail
cd "$(dirname "$0")/.."
out=$(npm audit --omit=dev --audit-level=high 2>&1)
code=$?
if grep -qE 'audit endpoint returned an error|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|405 Method Not Allowed' <<<"$out"; then
  echo "npm audit: NOT CHECKED: the registry offers no advisory service here:"
  grep -E 'npm (warn|error) audit' <<<"$out" | head -3
  exit 0
fi
echo "$out" | tail -n 20
exit $code
