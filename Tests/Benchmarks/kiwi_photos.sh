#!/usr/bin/env bash
# Kiwi's photos, on loopback, release build, one server on SQLite:
#   1. the time to post a phone's photo, the upload and its processing (median of 5 POSTs each),
#      against a 16 × 16 PNG's POST: a 12-megapixel one (4032 × 3024, a 5 MB JPEG) as a landscape
#      (EXIF orientation 1) and as a portrait (orientation 6, stored turned, as phones store
#      them), and a 48-megapixel portrait (8064 × 6048, a 7 MB JPEG, as a 48-megapixel phone's);
#   2. a PNG declaring 50,000 × 50,000 pixels posted: its answer and time, and the server's memory;
#      the server's resident memory at rest, and its peak (sampled every 10 ms) while 8
#      48-megapixel portraits are posted at once;
#   3. the bytes a member's browser loads for page 0 of the feed (Chromium, 1280 × 900, scrolled to
#      the end so every lazy image loads), HTML and images, with 20 posts of such photos; and what
#      the same page loaded before photos had versions: its HTML and each photo's original file
#      whole (every <img> named `/uploads/<original>`);
#   4. a 640 px version served per second by Kiwi at its signed URL, and by nginx from the same
#      file on disk, wrk (2 threads, 32 connections, 5 s) on each in turn, three rounds.
#   Tests/Benchmarks/kiwi_photos.sh        (KIWI_SCREENSHOT=PATH.png saves the page as the browser drew it)
# Needs libvips's tools (apt-get install libvips-tools), wrk, nginx, Chromium with chromedriver and
# Selenium (pip install selenium).
set -euo pipefail
cd "$(dirname "$0")/../.."
for tool in vips wrk nginx chromedriver; do command -v "$tool" >/dev/null || { echo "$tool is not installed"; exit 1; }; done
work=$(mktemp -d)
toolbox=.build/release/toolbox
nginx=$(command -v nginx)
source Tests/Benchmarks/kiwi_common.sh
trap cleanup EXIT
swift build -c release --static-swift-stdlib >/dev/null

for seed in 1 2 3; do
    phone_photo "$seed" 4032 3024 6 90 "$work/photo-$seed.jpg"
    cp "$work/photo-$seed.jpg" "$work/portrait-$seed.jpg"
    python3 Tests/Benchmarks/kiwi_photos.py orient "$work/portrait-$seed.jpg" 6
    phone_photo "$seed" 8064 6048 3 85 "$work/large-$seed.jpg"
    python3 Tests/Benchmarks/kiwi_photos.py orient "$work/large-$seed.jpg" 6
done
python3 -c "import sys, sys; sys.path.insert(0, 'Tests/Benchmarks')
from kiwi_images import png; open(sys.argv[1], 'wb').write(png())" "$work/small.png"
printf '== photos: 4032 × 3024, %s bytes on average; 8064 × 6048, %s bytes on average\n' \
    "$(cat "$work"/photo-*.jpg | wc -c | awk '{printf "%d", $1/3}')" "$(cat "$work"/large-*.jpg | wc -c | awk '{printf "%d", $1/3}')"

data="$work/data" serve
curl -sf -X POST "$base/users" -d '{"username":"ada","password":"benchmark"}' >/dev/null
token=$(curl -sf -X POST "$base/sessions" -d '{"username":"ada","password":"benchmark"}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
timed_post() { python3 - "$base" "$token" "$1" <<'PY'
import sys, time
sys.path.insert(0, "Tests/Benchmarks")
from kiwi_photos import post
started = time.monotonic()
post(*sys.argv[1:4])
print(f"{time.monotonic() - started:.3f}")
PY
}
small=$(for _ in 1 2 3 4 5; do timed_post "$work/small.png"; done | median)
landscape=$(for seed in 1 2 3 1 2; do timed_post "$work/photo-$seed.jpg"; done | median)
portrait=$(for seed in 1 2 3 1 2; do timed_post "$work/portrait-$seed.jpg"; done | median)
large=$(for seed in 1 2 3 1 2; do timed_post "$work/large-$seed.jpg"; done | median)
printf '== posting (medians of 5): a 12-megapixel landscape %.3f s, a 12-megapixel portrait (orientation 6) %.3f s (target 0.5 s),\n' \
    "$landscape" "$portrait"
printf '   a 48-megapixel portrait %.3f s (target 1 s), a 16 × 16 PNG %.3f s\n' "$large" "$small"

rss() { ps -o rss= -p "$pid" | tr -d ' '; }
# A 274-byte PNG that declares 50,000 × 50,000 pixels: refused from its header.
before=$(rss)
bomb=$(python3 - "$base" "$token" Tests/PluginAPITests/Fixtures/declares-50000x50000.png <<'PY'
import sys, time, urllib.error
sys.path.insert(0, "Tests/Benchmarks")
from kiwi_photos import post
started = time.monotonic()
try:
    post(*sys.argv[1:4])
    status = 201
except urllib.error.HTTPError as error:
    status = error.code
print(f"{status} {time.monotonic() - started:.3f}")
PY
)
printf '== a PNG declaring 50,000 × 50,000 pixels: %s in %s s; server memory %d MiB before, %d MiB after\n' \
    ${bomb% *} ${bomb#* } $((before / 1024)) $(($(rss) / 1024))
rest=$(rss)
peak_file="$work/peak"
( peak=0; while kill -0 "$pid" 2>/dev/null && [ ! -f "$work/burst-done" ]; do
      now=$(rss); [ "$now" -gt "$peak" ] && peak=$now; echo "$peak" >"$peak_file"; sleep 0.01; done ) &
sampler=$!
seconds=$(python3 Tests/Benchmarks/kiwi_photos.py burst "$base" "$token" "$work/large-1.jpg" 8)
touch "$work/burst-done"; wait "$sampler"
peak=$(cat "$peak_file")
printf '== 8 48-megapixel portraits at once: %s s in all; server memory %d MiB at rest, %d MiB at peak (+%d MiB, target 300 MB)\n' \
    "$seconds" $((rest / 1024)) $((peak / 1024)) $(((peak - rest) / 1024))

# Page 0: 20 posts (the web feed's page) of the three photos in turn.
for index in $(seq 20); do python3 Tests/Benchmarks/kiwi_photos.py post "$base" "$token" "$work/photo-$((index % 3 + 1)).jpg" >/dev/null; done
python3 Tests/Benchmarks/kiwi_photos.py page "$base" ada benchmark "${KIWI_SCREENSHOT:-}" >"$work/page.json"
python3 - "$work/page.json" "$work" <<'PY'
import json, os, sys
page = json.load(open(sys.argv[1]))
originals = [os.path.getsize(os.path.join(sys.argv[2], f"photo-{index % 3 + 1}.jpg")) for index in range(1, 21)]
after = page["html"] + page["images"]
before = page["html"] + sum(originals)
print(f"== page 0 in a member's browser: {after / 1024:.0f} KiB now (HTML {page['html'] / 1024:.0f} KiB, "
      f"{page['count']} images {page['images'] / 1024:.0f} KiB, the largest {page['largest'] / 1024:.0f} KiB); "
      f"{before / 1048576:.1f} MiB before (each original whole): {after / before:.3f} of it")
PY

# One version by Kiwi at its signed URL, and the same file by nginx from disk.
version=$(curl -sf -H "Authorization: Bearer $token" "$base/posts?pageSize=1" | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["imageVersions"]["640"])')
name=$(echo "$version" | sed -E 's#.*/media/([^/]+)/.*#\1#')
port=$(free_port)
# nginx's workers run as another user: they may read the benchmark's files.
chmod a+rX "$work" && chmod -R a+rX "$work/data"
nginx_run static "    server { listen 127.0.0.1:$port; root $work/data/toolbox/kiwi/media; }"
for _ in $(seq 50); do curl -sf -o /dev/null "http://127.0.0.1:$port/$name/640.jpg" && break; sleep 0.1; done
cmp <(curl -sf "$version") <(curl -sf "http://127.0.0.1:$port/$name/640.jpg") || { echo "nginx serves another file"; exit 1; }
# Three rounds, Kiwi then nginx, 5 s each: the medians, and the ratio of each round's pair.
rate() { wrk -t2 -c32 -d5s "$1" | awk '/Requests\/sec/ {print $2}'; }
for _ in 1 2 3; do
    echo "$(rate "$version") $(rate "http://127.0.0.1:$port/$name/640.jpg")"
done >"$work/rates"
python3 - "$work/rates" "$(curl -sf "$version" | wc -c)" <<'PY'
import statistics, sys
pairs = [tuple(map(float, line.split())) for line in open(sys.argv[1])]
kiwi, nginx = statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs)
ratio = statistics.median(p[0] / p[1] for p in pairs)
print(f"== a 640 px version ({sys.argv[2]} bytes): Kiwi {kiwi:.0f} req/s, nginx from disk {nginx:.0f} req/s "
      f"(medians of 3 rounds of 5 s): {ratio:.2f} of nginx (median of the rounds' ratios)")
PY
