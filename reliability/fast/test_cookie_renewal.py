"""The device cookie is renewed while the browser keeps coming back (issue 33, found 1), and a bare
device id is no identity (found 2), seen from outside: a server whose clock runs 30 days ahead
(Debian's `faketime` wrapping the real binary) renews the cookie the server
issued a month before, for the same device.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess

import pytest

from harness import COOKIE, Client, Device, Server, cookie_owner, cookie_value
from conftest import APPDECK_BIN

LIFETIME = 400 * 24 * 3600
# Debian's `faketime` preloads libfaketime; only the wall clock moves, the monotonic clock (timers,
# timeouts) stays the machine's. (Preloading it from Python's environment directly left the
# binary without its arguments; the wrapper does not.)
THIRTY_DAYS_LATER = ["faketime", "-f", "+30d"]


def stop_wrapped(server: Server) -> None:
    """Stops a server started through `faketime`: the wrapper waits for its child and does not pass
    SIGTERM on, so the child is sent it first; then the wrapper ends with it."""
    children = subprocess.run(["pgrep", "-P", str(server.pid)], capture_output=True, text=True).stdout.split()
    for pid in children:
        os.kill(int(pid), signal.SIGTERM)
    server.stop()


def set_cookie(answer) -> str | None:
    return answer.headers.get("Set-Cookie")


def test_a_server_a_month_later_renews_the_cookie_it_issued(tmp_path):
    assert shutil.which("faketime"), "faketime is missing: scripts/test.sh installs Debian's faketime"
    today = Server(APPDECK_BIN, data_dir=tmp_path, args=["--log-level", "info"]).start()
    try:
        device = Device(today.url)
        assert device.post("/settings/language", {"language": "pl"}).status == 303
        again = device.get("/cars")
        assert again.status == 200 and set_cookie(again) is None, "a cookie issued today was set again"
        assert today.stop() == 0
    finally:
        today.kill()

    # The same port: the same origin to the browser.
    later = Server(APPDECK_BIN, data_dir=tmp_path, args=["--log-level", "info"], env={"FAKETIME_DONT_FAKE_MONOTONIC": "1"},
                   port=today.port, launcher=THIRTY_DAYS_LATER).start()
    device.client.close()
    device.client = Client(later.url)
    try:
        answer = device.get("/cars")
        assert answer.status == 200
        assert '<html lang="pl"' in answer.text, "the month-old cookie no longer names the device"
        renewed = set_cookie(answer)
        assert renewed, "a month-old cookie was not renewed"
        assert f"Max-Age={LIFETIME}" in renewed and "HttpOnly" in renewed
        value = cookie_value(answer.headers)
        assert value != device.cookie and cookie_owner(value) == device.device_id, (device.cookie, value)
        # The renewed cookie is a good one, and is not set again the same day.
        device.cookie = value
        steady = device.get("/cars")
        assert '<html lang="pl"' in steady.text and set_cookie(steady) is None
    finally:
        stop_wrapped(later)


def test_a_bare_device_id_opens_nothing(device, server):
    """What anyone who can read the database (or a backup, a dump) knows: the stored id alone."""
    assert device.post("/settings/language", {"language": "ru"}).status == 303
    assert '<html lang="ru"' in device.get("/").text
    bare = device.device_id
    answer = Client(server.url).request("GET", "/", headers={"Cookie": f"{COOKIE}={bare}"})
    assert answer.status == 200
    assert '<html lang="ru"' not in answer.text, "a bare id from the database opened the device"
    issued = cookie_value(answer.headers)
    assert issued and not issued.startswith(bare), "the bare id was signed and handed back"
