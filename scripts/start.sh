#!/usr/bin/env bash
# Builds the vet clinic site into dist/vet and serves it on http://localhost:4173/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
pnpm exec ssg build --brand vet --out dist/vet
exec pnpm exec ssg serve dist/vet --port "${PORT:-4173}" --host localhost
