#!/usr/bin/env python3
"""MyHabits at scale: 100 habits with ten years of daily tracks (365,000 track rows) for one
device, and, where the schema has them (issue 48), a skipped day in 30 and a note in 7 of the
rest; times the list page and a details page as the server sees them, and their bytes.

Server time is the `ms=` the access log records for each request (routing, SQLite, rendering),
so the client's own overhead is not counted. The reference is /healthz in the same run.

Usage: python3 benchmarks/habits.py [--bin .build/release/appdeck] [--requests 200]
Builds the release server first unless --bin is given. Not a test: figures go in benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import datetime
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEVICE = "0123456789abcdef0123456789abcdef"
HABITS = 100
YEARS = 10


def start(binary: Path, data_dir: Path, log: Path) -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen([str(binary), "--port", "0", "--data-dir", str(data_dir), "--log-level", "info"],
                               stdout=subprocess.PIPE, stderr=open(log, "wb"), text=True)
    for line in process.stdout:
        match = re.search(r"serving (http://\S+)", line)
        if match:
            return process, match.group(1).rstrip("/")
    raise SystemExit(f"server did not start; see {log}")


def seed(database: Path) -> int:
    """Adds the device, 100 habits created ten years ago, a track on ~90% of the days and, when the
    schema has the tables (a build before issue 48 has not), a skip on a day in 30 of the others and a
    note on a day in 7."""
    today = datetime.date.today()
    first = today - datetime.timedelta(days=365 * YEARS)
    created = datetime.datetime.combine(first, datetime.time(9, 0)).strftime("%Y-%m-%d %H:%M:%S.000")
    with sqlite3.connect(database) as db:
        db.execute("INSERT OR IGNORE INTO device (id, createdAt, timeZone) VALUES (?, ?, 'UTC')", (DEVICE, created))
        db.execute("UPDATE device SET timeZone = 'UTC' WHERE id = ?", (DEVICE,))
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        extras = {"habitSkip", "habitNote"} <= tables
        tracks, skips, notes = [], [], []
        for number in range(HABITS):
            cursor = db.execute(
                "INSERT INTO habit (deviceID, name, hour, minute, color, createdAt) VALUES (?, ?, ?, ?, ?, ?)",
                (DEVICE, f"Habit number {number + 1} with a realistic name", 6 + number % 16, (number * 7) % 60,
                 f"#{(number * 37) % 256:02x}{(number * 91) % 256:02x}{(number * 53) % 256:02x}ff", created))
            habit_id = cursor.lastrowid
            day = first
            while day <= today:
                if (day.toordinal() * 7 + number) % 10:  # 9 days in 10
                    tracks.append((habit_id, day.isoformat(), created))
                elif extras and day.toordinal() % 3 == 0:  # a third of the others: one day in 30
                    skips.append((habit_id, day.isoformat()))
                if extras and (day.toordinal() + number) % 7 == 0:
                    notes.append((habit_id, day.isoformat(), f"Note {day.isoformat()}: «тихо», & <ok>"))
                day += datetime.timedelta(days=1)
        db.executemany("INSERT INTO habitTrack (habitID, day, trackedAt) VALUES (?, ?, ?)", tracks)
        if extras:
            db.executemany("INSERT INTO habitSkip (habitID, day) VALUES (?, ?)", skips)
            db.executemany("INSERT INTO habitNote (habitID, day, note) VALUES (?, ?, ?)", notes)
        print(f"skips {len(skips)}, notes {len(notes)}")
        return len(tracks)


def signed_cookie(base: str) -> str:
    """The server signs the seeded device's bare id (it has stored rows) into its own cookie."""
    request = urllib.request.Request(base + "/habits", headers={"Cookie": f"appdeck_device={DEVICE}"})
    with urllib.request.urlopen(request) as response:
        issued = response.headers["Set-Cookie"].split(";")[0]
    assert issued.startswith(f"appdeck_device={DEVICE}."), issued
    return issued


def fetch(url: str, cookie: str) -> int:
    request = urllib.request.Request(url, headers={"Cookie": cookie, "Accept-Language": "ru"})
    with urllib.request.urlopen(request) as response:
        assert response.status == 200, (url, response.status)
        assert "Set-Cookie" not in response.headers, "the device cookie was not taken"
        return len(response.read())


def server_times(log: Path, path: str) -> list[float]:
    pattern = re.compile(r"ms=([0-9.]+) \[\w+\] GET " + re.escape(path) + r" 200")
    return [float(m.group(1)) for m in pattern.finditer(log.read_text())]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", type=Path)
    parser.add_argument("--requests", type=int, default=200)
    arguments = parser.parse_args()
    binary = arguments.bin
    if binary is None:
        subprocess.run(["swift", "build", "-c", "release", "--product", "appdeck"], cwd=REPO, check=True)
        binary = REPO / ".build" / "release" / "appdeck"

    with tempfile.TemporaryDirectory(prefix="habits-bench-") as folder:
        data_dir = Path(folder)
        log = data_dir / "server.log"
        process, base = start(binary, data_dir, log)  # creates and migrates the database
        process.terminate()
        process.wait()
        began = time.monotonic()
        track_count = seed(data_dir / "appdeck.sqlite")
        print(f"seeded {HABITS} habits, {track_count} tracks in {time.monotonic() - began:.1f} s")

        log.write_text("")
        process, base = start(binary, data_dir, log)
        try:
            cookie = signed_cookie(base)
            routes = {"/healthz": "/healthz", "list /habits": "/habits", "details /habits/1": "/habits/1"}
            sizes = {}
            for name, path in routes.items():
                for _ in range(20):  # warm-up: caches, page cache, allocator
                    fetch(base + path, cookie)
                log.write_text("")
                for _ in range(arguments.requests):
                    sizes[name] = fetch(base + path, cookie)
                time.sleep(0.3)
                times = server_times(log, path)
                assert len(times) >= arguments.requests * 0.95, f"{name}: only {len(times)} log lines"
                times.sort()
                median = statistics.median(times)
                p90 = times[int(len(times) * 0.9) - 1]
                print(f"{name:20} median {median:7.2f} ms   p90 {p90:7.2f} ms   max {times[-1]:7.2f} ms   "
                      f"{sizes[name]:>8,} bytes")
        finally:
            process.terminate()
            process.wait()


if __name__ == "__main__":
    sys.exit(main())
