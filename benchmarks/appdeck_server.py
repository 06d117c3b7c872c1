"""One `appdeck` process for a benchmark: a fresh data directory, a free loopback port, its log kept
in that directory, and everything removed afterwards."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Running:
    process: subprocess.Popen
    base: str
    log: Path


@contextmanager
def serving(binary: Path, *options: str, prefix: str = "appdeck-bench-"):
    """`binary --port 0 --data-dir <fresh> --log-level info <options>`, until the block ends."""
    data_dir = Path(tempfile.mkdtemp(prefix=prefix))
    log = data_dir / "server.log"
    process = subprocess.Popen(
        [str(binary), "--port", "0", "--data-dir", str(data_dir), "--log-level", "info", *options],
        stdout=subprocess.PIPE, stderr=open(log, "wb"), text=True)
    try:
        for line in process.stdout:
            if match := re.search(r"serving (http://\S+)", line):
                yield Running(process, match.group(1).rstrip("/"), log)
                break
        else:
            raise SystemExit(f"server did not start; see {log}")
    finally:
        process.terminate()
        process.wait()
        shutil.rmtree(data_dir, ignore_errors=True)
