#!/usr/bin/env bash
# Start-up of the release binary against a statically linked Swift "hello" built by this
# script with the same toolchain, measured in the same run (commands take turns; medians):
#   --version, movies --help, a warm cached `movies similar 550` (0 requests, stub TMDB on
#   127.0.0.1), and the completion of a partial word (what every Tab press runs);
#   then the size of the binaries, stripped and not. With TOOLBOX_BENCH_BASELINE=<a toolbox
#   binary>, that build's four commands take turns with these in the same run, and each is
#   also given as a share of the baseline's time.
#   Tests/Benchmarks/startup.sh [RUNS]      (default 50 runs each)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-50}
. Tests/Benchmarks/tmdb_setup.sh 0 1
swift build -c release --static-swift-stdlib --product toolbox-kiwi-server >/dev/null

printf 'print("hello")\n' > "$work/hello.swift"
swiftc -O -static-stdlib "$work/hello.swift" -o "$work/hello" 2>/dev/null

commands=(version "--version" movies-help "movies --help" similar-warm "movies similar 550"
    completion "---completion config get -- positional@0 3 2 mo")
baseline=${TOOLBOX_BENCH_BASELINE:-}
turns=(hello -- "$work/hello")
for ((i = 0; i < ${#commands[@]}; i += 2)); do
    turns+=(--- "${commands[i]}" -- "$toolbox ${commands[i + 1]}")
    [ -z "$baseline" ] || turns+=(--- "base-${commands[i]}" -- "$baseline ${commands[i + 1]}")
done
"$toolbox" movies similar 550 >/dev/null        # fills the cache
[ -z "$baseline" ] || "$baseline" movies similar 550 >/dev/null
before=$(curl -s "$base/__count")
results=$(python3 "$here/measure.py" "$runs" "${turns[@]}")
after=$(curl -s "$base/__count")
[ "$before" = "$after" ] || { echo "the warm cache sent $((after - before)) requests" >&2; exit 1; }

ms() { awk -F'\t' -v label="$1" '$1==label{print $2}' <<<"$results"; }
hello=$(ms hello)
version=$(ms version)
echo "median of $runs runs each (ms); ratios to the static hello and to --version:"
while IFS=$'\t' read -r label value; do
    printf '  %-17s %8.2f ms  %5.2fx hello  %5.2fx --version\n' "$label" "$value" \
        "$(python3 -c "print($value/$hello)")" "$(python3 -c "print($value/$version)")"
done <<<"$results"
echo "(similar-warm: $((after - before)) upstream requests over $runs runs)"
if [ -n "$baseline" ]; then
    echo "this build's medians as a share of the baseline's ($baseline):"
    for ((i = 0; i < ${#commands[@]}; i += 2)); do
        now=$(ms "${commands[i]}")
        baseline_ms=$(ms "base-${commands[i]}")
        printf '  %-14s %8.2f ms against %8.2f ms  %5.0f %%\n' "${commands[i]}" "$now" "$baseline_ms" "$(python3 -c "print($now/$baseline_ms*100)")"
    done
fi

echo "binaries (MB, unstripped / stripped):"
for binary in "$toolbox" "$(dirname "$toolbox")/toolbox-kiwi-server"; do
    strip -o "$work/stripped" "$binary"
    printf '  %-20s %6.1f / %5.1f\n' "$(basename "$binary")" \
        "$(python3 -c "print($(stat -c %s "$binary")/1e6)")" "$(python3 -c "print($(stat -c %s "$work/stripped")/1e6)")"
done
