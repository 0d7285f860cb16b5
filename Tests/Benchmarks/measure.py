#!/usr/bin/env python3
"""Runs each command N times and prints its median wall time in milliseconds.

Usage: measure.py RUNS LABEL -- CMD ARGS... [--- LABEL -- CMD ARGS...]
Prints one line per command: LABEL<TAB>median_ms

The commands take turns (one run of each per round), so a machine that speeds
up or slows down during the measurement affects every command alike and the
ratios between them stay fair.
"""
import statistics
import subprocess
import sys
import time


def run_once(argv):
    started = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return (time.perf_counter() - started) * 1000


def main():
    runs = int(sys.argv[1])
    groups = [group.split(" -- ", 1) for group in " ".join(sys.argv[2:]).split(" --- ")]
    commands = [(label, command.split()) for label, command in groups]
    # Warm the page cache once; the medians are of the runs after it.
    for _, argv in commands:
        run_once(argv)
    times = {label: [] for label, _ in commands}
    for _ in range(runs):
        for label, argv in commands:
            times[label].append(run_once(argv))
    for label, _ in commands:
        print(f"{label}\t{statistics.median(times[label]):.2f}")


if __name__ == "__main__":
    main()
