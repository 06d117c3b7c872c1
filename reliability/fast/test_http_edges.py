"""HTTP at its edges (issue 12, found 3, 4 and 6): a malformed chunked body is a 400, not a 500;
a client that leaves mid-body is no 500 either; HEAD answers wherever GET does, with GET's headers
and no body; a wrong method is a 405 with `Allow`; HTTP/1.0 without keep-alive is closed after its
answer; the manifest, which depends on Accept-Language, says so in `Vary` and is not cached publicly.
"""

from __future__ import annotations

import re
import time

import pytest

from harness import COOKIE, connect, read_head, read_response, request_head, server_errors, stalled_post, wait_closed


def auth(device, **extra) -> dict:
    """What a same-origin browser sends with a state-changing request."""
    host = device.base_url.split("://", 1)[1]
    return {"Host": host, "Cookie": f"{COOKIE}={device.cookie}", "X-CSRF-Token": device.token,
            "Origin": device.base_url, **extra}


def raw(server, data: bytes) -> tuple[int, dict, bytes]:
    """One request on a new connection; a HEAD's answer is read without a body."""
    sock = connect(server.port)
    try:
        sock.sendall(data)
        return read_head(sock) if data.startswith(b"HEAD ") else read_response(sock)
    finally:
        sock.close()


@pytest.mark.parametrize("with_cookie", [True, False], ids=["device", "no-cookie"])
def test_malformed_chunked_body_is_400(server, device, with_cookie):
    mark = server.log_mark()
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked"}
    if with_cookie:
        headers.update(auth(device))
    status, _, _ = raw(server, request_head("POST", "/cars", headers) + b"zz\r\nabc\r\n0\r\n\r\n")
    assert status == 400
    time.sleep(0.2)
    assert server_errors(server.log_text(mark)) == []


def test_client_leaving_mid_body_is_no_500(server, device):
    mark = server.log_mark()
    stalled_post(server.port, device).close()  # 17 of 200 bytes, then gone
    time.sleep(1)
    assert server_errors(server.log_text(mark)) == []
    assert server.alive()


def stylesheet(device) -> str:
    match = re.search(r'<link rel="stylesheet" href="([^"]+)"', device.get("/").text)
    assert match, "no stylesheet on the home page"
    return match.group(1)


@pytest.mark.parametrize("path", ["/healthz", "/", "stylesheet"])
def test_head_answers_like_get_without_a_body(server, device, path):
    if path == "stylesheet":
        path = stylesheet(device)
    cookie = {"Cookie": f"{COOKIE}={device.cookie}", "Connection": "close"}
    get_status, get_headers, get_body = raw(server, request_head("GET", path, cookie))
    sock = connect(server.port)
    try:
        sock.sendall(request_head("HEAD", path, cookie))
        status, headers, extra = read_head(sock)
        _, more = wait_closed(sock, 2)  # Connection: close, so everything the server sends is here
    finally:
        sock.close()
    assert get_status == 200
    assert status == 200, f"HEAD {path} answered {status}"
    assert headers.get("content-type") == get_headers.get("content-type")
    assert headers.get("content-length") == get_headers.get("content-length") == str(len(get_body))
    assert extra + more == b"", f"HEAD {path} sent {len(extra + more)} body bytes"


@pytest.mark.parametrize("method, path, allowed", [
    ("DELETE", "/healthz", {"GET", "HEAD"}),
    ("POST", "/healthz", {"GET", "HEAD"}),
    ("PUT", "/cars", {"GET", "HEAD", "POST"}),
    ("DELETE", "/settings/language", {"POST"}),
])
def test_wrong_method_is_405_with_allow(server, device, method, path, allowed):
    # With the cookie, token and Origin of a real page, so only the method is wrong.
    status, headers, body = raw(server, request_head(method, path, auth(device, **{"Content-Length": "0"})))
    assert status == 405, f"{method} {path} answered {status}"
    listed = {item.strip().upper() for item in headers.get("allow", "").split(",") if item.strip()}
    assert allowed <= listed, f"Allow: {headers.get('allow')!r}"
    assert headers.get("content-type", "").startswith("text/html")
    assert b"<html" in body


@pytest.mark.parametrize("method", ["GET", "HEAD", "POST", "DELETE"])
def test_unknown_path_is_404(server, device, method):
    status, _, _ = raw(server, request_head(method, "/no-such-page", auth(device, **{"Content-Length": "0"})))
    assert status == 404


def test_http_1_0_without_keep_alive_is_closed(server):
    sock = connect(server.port)
    try:
        sock.sendall(b"GET /healthz HTTP/1.0\r\n\r\n")
        status, headers, body = read_head(sock)
        took, _ = wait_closed(sock, 2)
    finally:
        sock.close()
    assert status == 200
    assert took is not None, "an HTTP/1.0 connection without keep-alive stays open after its answer"


@pytest.mark.parametrize("path", ["/manifest.webmanifest", "/habits/manifest.webmanifest"])
def test_manifest_varies_by_language_and_is_not_public(server, path):
    status, headers, _ = raw(server, request_head("GET", path, {"Accept-Language": "ru", "Connection": "close"}))
    assert status == 200
    assert "accept-language" in headers.get("vary", "").lower()
    assert "public" not in headers.get("cache-control", "").lower()
