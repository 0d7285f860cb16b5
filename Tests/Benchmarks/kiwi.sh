#!/usr/bin/env bash
# Kiwi under load on loopback, release build, side by side in one run:
#  1. SQLite: 2,000 posts from 20 readers seeded through the API; GET /health, then page 0 and
#     page 90 of GET /posts (20 a page), each page also as a share of /health's rate.
#  2. PostgreSQL, a server of the run's own (initdb in a temporary folder, so the fault run can
#     restart it): the SQLite community moved with `kiwi migrate` and its 101 pages compared byte for
#     byte (host names aside); one process, then one and two behind nginx: /health and pages 0 and 90,
#     anonymous and logged in, each as a share of /health; the database's own rate for the same
#     pages (pgbench, the pages' queries prepared, 32 clients) and the server's share of it; posts and
#     likes per second through nginx; how long a write through one server takes to show on the other
#     (kiwi_delay.py, 100 writes of each kind); the fault runs (kiwi_fault.py): one server killed in a
#     burst of posts, and the database restarted in another.
# Reads and writes: wrk, 2 threads, 32 connections, 10 s each.
#   Tests/Benchmarks/kiwi.sh [SERVE FLAGS…]
# Needs wrk, and for part 2 nginx, pgbench and PostgreSQL's server programs (apt-get install wrk nginx
# postgresql; installed here when run as root) and root (to run PostgreSQL as postgres).
# e.g. `Tests/Benchmarks/kiwi.sh --metrics` measures the servers with their metrics on.
# KIWI_BENCH_BASELINE=PATH (another build of toolbox, e.g. main's before a change) first serves both
# builds on SQLite, seeded alike, and measures them in turn three times (the pages anonymous, and
# page 0 logged in): medians and their ratio; with KIWI_BENCH_COMPARE_ONLY=1, that comparison alone.
set -euo pipefail
cd "$(dirname "$0")/../.."
for tool in wrk nginx pgbench; do
    command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] || { [ "$(id -u)" = 0 ] && apt-get install -y -qq "$tool" >/dev/null; } \
        || { echo "$tool is not installed (apt-get install $tool)"; exit 1; }
done
nginx=$(command -v nginx || echo /usr/sbin/nginx)
work=$(mktemp -d)
chmod 755 "$work"
toolbox=.build/release/toolbox
source Tests/Benchmarks/kiwi_common.sh
trap cleanup EXIT

swift build -c release --static-swift-stdlib >/dev/null   # toolbox and toolbox-kiwi-server, which `kiwi serve` becomes
# /health is the framework's ceiling in the same process(es): each page's ratio to it says what the feed costs.
rate() { wrk -t2 -c32 -d10s --latency "$@" | tee "$work/wrk.txt" | grep -E "Requests/sec|^\s+(50|99)%|Non-2xx|Socket errors" >&2
    awk '/Requests\/sec/{print $2}' "$work/wrk.txt"; }
reads() {
    echo "== GET /health" >&2
    health=$(rate "$1/health")
    for page in 0 90; do
        echo "== GET /posts?page=$page&pageSize=20" >&2
        posts=$(rate "$1/posts?page=$page&pageSize=20")
        printf '   %.0f%% of /health\n' "$(python3 -c "print(100*$posts/$health)")" >&2
    done
}
# Every page of GET /posts, host names taken out, into folder $2.
pages() { mkdir -p "$2"; for page in $(seq 0 100); do curl -sf "$1/posts?page=$page&pageSize=20" | sed "s#${1}#HOST#g" >"$2/$page.json"; done; }

if [ -n "${KIWI_BENCH_BASELINE:-}" ]; then
    echo "### SQLite: the baseline ($KIWI_BENCH_BASELINE) against this build, seeded alike, measured in turn (medians of ${KIWI_BENCH_ROUNDS:-3})"
    # Assignments before a function call hold for that call only.
    toolbox=$KIWI_BENCH_BASELINE data="$work/baseline" serve "$@"
    before=$base
    before_pid=$pid
    data="$work/current" serve "$@"
    python3 Tests/Benchmarks/kiwi_seed.py "$before" 20 2000
    python3 Tests/Benchmarks/kiwi_seed.py "$base" 20 2000
    login() { curl -sf "$1/sessions" -d '{"username":"reader0","password":"benchmark"}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])'; }
    before_token=$(login "$before") token=$(login "$base")
    # A logged-in page is encoded for its reader at every request (likedByMe): it measures the JSON encoding.
    side_by_side "$before" "$before_token" "$base" "$token" \
        /health "/posts?page=0&pageSize=20" "/posts?page=90&pageSize=20" "/posts?page=0&pageSize=20 logged-in"
    kill "$pid" "$before_pid"; wait "$pid" "$before_pid" 2>/dev/null || true
    [ -z "${KIWI_BENCH_COMPARE_ONLY:-}" ] || exit 0
fi

echo "### SQLite, one process"
serve "$@"
python3 Tests/Benchmarks/kiwi_seed.py "$base" 20 2000
reads "$base"
pages "$base" "$work/sqlite-pages"
kill "$pid"; wait "$pid" 2>/dev/null || true

if [ "$(id -u)" != 0 ] || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    echo "### PostgreSQL: skipped (needs root and PostgreSQL's server programs: apt-get install postgresql)"
    exit 0
fi
pg_up "$work/postgres"
pg=$PG_URL
psql_() { PGPASSWORD=toolbox psql -h 127.0.0.1 -p "$PG_PORT" -U toolbox -d kiwi "$@"; }

echo "### kiwi migrate: the SQLite community to PostgreSQL"
start=$(date +%s.%N)
"$toolbox" kiwi migrate --from "sqlite:$work/data/toolbox/kiwi/kiwi.sqlite" --to "$pg" --plain
printf '   %.1f s\n' "$(python3 -c "print($(date +%s.%N) - $start)")"
psql_ -qc "VACUUM ANALYZE"

login() { curl -sf "$1/sessions" -d '{"username":"reader0","password":"benchmark"}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])'; }
# /health, then pages 0 and 90 anonymous and logged in, each as a share of /health; the rates go to $work/rates-$2.
readsAll() {
    local base=$1 label=$2 token
    token=$(login "$base")
    echo "== GET /health" >&2
    health=$(rate "$base/health")
    echo "health $health" >"$work/rates-$label"
    for page in 0 90; do
        for who in anonymous logged-in; do
            headers=() && [ "$who" = logged-in ] && headers=(-H "Authorization: Bearer $token")
            echo "== GET /posts?page=$page&pageSize=20, $who" >&2
            posts=$(rate "${headers[@]}" "$base/posts?page=$page&pageSize=20")
            printf '   %.0f%% of /health\n' "$(python3 -c "print(100*$posts/$health)")" >&2
            echo "$who-$page $posts" >>"$work/rates-$label"
        done
    done
}

echo "### PostgreSQL, one process"
serve --database "$pg" "$@"
first=$base
first_pid=$pid
pages "$first" "$work/postgres-pages"
diff -rq "$work/sqlite-pages" "$work/postgres-pages" >/dev/null \
    && echo "   the 101 pages of GET /posts are the same, byte for byte, as the SQLite server's (host names aside)" \
    || { echo "   the pages differ from the SQLite server's"; diff -r "$work/sqlite-pages" "$work/postgres-pages" | head -5; exit 1; }
readsAll "$first" one

echo "### PostgreSQL itself, the same pages' queries (pgbench: prepared, 32 clients, 10 s; reader0's likes for the logged-in ones)"
columns="p.id, p.image, p.caption, p.created_at, p.like_count, p.comment_count, p.book, u.username, u.fullname, u.email, u.avatar, u.created_at"
for page in 0 90; do
    for who in anonymous logged-in; do
        liked="false" && [ "$who" = logged-in ] && liked="EXISTS (SELECT 1 FROM likes l WHERE l.post_id = p.id AND l.owner = 'reader0')"
        cat >"$work/page.sql" <<SQL
SELECT $columns, $liked FROM posts p JOIN users u ON u.username = p.owner
JOIN (SELECT id FROM posts ORDER BY created_at DESC, id DESC LIMIT 20 OFFSET $((page * 20))) page ON page.id = p.id
ORDER BY p.created_at DESC, p.id DESC;
SQL
        own=$(PGPASSWORD=toolbox pgbench -h 127.0.0.1 -p "$PG_PORT" -U toolbox -n -M prepared -c 32 -j 2 -T 10 -f "$work/page.sql" kiwi 2>/dev/null \
            | awk '/^tps/{print $3; exit}')
        served=$(awk -v key="$who-$page" '$1 == key {print $2}' "$work/rates-one")
        printf '   page %s, %s: the database %.0f pages/s; the server (one process) %.0f req/s, %.0f%% of it\n' \
            "$page" "$who" "$own" "$served" "$(python3 -c "print(100*$served/$own)")"
    done
done
echo "   (EXPLAIN, 2,000 posts: page 90 reads the index only, then joins 20 rows)"
psql_ -c "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) SELECT p.id FROM posts p JOIN (SELECT id FROM posts ORDER BY created_at DESC, id DESC LIMIT 20 OFFSET 1800) page ON page.id = p.id" \
    | sed 's/^/     /'

echo "### PostgreSQL, one process behind nginx"
balance "$first"
readsAll "$balancer" nginx-one

echo "### PostgreSQL, two processes behind nginx"
serve --database "$pg" "$@"
second=$base
balance "$first" "$second"
readsAll "$balancer" nginx-two
python3 - "$work" <<'PY'
import sys
def rates(label):
    return {k: float(v) for k, v in (line.split() for line in open(f"{sys.argv[1]}/rates-{label}"))}
one, nginx_one, two = rates("one"), rates("nginx-one"), rates("nginx-two")
for key in one:
    print(f"   {key:20} one process {one[key]:9,.0f} req/s   one behind nginx {nginx_one[key]:9,.0f}   two behind nginx {two[key]:9,.0f} "
          f"({100 * two[key] / nginx_one[key]:.0f}% of one behind nginx, {100 * two[key] / one[key]:.0f}% of one alone)")
PY

echo "### Writes through nginx, 32 clients"
token=$(login "$balancer")
echo "== POST /posts (a 2 KB PNG)" >&2
KIWI_TOKEN=$token rate -s Tests/Benchmarks/kiwi_post.lua "$balancer/posts" >/dev/null
echo "== POST /posts/<random>/like" >&2
KIWI_TOKEN=$token rate -s Tests/Benchmarks/kiwi_like.lua "$balancer" >/dev/null

echo "### A write through one server, on the other's answers (readers loading its first page the whole time)"
python3 Tests/Benchmarks/kiwi_delay.py "$first" "$second" 100

echo "### Fault run: a burst of posts through nginx, one server killed with SIGKILL"
python3 Tests/Benchmarks/kiwi_fault.py "$balancer" "$second" "$token" 400 --kill "$first_pid"

echo "### Fault run: a burst of posts through nginx (to the server left), the database restarted in the middle"
restart="runuser -u postgres -- $PG_BIN/pg_ctl -D $PG_DIR/data -m fast -w restart >/dev/null"
start=$(date +%s.%N)
python3 Tests/Benchmarks/kiwi_fault.py "$balancer" "$second" "$token" 400 --restart "$restart"
printf '   %.1f s for the burst, the restart and the check\n' "$(python3 -c "print($(date +%s.%N) - $start)")"

echo "### Fault run: a burst of posts through nginx, nginx reloaded in the middle"
python3 Tests/Benchmarks/kiwi_fault.py "$balancer" "$second" "$token" 400 --reload "$nginx -c $work/nginx.conf -p $work/nginx -s reload"
