#!/usr/bin/env bash
# Kiwi's photos in an object store: SeaweedFS (`weed mini`) on loopback, release build, on a
# PostgreSQL of the run's own:
#   1. posting a 12-megapixel portrait (4032 × 3024, EXIF orientation 6, about 5 MB): a server with
#      the media store, against one with local folders (the media folder and the database), the two
#      asked in turn, 7 photos each; medians, and their ratio (target at most 1.25);
#   2. a 640 px version from a warm cache: Kiwi at its signed URL, and nginx serving the same file
#      from disk, wrk (2 threads, 32 connections, 5 s) on each in turn, three rounds (target at least
#      0.5 of nginx);
#   3. from a cold cache: each of 300 posts' 640 px version read once, the server just started
#      (its manifest and its bytes fetched from the store), p50 and p99 (target p99 at most 50 ms);
#   4. a server with --media-cache-bytes 1 GB while 5 GB of photos (1,000 of 5 MB) are read through
#      it, 8 at a time: its resident memory at rest and at its peak (target: at most the limit and
#      100 MB over its rest);
#   5. `kiwi migrate --media-to` on a community of 2,000 posts and 20 avatars (1600 × 1200 photos,
#      every version made) kept in its folders on SQLite: killed (SIGKILL) once half the photos are
#      in, run again (every object then exactly once, as its manifest names it), run a third time
#      (nothing copied); the pages readers see, compared before and after byte for byte but for
#      the media URLs; the photos a second.
#   Tests/Benchmarks/kiwi_media_store.sh
# KIWI_BENCH_BASELINE=PATH (a build from before the media store) serves part 1's local folders, so
# the figure is against the build before, in the same run; otherwise this build serves both.
# Needs root, PostgreSQL's server programs, nginx, wrk, libvips's tools and the Python tools
# scripts/test installs (.build/python: SeaweedFS, botocore).
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/.build/python/bin:$PATH"
for tool in vips wrk nginx weed; do command -v "$tool" >/dev/null || { echo "$tool is not installed"; exit 1; }; done
work=$(mktemp -d)
chmod 755 "$work"
toolbox=.build/release/toolbox
nginx=$(command -v nginx)
source Tests/Benchmarks/kiwi_common.sh
trap cleanup EXIT
swift build -c release --static-swift-stdlib >/dev/null
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
member() { python3 -c 'import sys; sys.path.insert(0, "Tests/Benchmarks"); import kiwi_api; print(kiwi_api.member(sys.argv[1], sys.argv[2]))' "$@"; }

pg_up "$work/pg"
weed_up "$work/weed"
store="s3://kiwi/photos?endpoint=$WEED_URL&path-style=true"
keys=(--media-keys "$work/media-keys")

echo "### 1. posting a 12-megapixel portrait"
for seed in 1 2 3 4 5 6 7; do
    phone_photo "$seed" 4032 3024 6 90 "$work/portrait-$seed.jpg"
    python3 Tests/Benchmarks/kiwi_photos.py orient "$work/portrait-$seed.jpg" 6
done
# Two communities on the one PostgreSQL server: one keeps its photos in the bucket, one in its folders.
PGPASSWORD=toolbox psql -h 127.0.0.1 -p "$PG_PORT" -U toolbox -d postgres -qc "CREATE DATABASE kiwi_local"
data="$work/store" serve --database "$PG_URL" --media-store "$store" "${keys[@]}"
stored=$base stored_pid=$pid
toolbox=${KIWI_BENCH_BASELINE:-$toolbox} data="$work/local" serve --database "${PG_URL%/kiwi}/kiwi_local" "${keys[@]}"
local=$base
stored_token=$(member "$stored" ada) local_token=$(member "$local" bob)
python3 Tests/Benchmarks/kiwi_media_store.py posts "$stored" "$stored_token" "$local" "$local_token" "$work"/portrait-*.jpg >"$work/posts"
python3 - "$work/posts" <<'PY'
import statistics, sys
pairs = [tuple(map(float, line.split())) for line in open(sys.argv[1])]
store, local = statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs)
print(f"== posting (medians of {len(pairs)}): {store:.3f} s with the media store, {local:.3f} s with local folders: "
      f"{store / local:.2f} × (target at most 1.25)")
PY

echo "### 2. a 640 px version from a warm cache, against nginx from disk"
version=$(curl -sf -H "Authorization: Bearer $stored_token" "$stored/posts?pageSize=1" | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["imageVersions"]["640"])')
name=$(echo "$version" | sed -E 's#.*/media/([^/]+)/.*#\1#')
mkdir -p "$work/static/$name"
curl -sf "$version" -o "$work/static/$name/640.jpg"
chmod -R a+rX "$work/static"
port=$(free_port)
nginx_run nginx "    server { listen 127.0.0.1:$port; root $work/static; }"
for _ in $(seq 50); do curl -sf -o /dev/null "http://127.0.0.1:$port/$name/640.jpg" && break; sleep 0.1; done
cmp <(curl -sf "$version") "$work/static/$name/640.jpg" || { echo "the version changed"; exit 1; }
for _ in 1 2 3; do echo "$(rate "$version") $(rate "http://127.0.0.1:$port/$name/640.jpg")"; done >"$work/rates"
python3 - "$work/rates" "$(wc -c <"$work/static/$name/640.jpg")" <<'PY'
import statistics, sys
pairs = [tuple(map(float, line.split())) for line in open(sys.argv[1])]
kiwi, nginx = statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs)
print(f"== a 640 px version ({sys.argv[2]} bytes) from the cache: Kiwi {kiwi:,.0f} req/s, nginx from disk {nginx:,.0f} req/s "
      f"(medians of 3 rounds of 5 s): {statistics.median(p[0] / p[1] for p in pairs):.2f} of nginx (target at least 0.5)")
PY

echo "### 3. from a cold cache: 300 photos read once each, the server just started"
python3 - "$stored" "$stored_token" <<'PY'
import sys
sys.path.insert(0, "Tests/Benchmarks")
from kiwi_images import png
from kiwi_photos import post
import tempfile
for index in range(293):
    with tempfile.NamedTemporaryFile(suffix=".png") as file:
        file.write(png(seed=index % 256, width=700 + index))
        file.flush()
        post(sys.argv[1], sys.argv[2], file.name)
PY
kill "$stored_pid" && wait "$stored_pid" 2>/dev/null || true
data="$work/store" serve --database "$PG_URL" --media-store "$store" "${keys[@]}"
read -r count p50 p99 < <(python3 Tests/Benchmarks/kiwi_media_store.py cold "$base" "$stored_token")
echo "== cold reads of a 640 px version, one at a time: $count of them, p50 $p50 ms, p99 $p99 ms (target p99 at most 50 ms)"
kill "$pid" && wait "$pid" 2>/dev/null || true

echo "### 4. resident memory with a 1 GB cache while 5 GB are read"
python3 Tests/Benchmarks/kiwi_media_store.py seed "$WEED_URL" photos 1000 5 >"$work/seeded"
data="$work/store" serve --database "$PG_URL" --media-store "$store" --media-cache-bytes $((1024 * 1024 * 1024)) "${keys[@]}"
sleep 1
rest=$(ps -o rss= -p "$pid" | tr -d ' ')
read -r bytes peak < <(python3 Tests/Benchmarks/kiwi_media_store.py read "$base" "$stored_token" "$pid" "$work/seeded")
python3 -c '
import sys
rest, peak, read = (int(x) for x in sys.argv[1:4])
growth = (peak - rest) / 1024
print(f"== {read / 2**30:.2f} GiB read through a 1 GiB cache: {rest / 1024:.0f} MiB at rest, {peak / 1024:.0f} MiB at the peak, "
      f"+{growth:.0f} MiB (target at most 1,024 + 100 MiB)")' "$rest" "$peak" "$bytes"
kill "$pid" && wait "$pid" 2>/dev/null || true

echo "### 5. moving a community of 2,000 photos into the bucket, killed halfway"
for seed in $(seq 10); do phone_photo "$((seed + 10))" 1600 1200 6 88 "$work/community-$seed.jpg"; done
community=(--database "sqlite:$work/community/kiwi.sqlite")
data="$work/community-data" serve "${community[@]}" "${keys[@]}"
python3 Tests/Benchmarks/kiwi_media_store.py community "$base" 2000 "$work"/community-*.jpg
reader=$(curl -sf "$base/sessions" -d '{"username":"reader0","password":"benchmark"}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
python3 Tests/Benchmarks/kiwi_media_store.py pages "$base" "$reader" "$work/before"
kill "$pid" && wait "$pid" 2>/dev/null || true
moving="s3://kiwi/community?endpoint=$WEED_URL&path-style=true"
started=$(date +%s.%N)
"$toolbox" kiwi migrate --media-to "$moving" "${community[@]}" --quiet &
mover=$!
until [ "$(python3 Tests/Benchmarks/kiwi_media_store.py manifests "$WEED_URL" community)" -ge 1010 ]; do sleep 0.2; done
kill -9 "$mover" && wait "$mover" 2>/dev/null || true
killed=$(python3 Tests/Benchmarks/kiwi_media_store.py manifests "$WEED_URL" community)
"$toolbox" kiwi migrate --media-to "$moving" "${community[@]}" 2>"$work/second.txt"
finished=$(date +%s.%N)
"$toolbox" kiwi migrate --media-to "$moving" "${community[@]}" 2>"$work/third.txt"
read -r photos objects wrong < <(python3 Tests/Benchmarks/kiwi_media_store.py exactly "$WEED_URL" community)
data="$work/community-store" serve "${community[@]}" "${keys[@]}" --media-store "$moving"
python3 Tests/Benchmarks/kiwi_media_store.py pages "$base" "$reader" "$work/after"
same=$(diff -r "$work/before" "$work/after" >/dev/null && echo "byte for byte the same" || echo "NOT the same")
"$toolbox" kiwi media check --media-store "$moving" "${community[@]}" --quiet && checked="every photo whole, no object without its photo" || checked="NOT in order"
echo "== killed with $killed of 2,020 photos in; the second run: $(grep -o '[0-9,]* photos: .*earlier run' "$work/second.txt");"
echo "   the third: $(grep -o '[0-9,]* photos: .*earlier run' "$work/third.txt")"
echo "== the bucket: $photos photos, $objects objects, $wrong photos whose objects are not exactly those their manifest names"
echo "== $(ls "$work/before" | wc -l) pages compared before and after, media URLs aside: $same; kiwi media check: $checked"
python3 -c 'import sys; print(f"== both runs together: {float(sys.argv[2]) - float(sys.argv[1]):.1f} s for 2,020 photos")' "$started" "$finished"
