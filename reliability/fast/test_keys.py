"""Keys for servers that share one database (issue 26): `appdeck keys init --key-dir DIR` makes
`csrf.key` and `secrets.key` once (32 bytes, 0600) and never overwrites them; servers given the same
`--key-dir` accept each other's cookies and CSRF tokens, a server with other keys does not, and on a
shared PostgreSQL database a server with other keys than the database has seen refuses to start.
"""

from __future__ import annotations

import os
import stat
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

KEYS = ("csrf.key", "secrets.key")


def keys_init(folder: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(APPDECK_BIN), "keys", "init", "--key-dir", str(folder)],
                          capture_output=True, text=True, timeout=30)


def test_keys_init_makes_two_private_keys_and_never_overwrites():
    folder = Path(tempfile.mkdtemp(prefix="appdeck-keys-")) / "keys"
    made = keys_init(folder)
    assert made.returncode == 0, made.stderr
    before = {}
    for name in KEYS:
        path = folder / name
        assert path.stat().st_size == 32
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        before[name] = path.read_bytes()
    assert before["csrf.key"] != before["secrets.key"]
    again = keys_init(folder)
    assert again.returncode != 0
    assert "never overwritten" in again.stderr
    assert {name: (folder / name).read_bytes() for name in KEYS} == before


def choose_language(base_url: str, device: Device) -> int:
    """POST /settings/language on `base_url` with `device`'s cookie and token, as its browser would."""
    body = urllib.parse.urlencode({"_csrf": device.token, "language": "pl", "returnTo": "/"})
    headers = {"Cookie": f"{COOKIE}={device.cookie}", "Content-Type": "application/x-www-form-urlencoded", "Origin": base_url}
    client = Client(base_url)
    try:
        return client.request("POST", "/settings/language", body, headers).status
    finally:
        client.close()


def test_servers_sharing_a_key_dir_accept_each_others_cookie_and_token(start_server):
    folder = Path(tempfile.mkdtemp(prefix="appdeck-keys-")) / "keys"
    assert keys_init(folder).returncode == 0
    first = start_server(["--key-dir", str(folder)])
    second = start_server(["--key-dir", str(folder)])
    stranger = start_server()  # its own keys, made in its data directory
    for server in (first, second):
        assert not (server.data_dir / "csrf.key").exists(), "a server given --key-dir made a key of its own"
    device = Device(first.url)
    try:
        assert choose_language(second.url, device) == 303
        assert choose_language(stranger.url, device) == 403
    finally:
        device.close()


def test_a_server_with_other_keys_than_the_database_has_seen_refuses_to_start(start_server):
    if not server_url():
        pytest.fail("APPDECK_TEST_DATABASE_URL is not set: run the tests through scripts/test.sh, which starts PostgreSQL")
    first_keys = Path(tempfile.mkdtemp(prefix="appdeck-keys-")) / "keys"
    other_keys = Path(tempfile.mkdtemp(prefix="appdeck-keys-")) / "keys"
    assert keys_init(first_keys).returncode == 0 and keys_init(other_keys).returncode == 0
    with scratch_database("rel_keys") as url:
        environment = {"APPDECK_DATABASE_URL": url}
        first = start_server(["--key-dir", str(first_keys)], env=environment)
        second = start_server(["--key-dir", str(first_keys)], env=environment)  # the same keys: welcome
        assert first.alive() and second.alive()
        refused = subprocess.run(
            [str(APPDECK_BIN), "--port", "0", "--data-dir", tempfile.mkdtemp(prefix="appdeck-data-"), "--key-dir", str(other_keys)],
            capture_output=True, text=True, timeout=60, env={**os.environ, **environment})
        assert refused.returncode != 0
        assert "AppDeck is serving" not in refused.stdout
        assert "not the ones this database was used with" in refused.stderr, refused.stderr
        assert "csrf.key and secrets.key" in refused.stderr
        password = urllib.parse.urlsplit(url).password
        assert not password or password not in refused.stderr
        first.stop()
        second.stop()
