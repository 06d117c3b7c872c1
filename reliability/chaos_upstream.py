"""One loopback stand-in for both upstreams AppDeck asks, with faults switchable at runtime
(issue 21, section 4: the reliability suite learns upstream chaos).

It speaks jsonplaceholder's wire format (`GET /photos`: a JSON array of `{albumId, id, title, url,
thumbnailUrl}`; `GET /photos/<id>`; thumbnails at `/<size>/<rrggbb>` as real PNGs) and GitHub's REST
API as AppDeck uses it (`GET /user`, `GET /user/repos?sort=updated&per_page=10`,
`GET /repositories/<id>`, `GET /repos/<owner>/<name>/readme?ref=<branch>` with base64 `content`;
bearer tokens, `ETag` and `304 Not Modified`, 401 `Bad credentials` for an unknown token): the
shapes of `e2e/jsonplaceholder.py` and `e2e/github_api.py`, copied small so that this suite never
imports the browser suite.

Every request belongs to a family: `list` (`/photos…`), `images` (`/<size>/<rrggbb>`) or `github`
(the rest). Each family has a mode, and GitHub's can be set for one token alone, so an "attacker"
token can be broken while a "victim" token gets healthy answers. Set a mode in-process
(`stand_in.set_mode("github", "trickle", token=ATTACKER)`) or over HTTP
(`POST /__mode` with `{"family": "github", "token": "ghp_…", "mode": "trickle"}`; `GET /__mode`
lists them). The modes:

- `healthy`: the real answer.
- `stall_after_head`: the head and 1 byte of the body, then nothing for 60 s.
- `stall_kept_open` (issue 46, item 1): the head (`Content-Length` of the whole body) and 1 byte,
  then a plain sleep of `--stall-seconds` (90 by default) that ignores the client, after which the
  connection stays open for the next request: the client waits forever for the rest of the body
  unless it closes the connection itself. Python's `ThreadingHTTPServer` with HTTP/1.1 and a
  handler that sleeps, as the round-four probe reproduced the GitHub lock-out with.
- `trickle`: the real answer at 1 byte per 200 ms.
- `endless_body`: a chunked body that never ends.
- `huge_body`: 64 MiB declared (`Content-Length`) and streamed.
- `redirect_loop`: 302 to the same URL.
- `redirect_to_loopback`: 302 to the same path on another loopback port (`loopback_target`, a
  recorder that counts what reaches it: nothing should).
- `malformed_json`: 200 with a cut-off JSON body (for images: `image/png` bytes that are no PNG).
- `slow_head`: nothing for 30 s, then the real answer.
- `rate_limited`: 429 with `retry-after: 60` and GitHub's `x-ratelimit-*` headers.

Holding modes wait on the connection (they end early when the client hangs up), never on a bare sleep.
Standard library only. `stop()` closes both servers and releases every held connection.

Run alone (`python3 reliability/chaos_upstream.py --token ghp_…=login …`) it prints
`chaos upstream serving <url>` and serves until SIGTERM; `ChaosUpstreamProcess` starts it so, and
switches its modes over HTTP, so that a measuring process does not share its interpreter (and its
GIL) with a stand-in streaming endless bodies.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import select
import socket
import struct
import threading
import time
import zlib
from collections import Counter
import argparse
import signal
import subprocess
import sys
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

MODES = ("healthy", "stall_after_head", "stall_kept_open", "trickle", "endless_body", "huge_body", "redirect_loop",
         "redirect_to_loopback", "malformed_json", "slow_head", "rate_limited")
FAMILIES = ("list", "images", "github")

STALL_SECONDS = 60
STALL_KEPT_OPEN_SECONDS = 90.0
TRICKLE_INTERVAL = 0.2
SLOW_HEAD_SECONDS = 30
HUGE_BYTES = 64 * 1024 * 1024
CHUNK = 64 * 1024

TITLES = ["accusamus beatae ad facilis cum similique qui sunt", "reprehenderit est deserunt velit ipsam",
          "officia porro iure quia iusto qui ipsa ut modi", "culpa odio esse rerum omnis laboriosam voluptate",
          "natus nisi omnis corporis facere molestiae rerum in", "beatae et provident et ut vel"]
README = "# Hello, AppDeck\n\nA **small** project.\n\n## Install\n\n1. Clone it\n2. Build it with `swift build`\n"


def png_square(size: int, colour: str) -> bytes:
    """A `size`×`size` PNG filled with `colour` (rrggbb)."""
    red, green, blue = (int(colour[i:i + 2], 16) for i in (0, 2, 4))
    raw = zlib.compress((b"\x00" + bytes((red, green, blue)) * size) * size, 9)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def family_of(path: str) -> str:
    if path == "/photos" or path.startswith("/photos/"):
        return "list"
    if re.fullmatch(r"/\d{1,4}/[0-9a-fA-F]{6}", path):
        return "images"
    return "github"


def bearer(handler: BaseHTTPRequestHandler) -> str:
    return handler.headers.get("Authorization", "").removeprefix("Bearer ").strip()


class Answer:
    """A healthy answer before it is sent: status, headers, body."""

    def __init__(self, status: int, content_type: str, body: bytes, headers: dict[str, str] | None = None):
        self.status, self.content_type, self.body, self.headers = status, content_type, body, dict(headers or {})


def json_answer(status: int, value, headers: dict[str, str] | None = None) -> Answer:
    return Answer(status, "application/json; charset=utf-8", json.dumps(value).encode(), headers)


# --------------------------------------------------------------------------- the two services

class PhotoService:
    """jsonplaceholder: `count` photos, each with its own colour, so each thumbnail is its own URL
    (a cold fetch the first time it is asked)."""

    def __init__(self, base_url: str, count: int):
        self.photos = [self._photo(base_url, number) for number in range(1, count + 1)]
        self.list_body = json.dumps(self.photos).encode()

    @staticmethod
    def _photo(base_url: str, number: int) -> dict:
        colour = f"{number * 2654435761 % 0xFFFFFF:06x}"
        return {"albumId": 1 + (number - 1) // 50, "id": number, "title": TITLES[(number - 1) % len(TITLES)],
                "url": f"{base_url}/600/{colour}", "thumbnailUrl": f"{base_url}/150/{colour}"}

    def answer(self, path: str) -> Answer:
        if path == "/photos":
            return Answer(200, "application/json; charset=utf-8", self.list_body)
        if match := re.fullmatch(r"/photos/(\d+)", path):
            number = int(match.group(1))
            found = self.photos[number - 1] if 1 <= number <= len(self.photos) else {}
            return json_answer(200 if found else 404, found)
        if match := re.fullmatch(r"/(\d{1,4})/([0-9a-fA-F]{6})", path):
            return Answer(200, "image/png", png_square(min(int(match.group(1)), 150), match.group(2)))
        return json_answer(404, {})


class GitHubService:
    """GitHub's REST API for the tokens given: each its own user with `repository_count` repositories."""

    def __init__(self, tokens: dict[str, str], repository_count: int = 6):
        self.users = {token: {"login": login, "id": 4000 + index, "name": login.title(), "type": "User",
                              "html_url": f"https://github.com/{login}", "public_repos": repository_count}
                      for index, (token, login) in enumerate(tokens.items())}
        self.repositories = {token: self._repositories(user, repository_count) for token, user in self.users.items()}

    @staticmethod
    def _repositories(user: dict, count: int) -> list[dict]:
        owner, repositories = user["login"], []
        for index in range(count):
            name, updated = f"project-{index}", f"2026-11-{22 - index:02d}T10:00:00Z"
            repositories.append({
                "id": user["id"] * 100 + index, "node_id": f"R_{index}", "name": name, "full_name": f"{owner}/{name}",
                "private": False, "owner": {"login": owner, "id": user["id"], "type": "User"},
                "html_url": f"https://github.com/{owner}/{name}", "description": f"The {name} repository",
                "fork": False, "language": ["Swift", "Python", None][index % 3],
                "stargazers_count": 10 * index, "watchers_count": 10 * index, "forks_count": index,
                "subscribers_count": index + 1, "open_issues_count": 0, "default_branch": "main",
                "license": {"key": "mit", "name": "MIT License", "spdx_id": "MIT"},
                "created_at": "2024-01-01T00:00:00Z", "updated_at": updated, "pushed_at": updated, "visibility": "public"})
        return repositories

    def repository_ids(self, token: str) -> list[int]:
        return [repository["id"] for repository in self.repositories[token]]

    def answer(self, path: str, query: dict[str, list[str]], token: str) -> Answer:
        if token not in self.users:
            return json_answer(401, {"message": "Bad credentials", "documentation_url": "https://docs.github.com/rest", "status": "401"})
        mine = self.repositories[token]
        if path == "/user":
            return json_answer(200, self.users[token])
        if path == "/user/repos":
            ordered = sorted(mine, key=lambda r: r["updated_at"], reverse=True)
            return json_answer(200, ordered[:int(query.get("per_page", ["30"])[0])])
        if match := re.fullmatch(r"/repositories/(\d+)", path):
            found = next((r for r in mine if r["id"] == int(match.group(1))), None)
            return json_answer(200, found) if found else self.not_found()
        if match := re.fullmatch(r"/repos/([^/]+)/([^/]+)/readme", path):
            full_name = f"{unquote(match.group(1))}/{unquote(match.group(2))}"
            found = next((r for r in mine if r["full_name"] == full_name), None)
            return self.readme(found, query) if found else self.not_found()
        return self.not_found()

    @staticmethod
    def readme(repository: dict, query: dict[str, list[str]]) -> Answer:
        text = README.encode()
        encoded = base64.b64encode(text).decode()
        ref = query.get("ref", [repository["default_branch"]])[0]
        return json_answer(200, {
            "type": "file", "encoding": "base64", "size": len(text), "name": "README.md", "path": "README.md",
            "content": "\n".join(encoded[i:i + 60] for i in range(0, len(encoded), 60)) + "\n",
            "sha": hashlib.sha1(text).hexdigest(), "html_url": f"{repository['html_url']}/blob/{ref}/README.md",
            "download_url": f"https://raw.githubusercontent.com/{repository['full_name']}/{ref}/README.md"})

    @staticmethod
    def not_found() -> Answer:
        return json_answer(404, {"message": "Not Found", "documentation_url": "https://docs.github.com/rest", "status": "404"})


# --------------------------------------------------------------------------- the stand-in

class ChaosUpstream:
    """Both services on one loopback port, each family (and GitHub token) in its own mode."""

    def __init__(self, tokens: dict[str, str], photo_count: int = 5000):
        self.stopping = threading.Event()
        self.stall_kept_open_seconds = STALL_KEPT_OPEN_SECONDS
        self.hits: Counter[tuple[str, str]] = Counter()  # (family, mode) → requests
        self._modes: dict[str, str] = {}
        self._lock = threading.Lock()
        self.loopback_target = LoopbackTarget()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self.photos = PhotoService(self.url, photo_count)
        self.github = GitHubService(tokens)
        threading.Thread(target=self._server.serve_forever, name="chaos-upstream", daemon=True).start()

    # MARK: modes

    def set_mode(self, family: str, mode: str, token: str | None = None) -> None:
        if family not in FAMILIES or mode not in MODES or (token and family != "github"):
            raise ValueError(f"unknown family or mode, or a token outside github: {family} {mode} {token}")
        with self._lock:
            self._modes[f"github:{token}" if token else family] = mode

    def mode(self, family: str, token: str = "") -> str:
        with self._lock:
            return self._modes.get(f"github:{token}") or self._modes.get(family, "healthy")

    def modes(self) -> dict[str, str]:
        with self._lock:
            return dict(self._modes)

    def state(self) -> dict:
        """What `GET /__mode` answers: the modes set, requests per family and mode, and what reached
        the other loopback port."""
        with self._lock:
            hits = {f"{family}/{mode}": count for (family, mode), count in self.hits.items()}
        return {"modes": self.modes(), "hits": hits, "loopback_hits": self.loopback_target.paths()}

    def hit_count(self, family: str, mode: str | None = None) -> int:
        with self._lock:
            return sum(count for (f, m), count in self.hits.items() if f == family and (mode is None or m == mode))

    def stop(self) -> None:
        self.stopping.set()
        self._server.shutdown()
        self._server.server_close()
        self.loopback_target.stop()

    # MARK: requests

    def _handler_class(self):
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:  # quiet
                pass

            def do_GET(self) -> None:
                stand_in._serve(self)

            def do_POST(self) -> None:
                stand_in._switch(self)

        return Handler

    def _switch(self, handler: BaseHTTPRequestHandler) -> None:
        if urlsplit(handler.path).path != "/__mode":
            return send(handler, json_answer(404, {}))
        try:
            order = json.loads(handler.rfile.read(int(handler.headers.get("Content-Length", "0"))) or b"{}")
            self.set_mode(order.get("family", ""), order.get("mode", ""), order.get("token") or None)
        except (ValueError, AttributeError) as error:
            return send(handler, json_answer(400, {"message": str(error)}))
        send(handler, json_answer(200, self.state()))

    def _serve(self, handler: BaseHTTPRequestHandler) -> None:
        parts = urlsplit(handler.path)
        if parts.path == "/__mode":
            return send(handler, json_answer(200, self.state()))
        family = family_of(parts.path)
        token = bearer(handler) if family == "github" else ""
        mode = self.mode(family, token)
        with self._lock:
            self.hits[(family, mode)] += 1
        if family == "github":
            healthy = self.github.answer(parts.path, parse_qs(parts.query), token)
        else:
            healthy = self.photos.answer(parts.path)
        FAULTS[mode](self, handler, family, healthy)

    # MARK: faults (each: self, handler, family, the healthy answer)

    def _healthy(self, handler, family, answer: Answer) -> None:
        send(handler, answer)

    def _stall_after_head(self, handler, family, answer: Answer) -> None:
        handler.close_connection = True
        if write_head(handler, answer.status, answer.content_type, {**answer.headers, "Content-Length": str(len(answer.body))}):
            if write(handler, answer.body[:1]):
                self._hold(handler, STALL_SECONDS)

    def _stall_kept_open(self, handler, family, answer: Answer) -> None:
        handler.close_connection = False  # after the sleep, the next request on this connection is read
        if write_head(handler, answer.status, answer.content_type, {**answer.headers, "Content-Length": str(len(answer.body))}):
            if write(handler, answer.body[:1]):
                self.stopping.wait(self.stall_kept_open_seconds)

    def _trickle(self, handler, family, answer: Answer) -> None:
        handler.close_connection = True
        if not write_head(handler, answer.status, answer.content_type, {**answer.headers, "Content-Length": str(len(answer.body))}):
            return
        for index in range(len(answer.body)):
            if not write(handler, answer.body[index:index + 1]) or self._hold(handler, TRICKLE_INTERVAL):
                return

    def _endless_body(self, handler, family, answer: Answer) -> None:
        handler.close_connection = True
        if not write_head(handler, 200, answer.content_type, {"Transfer-Encoding": "chunked"}):
            return
        filler = filler_bytes(family, CHUNK)
        chunk = f"{len(filler):x}\r\n".encode() + filler + b"\r\n"
        while not self.stopping.is_set() and write(handler, chunk):
            pass

    def _huge_body(self, handler, family, answer: Answer) -> None:
        handler.close_connection = True
        if not write_head(handler, 200, answer.content_type, {"Content-Length": str(HUGE_BYTES)}):
            return
        filler, sent = filler_bytes(family, CHUNK), 0
        while sent < HUGE_BYTES and not self.stopping.is_set() and write(handler, filler[:HUGE_BYTES - sent]):
            sent += len(filler)

    def _redirect_loop(self, handler, family, answer: Answer) -> None:
        send(handler, Answer(302, "text/plain", b"", {"Location": handler.path}))

    def _redirect_to_loopback(self, handler, family, answer: Answer) -> None:
        send(handler, Answer(302, "text/plain", b"", {"Location": self.loopback_target.url + handler.path}))

    def _malformed_json(self, handler, family, answer: Answer) -> None:
        if family == "images":
            return send(handler, Answer(200, "image/png", b"\x89PNG\r\n\x1a\nthis is no image" + b"\x00" * 64))
        body = answer.body[:max(1, len(answer.body) // 2)] + b',{"id": tru'
        send(handler, Answer(200, "application/json; charset=utf-8", body))

    def _slow_head(self, handler, family, answer: Answer) -> None:
        if self._hold(handler, SLOW_HEAD_SECONDS):
            handler.close_connection = True
            return
        send(handler, answer)

    def _rate_limited(self, handler, family, answer: Answer) -> None:
        reset = int(time.time()) + 60
        send(handler, json_answer(429, {"message": "API rate limit exceeded for user ID 4000.",
                                        "documentation_url": "https://docs.github.com/rest/rate-limit"}, {
            "retry-after": "60", "x-ratelimit-limit": "5000", "x-ratelimit-remaining": "0",
            "x-ratelimit-used": "5000", "x-ratelimit-reset": str(reset), "x-ratelimit-resource": "core"}))

    def _hold(self, handler: BaseHTTPRequestHandler, seconds: float) -> bool:
        """Waits `seconds` on the connection; True when the client hung up (or the stand-in stops) first."""
        deadline = time.monotonic() + seconds
        connection = handler.connection
        while (left := deadline - time.monotonic()) > 0:
            if self.stopping.is_set():
                return True
            readable, _, _ = select.select([connection], [], [], min(left, 1.0))
            if readable and peer_closed(connection):
                return True
            if readable:  # the client sent more (it should not): wait out the rest without polling
                return self.stopping.wait(max(0.0, deadline - time.monotonic()))
        return False


FAULTS = {
    "healthy": ChaosUpstream._healthy, "stall_after_head": ChaosUpstream._stall_after_head,
    "stall_kept_open": ChaosUpstream._stall_kept_open,
    "trickle": ChaosUpstream._trickle, "endless_body": ChaosUpstream._endless_body,
    "huge_body": ChaosUpstream._huge_body, "redirect_loop": ChaosUpstream._redirect_loop,
    "redirect_to_loopback": ChaosUpstream._redirect_to_loopback, "malformed_json": ChaosUpstream._malformed_json,
    "slow_head": ChaosUpstream._slow_head, "rate_limited": ChaosUpstream._rate_limited,
}
assert set(FAULTS) == set(MODES)


# --------------------------------------------------------------------------- wire helpers

def filler_bytes(family: str, size: int) -> bytes:
    unit = b"\x00" * 16 if family == "images" else b'{"id":1,"x":"y"},'
    return (unit * (size // len(unit) + 1))[:size]


def write_head(handler: BaseHTTPRequestHandler, status: int, content_type: str, headers: dict[str, str]) -> bool:
    try:
        handler.send_response(status)
        handler.send_header("Content-Type", content_type)
        for name, value in headers.items():
            handler.send_header(name, value)
        handler.end_headers()
        handler.wfile.flush()
        return True
    except OSError:
        handler.close_connection = True
        return False


def write(handler: BaseHTTPRequestHandler, data: bytes) -> bool:
    try:
        handler.wfile.write(data)
        handler.wfile.flush()
        return True
    except OSError:
        handler.close_connection = True
        return False


def send(handler: BaseHTTPRequestHandler, answer: Answer) -> None:
    """The whole answer, with an `ETag` on a 200 and `304` when `If-None-Match` matches it."""
    headers = {**answer.headers, "Content-Length": str(len(answer.body))}
    if answer.status == 200 and answer.content_type.startswith("application/json"):
        etag = f'W/"{hashlib.sha256(answer.body).hexdigest()[:40]}"'
        if handler.headers.get("If-None-Match") == etag:
            write_head(handler, 304, answer.content_type, {"ETag": etag, "Content-Length": "0"})
            return
        headers["ETag"] = etag
    if write_head(handler, answer.status, answer.content_type, headers):
        write(handler, answer.body)


def peer_closed(connection: socket.socket) -> bool:
    try:
        return connection.recv(1, socket.MSG_PEEK) == b""
    except (BlockingIOError, InterruptedError):
        return False
    except OSError:
        return True


class LoopbackTarget:
    """Another loopback port a `redirect_to_loopback` answer points at: it counts what reaches it
    (AppDeck's allow-lists should keep that at zero) and answers a harmless JSON object."""

    def __init__(self):
        self.hits: Counter[str] = Counter()
        self._lock = threading.Lock()
        target = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:
                pass

            def do_GET(self) -> None:
                with target._lock:
                    target.hits[urlsplit(self.path).path] += 1
                send(self, json_answer(200, {"internal": True}))

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        threading.Thread(target=self._server.serve_forever, name="loopback-target", daemon=True).start()

    def total(self) -> int:
        with self._lock:
            return sum(self.hits.values())

    def paths(self) -> dict[str, int]:
        with self._lock:
            return dict(self.hits)

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()


# --------------------------------------------------------------------------- in a process of its own

class ChaosUpstreamProcess:
    """`ChaosUpstream` in a child process; the same `url`, `set_mode` and `stop`, over `/__mode`."""

    def __init__(self, tokens: dict[str, str], photo_count: int = 5000, stall_seconds: float = STALL_KEPT_OPEN_SECONDS):
        arguments = [f"--token={token}={login}" for token, login in tokens.items()]
        self.process = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), f"--photos={photo_count}",
                                         f"--stall-seconds={stall_seconds}", *arguments],
                                        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("chaos upstream serving "):
            self.process.kill()
            raise RuntimeError(f"the chaos upstream did not start: {line!r}")
        self.url = line.split()[-1]
        self.photo_count = photo_count
        self.github = GitHubService(tokens)  # the same data as the child's: ids to ask for

    def set_mode(self, family: str, mode: str, token: str | None = None) -> None:
        order = json.dumps({"family": family, "mode": mode, "token": token}).encode()
        request = urllib.request.Request(self.url + "/__mode", data=order, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=5) as answer:
            answer.read()

    def loopback_hits(self) -> dict[str, int]:
        with urllib.request.urlopen(self.url + "/__mode", timeout=5) as answer:
            return json.loads(answer.read())["loopback_hits"]

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description="A loopback stand-in for jsonplaceholder and GitHub, with faults.")
    parser.add_argument("--token", action="append", default=[], help="TOKEN=LOGIN, once per GitHub user")
    parser.add_argument("--photos", type=int, default=5000)
    parser.add_argument("--stall-seconds", type=float, default=STALL_KEPT_OPEN_SECONDS,
                        help="how long `stall_kept_open` sleeps before it waits for the next request")
    options = parser.parse_args()
    tokens = dict(item.split("=", 1) for item in options.token)
    stand_in = ChaosUpstream(tokens, options.photos)
    stand_in.stall_kept_open_seconds = options.stall_seconds
    stopped = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopped.set())
    signal.signal(signal.SIGINT, lambda *_: stopped.set())
    print(f"chaos upstream serving {stand_in.url}", flush=True)
    stopped.wait()
    stand_in.stop()


if __name__ == "__main__":
    main()
