#!/usr/bin/env python3
"""An acknowledged write survives `kill -9` (issue 12, what held: keep it holding).

Each round starts the server on the same data directory, runs writer threads that add cars and
habits through the real forms (one device each, cookie + CSRF token), records every write the server
acknowledged (303), kills the server with SIGKILL at a random moment (fixed seed), restarts it on
the same directory, and checks in `appdeck.sqlite` that every acknowledged write is there and that
`PRAGMA integrity_check` says ok. Writes in flight at the kill may or may not be there; both are fine.

Usage: APPDECK_BIN=.build/release/appdeck python3 reliability/kill9_writes.py
       [--rounds 10] [--writers 4] [--seed 12] [--min-ms 300] [--max-ms 2000]
About 3 s a round with the defaults. Exits 1 when an acknowledged write is lost or the check fails.
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import sys
import tempfile
import threading
import time
from pathlib import Path

from harness import NO_WRITE_RATE, Device, Server, binary


def writer(base_url: str, round_: int, number: int, stop: threading.Event, acked: list[tuple[str, str]]) -> None:
    """Adds cars (even writers) or habits (odd ones) until the server dies; appends acknowledged names."""
    try:
        device = Device(base_url, timeout=5)
    except OSError:
        return
    kind = "car" if number % 2 == 0 else "habit"
    i = 0
    while not stop.is_set():
        name = f"r{round_}w{number}n{i}"
        try:
            answer = device.add_car("Kill9", name) if kind == "car" else device.add_habit(name)
        except OSError:
            return  # the server is gone
        if answer.status == 303:
            acked.append((kind, name))
        i += 1


def stored(database: Path) -> tuple[set[tuple[str, str]], str]:
    with sqlite3.connect(database, timeout=10) as db:
        names = {("car", row[0]) for row in db.execute("SELECT model FROM car WHERE manufacturer = 'Kill9'")}
        names |= {("habit", row[0]) for row in db.execute("SELECT name FROM habit")}
        check = db.execute("PRAGMA integrity_check").fetchone()[0]
    db.close()
    return names, check


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--writers", type=int, default=4)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--min-ms", type=int, default=300, help="earliest kill after the writers start")
    parser.add_argument("--max-ms", type=int, default=2000, help="latest kill after the writers start")
    options = parser.parse_args()
    chance = random.Random(options.seed)
    program = binary()
    failed = False
    totals = [0, 0]
    lost: set[tuple[str, str]] = set()
    with tempfile.TemporaryDirectory(prefix="appdeck-kill9-") as folder:
        data_dir = Path(folder)
        all_acked: set[tuple[str, str]] = set()
        for round_ in range(1, options.rounds + 1):
            server = Server(program, data_dir, args=NO_WRITE_RATE).start()
            acked: list[tuple[str, str]] = []
            stop = threading.Event()
            threads = [threading.Thread(target=writer, args=(server.url, round_, n, stop, acked))
                       for n in range(options.writers)]
            for thread in threads:
                thread.start()
            delay = chance.uniform(options.min_ms, options.max_ms) / 1000
            time.sleep(delay)
            server.kill()
            stop.set()
            for thread in threads:
                thread.join(10)
            all_acked |= set(acked)

            server = Server(program, data_dir, args=NO_WRITE_RATE).start()  # recovery happens here
            present, check = stored(server.db)
            server.stop()
            lost = all_acked - present
            round_acked = set(acked)
            in_round = {item for item in present if item[1].startswith(f"r{round_}w")}
            extra = len(in_round - round_acked)
            print(f"round {round_:2}: killed after {delay * 1000:5.0f} ms  acknowledged {len(round_acked):4}  "
                  f"present {len(round_acked & present):4}  lost {len(round_acked - present)}  "
                  f"(unacknowledged but stored {extra}; lost from earlier rounds {len(lost - round_acked)})  "
                  f"integrity_check {check}")
            totals[0] += len(round_acked)
            totals[1] += len(round_acked & present)
            failed |= bool(lost) or check != "ok"
    print(f"total: acknowledged {totals[0]}, present {totals[1]}, lost {len(lost)} over {options.rounds} rounds "
          f"(seed {options.seed}, {options.writers} writers)")
    print("FAIL" if failed else "PASS")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
