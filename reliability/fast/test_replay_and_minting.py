"""Issue 46, items 5 and 9, over raw HTTP against a real server on its SQLite file.

- A confirmed import preview sent again, three times in a row and three at once, adds its habits
  once (before: "Once", "Once (2)", "Once (3)").
- A reader minting identities (a cookie-less GET, then a GET with the cookie it was given, over
  and over, as a script does) stores no device and no session (before: 2,541 in 60 s from one
  address, none of them counted by the write rate). Bounded: 300 identities."""

from __future__ import annotations

import re
import sqlite3
import threading
import urllib.request

from conftest import APPDECK_BIN
from harness import COOKIE, NO_WRITE_RATE, Client, Device, Server

HABITBULL = (b"HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n"
             b"Once,,,2026-11-01,1,\nOnce,,,2026-11-02,1,\n")


def names(device: Device) -> list[str]:
    return re.findall(r'<span class="habit-card__name">([^<]*)</span>', device.get("/habits").text)


def confirm(device: Device, sealed: str) -> int:
    boundary = "----replay0123456789"
    body = (f'--{boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n{device.token}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"\r\n\r\n{sealed}\r\n--{boundary}--\r\n').encode()
    return device.client.request("POST", "/habits/import/confirm", body, device.headers({
        "Content-Type": f"multipart/form-data; boundary={boundary}", "Origin": device.base_url})).status


def test_a_confirmed_preview_is_applied_once():
    server = Server(APPDECK_BIN, args=[*NO_WRITE_RATE]).start()
    try:
        device = Device(server.url)
        preview = device.client.request("POST", "/habits/import", *multipart_upload(device))
        assert preview.status == 200, preview.status
        sealed = re.search(r'name="file" value="([^"]+)"', preview.text).group(1)
        assert confirm(device, sealed) == 303
        assert [confirm(device, sealed) for _ in range(3)] == [409, 409, 409]
        statuses: list[int] = []
        lock = threading.Lock()

        def again() -> None:
            twin = Device.__new__(Device)
            twin.__dict__.update(device.__dict__)
            twin.client = Client(device.base_url, 30)
            status = confirm(twin, sealed)
            with lock:
                statuses.append(status)

        threads = [threading.Thread(target=again) for _ in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert statuses == [409, 409, 409], statuses
        assert names(device) == ["Once"], "the preview was applied more than once"
    finally:
        server.stop()
        server.cleanup()


def multipart_upload(device: Device) -> tuple[bytes, dict]:
    boundary = "----upload0123456789"
    body = (f'--{boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n{device.token}\r\n'
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="habitbull.csv"\r\n'
            f"Content-Type: text/csv\r\n\r\n").encode() + HABITBULL + f"\r\n--{boundary}--\r\n".encode()
    return body, device.headers({"Content-Type": f"multipart/form-data; boundary={boundary}", "Origin": device.base_url})


def test_reading_mints_no_rows():
    server = Server(APPDECK_BIN).start()
    try:
        for _ in range(300):
            with urllib.request.urlopen(server.url + "/", timeout=10) as first:
                cookie = next(value for name, value in first.getheaders() if name.lower() == "set-cookie").split(";")[0]
                assert cookie.startswith(COOKIE + "=")
            with urllib.request.urlopen(urllib.request.Request(server.url + "/habits", headers={"Cookie": cookie}), timeout=10) as second:
                assert second.status == 200
        with sqlite3.connect(server.db) as db:
            devices = db.execute("SELECT COUNT(*) FROM device").fetchone()[0]
            sessions = db.execute("SELECT COUNT(*) FROM session").fetchone()[0]
        assert (devices, sessions) == (0, 0), f"{devices} devices and {sessions} sessions stored for 300 readers"
    finally:
        server.stop()
        server.cleanup()
