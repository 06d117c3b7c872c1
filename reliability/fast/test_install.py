"""Issue 46, item 7: the server as `deploy/` installs it. `scripts/install.sh` puts the binary and
SwiftPM's resource bundles in PREFIX/lib/appdeck and links PREFIX/bin/appdeck; the installed server,
started from there with the build folder hidden (a private mount namespace lays an empty tmpfs over
`.build`, so the bundles' build-time path cannot stand in), serves every app's first page. The
binary copied alone, the issue's way, stops at start: checked too, so the hiding is known to work."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import urllib.request
from pathlib import Path

from conftest import APPDECK_BIN
from harness import Server

REPO = Path(__file__).resolve().parents[2]
FIRST_PAGES = ["/", "/cars", "/thread-safe-array", "/layouts", "/split", "/stories", "/photos", "/github", "/habits",
               "/devices", "/backup/settings"]


def build_root() -> Path:
    """The `.build` folder the binary was built in (its bundles' fallback path lies inside)."""
    binary = Path(APPDECK_BIN).resolve()
    return next(parent for parent in binary.parents if parent.name.startswith(".build"))


def hidden_build(root: Path) -> list[str]:
    """A launcher that runs the server in a mount namespace of its own with `root` emptied."""
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c", 'mount -t tmpfs tmpfs "$0" && exec "$@"', str(root)]


def test_the_installed_server_runs_on_its_own():
    prefix = Path(tempfile.mkdtemp(prefix="appdeck-install-"))
    try:
        subprocess.run(["bash", str(REPO / "scripts" / "install.sh"), "--prefix", str(prefix),
                        "--build-dir", str(Path(APPDECK_BIN).resolve().parent)], check=True, capture_output=True, text=True)
        installed = prefix / "bin" / "appdeck"
        assert installed.is_symlink() and (prefix / "lib" / "appdeck" / "appdeck").is_file()
        server = Server(installed, launcher=hidden_build(build_root()))
        try:
            server.start()
            for path in FIRST_PAGES:
                with urllib.request.urlopen(server.url + path, timeout=10) as answer:
                    assert answer.status == 200, f"{path}: {answer.status}"
                    assert b"<html" in answer.read(), path
            assert server.alive()
        finally:
            server.stop()
            server.cleanup()

        alone = prefix / "alone"
        alone.mkdir()
        shutil.copy2(prefix / "lib" / "appdeck" / "appdeck", alone / "appdeck")
        stopped = subprocess.run([*hidden_build(build_root()), str(alone / "appdeck"), "--port", "0", "--data-dir", str(prefix / "data")],
                                 capture_output=True, text=True, timeout=30)
        assert stopped.returncode != 0 and "could not load resource bundle" in stopped.stderr, \
            "the binary alone started: the build folder was not hidden, so this test proves nothing"
    finally:
        shutil.rmtree(prefix, ignore_errors=True)
