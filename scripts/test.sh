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
# Packed once from the dist/ setup just built (prepack would rebuild it): attw reads these
# tarballs, and the stranger's test (tests/package/) installs them.
SSG_PACKS=$(mktemp -d)
export SSG_PACKS
trap 'rm -rf "$SSG_PACKS"' EXIT
for pkg in packages/loader packages/ssg-cli; do
  pnpm exec publint "$pkg" --strict
  (cd "$pkg" && pnpm pack --config.ignore-scripts=true --pack-destination "$SSG_PACKS" >/dev/null)
done
for tarball in "$SSG_PACKS"/*.tgz; do
  pnpm exec attw "$tarball" --profile esm-only
done
echo "== unit and build tests"
pnpm exec vitest run
echo "== end-to-end tests (Chromium)"
pnpm exec vitest run --config tests/vitest.config.ts
