#!/usr/bin/env python3
"""Heavy uploads beside a health check (issue 46, item 4): `--uploads` devices at once each post a
HabitBull CSV whose name field is one quoted value of `--megabytes` MB to `/habits/import` (the
file is refused after parsing: a name that long is no name), while a prober asks `/healthz` on a
fresh connection every 50 ms. Prints the uploads' statuses and times and the probe's latencies
(median, p99, max), and the server's peak resident memory (`VmHWM`).

Before the fix, parsing ran on Swift's cooperative pool (two threads on two cores): two or three
such uploads held both threads and a `/healthz` waited 10-12 s. Goal: `/healthz` under 100 ms
throughout; uploads beyond what may parse at once answer 503 with `Retry-After`.

Usage: python3 benchmarks/upload_parsing.py --bin .build/release/appdeck [--uploads 3] [--megabytes 19]
Not a test: figures go in benchmarks/README.md (reliability/fast/test_upload_parsing.py is the test).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "reliability"))
sys.path.insert(0, str(REPO / "reliability" / "fast"))
from harness import NO_WRITE_RATE, Device, Server  # noqa: E402
from upload_load import heavy_csv, uploads_beside_probe  # noqa: E402


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", type=Path, required=True)
    parser.add_argument("--uploads", type=int, default=3)
    parser.add_argument("--megabytes", type=float, default=19)
    options = parser.parse_args()
    server = Server(options.bin, args=[*NO_WRITE_RATE]).start()
    try:
        data = heavy_csv(int(options.megabytes * 1024 * 1024))
        devices = [Device(server.url, timeout=120) for _ in range(options.uploads)]
        results, latencies = uploads_beside_probe(server.url, devices, data)
        for status, seconds, retry in results:
            print(f"upload: {status} in {seconds:.2f} s" + (f" (Retry-After: {retry})" if retry else ""))
        ordered = sorted(latencies)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        print(f"/healthz: {len(ordered)} probes, median {statistics.median(ordered) * 1000:.1f} ms, "
              f"p99 {p99 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms")
        print(f"peak RSS: {peak_rss_mb(server.pid):.0f} MB")
    finally:
        server.stop()
        server.cleanup()


if __name__ == "__main__":
    main()
