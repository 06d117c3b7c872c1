#!/usr/bin/env python3
"""Bytes and compression time of one page at each zlib level (issue 34: the gzip level is chosen
from a measurement). Python's zlib is the system zlib that CompressNIO links, so the bytes are the
ones the server sends at that level; the time is zlib's alone, one core, median of many runs.

Usage: python3 benchmarks/gzip_levels.py page.html [more pages...]
"""
import statistics
import sys
import time
import zlib


def gzip_bytes(data: bytes, level: int) -> bytes:
    compressor = zlib.compressobj(level, zlib.DEFLATED, 31)  # 31: a gzip header and trailer
    return compressor.compress(data) + compressor.flush()


def main(paths: list[str]) -> None:
    for path in paths:
        data = open(path, "rb").read()
        print(f"{path}: {len(data)} bytes")
        print(f"{'level':>5} {'gzipped':>9} {'ratio':>7} {'µs/page':>9}")
        for level in (1, 3, 5, 6, 7, 9):
            out = gzip_bytes(data, level)
            runs = []
            for _ in range(30):
                start = time.perf_counter_ns()
                for _ in range(20):
                    gzip_bytes(data, level)
                runs.append((time.perf_counter_ns() - start) / 20 / 1000)
            print(f"{level:>5} {len(out):>9} {len(out) / len(data):>6.3f}x {statistics.median(runs):>9.1f}")


if __name__ == "__main__":
    main(sys.argv[1:])
