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

routes=("/health" "/posts?page=0&pageSize=20" "/posts?page=90&pageSize=20" "/posts?page=0&pageSize=20 logged-in")

# profile NAME TOOLBOX: seeds a community for NAME's build, then counts each route's instructions
# into $work/NAME.counts
profile() {
    local name=$1 build=$2
    data="$work/$name"
    toolbox=$build serve
    python3 Tests/Benchmarks/kiwi_seed.py "$base" 20 2000 >/dev/null
    kill "$pid"; wait "$pid" 2>/dev/null || true
    count_instructions "$name" "$build" "$count" "${routes[@]}"
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
