#!/usr/bin/env python3
"""Runs each command N times and prints its median wall time in milliseconds.

Usage: measure.py RUNS LABEL -- CMD ARGS... [--- LABEL -- CMD ARGS...]
Prints one line per command: LABEL<TAB>median_ms
"""
import statistics
import subprocess
import sys
import time


def measure(runs, argv):
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main():
    runs = int(sys.argv[1])
    groups = " ".join(sys.argv[2:]).split(" --- ")
    for group in groups:
        label, command = group.split(" -- ", 1)
        # Warm the page cache once; the median is of the runs after it.
        subprocess.run(command.split(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        print(f"{label}\t{measure(runs, command.split()):.2f}")


if __name__ == "__main__":
    main()
