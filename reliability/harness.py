"""Shared pieces of the reliability suite: start and stop `appdeck`, act as a browser (device
cookie + CSRF token), post forms, talk raw HTTP over sockets, read resident memory.

Standard library only. The scripts and the fast tests (`fast/conftest.py`) all import this file.
"""

from __future__ import annotations

import http.client
import os
import re
import select
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
COOKIE = "appdeck_device"
BODIES = ["sedan", "hatchback", "wagon", "coupe", "convertible", "suv", "minivan", "pickup"]


def binary(default: Path = REPO / ".build" / "release" / "appdeck") -> Path:
    """The server under test: `APPDECK_BIN`, else `default`."""
    path = Path(os.environ.get("APPDECK_BIN", default))
    if not path.is_absolute():
        path = (Path.cwd() / path).resolve()
    if not path.is_file():
        raise SystemExit(f"{path} is missing: build it (swift build -c release --product appdeck) or set APPDECK_BIN")
    return path


def debug_binary() -> Path:
    """The fast tests' server: `APPDECK_BIN`, else the debug build the test command makes."""
    return binary(REPO / ".build" / "debug" / "appdeck")


# --------------------------------------------------------------------------- the server process

# For scripts that post as fast as they can from one device and one address (seeding, writers
# racing a kill): far past the write rate a person meets (issue 34), which is what they are not about.
NO_WRITE_RATE = ["--write-rate-per-owner", "off", "--write-rate-per-address", "off"]


class Server:
    """One `appdeck` process on a free loopback port; stderr (the log) goes to `data_dir/server.log`."""

    def __init__(self, binary: Path, data_dir: Path | None = None, args: list[str] = (), env: dict | None = None,
                 port: int = 0, launcher: list[str] = ()):
        self.binary = binary
        self.launcher = list(launcher)  # a command that runs the binary, e.g. `faketime -f +30d`
        self.requested_port = port  # 0: a free one; a fixed one lets a restarted server keep its place behind nginx
        self.owns_dir = data_dir is None
        self.data_dir = Path(data_dir or tempfile.mkdtemp(prefix="appdeck-rel-"))
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.args = list(args)
        self.env = env
        self.log = self.data_dir / "server.log"
        self.process: subprocess.Popen | None = None
        self.url = ""
        self.port = 0
        self.metrics_url = ""  # `http://127.0.0.1:PORT/metrics` when started with --metrics-port

    @property
    def db(self) -> Path:
        return self.data_dir / "appdeck.sqlite"

    @property
    def pid(self) -> int:
        return self.process.pid

    def start(self, timeout: float = 60) -> "Server":
        environment = dict(os.environ, **(self.env or {}))
        with open(self.log, "ab") as stderr:
            self.process = subprocess.Popen(
                [*self.launcher, str(self.binary), "--host", "127.0.0.1", "--port", str(self.requested_port), "--data-dir", str(self.data_dir), *self.args],
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=stderr, env=environment)
        found = threading.Event()
        metrics = threading.Event()
        if "--metrics-port" not in self.args and not environment.get("APPDECK_METRICS_PORT"):
            metrics.set()  # no metrics listener to wait for

        def pump() -> None:  # reads the URLs, then keeps stdout drained
            for raw in self.process.stdout:
                match = re.search(rb"AppDeck is serving (http://\S+)", raw)
                if match and not found.is_set():
                    self.url = match.group(1).decode().rstrip("/")
                    found.set()
                match = re.search(rb"AppDeck metrics at (http://\S+)", raw)
                if match and not metrics.is_set():
                    self.metrics_url = match.group(1).decode()
                    metrics.set()
            found.set()
            metrics.set()

        threading.Thread(target=pump, daemon=True).start()
        found.wait(timeout)
        metrics.wait(timeout)
        if not self.url:
            code = self.process.poll()
            self.kill()
            raise RuntimeError(f"appdeck did not start (exit {code}): {self.log_text()[-800:]}")
        self.port = int(self.url.rsplit(":", 1)[1])
        return self

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def terminate(self, timeout: float = 10) -> tuple[int | None, float]:
        """SIGTERM; (exit code or None if still running after `timeout`, seconds waited)."""
        began = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        try:
            code = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            code = None
        return code, time.monotonic() - began

    def kill(self) -> None:
        """SIGKILL (kill -9) and reap, if still running."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def stop(self) -> int | None:
        """SIGTERM, then SIGKILL after 10 s; the exit code of the SIGTERM (None if it had to be killed)."""
        if not self.alive():
            return self.process.returncode if self.process else None
        code, _ = self.terminate(10)
        self.kill()
        return code

    def cleanup(self) -> None:
        self.kill()
        if self.owns_dir:
            shutil.rmtree(self.data_dir, ignore_errors=True)

    def rss_kb(self) -> int:
        """Resident memory (VmRSS) in kB; 0 once the process is gone."""
        try:
            for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        except (FileNotFoundError, ProcessLookupError):
            pass
        return 0

    def log_mark(self) -> int:
        return self.log.stat().st_size

    def log_text(self, since: int = 0) -> str:
        with open(self.log, "rb") as file:
            file.seek(since)
            return file.read().decode("utf-8", "replace")


# --------------------------------------------------------------------------- HTTP as a browser

class Response:
    def __init__(self, status: int, headers: http.client.HTTPMessage, body: bytes):
        self.status, self.headers, self.body = status, headers, body

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", "replace")

    def header(self, name: str) -> str | None:
        return self.headers.get(name)


def cookie_value(headers: http.client.HTTPMessage) -> str | None:
    """The `appdeck_device` value a response sets, if any."""
    for value in headers.get_all("Set-Cookie") or []:
        match = re.match(rf"\s*{COOKIE}=([^;]*)", value)
        if match:
            return match.group(1)
    return None


def csrf_token(html: str) -> str | None:
    match = re.search(r'name="_csrf" value="([^"]+)"', html)
    return match.group(1) if match else None


class Client:
    """One keep-alive connection that reconnects when the server closed it. Not thread-safe:
    one per thread. Never follows redirects."""

    def __init__(self, base_url: str, timeout: float = 10):
        parts = urllib.parse.urlsplit(base_url)
        self.host, self.port, self.timeout = parts.hostname, parts.port, timeout
        self.connection: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, body: bytes | str | None = None, headers: dict | None = None) -> Response:
        if isinstance(body, str):
            body = body.encode()
        while True:
            reused = self.connection is not None
            if not reused:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
            try:
                self.connection.request(method, path, body=body, headers=headers or {})
                answer = self.connection.getresponse()
                return Response(answer.status, answer.headers, answer.read())
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                self.close()
                if not reused:  # a kept-alive connection the server had closed: once more, as browsers do
                    raise

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def cookie_owner(value: str) -> str:
    """The owner (the device id every table stores) a cookie names: `<session>.<owner>.<day>.<mac>`
    since issue 36's sessions; the first part of the older device cookies."""
    parts = value.split(".")
    return parts[1] if len(parts) == 4 else parts[0]


class Device:
    """A browser: its device cookie (as the server issued it) and its CSRF token."""

    def __init__(self, base_url: str, timeout: float = 10):
        self.base_url = base_url
        self.client = Client(base_url, timeout)
        first = self.client.request("GET", "/")
        self.cookie = cookie_value(first.headers)
        self.token = csrf_token(first.text)
        assert first.status == 200 and self.cookie and self.token, f"no cookie or token from GET / ({first.status})"

    @property
    def device_id(self) -> str:
        """The id the database stores: the owner the cookie names (`cookie_owner`)."""
        return cookie_owner(self.cookie)

    def headers(self, extra: dict | None = None) -> dict:
        return {"Cookie": f"{COOKIE}={self.cookie}", **(extra or {})}

    def get(self, path: str, headers: dict | None = None) -> Response:
        return self.client.request("GET", path, headers=self.headers(headers))

    def post(self, path: str, fields: dict | list, headers: dict | None = None, token: bool = True) -> Response:
        """A form post as the browser sends it: urlencoded, with `_csrf` first and a same-origin `Origin`."""
        items = list(fields.items()) if isinstance(fields, dict) else list(fields)
        if token:
            items = [("_csrf", self.token)] + items
        body = urllib.parse.urlencode(items)
        base = {"Content-Type": "application/x-www-form-urlencoded", "Origin": self.base_url}
        return self.client.request("POST", path, body, self.headers({**base, **(headers or {})}))

    def add_car(self, manufacturer: str, model: str, body: str = "suv", year: int | str = 2000, number: str = "") -> Response:
        return self.post("/cars", {"manufacturer": manufacturer, "model": model, "body": body,
                                   "yearOfIssue": str(year), "carNumber": number, "filter": ""})

    def add_habit(self, name: str, color: str = "#ff9500", time_of_day: str = "08:00") -> Response:
        return self.post("/habits", {"name": name, "color": color, "time": time_of_day})

    def close(self) -> None:
        self.client.close()


# --------------------------------------------------------------------------- raw sockets

def connect(port: int, timeout: float = 5, rcvbuf: int | None = None) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if rcvbuf:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    sock.settimeout(timeout)
    sock.connect(("127.0.0.1", port))
    return sock


def closed_now(sock: socket.socket) -> bool:
    """Whether the server has closed `sock` (EOF or reset), without blocking; drains what arrived."""
    while True:
        readable, _, _ = select.select([sock], [], [], 0)
        if not readable:
            return False
        try:
            if not sock.recv(65536):
                return True
        except (ConnectionResetError, BrokenPipeError):
            return True
        except (BlockingIOError, socket.timeout):
            return False


def wait_closed(sock: socket.socket, timeout: float) -> tuple[float | None, bytes]:
    """Reads until the server closes `sock`; (seconds it took, or None if still open after
    `timeout`; the bytes received meanwhile)."""
    began = time.monotonic()
    received = b""
    while (left := timeout - (time.monotonic() - began)) > 0:
        readable, _, _ = select.select([sock], [], [], left)
        if not readable:
            break
        try:
            chunk = sock.recv(65536)
        except (ConnectionResetError, BrokenPipeError):
            return time.monotonic() - began, received
        if not chunk:
            return time.monotonic() - began, received
        received += chunk
    return None, received


def read_head(sock: socket.socket, timeout: float = 5) -> tuple[int, dict[str, str], bytes]:
    """Reads one response head; (status, lower-cased headers, bytes already read past the head)."""
    deadline = time.monotonic() + timeout
    data = b""
    while b"\r\n\r\n" not in data:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError(f"closed before a full response head: {data[:200]!r}")
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        key = name.strip().lower()
        headers[key] = f"{headers[key]}, {value.strip()}" if key in headers else value.strip()
    return int(lines[0].split()[1]), headers, rest


def read_response(sock: socket.socket, timeout: float = 5) -> tuple[int, dict[str, str], bytes]:
    """One response with a Content-Length body (what AppDeck sends)."""
    status, headers, body = read_head(sock, timeout)
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return status, headers, body


def request_head(method: str, path: str, headers: dict | None = None, version: str = "HTTP/1.1") -> bytes:
    """A request head; `Host` is 127.0.0.1 unless `headers` has one (give the port where Origin matters)."""
    headers = {"Host": "127.0.0.1", **(headers or {})}
    lines = [f"{method} {path} {version}", *(f"{k}: {v}" for k, v in headers.items())]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def stalled_post(port: int, device: Device | None, declared: int = 200, sent: bytes = b"manufacturer=Lada") -> socket.socket:
    """POST /cars declaring `declared` body bytes but sending only `sent` (17 bytes), then holding."""
    headers = {"Host": f"127.0.0.1:{port}", "Content-Type": "application/x-www-form-urlencoded",
               "Content-Length": str(declared)}
    if device:
        headers.update({"Cookie": f"{COOKIE}={device.cookie}", "X-CSRF-Token": device.token, "Origin": device.base_url})
    sock = connect(port)
    sock.sendall(request_head("POST", "/cars", headers) + sent)
    return sock


def healthz_ms(base_url: str, timeout: float = 2) -> float | None:
    """Milliseconds /healthz takes on a new connection, or None when it does not answer 200 in time."""
    began = time.monotonic()
    try:
        answer = Client(base_url, timeout).request("GET", "/healthz")
        return (time.monotonic() - began) * 1000 if answer.status == 200 else None
    except OSError:
        return None


def mib(kb: int) -> str:
    return f"{kb / 1024:.1f} MiB"


def server_errors(log: str) -> list[str]:
    """Log lines that report a 5xx answer or an unhandled error."""
    return [line for line in log.splitlines()
            if "Unhandled error" in line
            or re.search(r"status=5\d\d\b", line)
            or ("ms=" in line and re.search(r"\s5\d\d\s*$", line))]
