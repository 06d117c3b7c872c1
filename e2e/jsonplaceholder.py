"""A loopback stand-in for jsonplaceholder.typicode.com, for the browser suite.

It speaks the paths and JSON shapes the real service documents: `GET /photos` (an array of
`{albumId, id, title, url, thumbnailUrl}`), `GET /photos/<id>` (one object, or 404 with `{}`),
and it serves the thumbnails its photos name, `GET /<size>/<rrggbb>`, as PNG squares of that colour,
as the placeholder host once did. Every `every_dead`-th photo points its thumbnail at a port nothing
listens on, so the server's drawn fallback shows. It counts hits per path; `stop()` closes it.
"""

from __future__ import annotations

import json
import re
import struct
import threading
import zlib
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TITLES = [
    "accusamus beatae ad facilis cum similique qui sunt", "reprehenderit est deserunt velit ipsam",
    "officia porro iure quia iusto qui ipsa ut modi", "culpa odio esse rerum omnis laboriosam voluptate repudiandae",
    "natus nisi omnis corporis facere molestiae rerum in", "accusamus ea aliquid et amet sequi nemo",
    "officia delectus consequatur vero aut veniam explicabo molestias", "aut porro officiis laborum odit ea laudantium corporis",
    "qui eius qui autem sed", "beatae et provident et ut vel",
]
COLOURS = ["92c952", "771796", "24f355", "d32776", "f66b97", "56a8c2", "b0f7cc", "54176f", "51aa97", "810b14"]


def png_square(size: int, colour: str) -> bytes:
    """A `size`×`size` PNG filled with `colour` (rrggbb)."""
    red, green, blue = (int(colour[i:i + 2], 16) for i in (0, 2, 4))
    row = b"\x00" + bytes((red, green, blue)) * size
    raw = zlib.compress(row * size, 9)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


class JSONPlaceholder:
    def __init__(self, count: int = 30, every_dead: int = 7, distinct_colours: bool = False):
        """`distinct_colours`: every photo its own colour (so its own thumbnail URL), as the real
        dataset nearly has; otherwise ten colours repeat."""
        self.distinct_colours = distinct_colours
        self.hits: Counter[str] = Counter()
        self._lock = threading.Lock()
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:  # quiet
                pass

            def do_GET(self) -> None:
                with stand_in._lock:
                    stand_in.hits[self.path] += 1
                stand_in._answer(self)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self.photos = [self._photo(number, every_dead) for number in range(1, count + 1)]
        threading.Thread(target=self._server.serve_forever, name="jsonplaceholder", daemon=True).start()

    def _photo(self, number: int, every_dead: int) -> dict:
        colour = f"{number * 2654435761 % 0xFFFFFF:06x}" if self.distinct_colours else COLOURS[(number - 1) % len(COLOURS)]
        host = "http://127.0.0.1:9" if every_dead and number % every_dead == 0 else self.url
        return {
            "albumId": 1 + (number - 1) // 50, "id": number, "title": TITLES[(number - 1) % len(TITLES)],
            "url": f"{host}/600/{colour}", "thumbnailUrl": f"{host}/150/{colour}",
        }

    def _answer(self, request: BaseHTTPRequestHandler) -> None:
        path = request.path.split("?")[0]
        if path == "/photos":
            return self._send(request, 200, "application/json; charset=utf-8", json.dumps(self.photos).encode())
        if match := re.fullmatch(r"/photos/(\d+)", path):
            photo = next((p for p in self.photos if p["id"] == int(match.group(1))), None)
            body = json.dumps(photo if photo else {}).encode()
            return self._send(request, 200 if photo else 404, "application/json; charset=utf-8", body)
        if match := re.fullmatch(r"/(\d{1,4})/([0-9a-fA-F]{6})", path):
            size = min(int(match.group(1)), 600)
            return self._send(request, 200, "image/png", png_square(size, match.group(2)))
        self._send(request, 404, "application/json; charset=utf-8", b"{}")

    @staticmethod
    def _send(request: BaseHTTPRequestHandler, status: int, content_type: str, body: bytes) -> None:
        request.send_response(status)
        request.send_header("Content-Type", content_type)
        request.send_header("Content-Length", str(len(body)))
        request.end_headers()
        request.wfile.write(body)

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
