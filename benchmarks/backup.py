#!/usr/bin/env python3
"""Backup and restore at scale (issue 36): 100 habits × 10 years of days (365,000 days) for one
device, on SQLite and on PostgreSQL. Times, as the client sees them over loopback:

- preview: `POST /backup/restore` with the file (read, checked, sealed into the preview page);
- restore: `POST /backup/restore/confirm` (the sealed file read and checked again, then every
  app's data replaced in one transaction);
- restore over: the same again, replacing the 365,000 days the first restore wrote;
- export: `GET /backup` of the restored data;

and the server's peak resident memory (`VmHWM`) above its idle resident memory (`VmRSS` after a
first page), the whole run's peak. Each phase also reports the server's own CPU seconds (user and
system), and on PostgreSQL its backends' (when the database runs on this machine), which hold
still on a machine busy with other work when wall times do not. Goals:
restore < 5 s, export < 2 s, memory < 200 MB above idle.

Usage: python3 benchmarks/backup.py --bin .build-release/release/appdeck [--postgres URL]
(`--postgres`, else APPDECK_TEST_DATABASE_URL: a server where a throwaway database is made).
Not a test: figures go in benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "reliability"))
sys.path.insert(0, str(REPO / "reliability" / "fast"))
from harness import NO_WRITE_RATE, Device, Server  # noqa: E402
from test_restore_kill9 import big_backup, multipart, sealed_preview  # noqa: E402


def status_kb(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """The process's CPU time so far, user and system: on a busy machine, what a phase cost the
    server itself, whatever else ran beside it (a PostgreSQL restore's own work is the database's)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def backends_cpu_seconds(url: str, database: str) -> float:
    """The CPU time so far of PostgreSQL's backends serving `database` (the server's pool), when
    PostgreSQL runs on this machine; 0 when their /proc entries cannot be read."""
    pids = subprocess.run(["psql", url, "-Atc", f"SELECT pid FROM pg_stat_activity WHERE datname = '{database}'"],
                          capture_output=True, text=True, check=True).stdout.split()
    total = 0.0
    for pid in pids:
        try:
            total += cpu_seconds(int(pid))
        except OSError:
            pass
    return total


def measure(server: Server, data: bytes, database_cpu=None) -> dict:
    device = Device(server.url, timeout=300)
    device.get("/habits")
    idle = status_kb(server.pid, "VmRSS")
    figures = {"file MB": round(len(data) / 1048576, 1)}

    def phase(name: str, run):
        began, cpu = time.monotonic(), cpu_seconds(server.pid)
        database = database_cpu() if database_cpu else 0
        result = run()
        figures[f"{name} s"] = round(time.monotonic() - began, 2)
        figures[f"{name} server cpu s"] = round(cpu_seconds(server.pid) - cpu, 2)
        if database_cpu:
            figures[f"{name} database cpu s"] = round(database_cpu() - database, 2)
        return result

    device.client.timeout = 300
    sealed = phase("preview", lambda: sealed_preview(device, data))
    answer = phase("restore", lambda: multipart(device, "/backup/restore/confirm", [("backup", sealed)], None, timeout=300))
    assert answer.status == 303, (answer.status, server.log_text()[-3000:])
    # Again over what is there now: the restore's deletion of 365,000 days is part of its cost.
    sealed = sealed_preview(device, data)
    answer = phase("restore over", lambda: multipart(device, "/backup/restore/confirm", [("backup", sealed)], None, timeout=300))
    assert answer.status == 303, (answer.status, server.log_text()[-3000:])
    exported = phase("export", lambda: device.get("/backup"))
    habits = json.loads(exported.text)["sections"]["habits"]["habits"]
    assert len(habits) == 100 and sum(len(h["days"]) for h in habits) == 365_000
    peak = status_kb(server.pid, "VmHWM")
    return {**figures, "idle MB": round(idle / 1024), "peak above idle MB": round((peak - idle) / 1024)}


def run_sqlite(binary: Path, data: bytes) -> dict:
    server = Server(binary, args=["--log-level", "warning", *NO_WRITE_RATE]).start()
    try:
        return measure(server, data)
    finally:
        server.stop()
        server.cleanup()


def run_postgres(binary: Path, data: bytes, url: str) -> dict:
    name = f"bench_backup_{uuid.uuid4().hex[:8]}"
    subprocess.run(["psql", url, "-qc", f"CREATE DATABASE {name}"], check=True)
    database = re.sub(r"/[^/?]+(\?|$)", f"/{name}\\1", url, count=1)
    keys = Path(tempfile.mkdtemp(prefix="appdeck-bench-keys-")) / "keys"
    subprocess.run([str(binary), "keys", "init", "--key-dir", str(keys)], check=True, capture_output=True)
    server = Server(binary, args=["--log-level", "warning", "--key-dir", str(keys), *NO_WRITE_RATE],
                    env={"APPDECK_DATABASE_URL": database}).start()
    try:
        return measure(server, data, database_cpu=lambda: backends_cpu_seconds(url, name))
    finally:
        server.stop()
        server.cleanup()
        subprocess.run(["psql", url, "-qc", f"DROP DATABASE {name}"], check=False)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", type=Path, default=REPO / ".build" / "release" / "appdeck")
    parser.add_argument("--postgres", default=os.environ.get("APPDECK_TEST_DATABASE_URL"))
    arguments = parser.parse_args()
    data = big_backup()
    print("sqlite  ", run_sqlite(arguments.bin, data), flush=True)
    if arguments.postgres:
        print("postgres", run_postgres(arguments.bin, data, arguments.postgres), flush=True)
    else:
        print("postgres: skipped (no --postgres or APPDECK_TEST_DATABASE_URL)")


if __name__ == "__main__":
    main()
