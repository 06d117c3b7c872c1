"""`appdeck migrate-data` (issue 26): an embedded install copied into an empty PostgreSQL database,
ids kept, counts printed for both sides; a server on PostgreSQL then knows the same device (same
keys) and its data; a second copy into the now non-empty database is refused.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import urllib.parse
from pathlib import Path

import pytest

from conftest import APPDECK_BIN
from harness import COOKIE, REPO, Client, Device

sys.path.insert(0, str(REPO / "deploy"))
from local_postgres import scratch_database, server_url  # noqa: E402


def migrate(source, target: str, *options: str) -> subprocess.CompletedProcess:
    # The URL in the environment, as the README recommends: it holds the password.
    return subprocess.run([str(APPDECK_BIN), "migrate-data", "--from", str(source), *options], capture_output=True, text=True,
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
    ids = lambda html: re.findall(r'class="[^"]*car__link" href="/cars/(\d+)/edit"', html)  # noqa: E731
    assert ids(page) == ids(cars_before), "ids were not kept"
    # A car added now continues after the copied ids.
    moved_device = Device(moved.url)
    assert moved_device.add_car("Volga", "21").status == 303
    new_id = ids(moved_device.get("/cars").text)
    assert new_id and int(new_id[0]) > max(int(i) for i in ids(page))

    again = migrate(embedded.db, empty_database)
    assert again.returncode != 0
    assert "already holds data" in again.stderr


def test_rows_go_over_in_batches_with_a_progress_line_per_table(start_server, empty_database):
    """Issue 34, item 5: the copy streams a batch at a time (here 2 rows, so 5 cars are three
    batches, the last one short) and says each table's rows copied out of its total on stderr."""
    embedded = start_server()
    device = Device(embedded.url)
    for number in range(5):
        assert device.add_car("Lada", f"Niva {number}", body="coupe" if number % 2 else "sedan").status == 303
    cars_before = device.get("/cars").text
    embedded.stop()

    copied = migrate(embedded.db, empty_database, "--batch-rows", "2")
    assert copied.returncode == 0, copied.stderr
    counts = {line.split()[0]: line.split()[1:3] for line in copied.stdout.splitlines()[1:] if len(line.split()) >= 3}
    assert counts["car"] == ["5", "5"] and counts["device"] == ["1", "1"] and "MISMATCH" not in copied.stdout, copied.stdout
    counts.pop("Copied")  # the last line, not a table
    progress = re.findall(r"^copying (\w+): (\d+)/(\d+) rows$", copied.stderr, re.M)
    done = {table: (int(rows), int(total)) for table, rows, total in progress if rows == total}
    assert set(done) == set(counts), copied.stderr
    assert all(done[table] == (int(counts[table][0]),) * 2 for table in counts), copied.stderr
    moved = subprocess.run(["psql", empty_database, "-At", "-c", "SELECT id FROM car ORDER BY id"], check=True,
                           capture_output=True, text=True, timeout=30).stdout.split()
    assert moved == re.findall(r'class="[^"]*car__link" href="/cars/(\d+)/edit"', cars_before)


# --------------------------------------------------------------------------- the source is only read (issue 33)

def tables_in(url: str) -> list[str]:
    answer = subprocess.run(["psql", url, "-At", "-c", "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"],
                            check=True, capture_output=True, text=True, timeout=30)
    return answer.stdout.split()


def snapshot(folder: Path) -> dict[str, str]:
    """Every file of `folder` and a digest of its bytes."""
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in sorted(folder.iterdir()) if path.is_file()}


def test_a_sqlite_file_that_is_not_appdecks_is_refused_and_left_as_it_was(empty_database):
    folder = Path(tempfile.mkdtemp(prefix="appdeck-migrate-"))
    other = folder / "notes.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT)")
        db.executemany("INSERT INTO note (text) VALUES (?)", [("one",), ("two",)])
    db.close()
    before = snapshot(folder)
    refused = migrate(other, empty_database)
    assert refused.returncode != 0
    assert "not AppDeck's" in refused.stderr and "note" in refused.stderr, refused.stderr
    assert "SQLite error" not in refused.stderr and "Copied" not in refused.stdout
    assert snapshot(folder) == before, "the source (or its folder) changed"
    with sqlite3.connect(other) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert tables_in(empty_database) == [], "the target was migrated before the source was checked"


@pytest.mark.parametrize("content, message", [(b"", "is empty"), (b"hello, not a database\n" * 10, "not an SQLite database")])
def test_an_empty_file_or_one_not_sqlite_is_refused(empty_database, content, message):
    folder = Path(tempfile.mkdtemp(prefix="appdeck-migrate-"))
    source = folder / "appdeck.sqlite"
    source.write_bytes(content)
    refused = migrate(source, empty_database)
    assert refused.returncode != 0
    assert message in refused.stderr and "Copied" not in refused.stdout, refused.stderr
    assert snapshot(folder) == {"appdeck.sqlite": hashlib.sha256(content).hexdigest()}
    assert tables_in(empty_database) == []


def test_a_copy_of_a_running_servers_database_without_its_wal_is_refused(start_server, empty_database):
    running = start_server()
    device = Device(running.url)
    for number in range(3):
        assert device.add_car("Lada", f"Niva {number}").status == 303
    folder = Path(tempfile.mkdtemp(prefix="appdeck-migrate-"))
    shutil.copy(running.db, folder / "appdeck.sqlite")  # the -wal, which holds every write so far, left behind
    refused = migrate(folder / "appdeck.sqlite", empty_database)
    assert refused.returncode != 0, refused.stdout
    assert "Copied" not in refused.stdout
    assert "no -wal is beside it" in refused.stderr, refused.stderr
    assert tables_in(empty_database) == []


def test_a_database_a_server_has_open_is_copied_with_a_warning(start_server, empty_database):
    running = start_server()
    device = Device(running.url)
    for number in range(3):
        assert device.add_car("Lada", f"Niva {number}").status == 303
    copied = migrate(running.db, empty_database)
    assert copied.returncode == 0, copied.stderr
    assert f"is open in process {running.pid}" in copied.stderr, copied.stderr
    counts = {line.split()[0]: line.split()[1:3] for line in copied.stdout.splitlines()[1:] if len(line.split()) >= 3}
    assert counts["car"] == ["3", "3"], copied.stdout
    assert device.add_car("Lada", "after").status == 303, "the server could not write after the copy"


def test_a_killed_servers_database_is_copied_through_its_wal_and_left_unchanged(start_server, empty_database):
    killed = start_server()
    device = Device(killed.url)
    for number in range(2):
        assert device.add_car("Lada", f"Niva {number}").status == 303
    killed.kill()
    assert Path(f"{killed.db}-wal").exists()
    before = hashlib.sha256(killed.db.read_bytes()).hexdigest()
    copied = migrate(killed.db, empty_database)
    assert copied.returncode == 0, copied.stderr
    assert "is open in process" not in copied.stderr
    counts = {line.split()[0]: line.split()[1:3] for line in copied.stdout.splitlines()[1:] if len(line.split()) >= 3}
    assert counts["car"] == ["2", "2"], copied.stdout
    assert hashlib.sha256(killed.db.read_bytes()).hexdigest() == before, "the source file was written"


def test_a_cleanly_stopped_servers_database_is_copied_without_anything_made_beside_it(start_server, empty_database):
    stopped = start_server()
    device = Device(stopped.url)
    assert device.add_car("Lada", "Niva").status == 303
    assert stopped.stop() == 0
    folder = Path(tempfile.mkdtemp(prefix="appdeck-migrate-"))
    shutil.copy(stopped.db, folder / "appdeck.sqlite")
    before = snapshot(folder)
    copied = migrate(folder / "appdeck.sqlite", empty_database)
    assert copied.returncode == 0, copied.stderr
    assert "No appdeck.sqlite-wal is beside appdeck.sqlite" in copied.stderr, copied.stderr
    assert snapshot(folder) == before, "the source changed, or SQLite made files beside it"
