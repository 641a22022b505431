#!/usr/bin/env bash
# Installs what the project needs on a machine that has only Node 20 and npm:
# pnpm (pinned: pnpm 11 needs Node 22), the workspace's dependencies, and with --browser
# Debian's Chromium and nginx for the end-to-end tests.
set -euo pipefail
cd "$(dirname "$0")/.."

# The version package.json pins (packageManager), installed from the npm registry: Corepack cannot
# verify pnpm's signatures here.
PNPM_VERSION=$(node -p "require('./package.json').packageManager.replace(/^pnpm@/, '')")
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version)" != "$PNPM_VERSION" ]; then
  echo "setup: installing pnpm $PNPM_VERSION with npm"
  npm install -g "pnpm@$PNPM_VERSION" --silent
fi

echo "setup: installing dependencies"
pnpm install --frozen-lockfile --reporter=silent

# The packages run and are type-checked as they are published: compiled to dist/ (tsc).
echo "setup: building @ssg/loader and @ssg/cli"
pnpm -r --filter ./packages/loader --filter ./packages/ssg-cli run -s build

if [ "${1:-}" = "--browser" ]; then
  missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium fonts-liberation)
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx)
  if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]} from Debian"
    SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
fi
