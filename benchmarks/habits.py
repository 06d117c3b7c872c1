#!/usr/bin/env python3
"""MyHabits at scale: 100 habits with ten years of daily tracks (365,000 track rows) for one
device, and, where the schema has them (issue 48), a skipped day in 30 and a note in 7 of the
rest, and every 4th habit measurable ("km", at least 5 a day) with a value on each day the others'
pattern would track (3 to 8 km) and a track exactly on the days that meet 5; times the list page and
two details pages (a yes/no habit's, and a measurable one's where the schema has them) as the server
sees them, and their bytes.

Server time is the `ms=` the access log records for each request (routing, SQLite, rendering),
so the client's own overhead is not counted. The reference is /healthz in the same run.

Usage: python3 benchmarks/habits.py [--bin .build/release/appdeck] [--requests 200] [--json]
Builds the release server first unless --bin is given. --json prints the figures as one JSON object
on stdout (the readable lines go to stderr), for `habits_before_after.sh`. Not a test: figures go in
benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import datetime
import json
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


MEASURED_EVERY = 4  # habit numbers 3, 7, 11, ... (ids 4, 8, 12, ...) are measurable where the schema allows
MEASURE_UNIT, MEASURE_TARGET = "km", 5.0


def columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}


def seed(database: Path, device: str) -> dict:
    """Adds `device` (the owner a cookie names) and 100 habits created ten years ago, each tracked
    on ~90% of the days. Where the schema has the tables (a build before issue 48 has not): a skip on
    a day in 30 of the others and a note on a day in 7. Where it has measurable habits
    (`habit.measureTarget`, `habitValue`): every 4th habit is one, with a value (3 to 8 km, in halves)
    on each day the yes/no pattern would track, and a track exactly on the days whose value meets the
    target, as the store keeps them.
    Returns the counts and the ids of a yes/no and a measurable habit (the latter a yes/no habit of
    the same number where the schema has no measures)."""
    today = datetime.date.today()
    first = today - datetime.timedelta(days=365 * YEARS)
    created = datetime.datetime.combine(first, datetime.time(9, 0)).strftime("%Y-%m-%d %H:%M:%S.000")
    with sqlite3.connect(database) as db:
        db.execute("INSERT OR IGNORE INTO device (id, createdAt, timeZone) VALUES (?, ?, 'UTC')", (device, created))
        db.execute("UPDATE device SET timeZone = 'UTC' WHERE id = ?", (device,))
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        extras = {"habitSkip", "habitNote"} <= tables
        measures = ({"measureUnit", "measureTarget", "measureAtMost"} <= columns(db, "habit")
                    and "habitValue" in tables and {"habitID", "day", "value"} <= columns(db, "habitValue"))
        tracks, measured_tracks, skips, notes, values = [], [], [], [], []
        yes_no_id = measured_id = None
        measured_ids = []
        for number in range(HABITS):
            measured = number % MEASURED_EVERY == MEASURED_EVERY - 1
            row = {"deviceID": device, "name": f"Habit number {number + 1} with a realistic name",
                   "hour": 6 + number % 16, "minute": (number * 7) % 60,
                   "color": f"#{(number * 37) % 256:02x}{(number * 91) % 256:02x}{(number * 53) % 256:02x}ff",
                   "createdAt": created}
            if measured and measures:
                row.update(measureUnit=MEASURE_UNIT, measureTarget=MEASURE_TARGET, measureAtMost=0)
            cursor = db.execute(f"INSERT INTO habit ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                                tuple(row.values()))
            habit_id = cursor.lastrowid
            if measured:
                measured_id = measured_id or habit_id
                if measures:
                    measured_ids.append(habit_id)
            else:
                yes_no_id = yes_no_id or habit_id
            day = first
            while day <= today:
                if (day.toordinal() * 7 + number) % 10:  # 9 days in 10
                    if measured and measures:
                        value = 3 + ((day.toordinal() * 5 + number) % 11) / 2  # 3.0, 3.5, ... 8.0
                        values.append((habit_id, day.isoformat(), value))
                        if value >= MEASURE_TARGET:  # 7 values in 11
                            measured_tracks.append((habit_id, day.isoformat(), created))
                    else:
                        tracks.append((habit_id, day.isoformat(), created))
                elif extras and day.toordinal() % 3 == 0:  # a third of the others: one day in 30
                    skips.append((habit_id, day.isoformat()))
                if extras and (day.toordinal() + number) % 7 == 0:
                    notes.append((habit_id, day.isoformat(), f"Note {day.isoformat()}: «тихо», & <ok>"))
                day += datetime.timedelta(days=1)
        db.executemany("INSERT INTO habitTrack (habitID, day, trackedAt) VALUES (?, ?, ?)", tracks)
        if measures:
            db.executemany("INSERT INTO habitValue (habitID, day, value) VALUES (?, ?, ?)", values)
            # OR IGNORE: should a later schema derive the tracks from the values itself, the rows are the same.
            db.executemany("INSERT OR IGNORE INTO habitTrack (habitID, day, trackedAt) VALUES (?, ?, ?)", measured_tracks)
        if extras:
            db.executemany("INSERT INTO habitSkip (habitID, day) VALUES (?, ?)", skips)
            db.executemany("INSERT INTO habitNote (habitID, day, note) VALUES (?, ?, ?)", notes)
        if measures:  # the tracks of a measurable habit are exactly its days that meet the target
            marks = ", ".join("?" * len(measured_ids))
            stray = db.execute(f"""SELECT COUNT(*) FROM habitTrack t WHERE t.habitID IN ({marks}) AND NOT EXISTS
                (SELECT 1 FROM habitValue v WHERE v.habitID = t.habitID AND v.day = t.day AND v.value >= ?)""",
                               (*measured_ids, MEASURE_TARGET)).fetchone()[0]
            missing = db.execute(f"""SELECT COUNT(*) FROM habitValue v WHERE v.habitID IN ({marks}) AND v.value >= ?
                AND NOT EXISTS (SELECT 1 FROM habitTrack t WHERE t.habitID = v.habitID AND t.day = v.day)""",
                                 (*measured_ids, MEASURE_TARGET)).fetchone()[0]
            assert stray == 0 and missing == 0, f"measurable habits' tracks: {stray} without a met value, {missing} missing"
        track_count = db.execute("SELECT COUNT(*) FROM habitTrack").fetchone()[0]
    return {"tracks": track_count, "skips": len(skips), "notes": len(notes), "values": len(values),
            "measurable_habits": len(measured_ids), "skips_notes": extras, "measures": measures,
            "yes_no_id": yes_no_id, "measured_id": measured_id}


def issued_cookie(base: str) -> tuple[str, str]:
    """A fresh browser's cookie, `<session>.<owner>.<day>.<mac>` (issue 36; a bare id is no identity),
    and the owner it names: the seeded rows are that owner's, so the cookie shows them."""
    with urllib.request.urlopen(urllib.request.Request(base + "/habits")) as response:
        issued = response.headers["Set-Cookie"].split(";")[0]
    name, _, value = issued.partition("=")
    parts = value.split(".")
    assert name == "appdeck_device" and len(parts) == 4, issued
    return issued, parts[1]


def fetch(url: str, cookie: str) -> bytes:
    request = urllib.request.Request(url, headers={"Cookie": cookie, "Accept-Language": "ru"})
    with urllib.request.urlopen(request) as response:
        assert response.status == 200, (url, response.status)
        assert "Set-Cookie" not in response.headers, "the device cookie was not taken"
        return response.read()


def server_times(log: Path, path: str) -> list[float]:
    pattern = re.compile(r"ms=([0-9.eE+-]+) \[\w+\] GET " + re.escape(path) + r" 200")
    return [float(m.group(1)) for m in pattern.finditer(log.read_text())]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", type=Path)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--json", action="store_true",
                        help="print the figures as one JSON object on stdout, the readable lines on stderr")
    arguments = parser.parse_args()
    out = sys.stderr if arguments.json else sys.stdout
    binary = arguments.bin
    if binary is None:
        subprocess.run(["swift", "build", "-c", "release", "--product", "appdeck"], cwd=REPO, check=True,
                       stdout=sys.stderr if arguments.json else None)
        binary = REPO / ".build" / "release" / "appdeck"

    with tempfile.TemporaryDirectory(prefix="habits-bench-") as folder:
        data_dir = Path(folder)
        log = data_dir / "server.log"
        process, base = start(binary, data_dir, log)  # creates and migrates the database and its key
        try:
            cookie, device = issued_cookie(base)
        finally:
            process.terminate()
            process.wait()
        began = time.monotonic()
        seeded = seed(data_dir / "appdeck.sqlite", device)
        print(f"seeded {HABITS} habits, {seeded['tracks']} tracks, {seeded['skips']} skips, {seeded['notes']} notes, "
              f"{seeded['values']} values of {seeded['measurable_habits']} measurable habits "
              f"in {time.monotonic() - began:.1f} s", file=out)
        measured_kind = f"measurable, {MEASURE_UNIT}" if seeded["measures"] else "yes/no: no measures in this schema"
        print(f"details pages: /habits/{seeded['yes_no_id']} (yes/no), /habits/{seeded['measured_id']} ({measured_kind})",
              file=out)

        log.write_text("")
        process, base = start(binary, data_dir, log)
        figures = {}
        try:
            routes = [("/healthz", "/healthz", "reference"), ("list /habits", "/habits", "list"),
                      (f"details /habits/{seeded['yes_no_id']}", f"/habits/{seeded['yes_no_id']}", "yes/no"),
                      (f"details /habits/{seeded['measured_id']}", f"/habits/{seeded['measured_id']}",
                       "measurable" if seeded["measures"] else "yes/no")]
            for name, path, kind in routes:
                for _ in range(20):  # warm-up: caches, page cache, allocator
                    body = fetch(base + path, cookie)
                if path == "/habits":  # the cookie shows the seeded owner's habits
                    assert b"Habit number 1 with" in body, "the list does not show the seeded habits"  # its first page (50)
                if kind == "measurable" and MEASURE_UNIT.encode() not in body:
                    print(f"warning: {path} does not show the unit {MEASURE_UNIT!r}: is it read as measurable?", file=out)
                log.write_text("")
                for _ in range(arguments.requests):
                    size = len(fetch(base + path, cookie))
                time.sleep(0.3)
                times = server_times(log, path)
                assert len(times) >= arguments.requests * 0.95, f"{name}: only {len(times)} log lines"
                times.sort()
                median = statistics.median(times)
                p90 = times[int(len(times) * 0.9) - 1]
                print(f"{name:20} median {median:7.3f} ms   p90 {p90:7.3f} ms   max {times[-1]:7.2f} ms   "
                      f"{size:>8,} bytes   {kind}", file=out)
                figures[path] = {"name": name, "kind": kind, "median_ms": median, "p90_ms": p90,
                                 "max_ms": times[-1], "bytes": size, "requests": len(times)}
        finally:
            process.terminate()
            process.wait()
    if arguments.json:
        routes_by_role = {"healthz": "/healthz", "list": "/habits", "details_yes_no": f"/habits/{seeded['yes_no_id']}",
                          "details_measured": f"/habits/{seeded['measured_id']}"}
        print(json.dumps({"binary": str(binary), "seeded": seeded,
                          "routes": {role: figures[path] | {"path": path} for role, path in routes_by_role.items()}}))


if __name__ == "__main__":
    sys.exit(main())
