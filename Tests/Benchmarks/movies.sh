#!/usr/bin/env bash
# Movies benchmarks against a local stub TMDB (127.0.0.1, nothing leaves the machine):
#  1. `movies similar 550` from a warm cache: upstream requests (must be 0) and its
#     median wall time as a ratio to `toolbox --version` in the same run;
#  2. `movies list --all` over 10 pages with 100 ms latency against fetching the
#     same 10 pages one after another (a sequential HTTP client in the same run).
#   Tests/Benchmarks/movies.sh [RUNS]      (default 30)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-30}
. Tests/Benchmarks/tmdb_setup.sh 100 10
count() { curl -s "$base/__count"; }

"$toolbox" movies similar 550 >/dev/null          # fills the cache
before=$(count)
results=$(python3 "$here/measure.py" "$runs" \
    version -- "$toolbox --version" --- \
    similar-warm -- "$toolbox movies similar 550")
after=$(count)
version=$(awk -F'\t' '$1=="version"{print $2}' <<<"$results")
similar=$(awk -F'\t' '$1=="similar-warm"{print $2}' <<<"$results")
echo "warm cache: $((after - before)) upstream requests over $runs runs of 'movies similar 550'"
printf '  toolbox --version           %8.2f ms\n' "$version"
printf '  movies similar 550 (warm)   %8.2f ms  %5.2fx --version\n' "$similar" "$(python3 -c "print($similar/$version)")"

sequential=$(python3 - "$base" "$runs" <<'PY'
import statistics, sys, time, urllib.request
base, runs = sys.argv[1], int(sys.argv[2])
times = []
for _ in range(max(5, runs // 3)):
    started = time.perf_counter()
    for page in range(1, 11):
        urllib.request.urlopen(f"{base}/3/discover/movie?with_people=71580&sort_by=popularity.desc&page={page}&api_key=k").read()
    times.append((time.perf_counter() - started) * 1000)
print(f"{statistics.median(times):.2f}")
PY
)
concurrent=$(python3 "$here/measure.py" "$(( runs / 3 > 5 ? runs / 3 : 5 ))" all -- "$toolbox movies list --all --refresh" | cut -f2)
echo "10 pages, 100 ms latency each:"
printf '  one after another           %8.2f ms\n' "$sequential"
printf '  movies list --all           %8.2f ms  %5.1f%% of one after another\n' "$concurrent" "$(python3 -c "print(100*$concurrent/$sequential)")"
