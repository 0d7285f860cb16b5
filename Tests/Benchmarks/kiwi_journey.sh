#!/usr/bin/env bash
# Kiwi's shelves and search at scale: 100,000 posts (POSTS) over two years, a comment on every
# third, by 200 members, a tenth about a book, and 300 readings of one member (kiwi_journey_seed.py, written into
# the SQLite file, whose triggers index each row as it goes in).
#  1. SQLite, one server: GET /search with a mix of twelve queries (kiwi_search.lua) at 4 and at
#     32 connections: requests a second, and the p50 and p99 latency; then the member's shelves
#     (GET /users/<u>/shelves) and profile page (/@<u>), the profile page of a member with no
#     shelves (the same page without the journey) and of a member who posted every day for a year
#     (a streak of 365 days), each as a share of GET /health's rate, the median of three pairs of
#     runs, /health just before each.
#  2. PostgreSQL (the same community moved with `kiwi migrate`, which indexes it as it copies):
#     the same, on one server.
# With KIWI_BENCH_BASELINE=PATH (another build of toolbox, e.g. main's before a change), that build
# then serves the same data, and its three profile pages are measured the same way.
# The target: a search's p99 at most 50 ms. Needs wrk, and for part 2 root and PostgreSQL's
# server programs (apt-get install wrk postgresql).
#   Tests/Benchmarks/kiwi_journey.sh [POSTS]
set -euo pipefail
cd "$(dirname "$0")/../.."
posts=${1:-100000}
command -v wrk >/dev/null || { [ "$(id -u)" = 0 ] && apt-get install -y -qq wrk >/dev/null; } || { echo "wrk is not installed (apt-get install wrk)"; exit 1; }
work=$(mktemp -d)
chmod 755 "$work"
toolbox=.build/release/toolbox
source Tests/Benchmarks/kiwi_common.sh
trap cleanup EXIT
swift build -c release --static-swift-stdlib >/dev/null

wrk_run() { wrk -t2 -d10s --latency "$@" >"$work/wrk.txt"
    grep -E "Non-2xx|Socket errors" "$work/wrk.txt" >&2 || true; }
# wrk's latency percentiles in milliseconds.
percentile() { awk -v p="$1" '$1 == p { v = $2; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 } printf "%.1f", v }' "$work/wrk.txt"; }
measure() {
    for connections in 4 32; do
        wrk_run -c"$connections" -s Tests/Benchmarks/kiwi_search.lua "$1"
        echo "== search, $connections connections: $(awk '/Requests\/sec/{print $2}' "$work/wrk.txt") requests/s, p50 $(percentile 50%) ms, p99 $(percentile 99%) ms"
    done
    for path in "/users/reader0/shelves" "${profiles[@]}"; do share_of_health "GET $path" "$1" "$path"; done
}
profiles=("/@reader0" "/@reader1" "/@reader2")
# baseline FLAGS…: the profiles again, served by KIWI_BENCH_BASELINE from the same data, when it is set.
baseline() {
    [ -n "${KIWI_BENCH_BASELINE:-}" ] || return 0
    kill "$pid"; wait "$pid" 2>/dev/null || true
    toolbox=$KIWI_BENCH_BASELINE serve "$@"
    for path in "${profiles[@]}"; do share_of_health "the baseline: GET $path" "$base" "$path"; done
}

echo "### SQLite, one server: $posts posts"
serve
for index in $(seq 0 199); do
    curl -sf "$base/users" -d "{\"username\":\"reader$index\",\"password\":\"benchmark\"}" >/dev/null
done
kill "$pid"; wait "$pid" 2>/dev/null || true
file="$work/data/toolbox/kiwi/kiwi.sqlite"
start=$(date +%s)
python3 Tests/Benchmarks/kiwi_journey_seed.py "$file" "$posts"
echo "   seeded and indexed in $(($(date +%s) - start)) s"
serve
measure "$base"
baseline
kill "$pid"; wait "$pid" 2>/dev/null || true

if [ "$(id -u)" != 0 ] || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    echo "### PostgreSQL: skipped (needs root and PostgreSQL's server programs: apt-get install postgresql)"
    exit 0
fi
pg_up "$work/postgres"
start=$(date +%s)
"$toolbox" kiwi migrate --from "sqlite:$file" --to "$PG_URL" --plain >/dev/null
echo "### PostgreSQL, one server (migrated and indexed in $(($(date +%s) - start)) s)"
PGPASSWORD=toolbox psql -h 127.0.0.1 -p "$PG_PORT" -U toolbox -d kiwi -qc "VACUUM ANALYZE"
serve --database "$PG_URL"
measure "$base"
baseline --database "$PG_URL"
