"""Fixtures of the fast reliability tests: the DEBUG `appdeck` (`APPDECK_BIN`, default
`.build/debug/appdeck`) on loopback, each with a fresh data directory.

- `server` (session): default options, shared by every test that neither kills it nor needs options;
  stopped with SIGTERM at the end, which must exit 0.
- `start_server(args=..., env=...)`: a server of the test's own, stopped (or killed) after it.
- `device`: a new browser (its issued cookie and CSRF token) on the shared server.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from harness import Device, Server, debug_binary  # noqa: E402

APPDECK_BIN = debug_binary()


@pytest.fixture(scope="session")
def server():
    instance = Server(APPDECK_BIN, args=["--log-level", "info"]).start()
    try:
        yield instance
        assert instance.alive(), f"appdeck died during the run (exit {instance.process.returncode})"
        code, seconds = instance.terminate(10)
        assert code == 0, f"appdeck exited {code} {seconds:.1f} s after SIGTERM"
    finally:
        instance.cleanup()


@pytest.fixture
def start_server():
    started: list[Server] = []

    def start(args: list[str] = (), env: dict | None = None) -> Server:
        instance = Server(APPDECK_BIN, args=["--log-level", "info", *args], env=env).start()
        started.append(instance)
        return instance

    yield start
    for instance in started:
        instance.stop()
        instance.cleanup()


@pytest.fixture
def device(server) -> Device:
    browser = Device(server.url)
    yield browser
    browser.close()
