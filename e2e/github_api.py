"""A loopback stand-in for api.github.com, for the browser suite.

It speaks the paths, headers and JSON shapes GitHub's REST API documents for what AppDeck asks:
`GET /user`, `GET /user/repos`, `GET /repositories/<id>`, `GET /repos/<owner>/<repo>/readme`
(base64 `content` with a line break every 60 characters, as GitHub sends it) and
`GET /repos/<owner>/<repo>/git/trees/<branch>?recursive=1` (every folder and file of the branch,
`type` `tree` or `blob`, with `truncated`), and for the code browser and history (issue 49)
`GET /repos/<owner>/<repo>`, `/contents/<path>?ref=` (a folder's entries; a file with base64
`content`, or `encoding: none` and no content over 1 MB), `/branches`, `/tags`,
`/commits?sha=&per_page=&page=` and `/commits/<sha>` (422 for a SHA it does not know); and for issues,
search and stars (issue 49) `/repos/<owner>/<repo>/issues?state=&per_page=&page=` (pull requests among
them, marked by `pull_request`), `/pulls?state=`, `/issues/<n>`, `/issues/<n>/comments`,
`GET /search/repositories?q=` (422 "Validation Failed" for a qualifier it does not know) and
`GET`/`PUT`/`DELETE /user/starred/<owner>/<repo>` (204, or 404; `star_refused = True` answers a
`PUT` or `DELETE` 404, as GitHub does a token that may not star). Answers carry an
`ETag`, and a request whose `If-None-Match` matches gets `304 Not Modified`. A wrong token gets
401 `Bad credentials`; `rate_limited = True` answers 403 with GitHub's rate-limit headers;
`fail_with = <status>` answers that status to every request. It records each request's path and
headers, and the status of each answer (`statuses`: how many were 304s, for the rate-limit
figures of `benchmarks/github_code.py`); `extra_files` adds files to `hello-appdeck`'s `trunk`;
`stop()` closes it.

It also plays the image hosts a README names (issue 22, GH-3), without a token: `/raw/<owner>/<repo>/
<ref>/<path>` is raw.githubusercontent.com (the README's `download_url` points there, so relative
images resolve to it; every `.png` is a 320x200 picture), `/avatars/u/<id>` is
avatars.githubusercontent.com (`GET /user`'s `avatar_url` points there), `/images/badge.png` and
`/images/badge.svg` are badges, `/images/broken.png` is a 404, and `/images/internal.png` redirects
to a second loopback server (`internal`, playing a service only the server's network reaches)
that records every request it gets. The AppDeck server is started with
`--readme-image-private-hosts 127.0.0.1:<this port>`: this port only, so the redirect to the other
one is checked and refused.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import socket
import struct
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

TOKEN = "ghp_" + "A1b2C3d4E5f6G7h8I9j0" + "K1l2M3n4O5p6Q7r8"
#: What the device flow grants once a code is authorized (issue 49): an OAuth app's token, the
#: same person as `TOKEN`.
OAUTH_TOKEN = "gho_" + "D3v1c3F10wT0k3nA1b2C" + "3d4E5f6G7h8I9j0K"
#: The OAuth app's client id the e2e servers are started with (`--github-client-id`).
CLIENT_ID = "Iv1.e2e0appdeck0001"
DEVICE_GRANT_TYPE = "urn:ietf:params:oauth:grant-type:device_code"
EMPTY_TOKEN = "ghp_" + "Z9y8X7w6V5u4T3s2R1q0" + "P9o8N7m6L5k4J3i2"

HOSTILE_README = """# Hostile README

<script>window.__pwned = 'script'</script>

<img src="x" onerror="window.__pwned = 'onerror'">

[Click me](javascript:window.__pwned='link')

<a href="jav&#x09;ascript:window.__pwned='encoded'">encoded link</a>

<iframe src="https://example.com"></iframe>

<div onclick="window.__pwned='click'">Plain text survives.</div>
"""

README = """# Hello, AppDeck

A **small** project with a README that uses what GitHub's renderer does.

## Install

1. Clone it
2. Build it
   - with `swift build`

| Command | What it does |
|:--------|-------------:|
| build   | compiles     |
| test    | checks       |

```swift
print("Hello")
```

> Quoted text.

See [the docs](docs/guide.md), [the sources](Sources/App) or [GitHub](https://github.com).

![Logo](images/logo.png)
"""

def png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A PNG of one colour, written by hand (no imaging library)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + bytes(rgb) * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


BADGE_SVG = b"""<svg xmlns="http://www.w3.org/2000/svg" width="84" height="20" viewBox="0 0 84 20">
<rect width="46" height="20" fill="#555"/><rect x="46" width="38" height="20" fill="#4c1"/>
<g fill="#fff" font-family="Verdana,sans-serif" font-size="11"><text x="6" y="14">licence</text><text x="50" y="14">MIT</text></g>
</svg>"""


def images_readme(base: str) -> str:
    """A README with a PNG badge, an SVG badge, a relative screenshot, a broken image and one
    that redirects to loopback."""
    return f"""# game-of-life

[![Build]({base}/images/badge.png)](https://github.com/octo-appdeck/game-of-life/actions) ![Licence]({base}/images/badge.svg)

Conway's Game of Life in the terminal.

![Screenshot](docs/screenshot.png)

![Broken diagram]({base}/images/broken.png)

![Internal secret]({base}/images/internal.png)
"""


#: `Sources/README.md`: a folder's README, which the folder's page shows under its entries (issue 49).
SOURCES_README = """# Sources

The app's code lives in [App](App/main.swift).

![Diagram](diagram.png)

<script>window.__pwned = 'folder readme'</script>
"""

GUIDE = """# Guide

How to use **hello-appdeck**. The [main file](../Sources/App/main.swift) prints a greeting.

![Logo](../images/logo.png)

<script>window.__pwned = 'guide'</script>
"""

#: A Swift file of 60 lines: line 4 carries markup, line 6 is long enough to scroll sideways
#: inside the code on any screen, line 42 is what `#L42` links to.
MAIN_SWIFT = "\n".join(
    ["import Foundation", "", "/// AppDeck's hello.", 'let greeting = "<b>Hello</b>, AppDeck & friends"', "",
     "let banner = \"" + "=-" * 120 + "\" // a long line that scrolls inside the code, never the page"]
    + [f"let value{n} = {n} // line {n}" for n in range(7, 61)]) + "\n"

#: `hello-appdeck`'s commits on `trunk`, newest first: the first changes the Swift file (markup in
#: its diff, and a long line), renames the guide and adds a picture.
COMMITS = [
    {"sha": hashlib.sha1(b"third").hexdigest(), "message": "Greet with <b>markup</b>\n\nAnd a banner long enough to scroll.",
     "login": "octo-appdeck", "name": "Octo AppDeck", "date": "2026-11-21T09:00:00Z",
     "files": [
         {"filename": "Sources/App/main.swift", "status": "modified", "additions": 2, "deletions": 1,
          "patch": '@@ -2,4 +2,5 @@ import Foundation\n \n /// AppDeck\'s hello.\n-let greeting = "Hello"\n+let greeting = "<b>Hello</b>, AppDeck & friends"\n \n+let banner = "' + "=-" * 120 + '" // a long line that scrolls inside the code, never the page'},
         {"filename": "docs/guide.md", "previous_filename": "docs/old-guide.md", "status": "renamed", "additions": 1, "deletions": 0,
          "patch": "@@ -6,0 +7 @@\n+<script>window.__pwned = 'guide'</script>"},
         {"filename": "images/logo.png", "status": "added", "additions": 0, "deletions": 0, "patch": None},
     ]},
    {"sha": hashlib.sha1(b"second").hexdigest(), "message": "Add the guide", "login": None, "name": "Someone Else",
     "date": "2026-11-18T09:00:00Z",
     "files": [{"filename": "docs/old-guide.md", "status": "added", "additions": 1, "deletions": 0, "patch": "@@ -0,0 +1 @@\n+# Guide"}]},
    {"sha": hashlib.sha1(b"first").hexdigest(), "message": "Initial commit", "login": "octo-appdeck", "name": "Octo AppDeck",
     "date": "2026-11-01T09:00:00Z",
     "files": [{"filename": "README.md", "status": "added", "additions": 1, "deletions": 0, "patch": "@@ -0,0 +1 @@\n+# Hello, AppDeck"}]},
]

#: `hello-appdeck`'s issues and pull requests, newest first, as the issues endpoint lists them.
ISSUES = [
    {"number": 8, "title": "Add a banner to the greeting", "state": "open", "login": "octo-appdeck", "pull": True,
     "labels": [("enhancement", "a2eeef")], "body": "Adds a banner.", "comments": []},
    {"number": 7, "title": "Crash on <launch> when the greeting is long", "state": "open", "login": "someone-else", "pull": False,
     "labels": [("bug", "d73a4a"), ("good first issue", "7057ff"), ("needs triage", "fef2c0"), ("hostile", "red;}body{display:none")],
     "body": "It crashes.\n\n<script>window.__pwned = 'issue'</script>\n\n![Screenshot]({images}/raw/octo-appdeck/hello-appdeck/trunk/images/logo.png)\n\nSee [the guide](docs/guide.md).",
     "comments": [("octo-appdeck", "Thanks! **Confirmed** on trunk."), (None, "A comment whose author deleted the account.")]},
    {"number": 6, "title": "Document the install step", "state": "open", "login": "octo-appdeck", "pull": False,
     "labels": [("documentation", "0075ca")], "body": None, "comments": []},
    {"number": 5, "title": "An old bug", "state": "closed", "login": "octo-appdeck", "pull": False, "labels": [], "body": "Fixed.", "comments": []},
]

SEARCH_QUALIFIERS = {"in", "user", "org", "language", "stars", "forks", "size", "topic", "is", "fork", "pushed", "created", "license", "archived"}

LANGUAGES = ["Swift", "Python", "JavaScript", "Go", "Rust", "C++", "TypeScript", "Kotlin", None, "Shell", "Ruby", "C"]


class GitHubStandIn:
    def __init__(self):
        self.rate_limited = False
        # A PUT or DELETE of a star answers 404, as GitHub does to a token that may not star.
        self.star_refused = False
        self.starred: set[str] = set()
        self.fail_with: int | None = None
        # Seconds every API answer waits before it is sent: a slow GitHub, not a missing one.
        self.delay = 0.0
        self.requests: list[tuple[str, dict[str, str]]] = []
        # The status of every answer sent, in the order sent.
        self.statuses: list[int] = []
        # More files of hello-appdeck's trunk: path -> bytes.
        self.extra_files: dict[str, bytes] = {}
        self.avatar_requests = 0
        self._lock = threading.Lock()
        self.repositories = {TOKEN: self._repositories("octo-appdeck"), EMPTY_TOKEN: []}
        self.repositories[OAUTH_TOKEN] = self.repositories[TOKEN]
        # github.com's device flow (issue 49): each device code's user code and what the person
        # decided at /login/device ("pending", "authorized", "denied", "expired").
        self.device_interval = 1
        self.device_expires_in = 900
        self.device_disabled = False
        self.device_slow_downs = 0
        self.device_codes: dict[str, dict] = {}
        #: `time.monotonic()` of every poll of the token endpoint, by device code.
        self.device_polls: dict[str, list[float]] = {}
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:  # quiet
                pass

            def setup(self) -> None:
                super().setup()
                # The head and the body go out as two writes; without this, a kept-alive client's
                # delayed ACK held every answer with a body ~40 ms (a 304 has none).
                self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

            def do_GET(self) -> None:
                with stand_in._lock:
                    stand_in.requests.append((self.path, {k.lower(): v for k, v in self.headers.items()}))
                stand_in._answer(self)

            def send_response(self, code, message=None) -> None:
                with stand_in._lock:
                    stand_in.statuses.append(code)
                super().send_response(code, message)

            def do_PUT(self) -> None:
                self.do_GET()

            def do_DELETE(self) -> None:
                self.do_GET()

            def do_POST(self) -> None:
                with stand_in._lock:
                    stand_in.requests.append((self.path, {k.lower(): v for k, v in self.headers.items()}))
                stand_in._device_answer(self)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self.image_host = f"127.0.0.1:{self._server.server_address[1]}"
        self.users = {
            TOKEN: self._user("octo-appdeck", 4242, "Octo AppDeck", 11),
            EMPTY_TOKEN: self._user("newcomer", 4343, None, 0),
        }
        self.users[OAUTH_TOKEN] = self.users[TOKEN]
        threading.Thread(target=self._server.serve_forever, name="github-stand-in", daemon=True).start()

        # The service only the server's own network reaches: it would answer with a picture, so
        # a proxy that followed the redirect would show it.
        self.internal_requests: list[str] = []

        class Internal(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:
                pass

            def do_GET(self) -> None:
                with stand_in._lock:
                    stand_in.internal_requests.append(self.path)
                stand_in._send_bytes(self, 200, "image/png", png(40, 40, (200, 0, 0)))

        self._internal = ThreadingHTTPServer(("127.0.0.1", 0), Internal)
        self.internal_url = f"http://127.0.0.1:{self._internal.server_address[1]}"
        threading.Thread(target=self._internal.serve_forever, name="internal-stand-in", daemon=True).start()

    # MARK: data

    def _user(self, login: str, id_: int, name: str | None, public_repos: int) -> dict:
        """`GET /user` as GitHub documents it ("Get the authenticated user"); the picture is on
        this stand-in, playing avatars.githubusercontent.com."""
        api = f"https://api.github.com/users/{login}"
        return {"login": login, "id": id_, "node_id": base64.b64encode(f"04:User{id_}".encode()).decode(),
                "avatar_url": f"{self.url}/avatars/u/{id_}?v=4", "gravatar_id": "", "url": api,
                "html_url": f"https://github.com/{login}", "followers_url": f"{api}/followers",
                "following_url": f"{api}/following{{/other_user}}", "gists_url": f"{api}/gists{{/gist_id}}",
                "starred_url": f"{api}/starred{{/owner}}{{/repo}}", "subscriptions_url": f"{api}/subscriptions",
                "organizations_url": f"{api}/orgs", "repos_url": f"{api}/repos", "events_url": f"{api}/events{{/privacy}}",
                "received_events_url": f"{api}/received_events", "type": "User", "site_admin": False, "name": name,
                "company": None, "blog": "", "location": None, "email": None, "hireable": None, "bio": None,
                "public_repos": public_repos, "public_gists": 0, "followers": 0, "following": 0,
                "created_at": "2020-01-01T00:00:00Z", "updated_at": "2025-01-01T00:00:00Z"}

    def _repositories(self, owner: str) -> list[dict]:
        names = ["hello-appdeck", "hostile-readme", "no-readme", "тестовый-проект", "swift-tools", "notes",
                 "dotfiles", "website", "api-client", "game-of-life", "cli", "old-project"]
        repositories = []
        for index, name in enumerate(names):
            updated = f"2026-11-{22 - index:02d}T10:00:00Z"
            repositories.append({
                "id": 1000 + index, "node_id": f"R_{index}", "name": name, "full_name": f"{owner}/{name}",
                "private": index == 5,
                "owner": {"login": owner, "id": 4242, "type": "User"},
                "html_url": f"https://github.com/{owner}/{name}",
                "description": None if index == 6 else ("Проект с описанием на русском" if index == 3 else f"The {name} repository"),
                "fork": False, "language": LANGUAGES[index],
                "stargazers_count": [1234, 5, 0, 42, 99999, 7, 1, 3, 12, 8, 2, 0][index],
                "watchers_count": [1234, 5, 0, 42, 99999, 7, 1, 3, 12, 8, 2, 0][index],
                "forks_count": [56, 1, 0, 3, 4321, 0, 0, 1, 2, 0, 0, 0][index],
                "subscribers_count": [78, 2, 1, 4, 321, 1, 1, 1, 2, 1, 1, 1][index],
                "open_issues_count": 0, "default_branch": "trunk" if index == 0 else "main",
                "license": None if index in (2, 7) else {"key": "mit", "name": "MIT License", "spdx_id": "MIT"},
                "created_at": "2024-01-01T00:00:00Z", "updated_at": updated, "pushed_at": updated,
                "visibility": "private" if index == 5 else "public",
            })
        return repositories

    def _readme(self, repository: dict) -> str | None:
        return {"hello-appdeck": README, "hostile-readme": HOSTILE_README, "no-readme": None,
                "game-of-life": images_readme(self.url)}.get(
            repository["name"], f"# {repository['name']}\n\nJust a README.\n")

    # The files of each repository's default branch; the tree's folders are derived from them.
    FILES = {"hello-appdeck": ["README.md", "Package.swift", "docs/guide.md", "images/logo.png", "Sources/App/main.swift"]}

    # MARK: code and history (issue 49)

    def _code(self, repository: dict, ref: str) -> dict[str, bytes | int] | None:
        """The files of `ref` of a repository: path -> bytes, or a size in bytes for a file over
        1 MB (sent without content). `hello-appdeck` has its default branch `trunk`, a `dev`
        branch and a `v1.0` tag; every other repository a README on its default branch."""
        if repository["name"] != "hello-appdeck":
            readme = self._readme(repository)
            return {"README.md": readme.encode()} if ref == repository["default_branch"] and readme else None
        trunk = {
            "README.md": README.encode(),
            "Package.swift": b"// swift-tools-version:6.1\nimport PackageDescription\n\nlet package = Package(name: \"hello-appdeck\")\n",
            "docs/guide.md": GUIDE.encode(),
            "images/logo.png": png(320, 200, (36, 41, 47)),
            "Sources/App/main.swift": MAIN_SWIFT.encode(),
            "Sources/README.md": SOURCES_README.encode(),
            "tools/archive.zip": b"PK\x03\x04" + bytes(60),
            "data/huge.log": 2_500_000,
        } | self.extra_files
        return {"trunk": trunk, "dev": {"README.md": b"# Dev branch\n", "notes.txt": b"dev notes\n"},
                "v1.0": {"README.md": b"# Version 1.0\n"}}.get(ref)

    def _entry(self, repository: dict, ref: str, path: str, value, folder: bool) -> dict:
        full = repository["full_name"]
        api = f"https://api.github.com/repos/{full}"
        sha = hashlib.sha1(((f"tree {path}").encode() if folder else value if isinstance(value, bytes) else path.encode())).hexdigest()
        html = f"https://github.com/{full}/{'tree' if folder else 'blob'}/{ref}/{path}"
        size = 0 if folder else value if isinstance(value, int) else len(value)
        return {"type": "dir" if folder else "file", "size": size, "name": path.rsplit("/", 1)[-1], "path": path, "sha": sha,
                "url": f"{api}/contents/{path}?ref={ref}", "git_url": f"{api}/git/{'trees' if folder else 'blobs'}/{sha}",
                "html_url": html, "download_url": None if folder else f"{self.url}/raw/{full}/{ref}/{path}",
                "_links": {"self": f"{api}/contents/{path}?ref={ref}", "git": f"{api}/git/blobs/{sha}", "html": html}}

    def _contents(self, repository: dict, path: str, ref: str):
        files = self._code(repository, ref)
        if files is None:
            return 404, {"message": f"No commit found for the ref {ref}", "documentation_url": "https://docs.github.com/rest/repos/contents#get-repository-content", "status": "404"}
        if path in files:
            value = files[path]
            entry = self._entry(repository, ref, path, value, False)
            if isinstance(value, int):
                entry |= {"encoding": "none", "content": ""}
            else:
                encoded = base64.b64encode(value).decode()
                entry |= {"encoding": "base64", "content": "\n".join(encoded[i:i + 60] for i in range(0, len(encoded), 60)) + "\n"}
            return 200, entry
        prefix = f"{path}/" if path else ""
        entries: dict[str, bool] = {}
        for file in files:
            if file.startswith(prefix):
                rest = file[len(prefix):]
                if "/" in rest:
                    entries[prefix + rest.split("/", 1)[0]] = True
                else:
                    entries[file] = False
        if not entries:
            return 404, {"message": "Not Found", "documentation_url": "https://docs.github.com/rest/repos/contents#get-repository-content", "status": "404"}
        return 200, [self._entry(repository, ref, p, files.get(p), folder) for p, folder in sorted(entries.items())]

    def _commits_of(self, repository: dict, ref: str) -> list[dict] | None:
        if self._code(repository, ref) is None:
            return None
        if repository["name"] != "hello-appdeck":
            return [COMMITS[-1]]
        return COMMITS if ref == "trunk" else COMMITS[-1:]

    def _commit(self, repository: dict, commit: dict, full: bool) -> dict:
        name = repository["full_name"]
        api = f"https://api.github.com/repos/{name}"
        signature = {"name": commit["name"], "email": f"{commit['name'].split()[0].lower()}@example.com", "date": commit["date"]}
        account = ({"login": commit["login"], "id": 4242, "avatar_url": f"{self.url}/avatars/u/4242?v=4",
                    "html_url": f"https://github.com/{commit['login']}", "type": "User", "site_admin": False}
                   if commit["login"] else None)
        value = {"sha": commit["sha"], "node_id": f"C_{commit['sha'][:8]}", "url": f"{api}/commits/{commit['sha']}",
                 "html_url": f"https://github.com/{name}/commit/{commit['sha']}", "comments_url": f"{api}/commits/{commit['sha']}/comments",
                 "commit": {"author": signature, "committer": signature, "message": commit["message"],
                            "tree": {"sha": hashlib.sha1(commit["sha"].encode()).hexdigest(), "url": f"{api}/git/trees/x"},
                            "url": f"{api}/git/commits/{commit['sha']}", "comment_count": 0,
                            "verification": {"verified": False, "reason": "unsigned", "signature": None, "payload": None}},
                 "author": account, "committer": account, "parents": []}
        if full:
            files = commit.get("files", [])
            additions = sum(f["additions"] for f in files)
            deletions = sum(f["deletions"] for f in files)
            value["stats"] = {"total": additions + deletions, "additions": additions, "deletions": deletions}
            value["files"] = [{"sha": hashlib.sha1(f["filename"].encode()).hexdigest(), "filename": f["filename"], "status": f["status"],
                               "additions": f["additions"], "deletions": f["deletions"], "changes": f["additions"] + f["deletions"],
                               "blob_url": f"https://github.com/{name}/blob/{commit['sha']}/{f['filename']}",
                               "raw_url": f"https://github.com/{name}/raw/{commit['sha']}/{f['filename']}",
                               "contents_url": f"{api}/contents/{f['filename']}?ref={commit['sha']}"}
                              | ({"patch": f["patch"]} if f.get("patch") is not None else {})
                              | ({"previous_filename": f["previous_filename"]} if f.get("previous_filename") else {})
                              for f in files]
        return value

    def _code_answer(self, request: BaseHTTPRequestHandler, found: dict, rest: str, query: dict) -> None:
        """`/repos/<owner>/<repo>/<rest>` for the code browser and the history."""
        from urllib.parse import unquote
        if rest == "":
            return self._send(request, 200, found)
        if rest == "contents" or rest.startswith("contents/"):
            path = "/".join(unquote(piece) for piece in rest.split("/")[1:])
            status, value = self._contents(found, path, query.get("ref", [found["default_branch"]])[0])
            return self._send(request, status, value)
        if rest in ("branches", "tags"):
            count = min(max(int(query.get("per_page", ["30"])[0]), 1), 100)
            names = ["trunk", "dev"] if found["name"] == "hello-appdeck" else [found["default_branch"]]
            if rest == "tags":
                names = ["v1.0"] if found["name"] == "hello-appdeck" else []
            api = f"https://api.github.com/repos/{found['full_name']}"
            values = [{"name": n, "commit": {"sha": hashlib.sha1(n.encode()).hexdigest(), "url": f"{api}/commits/x"}}
                      | ({"protected": False} if rest == "branches" else {"zipball_url": f"{api}/zipball/refs/tags/{n}",
                                                                          "tarball_url": f"{api}/tarball/refs/tags/{n}", "node_id": "REF"})
                      for n in names[:count]]
            return self._send(request, 200, values)
        if rest == "commits":
            commits = self._commits_of(found, query.get("sha", [found["default_branch"]])[0])
            if commits is None:
                return self._not_found(request)
            per_page = min(max(int(query.get("per_page", ["30"])[0]), 1), 100)
            page = max(int(query.get("page", ["1"])[0]), 1)
            chosen = commits[(page - 1) * per_page:page * per_page]
            return self._send(request, 200, [self._commit(found, c, False) for c in chosen])
        if rest.startswith("commits/"):
            sha = unquote(rest.split("/", 1)[1])
            commit = next((c for c in COMMITS if c["sha"] == sha), None)
            if commit is None:
                return self._send(request, 422, {"message": f"No commit found for SHA: {sha}", "documentation_url": "https://docs.github.com/rest/commits/commits#get-a-commit", "status": "422"})
            return self._send(request, 200, self._commit(found, commit, True))
        self._not_found(request)

    # MARK: issues, search and stars (issue 49)

    def _user_json(self, login: str | None):
        if login is None:
            return None
        return {"login": login, "id": 4242, "avatar_url": f"{self.url}/avatars/u/4242?v=4", "html_url": f"https://github.com/{login}",
                "type": "User", "site_admin": False}

    def _issue_json(self, repository: dict, issue: dict, as_pull: bool) -> dict:
        full = repository["full_name"]
        api = f"https://api.github.com/repos/{full}"
        kind = "pull" if issue["pull"] else "issues"
        value = {"id": issue["number"] * 100, "node_id": f"I_{issue['number']}", "url": f"{api}/issues/{issue['number']}",
                 "html_url": f"https://github.com/{full}/{kind}/{issue['number']}", "number": issue["number"], "state": issue["state"],
                 "title": issue["title"], "user": self._user_json(issue["login"]),
                 # Pictures in issues are absolute (GitHub's user-images host); here this stand-in plays it.
                 "body": issue["body"] and issue["body"].replace("{images}", self.url),
                 "labels": [{"id": i + 1, "node_id": f"LA_{i}", "url": f"{api}/labels/{name}", "name": name, "color": color,
                             "default": False, "description": None} for i, (name, color) in enumerate(issue["labels"])],
                 "locked": False, "created_at": "2026-11-20T09:00:00Z", "updated_at": "2026-11-21T09:00:00Z",
                 "closed_at": None if issue["state"] == "open" else "2026-11-21T09:00:00Z", "author_association": "OWNER"}
        if as_pull:
            value |= {"draft": False, "head": {"label": "octo-appdeck:banner", "ref": "banner", "sha": hashlib.sha1(b"banner").hexdigest()},
                      "base": {"label": f"octo-appdeck:{repository['default_branch']}", "ref": repository["default_branch"]}}
        else:
            value["comments"] = len(issue["comments"])
            if issue["pull"]:
                value["pull_request"] = {"url": f"{api}/pulls/{issue['number']}", "html_url": f"https://github.com/{full}/pull/{issue['number']}",
                                         "merged_at": None}
        return value

    def _issues_answer(self, request: BaseHTTPRequestHandler, found: dict, rest: str, query: dict) -> None:
        """`/repos/<owner>/<repo>/issues…` and `/pulls`."""
        issues = ISSUES if found["name"] == "hello-appdeck" else []
        if rest in ("issues", "pulls"):
            state = query.get("state", ["open"])[0]
            per_page = min(max(int(query.get("per_page", ["30"])[0]), 1), 100)
            page = max(int(query.get("page", ["1"])[0]), 1)
            chosen = [i for i in issues if (state == "all" or i["state"] == state) and (rest == "issues" or i["pull"])]
            chosen = chosen[(page - 1) * per_page:page * per_page]
            return self._send(request, 200, [self._issue_json(found, i, rest == "pulls") for i in chosen])
        parts = rest.split("/")
        issue = next((i for i in issues if str(i["number"]) == parts[1]), None)
        if issue is None:
            return self._not_found(request)
        if len(parts) == 2:
            return self._send(request, 200, self._issue_json(found, issue, False))
        api = f"https://api.github.com/repos/{found['full_name']}"
        return self._send(request, 200, [
            {"id": issue["number"] * 1000 + n, "node_id": f"IC_{n}", "url": f"{api}/issues/comments/{issue['number'] * 1000 + n}",
             "html_url": f"https://github.com/{found['full_name']}/issues/{issue['number']}#issuecomment-{n}", "body": body,
             "user": self._user_json(login), "created_at": "2026-11-21T09:00:00Z", "updated_at": "2026-11-21T09:00:00Z",
             "author_association": "OWNER"} for n, (login, body) in enumerate(issue["comments"])])

    def _search_answer(self, request: BaseHTTPRequestHandler, mine: list[dict], query: dict) -> None:
        text = query.get("q", [""])[0]
        words = text.split()
        qualifiers = [w.split(":", 1)[0].lower() for w in words if ":" in w]
        if not words or any(q not in SEARCH_QUALIFIERS for q in qualifiers):
            return self._send(request, 422, {"message": "Validation Failed", "errors": [{"resource": "Search", "field": "q", "code": "invalid"}],
                                             "documentation_url": "https://docs.github.com/v3/search/", "status": "422"})
        terms = [w.lower() for w in words if ":" not in w]
        language = next((w.split(":", 1)[1].lower() for w in words if w.lower().startswith("language:")), None)
        found = [r for r in mine if all(t in r["name"].lower() or t in (r["description"] or "").lower() for t in terms)
                 and (language is None or (r["language"] or "").lower() == language)]
        found.sort(key=lambda r: r["stargazers_count"], reverse=True)
        return self._send(request, 200, {"total_count": len(found), "incomplete_results": False,
                                         "items": [r | {"score": 1.0} for r in found[:30]]})

    def _star_answer(self, request: BaseHTTPRequestHandler, mine: list[dict], full: str) -> None:
        if request.command == "GET":
            return self._send_empty(request, 204) if full in self.starred else self._not_found(request)
        if self.star_refused or not any(r["full_name"] == full for r in mine):
            return self._not_found(request)
        with self._lock:
            (self.starred.add if request.command == "PUT" else self.starred.discard)(full)
        self._send_empty(request, 204)

    @staticmethod
    def _send_empty(request: BaseHTTPRequestHandler, status: int) -> None:
        request.send_response(status)
        request.end_headers()

    def _tree(self, repository: dict, branch: str) -> dict | None:
        files = self.FILES.get(repository["name"])
        if files is None or branch != repository["default_branch"]:
            return None
        folders = {"/".join(f.split("/")[:i]) for f in files for i in range(1, f.count("/") + 1)}
        base = f"https://api.github.com/repos/{repository['full_name']}/git"
        entries = [{"path": p, "mode": "040000" if p in folders else "100644", "type": "tree" if p in folders else "blob",
                    "sha": hashlib.sha1(p.encode()).hexdigest(),
                    "url": f"{base}/{'trees' if p in folders else 'blobs'}/{hashlib.sha1(p.encode()).hexdigest()}"}
                   | ({} if p in folders else {"size": 100})
                   for p in sorted(folders | set(files))]
        sha = hashlib.sha1(branch.encode()).hexdigest()
        return {"sha": sha, "url": f"{base}/trees/{sha}", "tree": entries, "truncated": False}

    def _image(self, request: BaseHTTPRequestHandler, path: str) -> None:
        if path.startswith("/raw/") and path.endswith(".png"):
            return self._send_bytes(request, 200, "image/png", png(320, 200, (36, 41, 47)))
        if re.fullmatch(r"/avatars/u/\d+", path):  # avatars.githubusercontent.com: a 460x460 picture
            self.avatar_requests += 1
            return self._send_bytes(request, 200, "image/png", png(460, 460, (110, 84, 148)))
        if path == "/images/badge.png":
            return self._send_bytes(request, 200, "image/png", png(90, 20, (76, 193, 31)))
        if path == "/images/badge.svg":
            return self._send_bytes(request, 200, "image/svg+xml", BADGE_SVG)
        if path == "/images/internal.png":
            request.send_response(302)
            request.send_header("Location", f"{self.internal_url}/secret.png")
            request.send_header("Content-Length", "0")
            request.end_headers()
            return
        self._send_bytes(request, 404, "text/plain; charset=utf-8", b"Not Found")

    @staticmethod
    def _send_bytes(request: BaseHTTPRequestHandler, status: int, content_type: str, body: bytes) -> None:
        request.send_response(status)
        request.send_header("Content-Type", content_type)
        request.send_header("Content-Length", str(len(body)))
        request.end_headers()
        request.wfile.write(body)

    # MARK: answers

    def _answer(self, request: BaseHTTPRequestHandler) -> None:
        image_path = urlsplit(request.path).path
        if image_path.startswith(("/raw/", "/images/", "/avatars/")):
            return self._image(request, image_path)
        if image_path == "/login/device":
            return self._send_bytes(request, 200, "text/html; charset=utf-8",
                                    b"<!doctype html><title>Device activation</title><h1>Enter the code</h1>")
        if self.delay:
            time.sleep(self.delay)
        if self.fail_with:
            return self._send(request, self.fail_with, {"message": "Server Error"})
        authorization = request.headers.get("Authorization", "")
        token = authorization.removeprefix("Bearer ").strip()
        if token not in self.users:
            return self._send(request, 401, {"message": "Bad credentials", "documentation_url": "https://docs.github.com/rest", "status": "401"})
        if self.rate_limited:
            reset = int(time.time()) + 15 * 60
            return self._send(request, 403, {"message": "API rate limit exceeded for user ID 4242."}, {
                "x-ratelimit-limit": "5000", "x-ratelimit-remaining": "0", "x-ratelimit-used": "5000",
                "x-ratelimit-reset": str(reset), "x-ratelimit-resource": "core"})
        parts = urlsplit(request.path)
        path, query = parts.path, parse_qs(parts.query)
        mine = self.repositories[token]
        if path == "/user":
            return self._send(request, 200, self.users[token])
        if path == "/user/repos":
            ordered = sorted(mine, key=lambda r: r["updated_at"], reverse=True)
            count = int(query.get("per_page", ["30"])[0])
            return self._send(request, 200, ordered[:count])
        if match := re.fullmatch(r"/repositories/(\d+)", path):
            found = next((r for r in mine if r["id"] == int(match.group(1))), None)
            return self._send(request, 200, found) if found else self._not_found(request)
        if match := re.fullmatch(r"/repos/([^/]+)/([^/]+)/readme", path):
            from urllib.parse import unquote
            owner, name = unquote(match.group(1)), unquote(match.group(2))
            found = next((r for r in mine if r["full_name"] == f"{owner}/{name}"), None)
            text = self._readme(found) if found else None
            if text is None:
                return self._not_found(request)
            encoded = base64.b64encode(text.encode()).decode()
            content = "\n".join(encoded[i:i + 60] for i in range(0, len(encoded), 60)) + "\n"
            ref = query.get("ref", [found["default_branch"]])[0]
            return self._send(request, 200, {
                "type": "file", "encoding": "base64", "size": len(text.encode()), "name": "README.md", "path": "README.md",
                "content": content, "sha": hashlib.sha1(text.encode()).hexdigest(),
                "html_url": f"{found['html_url']}/blob/{ref}/README.md",
                "download_url": f"{self.url}/raw/{found['full_name']}/{ref}/README.md",
            })
        if path == "/search/repositories":
            return self._search_answer(request, mine, query)
        if match := re.fullmatch(r"/user/starred/([^/]+)/([^/]+)", path):
            from urllib.parse import unquote
            return self._star_answer(request, mine, f"{unquote(match.group(1))}/{unquote(match.group(2))}")
        if request.command != "GET":
            return self._not_found(request)
        if match := re.fullmatch(r"/repos/([^/]+)/([^/]+)/(issues|pulls|issues/\d+|issues/\d+/comments)", path):
            from urllib.parse import unquote
            owner, name = unquote(match.group(1)), unquote(match.group(2))
            found = next((r for r in mine if r["full_name"] == f"{owner}/{name}"), None)
            if found is None:
                return self._not_found(request)
            return self._issues_answer(request, found, match.group(3), query)
        if match := re.fullmatch(r"/repos/([^/]+)/([^/]+)(?:/(contents(?:/.*)?|branches|tags|commits(?:/[^/]+)?))?", path):
            from urllib.parse import unquote
            owner, name = unquote(match.group(1)), unquote(match.group(2))
            found = next((r for r in mine if r["full_name"] == f"{owner}/{name}"), None)
            if found is None:
                return self._not_found(request)
            return self._code_answer(request, found, match.group(3) or "", query)
        if match := re.fullmatch(r"/repos/([^/]+)/([^/]+)/git/trees/([^/]+)", path):
            from urllib.parse import unquote
            owner, name, branch = unquote(match.group(1)), unquote(match.group(2)), unquote(match.group(3))
            found = next((r for r in mine if r["full_name"] == f"{owner}/{name}"), None)
            tree = self._tree(found, branch) if found and "recursive" in query else None
            return self._send(request, 200, tree) if tree else self._not_found(request)
        self._not_found(request)

    # MARK: github.com's device flow (issue 49)

    def authorize(self, user_code: str) -> None:
        """The person entered `user_code` at github.com/login/device and authorized the app."""
        self._decide(user_code, "authorized")

    def deny(self, user_code: str) -> None:
        """The person pressed Cancel at GitHub."""
        self._decide(user_code, "denied")

    def expire(self, user_code: str) -> None:
        """The code's time ran out."""
        self._decide(user_code, "expired")

    def _decide(self, user_code: str, decision: str) -> None:
        with self._lock:
            found = [code for code in self.device_codes.values() if code["user_code"] == user_code]
            assert found, f"no device code was issued for {user_code}"
            for code in found:
                code["decision"] = decision

    def device_poll_times(self, user_code: str) -> list[float]:
        with self._lock:
            return next((self.device_polls.get(device, []) for device, code in self.device_codes.items()
                         if code["user_code"] == user_code), [])

    def _device_answer(self, request: BaseHTTPRequestHandler) -> None:
        """`POST /login/device/code` and `POST /login/oauth/access_token` as GitHub documents them
        ("Authorizing OAuth apps", device flow): a form in, answers as JSON with `Accept:
        application/json`, else `application/x-www-form-urlencoded` (GitHub's default); refusals as
        200 with `error`, `error_description` and `error_uri`. `GET /login/device` is GitHub's page
        where the person types the code (here a plain page)."""
        length = int(request.headers.get("Content-Length") or 0)
        form = {k: v[0] for k, v in parse_qs(request.rfile.read(length).decode()).items()}
        path = urlsplit(request.path).path

        def error(code: str, description: str, **extra) -> dict:
            return {"error": code, "error_description": description,
                    "error_uri": "https://docs.github.com/developers/apps/authorizing-oauth-apps#error-codes-for-the-device-flow", **extra}

        with self._lock:
            if self.device_disabled:
                answer = error("device_flow_disabled", "Device Flow must be explicitly enabled for this App")
            elif form.get("client_id") != CLIENT_ID:
                answer = error("incorrect_client_credentials", "The client_id is not valid.")
            elif path == "/login/device/code":
                device = hashlib.sha1(f"device-{len(self.device_codes)}-{time.time()}".encode()).hexdigest()
                number = len(self.device_codes) + 1
                user_code = f"WDJB-{number:04d}"
                self.device_codes[device] = {"user_code": user_code, "decision": "pending", "scope": form.get("scope", "")}
                answer = {"device_code": device, "user_code": user_code, "verification_uri": f"{self.url}/login/device",
                          "expires_in": self.device_expires_in, "interval": self.device_interval}
            elif path == "/login/oauth/access_token":
                device = form.get("device_code", "")
                code = self.device_codes.get(device)
                self.device_polls.setdefault(device, []).append(time.monotonic())
                if form.get("grant_type") != DEVICE_GRANT_TYPE:
                    answer = error("unsupported_grant_type", "The grant type is not supported.")
                elif code is None:
                    answer = error("incorrect_device_code", "The device_code provided is not valid.")
                elif self.device_slow_downs > 0:
                    self.device_slow_downs -= 1
                    self.device_interval += 5
                    answer = error("slow_down", "Too many requests have been made in the same timeframe.", interval=self.device_interval)
                elif code["decision"] == "authorized":
                    code["decision"] = "used"
                    answer = {"access_token": OAUTH_TOKEN, "token_type": "bearer", "scope": "repo,read:user"}
                elif code["decision"] == "denied":
                    answer = error("access_denied", "The authorization request was denied.")
                elif code["decision"] in ("expired", "used"):
                    answer = error("expired_token", "The device_code has expired.")
                else:
                    answer = error("authorization_pending", "The authorization request is still pending.")
            else:
                return self._not_found(request)
        if "application/json" in request.headers.get("Accept", ""):
            body, kind = json.dumps(answer).encode(), "application/json; charset=utf-8"
        else:
            from urllib.parse import urlencode
            body, kind = urlencode(answer).encode(), "application/x-www-form-urlencoded; charset=utf-8"
        self._send_bytes(request, 200, kind, body)

    def _not_found(self, request: BaseHTTPRequestHandler) -> None:
        self._send(request, 404, {"message": "Not Found", "documentation_url": "https://docs.github.com/rest", "status": "404"})

    @staticmethod
    def _send(request: BaseHTTPRequestHandler, status: int, value, headers: dict[str, str] | None = None) -> None:
        body = json.dumps(value).encode()
        etag = f'W/"{hashlib.sha256(body).hexdigest()[:40]}"'
        if status == 200 and request.headers.get("If-None-Match") == etag:
            request.send_response(304)
            request.send_header("ETag", etag)
            request.send_header("Content-Length", "0")
            request.end_headers()
            return
        request.send_response(status)
        request.send_header("Content-Type", "application/json; charset=utf-8")
        request.send_header("Content-Length", str(len(body)))
        if status == 200:
            request.send_header("ETag", etag)
        for name, value_ in (headers or {}).items():
            request.send_header(name, value_)
        request.end_headers()
        request.wfile.write(body)

    def paths(self) -> list[str]:
        with self._lock:
            return [path for path, _ in self.requests]

    def stop(self) -> None:
        for server in (self._server, self._internal):
            server.shutdown()
            server.server_close()
