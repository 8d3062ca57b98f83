#!/usr/bin/env bash
# Everything CI needs for the browser client (web/), on a fresh machine:
# Chromium from Debian's packages when it is missing, the npm packages from
# package-lock.json, the type check, the unit tests (Vitest), the build, and
# the end-to-end tests (playwright-core driving /usr/bin/chromium against a
# real `b5 serve`).
#
#   B5_BIN=target/release/b5 bash web/ci.sh
#
# B5_BIN names the b5 binary to test against; without it the workspace's
# target/debug/b5 or target/release/b5 is used, and built
# (`cargo build -p b5`) when there is neither. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")"
WEB=$(pwd)
ROOT=$(cd .. && pwd)
step() { printf '\n== web: %s\n' "$*"; }
t0=$(date +%s)

if [ ! -x /usr/bin/chromium ]; then
  step "installing Chromium from Debian's packages"
  SUDO=""
  [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
if ! command -v npm >/dev/null 2>&1; then
  echo "web/ci.sh: npm is missing: install Node 20 and npm (apt-get install nodejs npm)" >&2
  exit 1
fi

step "npm ci"
npm ci --no-audit --no-fund --loglevel=error

step "type check (tsc --noEmit, strict)"
npx --no-install tsc --noEmit

step "unit tests (vitest)"
npx --no-install vitest run

step "build (vite)"
npm run --silent build

if [ -z "${B5_BIN:-}" ]; then
  for b in "$ROOT/target/debug/b5" "$ROOT/target/release/b5"; do
    if [ -x "$b" ]; then B5_BIN=$b; break; fi
  done
fi
if [ -z "${B5_BIN:-}" ]; then
  step "building b5 (no B5_BIN given)"
  (cd "$ROOT" && cargo build -p b5)
  B5_BIN="$ROOT/target/debug/b5"
fi
export B5_BIN

step "end-to-end tests (Chromium, b5 serve: $B5_BIN)"
node e2e/run.mjs

echo "web/ci.sh: done in $(( $(date +%s) - t0 )) s"
