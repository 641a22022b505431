#!/usr/bin/env bash
# Every check of the project, from a fresh machine: set-up, types, lint, unit and build tests,
# then the end-to-end tests in Debian Chromium (and nginx).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser

echo "== types"
pnpm run -s typecheck
echo "== lint and format"
pnpm exec biome check .
echo "== packages as published (publint, are-the-types-wrong)"
for pkg in packages/loader packages/ssg-cli; do
  pnpm exec publint "$pkg" --strict
  pnpm exec attw --pack "$pkg" --profile esm-only
done
echo "== unit and build tests"
pnpm exec vitest run
echo "== end-to-end tests (Chromium)"
pnpm exec vitest run --config tests/vitest.config.ts
