#!/usr/bin/env python3
"""Another device's writes during the largest import and restore (issue 46, item 3), on SQLite.

Device A imports a Loop Habit Tracker export of 1,000 habits × 500 days (500,000 days: the most
one file may bring, `OwnerLimits.daysPerFile`), then restores its own backup of them over them
(500,000 days staged, 500,000 discarded). While each confirmation runs, device B posts a car
after another on its own connection; the benchmark prints how long the confirmation took and B's
write latencies during it (count, median, p99, max).

Before the fix, the import and the restore were one SQLite transaction each and held the one
writer throughout: B's writes waited for their end (32.7 s for 1,000 × 1,000 days on a release
build). Goal: B's p99 under 200 ms during both.

Usage: python3 benchmarks/import_beside_writes.py --bin .build/release/appdeck [--habits 1000] [--days 500]
Not a test: figures go in benchmarks/README.md (Tests/StorageTests/StagedWriteTests.swift is the test).
"""

from __future__ import annotations

import argparse
import datetime
import io
import re
import statistics
import sys
import threading
import time
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "reliability"))
sys.path.insert(0, str(REPO / "reliability" / "fast"))
from harness import NO_WRITE_RATE, Device, Server  # noqa: E402
from test_restore_kill9 import multipart, sealed_preview  # noqa: E402


def loop_export(habits: int, days: int) -> bytes:
    """A Loop Habit Tracker ZIP: `Habits.csv` and one `Checkmarks.csv` per habit, `days` days each."""
    last = datetime.date.today() - datetime.timedelta(days=1)
    rows = "Date,Value,Notes\r\n" + "".join(f"{last - datetime.timedelta(days=n)},YES_MANUAL,\r\n" for n in range(days))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("Habits.csv", "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,"
                         "Unit,Target Type,Target Value,Archived?\r\n"
                         + "".join(f"{n + 1:03},Habit {n},YES_NO,,,1,1,8,,AT_LEAST,0,false\r\n" for n in range(habits)))
        for n in range(habits):
            archive.writestr(f"{n + 1:03} Habit {n}/Checkmarks.csv", rows)
        archive.writestr("Checkmarks.csv", "Date\r\n")
    return buffer.getvalue()


def writes_during(confirm, writer: Device) -> tuple[float, int, list[float]]:
    """Runs `confirm` while `writer` adds cars back to back; its time, its status, and the
    latencies of the writes that started while it ran."""
    done = threading.Event()
    latencies: list[float] = []

    def write() -> None:
        n = 0
        while not done.is_set():
            n += 1
            began = time.monotonic()
            answer = writer.add_car("Lada", f"Niva {n}", year=2000)
            if not done.is_set():
                latencies.append(time.monotonic() - began)
            assert answer.status in (200, 303), answer.status

    thread = threading.Thread(target=write)
    thread.start()
    time.sleep(0.5)  # the writer is going before the confirmation starts
    began = time.monotonic()
    status = confirm()
    took = time.monotonic() - began
    done.set()
    thread.join(120)
    return took, status, latencies


def report(name: str, took: float, status: int, latencies: list[float]) -> None:
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    print(f"{name}: {status} in {took:.2f} s; the other device's {len(ordered)} writes: median "
          f"{statistics.median(ordered) * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {ordered[-1] * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", type=Path, required=True)
    parser.add_argument("--habits", type=int, default=1_000)
    parser.add_argument("--days", type=int, default=500)
    options = parser.parse_args()
    server = Server(options.bin, args=[*NO_WRITE_RATE]).start()
    try:
        importer, writer = Device(server.url, timeout=300), Device(server.url, timeout=300)
        export = loop_export(options.habits, options.days)
        print(f"Loop export: {options.habits} habits × {options.days} days, {len(export) / 1e6:.1f} MB")
        preview = multipart(importer, "/habits/import", [], export, timeout=300)
        assert preview.status == 200, preview.status
        sealed = re.search(r'name="file" value="([^"]+)"', preview.text).group(1)
        report("import", *writes_during(
            lambda: multipart(importer, "/habits/import/confirm", [("file", sealed)], None, timeout=300).status, writer))

        backup = importer.get("/backup")
        assert backup.status == 200, backup.status
        print(f"backup: {len(backup.body) / 1e6:.1f} MB")
        sealed = sealed_preview(importer, backup.body)
        report("restore over it", *writes_during(
            lambda: multipart(importer, "/backup/restore/confirm", [("backup", sealed)], None, timeout=300).status, writer))
    finally:
        server.stop()
        server.cleanup()


if __name__ == "__main__":
    main()
