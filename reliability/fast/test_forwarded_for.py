"""Behind nginx (issue 26): the access log records `X-Forwarded-For` only when the peer is a proxy
named in `--trusted-proxies`; from anyone else the header is a claim and stays out of the log.
"""

from __future__ import annotations

import time

from harness import Client

CLAIMED = "203.0.113.7"


def logged_line(server, path: str) -> str:
    mark = server.log_mark()
    client = Client(server.url)
    try:
        assert client.request("GET", path, headers={"X-Forwarded-For": CLAIMED}).status == 200
    finally:
        client.close()
    for _ in range(50):  # the line lands just after the answer
        lines = [line for line in server.log_text(mark).splitlines() if f"GET {path} 200" in line]
        if lines:
            return lines[-1]
        time.sleep(0.05)
    raise AssertionError(f"no access-log line for {path}")


def test_a_trusted_proxy_s_forwarded_for_is_logged(start_server):
    server = start_server(["--trusted-proxies", "127.0.0.1, ::1"])
    assert f"forwarded_for={CLAIMED}" in logged_line(server, "/healthz")


def test_anyone_else_s_forwarded_for_is_not(server):
    line = logged_line(server, "/healthz")
    assert CLAIMED not in line
    assert "forwarded_for" not in line
