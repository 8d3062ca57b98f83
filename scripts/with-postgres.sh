#!/usr/bin/env bash
# Runs a command with a private PostgreSQL server beside it, for the tests
# of the shared store (crates/server/src/pg.rs):
#
#     bash scripts/with-postgres.sh cargo test -p b5-server --test server pg:: -- --ignored
#
# It installs Debian's `postgresql` when no server is found (apt-get, as root
# or through sudo), makes
# a new cluster in a temporary folder, owned by an unprivileged user
# (PostgreSQL refuses to run as root), starts it on a free loopback port
# (no Unix socket outside that folder), runs the command with
# B5_TEST_POSTGRES set to the cluster's address, then stops the server and
# removes the folder, whatever the command's outcome; its exit code is the
# command's.
#
# The cluster runs with fsync off: the tests kill b5 processes, never the
# database server, so its syncs would only cost time. A real server keeps
# PostgreSQL's defaults (docs/server.md).
set -euo pipefail

find_bin() {
    ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

bin="$(find_bin)"
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    sudo=""
    [ "$(id -u)" = 0 ] || sudo="sudo"
    if command -v apt-get >/dev/null && { [ -z "$sudo" ] || command -v sudo >/dev/null; }; then
        echo "== installing Debian's postgresql (no PostgreSQL server found)"
        export DEBIAN_FRONTEND=noninteractive
        $sudo apt-get install -y -q postgresql >/dev/null 2>&1 || {
            $sudo apt-get update -q >/dev/null && $sudo apt-get install -y -q postgresql >/dev/null
        }
        bin="$(find_bin)"
    fi
fi
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    echo "with-postgres.sh: no PostgreSQL server (initdb) under /usr/lib/postgresql; install Debian's postgresql" >&2
    exit 1
fi

dir="$(mktemp -d /tmp/b5-pg.XXXXXX)"
as_owner=()
if [ "$(id -u)" = 0 ]; then
    owner=postgres
    id "$owner" >/dev/null 2>&1 || owner=nobody
    chown "$owner" "$dir"
    as_owner=(runuser -u "$owner" --)
fi

stop() {
    "${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$dir"
}
trap stop EXIT

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"${as_owner[@]}" "$bin/initdb" -D "$dir/data" -U b5 -A trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    exit 1
}
"${as_owner[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start \
    -o "-p $port -c listen_addresses=127.0.0.1 -k $dir -c fsync=off -c full_page_writes=off -c max_connections=200" >/dev/null || {
    cat "$dir/server.log" >&2
    exit 1
}
echo "== PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (private cluster in $dir)"

export B5_TEST_POSTGRES="postgres://b5@127.0.0.1:$port/postgres"
set +e
"$@"
rc=$?
set -e
exit "$rc"
