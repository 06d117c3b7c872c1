"""The database holds every device id (issue 33, item 2): the server creates `appdeck.sqlite` and
its `-wal` and `-shm` 0600 whatever the umask, and its data directory 0700 when it makes it;
a database an older AppDeck left readable by others is narrowed when the server opens it.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from conftest import APPDECK_BIN
from harness import Device, Server


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def start_with_umask(data_dir: Path, umask: int) -> Server:
    previous = os.umask(umask)  # inherited by the server process
    try:
        return Server(APPDECK_BIN, data_dir=data_dir, args=["--log-level", "warning"]).start()
    finally:
        os.umask(previous)


def test_a_new_data_directory_and_database_are_the_owners_alone():
    parent = Path(tempfile.mkdtemp(prefix="appdeck-modes-"))
    data = parent / "data"  # the server makes it: Server() makes only the log's folder, so name a fresh one
    server = Server(APPDECK_BIN, data_dir=parent / "log", args=["--log-level", "warning", "--data-dir", str(data)])
    previous = os.umask(0o022)
    try:
        server.start()
    finally:
        os.umask(previous)
    try:
        device = Device(server.url)
        assert device.add_car("Lada", "Niva").status == 303
        files = {name: data / name for name in ("appdeck.sqlite", "appdeck.sqlite-wal", "appdeck.sqlite-shm")}
        assert all(path.exists() for path in files.values()), sorted(os.listdir(data))
        assert {name: oct(mode(path)) for name, path in files.items()} == {name: oct(0o600) for name in files}
        assert oct(mode(data)) == oct(0o700)
    finally:
        server.stop()
        server.cleanup()


def test_a_database_left_readable_by_others_is_narrowed():
    data = Path(tempfile.mkdtemp(prefix="appdeck-modes-"))
    first = start_with_umask(data, 0o022)
    first.stop()
    for name in ("appdeck.sqlite", "csrf.key"):
        assert (data / name).exists()
    (data / "appdeck.sqlite").chmod(0o644)
    second = start_with_umask(data, 0o022)
    try:
        assert oct(mode(data / "appdeck.sqlite")) == oct(0o600)
        assert oct(mode(data / "appdeck.sqlite-wal")) == oct(0o600)
    finally:
        second.stop()
        second.cleanup()
