#!/usr/bin/env python3
"""Slow clients cannot hold AppDeck (issue 12, found 1 and 2, plus slow-read answers).

One server with its default options, four cases in turn:

  (b) half a request line: N connections each send `GET /heal` and wait. Passes when the server has
      closed all of them within the watch window (the header timeout, 10 s by default, plus slack)
      and /healthz answered every second meanwhile. Resident memory before, during and after.
  (c) slow read: /cars with 1,000 cars (a page much larger than the socket buffers) read at 1 byte/s
      with a small receive buffer. Passes when /healthz keeps answering meanwhile; reports whether the
      slow connection was completed, closed by the server, or still open at the end.
  (d) body trickle: POST /cars declaring 1,000 bytes and sending 1 byte every 2 s. Passes when the
      server cuts it within the window (the minimum body rate after the header timeout's grace).
  (a) stalled body and SIGTERM: POST /cars with Content-Length 200, 17 bytes sent, socket held, then
      SIGTERM. Passes when the server exits 0 within 5 s.

Usage: APPDECK_BIN=.build/release/appdeck python3 reliability/slow_clients.py
       [--connections 300] [--watch 20] [--slow-read 15] [--trickle 25]
About 70 s with the defaults. Exits 1 when a case fails.
"""

from __future__ import annotations

import argparse
import sys
import time

from harness import Device, Server, binary, closed_now, connect, healthz_ms, mib, read_head, request_head, \
    server_errors, stalled_post


def half_lines(server: Server, count: int, watch: float) -> bool:
    rss_before = server.rss_kb()
    sockets = []
    for _ in range(count):
        sock = connect(server.port)
        sock.sendall(b"GET /heal")
        sock.setblocking(False)
        sockets.append(sock)
    print(f"(b) {count} connections sent half a request line; RSS before {mib(rss_before)}, "
          f"after opening {mib(server.rss_kb())}")
    open_ = set(range(count))
    began, all_closed_at, misses, worst_ms = time.monotonic(), None, 0, 0.0
    while time.monotonic() - began < watch:
        time.sleep(1)
        open_ = {i for i in open_ if not closed_now(sockets[i])}
        ms = healthz_ms(server.url)
        misses += ms is None
        worst_ms = max(worst_ms, ms or 0)
        elapsed = time.monotonic() - began
        print(f"    t={elapsed:4.1f} s  closed by the server {count - len(open_):4}/{count}  "
              f"/healthz {'no answer' if ms is None else f'{ms:.1f} ms'}  RSS {mib(server.rss_kb())}")
        if not open_ and all_closed_at is None:
            all_closed_at = elapsed
            break
    for sock in sockets:
        sock.close()
    time.sleep(2)
    print(f"    all closed: {'after %.1f s' % all_closed_at if all_closed_at else 'no'}; /healthz missed {misses} "
          f"time(s), slowest {worst_ms:.1f} ms; RSS 2 s after the clients left {mib(server.rss_kb())}")
    return all_closed_at is not None and misses == 0


def slow_read(server: Server, device: Device, seconds: float) -> bool:
    for i in range(1000):
        device.add_car(f"Maker{i}", f"Model{i}", year=1990 + i % 30, number=f"A{i}")
    sock = connect(server.port, timeout=10, rcvbuf=4096)
    sock.sendall(request_head("GET", "/cars?limit=1000", device.headers()))
    status, headers, body = read_head(sock)
    length = int(headers.get("content-length", "0"))
    received = len(body)
    sock.setblocking(False)
    began, misses, worst_ms, state = time.monotonic(), 0, 0.0, "still open"
    while time.monotonic() - began < seconds:
        time.sleep(1)
        try:
            chunk = sock.recv(1)
            if not chunk:
                state = "closed by the server"
                break
            received += 1
        except BlockingIOError:
            pass
        except ConnectionResetError:
            state = "reset by the server"
            break
        ms = healthz_ms(server.url)
        misses += ms is None
        worst_ms = max(worst_ms, ms or 0)
    if received >= length:
        state = "completed"
    sock.close()
    print(f"(c) slow read of /cars?limit=1000 ({status}, {length:,} bytes) at 1 byte/s for {seconds:.0f} s: "
          f"{received:,} bytes read, {state}; /healthz missed {misses} time(s), slowest {worst_ms:.1f} ms")
    return misses == 0


def trickle(server: Server, device: Device, window: float) -> bool:
    sock = stalled_post(server.port, device, declared=1000, sent=b"m")
    sock.setblocking(False)
    began, cut_at, sent = time.monotonic(), None, 1
    while time.monotonic() - began < window:
        time.sleep(2)
        if closed_now(sock):
            cut_at = time.monotonic() - began
            break
        try:
            sock.send(b"a")
            sent += 1
        except OSError:
            cut_at = time.monotonic() - began
            break
    sock.close()
    print(f"(d) body trickle, 1 byte / 2 s of a declared 1,000: "
          f"{'cut by the server after %.1f s (%d bytes sent)' % (cut_at, sent) if cut_at else 'still open after %.0f s' % window}")
    return cut_at is not None


def stalled_shutdown(server: Server, device: Device) -> bool:
    sock = stalled_post(server.port, device)
    time.sleep(0.5)
    code, seconds = server.terminate(timeout=5)
    sock.close()
    if code is None:
        later, more = server.terminate(timeout=10)  # the client has gone: what let the old server go
        print(f"(a) stalled body (17 of 200 bytes) + SIGTERM: still running 5 s later; "
              f"after the client closed, exit {later} {more:.2f} s later")
        return False
    print(f"(a) stalled body (17 of 200 bytes) + SIGTERM: exit {code} after {seconds:.2f} s")
    return code == 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--connections", type=int, default=300, help="half-line connections (b)")
    parser.add_argument("--watch", type=float, default=20, help="seconds to watch them (b)")
    parser.add_argument("--slow-read", type=float, default=15, help="seconds of 1 byte/s reading (c)")
    parser.add_argument("--trickle", type=float, default=25, help="seconds of 1 byte / 2 s body (d)")
    options = parser.parse_args()

    server = Server(binary()).start()
    results = {}
    try:
        device = Device(server.url)
        print(f"server {server.binary} pid {server.pid}; RSS after start {mib(server.rss_kb())}")
        results["(b) half request lines closed"] = half_lines(server, options.connections, options.watch)
        results["(c) others served during a slow read"] = slow_read(server, device, options.slow_read)
        results["(d) body trickle cut"] = trickle(server, device, options.trickle)
        results["(a) stalled body: exit 0 within 5 s"] = stalled_shutdown(server, device)
        errors = server_errors(server.log_text())
        print(f"5xx or unhandled-error log lines: {len(errors)}" + "".join(f"\n    {line}" for line in errors[:5]))
    finally:
        server.cleanup()
    print("\n".join(f"{'PASS' if ok else 'FAIL'}  {name}" for name, ok in results.items()))
    return 0 if all(results.values()) and len(results) == 4 else 1


if __name__ == "__main__":
    sys.exit(main())
