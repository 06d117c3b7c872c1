"""Issue 36: a backup restore killed with -9 halfway leaves the old data whole. A real `appdeck`
process on a real SQLite file: a device's cars and habits, then a restore of 100 habits × 3,650
days (365,000 days), the process killed (SIGKILL) halfway through the confirmation's transaction
(once 2 MB of its uncommitted pages are in the WAL, before any answer),
started again on the same data directory: the device's export is what it was before, and the file
passes SQLite's integrity check. The same confirmation sent again and left to finish is whole."""

from __future__ import annotations

import datetime
import json
import re
import sqlite3
import threading
import time
import uuid

from conftest import APPDECK_BIN
from harness import NO_WRITE_RATE, Device, Server


def big_backup() -> bytes:
    start = datetime.date(2016, 1, 1)
    days = [(start + datetime.timedelta(days=n)).isoformat() for n in range(3650)]
    habits = [{"name": f"Habit {n}", "time": "08:00", "color": "#ff9f0aff", "createdAt": "2016-01-01T07:00:00.000Z", "days": days}
              for n in range(100)]
    return json.dumps({"format": "appdeck-backup", "version": 1, "exportedAt": "2026-01-01T00:00:00.000Z", "day": "2026-01-01",
                       "sections": {"habits": {"habits": habits}}}, separators=(",", ":")).encode()


def multipart(device: Device, path: str, fields: list[tuple[str, str]], file: bytes | None, timeout: float = 120):
    """A multipart form post as a browser sends it, waiting up to `timeout` seconds for the answer."""
    boundary = f"----reliability{uuid.uuid4().hex[:12]}"
    body = b""
    for name, value in [("_csrf", device.token), *fields]:
        body += f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
    if file is not None:
        body += f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="b.json"\r\nContent-Type: application/json\r\n\r\n'.encode()
        body += file + b"\r\n"
    body += f"--{boundary}--\r\n".encode()
    if device.client.timeout < timeout:
        device.client.close()  # a connection keeps the timeout it was made with
        device.client.timeout = timeout
    return device.client.request("POST", path, body, device.headers({
        "Content-Type": f"multipart/form-data; boundary={boundary}", "Origin": device.base_url}))


def sealed_preview(device: Device, data: bytes) -> str:
    preview = multipart(device, "/backup/restore", [], data)
    assert preview.status == 200, preview.status
    return re.search(r'name="backup" value="([^"]+)"', preview.text).group(1)


def sections(device: Device) -> dict:
    answer = device.get("/backup")
    assert answer.status == 200
    return json.loads(answer.text)["sections"]


def reopened(device: Device, server: Server) -> Device:
    """The same browser (cookie and token) against a restarted server."""
    again = Device(server.url)
    again.cookie, again.token = device.cookie, device.token
    return again


def test_a_restore_killed_halfway_leaves_the_old_data_whole(tmp_path):
    data = big_backup()
    server = Server(APPDECK_BIN, data_dir=tmp_path, args=["--log-level", "info", *NO_WRITE_RATE]).start()
    try:
        device = Device(server.url)
        for n in range(3):
            assert device.add_car("Fiat", f"12{n}p").status == 303
        assert device.add_habit("Read").status == 303
        before = sections(device)
        sealed = sealed_preview(device, data)

        answered: list[object] = []

        def confirm() -> None:
            try:
                answered.append(multipart(device, "/backup/restore/confirm", [("backup", sealed)], None).status)
            except Exception as error:  # the connection dies with the process
                answered.append(error)

        # Halfway is while the transaction writes: its pages spill into the WAL before it commits.
        wal = tmp_path / "appdeck.sqlite-wal"
        base = wal.stat().st_size if wal.exists() else 0
        thread = threading.Thread(target=confirm)
        thread.start()
        deadline = time.monotonic() + 120
        while not answered and time.monotonic() < deadline and (wal.stat().st_size if wal.exists() else 0) < base + 2 * 1024 * 1024:
            time.sleep(0.002)
        grown = (wal.stat().st_size if wal.exists() else 0) - base
        server.kill()
        thread.join(30)
        assert answered and not isinstance(answered[0], int), f"the restore finished before the kill: {answered}"
        assert grown >= 2 * 1024 * 1024, f"killed before the transaction wrote (the WAL grew {grown} bytes)"
        print(f"killed with {grown / 1048576:.1f} MB of the restore in the WAL")
    finally:
        server.kill()

    with sqlite3.connect(tmp_path / "appdeck.sqlite") as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    restarted = Server(APPDECK_BIN, data_dir=tmp_path, args=["--log-level", "info", *NO_WRITE_RATE]).start()
    try:
        assert sections(reopened(device, restarted)) == before, "the old data, whole"
        # The same preview confirmed again, left to finish: the new data, whole.
        again = reopened(device, restarted)
        began = time.monotonic()
        assert multipart(again, "/backup/restore/confirm", [("backup", sealed)], None).status == 303
        print(f"a whole restore took {time.monotonic() - began:.2f} s")
        restored = sections(again)["habits"]["habits"]
        assert len(restored) == 100 and all(len(habit["days"]) == 3650 for habit in restored)
    finally:
        restarted.stop()
