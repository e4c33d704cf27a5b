#!/usr/bin/env bash
# `npm test`'s typecheck and unit tests, side by side: tsc is one thread and Vitest waits on SQLite, sockets
# and imports, so on the 2-core machine the pair takes about 36 s instead of 43 s one after the other.
# The typecheck's output is held until Vitest is done, so the two do not interleave; the exit status is
# non-zero when either fails.
set -uo pipefail
cd "$(dirname "$0")/.."

typecheck_log=$(mktemp)
trap 'rm -f "$typecheck_log"' EXIT
npm run --silent typecheck >"$typecheck_log" 2>&1 &
typecheck=$!

npm run --silent test:unit
unit=$?

wait "$typecheck"
typecheck_status=$?
echo
echo "typecheck (react-router typegen && tsc): $([ "$typecheck_status" -eq 0 ] && echo passed || echo FAILED)"
cat "$typecheck_log"

[ "$unit" -eq 0 ] && [ "$typecheck_status" -eq 0 ]
