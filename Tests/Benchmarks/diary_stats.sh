#!/usr/bin/env bash
# `movies diary stats` on a diary of 1,000 viewings of 400 films in one year, from a warm cache
# (each film's facts asked of the stub TMDB once, before the runs): its median against the
# binary's `--version` in the same run (commands take turns), and whether it is under the 100 ms
# the issue sets. With TOOLBOX_BENCH_BASELINE=<a toolbox binary>, `--version` of that build too.
#   Tests/Benchmarks/diary_stats.sh [RUNS]      (default 30 runs each)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-30}
. Tests/Benchmarks/tmdb_setup.sh 0 1

# 1,000 viewings spread over this year, 400 films, every fourth a rewatch, ratings in half stars.
python3 - "$XDG_DATA_HOME/toolbox/movies" <<'PY'
import datetime, json, os, random, sys
random.seed(7)
year = datetime.date.today().year
entries = []
for n in range(1000):
    day = datetime.date(year, 1, 1) + datetime.timedelta(days=n * 364 // 1000)
    film = 1000 + n % 400
    entries.append({"tmdbID": film, "imdbID": None, "title": f"Film {film}", "year": str(1950 + film % 75),
                    "watchedDate": day.isoformat(), "rating": random.choice([None, 2.5, 3, 3.5, 4, 4.5, 5]),
                    "rewatch": n >= 400})
os.makedirs(sys.argv[1], exist_ok=True)
json.dump(entries, open(f"{sys.argv[1]}/diary.json", "w"))
PY
"$toolbox" movies diary stats >/dev/null        # fetches the 400 films' facts once
before=$(curl -s "$base/__count")
results=$(python3 "$here/measure.py" "$runs" version -- "$toolbox --version" --- stats -- "$toolbox movies diary stats")
after=$(curl -s "$base/__count")
[ "$before" = "$after" ] || { echo "the warm cache sent $((after - before)) requests" >&2; exit 1; }

ms() { awk -F'\t' -v label="$1" '$1==label{print $2}' <<<"$results"; }
stats=$(ms stats)
echo "median of $runs runs each: diary stats (1,000 viewings) $stats ms, --version $(ms version) ms"
python3 -c "import sys; ok = $stats < 100; print('within' if ok else 'OVER', 'the 100 ms target'); sys.exit(0 if ok else 1)"
