#!/usr/bin/env bash
# Start-up time of the release binary against a statically linked Swift "hello"
# built by this script with the same toolchain, measured in the same run.
#   Tests/Benchmarks/startup.sh [RUNS]      (default 50 runs each; medians)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-50}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swift build -c release --static-swift-stdlib --product toolbox >/dev/null
toolbox=.build/release/toolbox
printf 'print("hello")\n' > "$work/hello.swift"
swiftc -O -static-stdlib "$work/hello.swift" -o "$work/hello" 2>/dev/null

results=$(python3 Tests/Benchmarks/measure.py "$runs" \
    hello -- "$work/hello" --- \
    version -- "$toolbox --version" --- \
    help -- "$toolbox help config")
hello=$(awk -F'\t' '$1=="hello"{print $2}' <<<"$results")
echo "median of $runs runs each (ms), ratio to the static hello:"
while IFS=$'\t' read -r label ms; do
    printf '  %-26s %8.2f ms  %5.2fx\n' "$label" "$ms" "$(python3 -c "print($ms/$hello)")"
done <<<"$results"
