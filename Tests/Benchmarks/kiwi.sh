#!/usr/bin/env bash
# Kiwi under load on loopback, release build, side by side in one run:
#  1. SQLite: 2,000 posts from 20 readers seeded through the API; GET /health, then page 0 and
#     page 90 of GET /posts (20 a page), each page also as a share of /health's rate.
#  2. PostgreSQL (when KIWI_BENCH_DATABASE_URL names a server where its user may create databases):
#     the SQLite community moved with `kiwi migrate` and its 100 pages compared byte for byte
#     (host names aside); one process, then two behind nginx, the same reads; writes through nginx
#     with 32 clients (posts with a small image, likes); then the fault run (kiwi_fault.py).
# Reads and writes: wrk, 2 threads, 32 connections, 10 s each.
#   KIWI_BENCH_DATABASE_URL=postgres://USER:PASSWORD@HOST:PORT/DB Tests/Benchmarks/kiwi.sh [SERVE FLAGS…]
# Needs wrk, and nginx for part 2 (apt-get install wrk nginx; installed here when run as root).
# e.g. `Tests/Benchmarks/kiwi.sh --metrics` measures the servers with their metrics on.
# KIWI_BENCH_BASELINE=PATH (another build of toolbox, e.g. main's before a change) first serves both
# builds on SQLite, seeded alike, and measures them in turn three times (the pages anonymous, and
# page 0 logged in): medians and their ratio.
set -euo pipefail
cd "$(dirname "$0")/../.."
for tool in wrk nginx; do
    command -v "$tool" >/dev/null || [ -x "/usr/sbin/$tool" ] || { [ "$(id -u)" = 0 ] && apt-get install -y -qq "$tool" >/dev/null; } \
        || { echo "$tool is not installed (apt-get install $tool)"; exit 1; }
done
nginx=$(command -v nginx || echo /usr/sbin/nginx)
work=$(mktemp -d)
chmod 755 "$work"
pids=()
database=""
toolbox=.build/release/toolbox
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    [ -n "$database" ] && psql "$KIWI_BENCH_DATABASE_URL" -qc "DROP DATABASE IF EXISTS $database WITH (FORCE)"
    rm -rf "$work"
}
trap cleanup EXIT

swift build -c release --static-swift-stdlib >/dev/null   # toolbox and toolbox-kiwi-server, which `kiwi serve` becomes
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# Starts `kiwi serve` on a free port with the given flags; sets $base and $pid.
serve() {
    local port
    port=$(free_port)
    XDG_DATA_HOME="${data:-$work/data}" "$toolbox" kiwi serve --port "$port" --quiet "$@" 2>>"$work/serve.log" &
    pid=$!
    pids+=("$pid")
    base="http://127.0.0.1:$port"
    for _ in $(seq 100); do curl -sf "$base/health" >/dev/null && return; sleep 0.1; done
    echo "kiwi serve did not start:"; cat "$work/serve.log"; exit 1
}
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
    echo "### SQLite: the baseline ($KIWI_BENCH_BASELINE) against this build, seeded alike, measured in turn (medians of 3)"
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
    for path in /health "/posts?page=0&pageSize=20" "/posts?page=90&pageSize=20" "/posts?page=0&pageSize=20 logged-in"; do
        url=${path% logged-in} old=() new=()
        for _ in 1 2 3; do
            headers=() && [ "$url" != "$path" ] && headers=(-H "Authorization: Bearer $before_token")
            old+=("$(wrk -t2 -c32 -d10s "${headers[@]}" "$before$url" | awk '/Requests\/sec/{print $2}')")
            headers=() && [ "$url" != "$path" ] && headers=(-H "Authorization: Bearer $token")
            new+=("$(wrk -t2 -c32 -d10s "${headers[@]}" "$base$url" | awk '/Requests\/sec/{print $2}')")
        done
        python3 -c 'import statistics as s, sys; a, b = (s.median(map(float, x.split())) for x in sys.argv[2:]); print(f"   {sys.argv[1]}: baseline {a:,.0f} req/s, this build {b:,.0f} req/s ({100 * b / a:.0f}%)")' \
            "$path" "${old[*]}" "${new[*]}"
    done
    kill "$pid" "$before_pid"; wait "$pid" "$before_pid" 2>/dev/null || true
fi

echo "### SQLite, one process"
serve "$@"
python3 Tests/Benchmarks/kiwi_seed.py "$base" 20 2000
reads "$base"
pages "$base" "$work/sqlite-pages"
kill "$pid"; wait "$pid" 2>/dev/null || true

if [ -z "${KIWI_BENCH_DATABASE_URL:-}" ]; then
    echo "### PostgreSQL: skipped (set KIWI_BENCH_DATABASE_URL to a server where its user may create databases)"
    exit 0
fi
database="kiwi_bench_$$"
psql "$KIWI_BENCH_DATABASE_URL" -qc "CREATE DATABASE $database"
pg=$(python3 -c "import sys, urllib.parse as u; p = u.urlparse(sys.argv[1]); print(p._replace(path='/' + sys.argv[2]).geturl())" "$KIWI_BENCH_DATABASE_URL" "$database")

echo "### kiwi migrate: the SQLite community to PostgreSQL"
start=$(date +%s.%N)
"$toolbox" kiwi migrate --from "sqlite:$work/data/toolbox/kiwi/kiwi.sqlite" --to "$pg" --plain
printf '   %.1f s\n' "$(python3 -c "print($(date +%s.%N) - $start)")"

echo "### PostgreSQL, one process"
serve --database "$pg" "$@"
first=$base
first_pid=$pid
pages "$first" "$work/postgres-pages"
diff -rq "$work/sqlite-pages" "$work/postgres-pages" >/dev/null \
    && echo "   the 101 pages of GET /posts are the same, byte for byte, as the SQLite server's (host names aside)" \
    || { echo "   the pages differ from the SQLite server's"; diff -r "$work/sqlite-pages" "$work/postgres-pages" | head -5; exit 1; }
reads "$first"

echo "### PostgreSQL, two processes behind nginx"
serve --database "$pg" "$@"
second=$base
balancer_port=$(free_port)
mkdir -p "$work/nginx"
cat >"$work/nginx.conf" <<NGINX
worker_processes 2;
error_log $work/nginx/error.log;
pid $work/nginx/nginx.pid;
events { worker_connections 4096; }
http {
    access_log off;
    client_max_body_size 20m;
    client_body_temp_path $work/nginx/body;
    proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi;
    uwsgi_temp_path $work/nginx/uwsgi;
    scgi_temp_path $work/nginx/scgi;
    upstream kiwi { server ${first#http://}; server ${second#http://}; keepalive 64; }
    server {
        listen 127.0.0.1:$balancer_port;
        location / {
            proxy_pass http://kiwi;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host \$http_host;
        }
    }
}
NGINX
chmod -R 777 "$work/nginx"
"$nginx" -c "$work/nginx.conf" -p "$work/nginx" -g 'daemon off;' 2>>"$work/nginx/error.log" &
pids+=($!)
balancer="http://127.0.0.1:$balancer_port"
for _ in $(seq 100); do curl -sf "$balancer/health" >/dev/null && break; sleep 0.1; done
reads "$balancer"

echo "### Writes through nginx, 32 clients"
token=$(curl -sf "$balancer/sessions" -d '{"username":"reader0","password":"benchmark"}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
echo "== POST /posts (a 2 KB PNG)" >&2
KIWI_TOKEN=$token rate -s Tests/Benchmarks/kiwi_post.lua "$balancer/posts" >/dev/null
echo "== POST /posts/<random>/like" >&2
KIWI_TOKEN=$token rate -s Tests/Benchmarks/kiwi_like.lua "$balancer" >/dev/null

echo "### Fault run: a burst of posts through nginx, one server killed with SIGKILL"
python3 Tests/Benchmarks/kiwi_fault.py "$balancer" "$second" "$first_pid" "$token" 400
