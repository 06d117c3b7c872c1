#!/usr/bin/env python3
"""Resident memory stays flat under a long mixed load (issue 12, the suite's memory soak).

Seeds 1,000 cars and 50 habits through the real forms, then loads `/`, `/cars` and `/habits` at once
for the given duration (three wrk processes, 5 connections each, with the device's cookie; reader
threads when wrk is missing), sampling the server's VmRSS every second. Prints resident memory after
start, after seeding, the maximum and at the end (2 s after the load), and requests per second.

Passes when the end is within 10% of the after-seeding figure (the figure is printed either way).

Usage: APPDECK_BIN=.build/release/appdeck python3 reliability/soak_memory.py
       [--seconds 60] [--cars 1000] [--habits 50] [--tolerance 0.10]
About seconds + 15 s. Exits 1 when memory grew beyond the tolerance or the server died.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import threading
import time

from harness import BODIES, COOKIE, NO_WRITE_RATE, Client, Device, Server, binary, mib, server_errors

ROUTES = ("/", "/cars", "/habits")


def reader(base_url: str, cookie: str, path: str, stop: threading.Event, counts: dict) -> None:
    client = Client(base_url)
    while not stop.is_set():
        client.request("GET", path, headers={"Cookie": f"{COOKIE}={cookie}"})
        counts[path] = counts.get(path, 0) + 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--cars", type=int, default=1000)
    parser.add_argument("--habits", type=int, default=50)
    parser.add_argument("--tolerance", type=float, default=0.10)
    options = parser.parse_args()

    server = Server(binary(), args=NO_WRITE_RATE).start()
    try:
        time.sleep(0.5)
        rss_start = server.rss_kb()
        device = Device(server.url)
        for i in range(options.cars):
            assert device.add_car(f"Maker{i}", f"Model{i}", BODIES[i % 8], 1990 + i % 30, f"A{i}").status == 303
        for i in range(options.habits):
            assert device.add_habit(f"Habit number {i + 1} with a realistic name").status == 303
        time.sleep(1)
        rss_seeded = server.rss_kb()
        print(f"seeded {options.cars} cars and {options.habits} habits; RSS after start {mib(rss_start)}, "
              f"after seeding {mib(rss_seeded)}")

        wrk = shutil.which("wrk")
        stop, counts, loads = threading.Event(), {}, []
        header = f"Cookie: {COOKIE}={device.cookie}"
        for path in ROUTES:
            if wrk:
                loads.append(subprocess.Popen([wrk, "-t1", "-c5", f"-d{options.seconds}s", "-H", header, server.url + path],
                                              stdout=subprocess.PIPE, text=True))
            else:
                thread = threading.Thread(target=reader, args=(server.url, device.cookie, path, stop, counts), daemon=True)
                thread.start()
                loads.append(thread)
        samples = []
        began = time.monotonic()
        while time.monotonic() - began < options.seconds:
            time.sleep(1)
            samples.append(server.rss_kb())
            if int(time.monotonic() - began) % 10 == 0:
                print(f"    t={time.monotonic() - began:4.0f} s  RSS {mib(samples[-1])}")
        stop.set()
        rates = {}
        for path, load in zip(ROUTES, loads):
            if wrk:
                output = load.communicate(timeout=30)[0]
                match = re.search(r"Requests/sec:\s+([\d.]+)", output)
                rates[path] = float(match.group(1)) if match else 0.0
            else:
                load.join(10)
                rates[path] = counts.get(path, 0) / options.seconds
        time.sleep(2)
        rss_end = server.rss_kb()
        alive = server.alive()
        errors = server_errors(server.log_text())
    finally:
        server.stop()
        server.cleanup()

    growth = (rss_end - rss_seeded) / rss_seeded
    print("load (" + ("wrk -t1 -c5 per route" if wrk else "one reader thread per route") + "): "
          + ", ".join(f"{path} {rate:.0f} req/s" for path, rate in rates.items()))
    print(f"RSS: start {mib(rss_start)}, after seeding {mib(rss_seeded)}, max {mib(max(samples))}, "
          f"end {mib(rss_end)} ({growth:+.1%} vs after seeding; tolerance {options.tolerance:.0%})")
    print(f"5xx or unhandled-error log lines: {len(errors)}; server alive at the end: {alive}")
    ok = alive and not errors and abs(growth) <= options.tolerance
    print("PASS" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
