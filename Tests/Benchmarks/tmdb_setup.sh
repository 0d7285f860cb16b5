# Sourced by the TMDB benchmarks: the release binary, a private home, and the stub TMDB
# on 127.0.0.1 (tmdb_stub.py) with the arguments given, then toolbox pointed at it.
#   . Tests/Benchmarks/tmdb_setup.sh LATENCY_MS PAGES [POSTER_JPEG]
# Sets: here, work, toolbox, base; cleans up on exit.
here=Tests/Benchmarks
work=$(mktemp -d)
stub_pid=""
trap '[ -n "$stub_pid" ] && kill "$stub_pid" 2>/dev/null; rm -rf "$work"' EXIT

swift build -c release --static-swift-stdlib --product toolbox >/dev/null
toolbox=$PWD/.build/release/toolbox

python3 "$here/tmdb_stub.py" "$work/port" Tests/MoviesTests/Fixtures "$@" &
stub_pid=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
base="http://127.0.0.1:$(cat "$work/port")"
export XDG_CACHE_HOME="$work/cache" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data"
export TMDB_API_KEY=benchmark-key TOOLBOX_TMDB_BASE_URL="$base/3" TOOLBOX_TMDB_IMAGE_BASE_URL="$base/t/p"
