"""A slow or silent client can neither hold shutdown nor hold a connection forever (issue 12,
found 1 and 2): a stalled body does not delay SIGTERM; a half-sent head is closed after the header
timeout; an idle keep-alive connection after the idle timeout; a stalled body after the header
timeout's grace (minimum body rate); none of it logged as a 500. The timeouts are options
(`--header-timeout`, `--idle-timeout`, `--min-body-rate`) and environment variables.
"""

from __future__ import annotations

import subprocess
import time

import pytest

from harness import Device, Server, connect, debug_binary, healthz_ms, read_response, request_head, server_errors, \
    stalled_post, wait_closed

HEADER_TIMEOUT = 1
IDLE_TIMEOUT = 2
SLACK = 1.5


@pytest.fixture(scope="module")
def timed_server():
    """Short timeouts through the environment, so a server without them still starts and the tests
    fail on what it does rather than on its command line."""
    environment = {"APPDECK_HEADER_TIMEOUT": str(HEADER_TIMEOUT), "APPDECK_IDLE_TIMEOUT": str(IDLE_TIMEOUT)}
    instance = Server(debug_binary(), args=["--log-level", "info"], env=environment).start()
    try:
        yield instance
    finally:
        instance.stop()
        instance.cleanup()


def test_stalled_body_does_not_hold_shutdown(start_server):
    server = start_server()  # default timeouts: it is the shutdown path that must not wait
    device = Device(server.url)
    sock = stalled_post(server.port, device)
    try:
        time.sleep(0.5)  # the request is in the server's hands, waiting for 183 more bytes
        code, seconds = server.terminate(timeout=5)
    finally:
        sock.close()
        device.close()
    assert code is not None, "still running 5 s after SIGTERM, held by a stalled request body"
    assert code == 0, f"exited {code} after SIGTERM"
    assert seconds <= 5


def test_half_request_line_is_closed_after_header_timeout(timed_server):
    sock = connect(timed_server.port)
    try:
        sock.sendall(b"GET /heal")
        took, _ = wait_closed(sock, HEADER_TIMEOUT + SLACK)
    finally:
        sock.close()
    assert took is not None, f"half a request line still open after {HEADER_TIMEOUT + SLACK} s"
    assert took >= HEADER_TIMEOUT * 0.5, f"closed after {took:.2f} s, before the header timeout"
    assert healthz_ms(timed_server.url) is not None, "/healthz does not answer"


def test_idle_keep_alive_connection_is_closed(timed_server):
    sock = connect(timed_server.port)
    try:
        sock.sendall(request_head("GET", "/healthz"))
        status, headers, _ = read_response(sock)
        assert status == 200 and "close" not in headers.get("connection", "")
        took, _ = wait_closed(sock, IDLE_TIMEOUT + SLACK)
    finally:
        sock.close()
    assert took is not None, f"an idle keep-alive connection is still open after {IDLE_TIMEOUT + SLACK} s"


def test_stalled_body_is_cut_without_a_500(timed_server):
    mark = timed_server.log_mark()
    device = Device(timed_server.url)
    sock = stalled_post(timed_server.port, device)
    try:
        took, answer = wait_closed(sock, HEADER_TIMEOUT + 2)
    finally:
        sock.close()
        device.close()
    assert took is not None, f"a stalled body (17 of 200 bytes) still open after {HEADER_TIMEOUT + 2} s"
    assert not answer.startswith(b"HTTP/1.1 5"), answer[:80]
    time.sleep(0.3)  # the access log line, if any
    assert server_errors(timed_server.log_text(mark)) == []


def test_timeout_options_on_the_command_line(start_server):
    usage = subprocess.run([str(debug_binary()), "--help"], capture_output=True, text=True, timeout=30)
    text = usage.stdout + usage.stderr
    for option in ("--header-timeout", "--idle-timeout", "--min-body-rate"):
        assert option in text, f"{option} missing from appdeck --help"
    # Idle shorter than header: only the idle timeout can close this connection within 2.5 s.
    server = start_server(["--header-timeout", "4", "--idle-timeout", "1", "--min-body-rate", "1024"])
    sock = connect(server.port)
    try:
        sock.sendall(request_head("GET", "/healthz"))
        assert read_response(sock)[0] == 200
        took, _ = wait_closed(sock, 1 + SLACK)
    finally:
        sock.close()
    assert took is not None, "--idle-timeout 1 did not close an idle connection within 2.5 s"
