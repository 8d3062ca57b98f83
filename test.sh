#!/usr/bin/env bash
# Every test of the project: the Rust workspace (engine, cards, conformance
# scenarios, players, presentation, the online table's server and store, the
# b5 program), the store and crash tests again on PostgreSQL (a private
# server that scripts/with-postgres.sh starts and stops, installing Debian's
# postgresql when it is missing), then the browser client (type check,
# Vitest, build, and the end-to-end tests in Debian's Chromium against a
# real `b5 serve`). web/ci.sh installs Chromium and the npm packages when
# they are missing.
set -euo pipefail
cd "$(dirname "$0")"
cargo test --workspace
# The tests named *postgres* are ignored by a plain `cargo test`: they need
# the server this starts.
bash scripts/with-postgres.sh cargo test --workspace -- --ignored postgres
# The end-to-end tests use the page as `b5 serve` itself serves it.
E2E_DIRECT=1 B5_BIN="$(pwd)/target/debug/b5" bash web/ci.sh
