"""`appdeck migrate-data` (issue 26): an embedded install copied into an empty PostgreSQL database,
ids kept, counts printed for both sides; a server on PostgreSQL then knows the same device (same
keys) and its data; a second copy into the now non-empty database is refused.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.parse

import pytest

from conftest import APPDECK_BIN
from harness import COOKIE, REPO, Client, Device

sys.path.insert(0, str(REPO / "deploy"))
from local_postgres import scratch_database, server_url  # noqa: E402


def migrate(source, target: str) -> subprocess.CompletedProcess:
    # The URL in the environment, as the README recommends: it holds the password.
    return subprocess.run([str(APPDECK_BIN), "migrate-data", "--from", str(source)], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "APPDECK_DATABASE_URL": target})


@pytest.fixture
def empty_database():
    if not server_url():
        pytest.fail("APPDECK_TEST_DATABASE_URL is not set: run the tests through scripts/test.sh, which starts PostgreSQL")
    with scratch_database("rel_migrate") as url:
        yield url


def test_an_embedded_install_moves_to_postgresql(start_server, empty_database):
    embedded = start_server()
    device = Device(embedded.url)
    assert device.post("/settings/language", {"language": "ru", "returnTo": "/"}).status == 303
    for number in range(3):
        assert device.add_car("Lada", f"Niva {number}").status == 303
    assert device.add_habit("Water").status == 303
    habit = re.search(r'action="/habits/(\d+)/track"', device.get("/habits").text).group(1)
    assert device.post(f"/habits/{habit}/track", {}).status in (200, 303)
    cars_before = device.get("/cars").text
    embedded.stop()

    copied = migrate(embedded.db, empty_database)
    assert copied.returncode == 0, copied.stderr
    counts = {line.split()[0]: line.split()[1:3] for line in copied.stdout.splitlines()[1:] if len(line.split()) >= 3}
    assert counts["car"] == ["3", "3"] and counts["habitTrack"] == ["1", "1"] and counts["device"] == ["1", "1"], copied.stdout
    assert "MISMATCH" not in copied.stdout
    assert urllib.parse.urlsplit(empty_database).password not in copied.stdout + copied.stderr

    # The same keys (the embedded install's data directory), now on PostgreSQL: the same device.
    moved = start_server(["--key-dir", str(embedded.data_dir)], env={"APPDECK_DATABASE_URL": empty_database})
    client = Client(moved.url)
    page = client.request("GET", "/cars", headers={"Cookie": f"{COOKIE}={device.cookie}"}).text
    assert 'lang="ru"' in page
    ids = lambda html: re.findall(r'data-car-id="(\d+)"', html)  # noqa: E731
    assert ids(page) == ids(cars_before), "ids were not kept"
    # A car added now continues after the copied ids.
    moved_device = Device(moved.url)
    assert moved_device.add_car("Volga", "21").status == 303
    new_id = ids(moved_device.get("/cars").text)
    assert new_id and int(new_id[0]) > max(int(i) for i in ids(page))

    again = migrate(embedded.db, empty_database)
    assert again.returncode != 0
    assert "already holds data" in again.stderr
