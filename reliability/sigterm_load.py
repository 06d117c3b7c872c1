#!/usr/bin/env python3
"""SIGTERM under load is a clean, quick stop (issue 12, what held: keep it holding).

Each round starts the server on the same data directory, loads it with writer threads (cars and
habits through the real forms) and readers (wrk on /cars and /habits with a device's cookie when wrk
is installed, else reader threads), sends SIGTERM at a random moment (fixed seed), and measures the
time to exit and the exit code. Then, on the database file: `PRAGMA integrity_check`, no car or habit
with an empty required field, no track without its habit, and every acknowledged write present.

Passes when every round exits 0 within 5 s and the database checks hold.

Usage: APPDECK_BIN=.build/release/appdeck python3 reliability/sigterm_load.py
       [--rounds 5] [--writers 3] [--seed 12] [--min-ms 500] [--max-ms 2500]
About 4 s a round with the defaults. Exits 1 when a check fails.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from harness import BODIES, COOKIE, NO_WRITE_RATE, Client, Device, Server, binary

PARTIAL = {
    "cars with an empty required field": f"SELECT COUNT(*) FROM car WHERE manufacturer = '' OR model = '' "
                                         f"OR body NOT IN ({', '.join(repr(b) for b in BODIES)})",
    "habits with an empty required field": "SELECT COUNT(*) FROM habit WHERE name = '' OR color = '' "
                                           "OR hour NOT BETWEEN 0 AND 23 OR minute NOT BETWEEN 0 AND 59",
    "tracks without their habit": "SELECT COUNT(*) FROM habitTrack WHERE habitID NOT IN (SELECT id FROM habit)",
}


def writer(device: Device, round_: int, number: int, stop: threading.Event, acked: list) -> None:
    i = 0
    while not stop.is_set():
        name = f"t{round_}w{number}n{i}"
        try:
            answer = device.add_car("Term", name, BODIES[i % 8], 1990 + i % 30) if number % 2 == 0 \
                else device.add_habit(name)
        except OSError:
            return
        if answer.status == 303:
            acked.append(("car" if number % 2 == 0 else "habit", name))
        i += 1


def reader(base_url: str, cookie: str, stop: threading.Event) -> None:
    client = Client(base_url, timeout=5)
    while not stop.is_set():
        for path in ("/cars", "/habits", "/"):
            try:
                client.request("GET", path, headers={"Cookie": f"{COOKIE}={cookie}"})
            except OSError:
                return


def check(database: Path, acked: set) -> tuple[dict[str, object], bool]:
    with sqlite3.connect(database, timeout=10) as db:
        figures: dict[str, object] = {"integrity_check": db.execute("PRAGMA integrity_check").fetchone()[0]}
        for name, query in PARTIAL.items():
            figures[name] = db.execute(query).fetchone()[0]
        present = {("car", r[0]) for r in db.execute("SELECT model FROM car WHERE manufacturer = 'Term'")}
        present |= {("habit", r[0]) for r in db.execute("SELECT name FROM habit")}
    db.close()
    figures["acknowledged writes lost"] = len(acked - present)
    ok = figures["integrity_check"] == "ok" and all(v == 0 for k, v in figures.items() if k != "integrity_check")
    return figures, ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--writers", type=int, default=3)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--min-ms", type=int, default=500)
    parser.add_argument("--max-ms", type=int, default=2500)
    options = parser.parse_args()
    chance = random.Random(options.seed)
    program = binary()
    wrk = shutil.which("wrk")
    failed = False
    acked: list = []
    with tempfile.TemporaryDirectory(prefix="appdeck-sigterm-") as folder:
        data_dir = Path(folder)
        for round_ in range(1, options.rounds + 1):
            server = Server(program, data_dir, args=NO_WRITE_RATE).start()
            stop = threading.Event()
            devices = [Device(server.url, timeout=5) for _ in range(options.writers)]
            threads = [threading.Thread(target=writer, args=(d, round_, n, stop, acked)) for n, d in enumerate(devices)]
            if wrk:
                readers = [subprocess.Popen([wrk, "-t1", "-c4", "-d30s", "-H", f"Cookie: {COOKIE}={devices[0].cookie}",
                                             f"{server.url}{path}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                           for path in ("/cars", "/habits")]
            else:
                readers = []
                threads += [threading.Thread(target=reader, args=(server.url, devices[0].cookie, stop)) for _ in range(2)]
            for thread in threads:
                thread.start()
            delay = chance.uniform(options.min_ms, options.max_ms) / 1000
            time.sleep(delay)
            before = len(acked)
            code, seconds = server.terminate(timeout=5)
            stop.set()
            for process in readers:
                process.terminate()
                process.wait()
            for thread in threads:
                thread.join(10)
            if code is None:
                server.kill()
            server.cleanup()
            figures, ok = check(server.db, set(acked))
            ok = ok and code == 0 and seconds <= 5
            failed |= not ok
            print(f"round {round_}: SIGTERM after {delay * 1000:5.0f} ms of load ({before} writes acknowledged so far); "
                  f"{'exit %s after %.2f s' % (code, seconds) if code is not None else 'still running after 5 s'}; "
                  + "; ".join(f"{k} {v}" for k, v in figures.items()) + f"  {'ok' if ok else 'FAIL'}")
    print(f"total acknowledged writes: {len(acked)} over {options.rounds} rounds "
          f"(seed {options.seed}, {options.writers} writers, readers: {'wrk' if wrk else 'threads'})")
    print("FAIL" if failed else "PASS")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
