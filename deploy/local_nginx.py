"""nginx on loopback in front of AppDeck servers, from `deploy/nginx/appdeck.conf`: what
`deploy/run-local.sh`, the two-server reliability tests and the cluster e2e test start.

    python3 deploy/local_nginx.py start WORK PORT HOST:PORT...   writes WORK/nginx.conf, starts nginx
    python3 deploy/local_nginx.py stop WORK                      asks it to quit

Standard library only; nginx from Debian's package.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

SITE = Path(__file__).resolve().parent / "nginx" / "appdeck.conf"
TEMP_KINDS = ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def write_config(work: Path, listen_port: int, servers: list[str]) -> Path:
    """WORK/appdeck.conf (the site, its placeholders filled) and WORK/nginx.conf around it."""
    work.mkdir(parents=True, exist_ok=True)
    upstreams = " ".join(f"server {address} max_fails=0;" for address in servers)
    site = SITE.read_text().replace("@UPSTREAM_SERVERS@", upstreams).replace("@LISTEN@", f"127.0.0.1:{listen_port}")
    (work / "appdeck.conf").write_text(site)
    # As root, nginx's workers would run as `nobody`, which cannot write this folder's temp files.
    user = "user root root;\n" if os.geteuid() == 0 else ""
    temp = "".join(f"    {kind}_temp_path {work}/{kind};\n" for kind in TEMP_KINDS)
    config = work / "nginx.conf"
    config.write_text(
        f"{user}worker_processes 1;\npid {work}/nginx.pid;\nerror_log {work}/error.log warn;\n"
        f"events {{ worker_connections 1024; }}\n"
        f"http {{\n    access_log {work}/access.log;\n{temp}    include {work}/appdeck.conf;\n}}\n")
    return config


def start(work: Path, listen_port: int, servers: list[str]) -> None:
    config = write_config(work, listen_port, servers)
    subprocess.run(["nginx", "-p", str(work), "-c", str(config)], check=True, capture_output=True, timeout=30)


def stop(work: Path) -> None:
    pid_file = work / "nginx.pid"
    if not pid_file.exists():
        return
    subprocess.run(["nginx", "-p", str(work), "-c", str(work / "nginx.conf"), "-s", "quit"], capture_output=True, timeout=30)
    for _ in range(100):  # the master removes its pid file when it has gone
        if not pid_file.exists():
            return
        time.sleep(0.05)


if __name__ == "__main__":
    command, folder = sys.argv[1], Path(sys.argv[2])
    if command == "start":
        start(folder, int(sys.argv[3]), sys.argv[4:])
    elif command == "stop":
        stop(folder)
    else:
        raise SystemExit(__doc__)
