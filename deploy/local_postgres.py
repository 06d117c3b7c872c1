"""A database of its own on the test run's PostgreSQL (`APPDECK_TEST_DATABASE_URL`, which
`scripts/test.sh` sets from its throwaway cluster), for the tests that run AppDeck servers on
PostgreSQL: the two-server reliability tests, `migrate-data`'s, and the cluster e2e test.

Standard library only; the `psql` client from Debian's PostgreSQL package.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import urllib.parse
from contextlib import contextmanager

VARIABLE = "APPDECK_TEST_DATABASE_URL"


def psql(url: str, statement: str) -> None:
    subprocess.run(["psql", url, "-q", "-v", "ON_ERROR_STOP=1", "-c", statement], check=True, capture_output=True, timeout=30)


def server_url() -> str | None:
    return os.environ.get(VARIABLE) or None


@contextmanager
def scratch_database(prefix: str):
    """The URL of a new, empty database on the test run's server, dropped afterwards. The caller
    checks `server_url()` first and fails (never skips) without it."""
    server = server_url()
    assert server, f"{VARIABLE} is not set: run the tests through scripts/test.sh, which starts PostgreSQL"
    name = f"{prefix}_{secrets.token_hex(4)}"
    psql(server, f"CREATE DATABASE {name}")
    try:
        yield urllib.parse.urlunsplit(urllib.parse.urlsplit(server)._replace(path=f"/{name}"))
    finally:
        psql(server, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
