#!/usr/bin/env bash
# Every check of the project, from a fresh machine: set-up, types, lint, unit and build tests,
# and the end-to-end tests in Debian Chromium (and nginx).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser

# tsc -b is about 40 s of one core and nothing below reads its result: it runs beside the checks
# and the tests (whose waiting files leave a core idle at times), and its verdict comes at the end.
TYPES_LOG=$(mktemp)
# Packed once from the dist/ setup just built (prepack would rebuild it): attw reads these
# tarballs, and the stranger's test (tests/package/) installs them.
SSG_PACKS=$(mktemp -d)
export SSG_PACKS
trap 'rm -rf "$SSG_PACKS" "$TYPES_LOG"' EXIT
echo "== types (tsc -b, beside the tests; its verdict comes at the end)"
pnpm run -s typecheck >"$TYPES_LOG" 2>&1 &
TYPES_PID=$!
echo "== lint and format"
pnpm exec biome check .
echo "== packages as published (publint, are-the-types-wrong)"
for pkg in packages/loader packages/ssg-cli; do
  pnpm exec publint "$pkg" --strict
  (cd "$pkg" && pnpm pack --config.ignore-scripts=true --pack-destination "$SSG_PACKS" >/dev/null)
done
for tarball in "$SSG_PACKS"/*.tgz; do
  pnpm exec attw "$tarball" --profile esm-only
done
echo "== unit, build and end-to-end tests (Chromium, nginx)"
# One Vitest run (vitest.all.config.ts): the unit and build tests share the cores with the
# end-to-end files that may run beside others, then the end-to-end files that must run alone.
tests=0
pnpm exec vitest run --config vitest.all.config.ts || tests=$?
if wait "$TYPES_PID"; then
  echo "== types: no errors"
else
  echo "== types: tsc -b failed"
  cat "$TYPES_LOG"
  exit 1
fi
exit "$tests"
