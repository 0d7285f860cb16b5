#!/usr/bin/env bash
# Where a Kiwi read's work goes, in instructions: valgrind's callgrind counts them, the same for the
# same binary and requests whatever else the machine is doing, so two builds compare to the
# instruction. Seeds 2,000 posts from 20 readers on SQLite through the API, then serves that
# community under callgrind and asks each read N times over one keep-alive connection (curl),
# counting only those requests: /health, page 0 and page 90 of GET /posts, and page 0 logged in.
# Prints each read's instructions per request and, in $work (kept), callgrind's files for
# callgrind_annotate. With KIWI_BENCH_BASELINE=PATH (another build of toolbox) it measures that
# build the same way first, and says this build's count as a share of it.
#   Tests/Benchmarks/kiwi_profile.sh [N]            (default 1000)
# Needs valgrind (apt-get install valgrind) and a release build.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)"; exit 1; }
count=${1:-1000}
work=$(mktemp -d)
keep=$work
toolbox=.build/release/toolbox
source Tests/Benchmarks/kiwi_common.sh
trap 'for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done' EXIT
swift build -c release --static-swift-stdlib >/dev/null

# ask URL N [HEADER]: N GETs of URL over one keep-alive connection, each answered 200.
ask() {
    python3 - "$@" <<'PY'
import http.client, sys, urllib.parse
url, count = urllib.parse.urlsplit(sys.argv[1]), int(sys.argv[2])
headers = dict([sys.argv[4].split(": ", 1)]) if len(sys.argv) > 4 else {}
connection = http.client.HTTPConnection(url.hostname, url.port)
for _ in range(count):
    connection.request("GET", url.path + ("?" + url.query if url.query else ""), headers=headers)
    response = connection.getresponse()
    response.read()
    assert response.status == 200, response.status
PY
}

routes=("/health" "/posts?page=0&pageSize=20" "/posts?page=90&pageSize=20" "/posts?page=0&pageSize=20 logged-in")

# profile NAME TOOLBOX: instructions per request of each route, into $work/NAME.counts
profile() {
    local name=$1 build=$2 folder="$work/$1"
    toolbox=$build data="$folder" serve
    python3 Tests/Benchmarks/kiwi_seed.py "$base" 20 2000 >/dev/null
    kill "$pid"; wait "$pid" 2>/dev/null || true
    local port server="$folder/toolbox-kiwi-server"
    port=$(free_port)
    # Without its DWARF (valgrind 3.19 cannot read this toolchain's and gives up); the symbols stay.
    cp "$(dirname "$build")/toolbox-kiwi-server" "$server" && strip --strip-debug "$server"
    # The server's program itself under callgrind (toolbox would exec it); each dump holds what ran
    # since the one before.
    XDG_DATA_HOME="$folder" valgrind --tool=callgrind --callgrind-out-file="$folder/callgrind.%p" \
        "$server" kiwi serve --port "$port" --quiet 2>>"$work/serve.log" &
    pid=$!
    pids+=("$pid")
    base="http://127.0.0.1:$port"
    for _ in $(seq 600); do curl -sf "$base/health" >/dev/null && break; sleep 0.2; done
    local token
    token=$(curl -sf "$base/sessions" -d '{"username":"reader0","password":"benchmark"}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
    : >"$work/$name.counts"
    for route in "${routes[@]}"; do
        local url=${route% logged-in} headers=()
        [ "$url" != "$route" ] && headers=(-H "Authorization: Bearer $token")
        # Warm (kept pages made, first-use costs paid) and dumped apart: the next dump is the requests'.
        ask "$base$url" 20 "${headers[@]}"
        callgrind_control -d "$pid" >/dev/null
        ask "$base$url" "$count" "${headers[@]}"
        callgrind_control -d "$pid" >/dev/null
        local file
        file=$(ls -t "$folder"/callgrind.* | head -1)
        local total
        total=$(grep -E '^(summary|totals):' "$file" | head -1 | awk '{print $2}')
        echo "$route	$((total / count))	$file" >>"$work/$name.counts"
        printf '   %s, %-40s %s instructions a request\n' "$name" "$route" "$((total / count))"
    done
    kill "$pid"; wait "$pid" 2>/dev/null || true
}

if [ -n "${KIWI_BENCH_BASELINE:-}" ]; then
    echo "### the baseline ($KIWI_BENCH_BASELINE)"
    profile baseline "$KIWI_BENCH_BASELINE"
fi
echo "### this build"
profile current .build/release/toolbox
if [ -n "${KIWI_BENCH_BASELINE:-}" ]; then
    echo "### this build's instructions a request as a share of the baseline's"
    paste "$work/baseline.counts" "$work/current.counts" | awk -F'\t' '{printf "   %-40s %d → %d (%.0f%%)\n", $1, $2, $5, 100 * $5 / $2}'
fi
echo "callgrind's files (callgrind_annotate FILE): $keep"
