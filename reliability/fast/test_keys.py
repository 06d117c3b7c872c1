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


# --------------------------------------------------------------------------- permissions (issue 33)

def start_refused(arguments: list[str], env: dict | None = None) -> subprocess.CompletedProcess:
    """`appdeck` with `arguments`, expected to refuse to start: its result, or a failed test (with
    the server stopped) when it served instead."""
    process = subprocess.Popen([str(APPDECK_BIN), "--port", "0", *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, **(env or {})})
    try:
        stdout, stderr = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        stdout, stderr = process.communicate()
        pytest.fail(f"appdeck started instead of refusing: {stdout}")
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def embedded_data_dir() -> Path:
    """A data directory whose keys a first start made (0600 in a 0700 folder)."""
    data = Path(tempfile.mkdtemp(prefix="appdeck-keys-"))
    assert keys_init(data).returncode == 0
    return data


@pytest.mark.parametrize("mode", [0o644, 0o640, 0o604])
def test_a_server_refuses_a_key_others_can_read(mode):
    data = embedded_data_dir()
    (data / "secrets.key").chmod(mode)
    refused = start_refused(["--data-dir", str(data)])
    assert refused.returncode != 0 and "AppDeck is serving" not in refused.stdout
    assert f"chmod 600 {data / 'secrets.key'}" in refused.stderr, refused.stderr
    assert f"mode {mode:04o}" in refused.stderr


def test_a_server_refuses_0644_keys_in_a_0755_key_dir():
    """The probe's case: `keys init`, then keys widened to 0644 in a 0755 folder (`--key-dir`)."""
    folder = Path(tempfile.mkdtemp(prefix="appdeck-keys-")) / "keys"
    assert keys_init(folder).returncode == 0
    folder.chmod(0o755)
    for name in KEYS:
        (folder / name).chmod(0o644)
    refused = start_refused(["--data-dir", tempfile.mkdtemp(prefix="appdeck-data-"), "--key-dir", str(folder)])
    assert refused.returncode != 0 and "AppDeck is serving" not in refused.stdout
    assert f"chmod 600 {folder / 'csrf.key'}" in refused.stderr, refused.stderr


@pytest.mark.parametrize("mode", [0o777, 0o775, 0o1777])
def test_a_server_refuses_a_key_folder_others_can_write(mode):
    data = embedded_data_dir()
    data.chmod(mode)
    refused = start_refused(["--data-dir", str(data)])
    assert refused.returncode != 0 and "AppDeck is serving" not in refused.stdout
    assert f"chmod go-w {data}" in refused.stderr, refused.stderr


def test_keys_init_refuses_a_folder_others_can_write():
    folder = Path(tempfile.mkdtemp(prefix="appdeck-keys-"))
    folder.chmod(0o777)
    refused = keys_init(folder)
    assert refused.returncode != 0
    assert f"chmod go-w {folder}" in refused.stderr, refused.stderr
    assert list(folder.iterdir()) == [], "keys were written into a folder others can write"
    folder.chmod(0o700)
    assert keys_init(folder).returncode == 0


def test_a_password_on_the_command_line_is_warned_about(start_server):
    if not server_url():
        pytest.fail("APPDECK_TEST_DATABASE_URL is not set: run the tests through scripts/test.sh, which starts PostgreSQL")
    folder = Path(tempfile.mkdtemp(prefix="appdeck-keys-")) / "keys"
    assert keys_init(folder).returncode == 0
    with scratch_database("rel_keys") as url:
        password = urllib.parse.urlsplit(url).password
        assert password
        on_command_line = start_server(["--key-dir", str(folder), "--database-url", url])
        from_environment = start_server(["--key-dir", str(folder)], env={"APPDECK_DATABASE_URL": url})
        warned, quiet = on_command_line.log_text(), from_environment.log_text()
        on_command_line.stop()
        from_environment.stop()
    assert "password was given with --database-url" in warned and "set APPDECK_DATABASE_URL instead" in warned, warned
    assert password not in warned
    assert "password was given" not in quiet
