#!/usr/bin/env bash
# What blocks and mutes cost a reader's pages: the build before them (KIWI_BENCH_BASELINE, which has
# none) against this build, where reader0 blocks 100 members and mutes 100 others, on SQLite and on
# PostgreSQL, seeded alike (20 readers, 2,000 posts; 200 more members, none of whose posts are on the
# pages, so the pages hold the same posts and only the looking costs). Page 0 logged in as reader0,
# and pages 0 and 90 anonymous, measured in turn three times (KIWI_BENCH_ROUNDS) with wrk (2 threads,
# 32 connections, 10 s): medians, and this build's as a share of the baseline's.
#   KIWI_BENCH_BASELINE=PATH Tests/Benchmarks/kiwi_blocks.sh
# Needs wrk, and for PostgreSQL its server programs and root (apt-get install wrk postgresql).
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -n "${KIWI_BENCH_BASELINE:-}" ] || { echo "set KIWI_BENCH_BASELINE to a build of toolbox from before blocks and mutes"; exit 64; }
command -v wrk >/dev/null || { echo "wrk is not installed (apt-get install wrk)"; exit 1; }
work=$(mktemp -d)
chmod 755 "$work"
toolbox=.build/release/toolbox
source Tests/Benchmarks/kiwi_common.sh
trap cleanup EXIT
ulimit -n "$(ulimit -Hn)"
[ -x "$toolbox" ] || swift build -c release --static-swift-stdlib >/dev/null

login() { curl -sf "$1/sessions" -d '{"username":"reader0","password":"benchmark"}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])'; }

# The 200 members, and (with KEEP_AWAY=1) reader0's blocks of the first 100 and mutes of the rest.
members() {
    python3 - "$1" "${2:-}" <<'PY'
import json, sys, urllib.request
base, token = sys.argv[1], sys.argv[2]
def send(method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token: headers["Authorization"] = f"Bearer {token}"
    urllib.request.urlopen(urllib.request.Request(base + path, data=json.dumps(body).encode() if body else None, method=method, headers=headers)).read()
for index in range(200):
    send("POST", "/users", {"username": f"other{index}", "password": "benchmark"})
    if token: send("POST", f"/users/other{index}/{'block' if index < 100 else 'mute'}", token=token)
PY
}

# Serves both builds on $1 (a --database per build: BASE and NEW), seeds them, and measures.
compare() {
    local store=$1 base_db=$2 new_db=$3 before before_pid before_token token
    toolbox=$KIWI_BENCH_BASELINE data="$work/baseline-$store" serve --database "$base_db"
    before=$base before_pid=$pid
    data="$work/current-$store" serve --database "$new_db"
    python3 Tests/Benchmarks/kiwi_seed.py "$before" 20 2000
    python3 Tests/Benchmarks/kiwi_seed.py "$base" 20 2000
    before_token=$(login "$before") token=$(login "$base")
    members "$before"
    members "$base" "$token"
    [ "$(curl -sf -H "Authorization: Bearer $token" "$base/users/me/blocks" | python3 -c 'import json, sys; print(len(json.load(sys.stdin)))')" = 100 ]
    echo "### $store: the baseline against this build, reader0 blocking 100 and muting 100 in this build (medians of ${KIWI_BENCH_ROUNDS:-3})"
    side_by_side "$before" "$before_token" "$base" "$token" \
        "/posts?page=0&pageSize=20 logged-in" "/posts?page=0&pageSize=20" "/posts?page=90&pageSize=20"
    kill "$pid" "$before_pid"; wait "$pid" "$before_pid" 2>/dev/null || true
}

compare SQLite "sqlite:$work/base.sqlite" "sqlite:$work/new.sqlite"
if [ "$(id -u)" != 0 ] || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    echo "### PostgreSQL: skipped (needs root and PostgreSQL's server programs: apt-get install postgresql)"
    exit 0
fi
pg_up "$work/postgres"
PGPASSWORD=toolbox psql -h 127.0.0.1 -p "$PG_PORT" -U toolbox -d postgres -qc "CREATE DATABASE kiwi_base"
compare PostgreSQL "${PG_URL%/kiwi}/kiwi_base" "$PG_URL"
