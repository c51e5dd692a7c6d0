"""The app's own work per request: the web game driven in one process, no sockets.

Run from the repository root after ``scripts/test`` made ``.venv``::

    .venv/bin/python -m benchmarks.app_requests --targets game,refused,floor,floor-sqlite
    .venv/bin/python -m benchmarks.app_requests --targets game,refused --instructions

Each target's ASGI app (the game's :func:`~pyramide_a11y.web.app.create_app`, or a
floor of :mod:`benchmarks.floor_app`) is called directly, one request after
another, on one event loop: no uvicorn, no kernel networking, no other process
competing. ``--players`` players each load the page, then take turns sending
forms as the page's script does (the fragment held and patched): ``game`` plays
the winning lines of one ``paciencia`` deal (a ``new CODE`` first, as the load
benchmark does), ``refused`` sends a line the game refuses, the floors echo it.
The answers are checked (the status a player is shown, the refusal).

Two measures:

- CPU seconds per request (the process's, every thread), after a warm-up;
  a machine shared with others makes them vary by a few percent.
- ``--instructions``: the instructions per request, counted by valgrind
  (``cachegrind``, no cache simulation): this script run twice under it, with
  ``--requests`` and three times as many, the difference divided by the
  difference in requests (the start, imports and warm-up cancel out). The same
  count for the same code and inputs whatever else the machine does (valgrind
  from Debian's packages; about 40 s a target).

What it leaves out on purpose: the HTTP parsing and the sockets, which
:mod:`benchmarks.web_load` measures with everything else in the live server. The
rate limit is lifted (the players here send as fast as the loop turns).
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.types import ASGIApp, Message

from benchmarks.load_players import STATUS, TOKEN, Held
from benchmarks.web_load import FLOOR_KINDS, winnable_deals

TARGETS = ("game", "refused", "floor", "floor-sqlite")
PRESET = "paciencia"
REFUSED = "zz"
WARM_UP = 200
"""Requests before the measure: caches filled, every player past its page."""
HOST = b"127.0.0.1:8000"
COUNT = re.compile(r"I\s+refs:\s+([\d,]+)")


class Player:
    """One player's cookie, form token and the fragment its page holds (the load
    benchmark's :class:`~benchmarks.load_players.Held`)."""

    def __init__(self, cookie: str, token: str) -> None:
        self.cookie, self.token = cookie, token
        self.held = Held()


Call = Callable[..., Awaitable[tuple[int, dict[str, str], bytes]]]


def _caller(app: ASGIApp) -> Call:
    async def call(
        method: str, path: str, cookie: str = "", body: bytes = b"", json_answer: bool = False
    ) -> tuple[int, dict[str, str], bytes]:
        headers = [
            (b"host", HOST),
            (b"origin", b"http://" + HOST),
            (b"accept-language", b"en"),
            (b"accept-encoding", b"gzip"),
        ]
        if cookie:
            headers.append((b"cookie", cookie.encode()))
        if body:
            headers.append((b"content-type", b"application/x-www-form-urlencoded"))
            headers.append((b"content-length", str(len(body)).encode()))
        if json_answer:
            headers.append((b"accept", b"application/json"))
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": method,
            "scheme": "http",
            "path": path,
            "raw_path": path.encode(),
            "query_string": b"",
            "root_path": "",
            "headers": headers,
            "client": ("127.0.0.1", 50000),
            "server": ("127.0.0.1", 8000),
            "state": {},
        }
        sent = False
        answer: dict[str, Any] = {"status": 0, "headers": {}, "body": b""}

        async def receive() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            await asyncio.Event().wait()  # the client never goes away here
            raise AssertionError("unreachable")

        async def send(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                answer["status"] = message["status"]
                answer["headers"] = {k.decode(): v.decode() for k, v in message["headers"]}
            elif message["type"] == "http.response.body":
                answer["body"] += message.get("body", b"")

        await app(scope, receive, send)
        content = answer["body"]
        if answer["headers"].get("content-encoding") == "gzip":
            content = gzip.decompress(content)
        return answer["status"], answer["headers"], content

    return call


@asynccontextmanager
async def _running(app: ASGIApp) -> AsyncIterator[None]:
    """The app's lifespan: started before, shut down after (the game's players
    closed, their games saved)."""
    queue: asyncio.Queue[Message] = asyncio.Queue()
    started: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    await queue.put({"type": "lifespan.startup"})

    async def send(message: MutableMapping[str, Any]) -> None:
        if not started.done():
            started.set_result(None)

    async def lifespan() -> None:
        await app({"type": "lifespan", "asgi": {"version": "3.0"}}, queue.get, send)

    task = asyncio.create_task(lifespan())

    await started
    try:
        yield
    finally:
        await queue.put({"type": "lifespan.shutdown"})
        await asyncio.wait_for(task, 60)


def _app(target: str, folder: Path) -> ASGIApp:
    if target in FLOOR_KINDS:
        from benchmarks.floor_app import floor_app

        return floor_app(FLOOR_KINDS[target], folder)
    from pyramide_a11y.web.app import create_app

    return create_app(folder / "web", burst=1e9, per_second=1e9)


def _script(target: str) -> list[tuple[str, str | None]]:
    """The lines a player of ``target`` sends in turn, each with the status its page
    must show after it (None: not checked)."""
    if target != "game":
        return [(REFUSED, None)]
    deal = winnable_deals(1)[0]
    lines = [f"new {deal.code}", *deal.moves]
    return list(zip(lines, deal.statuses, strict=True))


async def _measure(target: str, players: int, requests: int) -> float:
    """CPU seconds per request of ``target`` (after :data:`WARM_UP` requests)."""
    script = _script(target)
    with tempfile.TemporaryDirectory(prefix="app-requests-") as folder:
        app = _app(target, Path(folder))
        call = _caller(app)
        async with _running(app):
            everyone = []
            for _ in range(players):
                _, headers, page = await call("GET", "/")
                cookie = headers["set-cookie"].split(";")[0]
                found = TOKEN.search(page.decode())
                token = found.group(1) if found else cookie.partition("=")[2]
                everyone.append(Player(cookie, token))

            async def one(index: int) -> None:
                player = everyone[index % players]
                line, status_shown = script[(index // players) % len(script)]
                form = {"token": player.token, "line": line, "held": player.held.token}
                status, _, content = await call(
                    "POST", "/type", player.cookie, urllib.parse.urlencode(form).encode(), True
                )
                answer = json.loads(content)
                if status != 200 or not answer.get("answer"):
                    raise RuntimeError(f"{target}: {line!r} answered {status}: {answer!r}")
                if target in ("game", "refused"):
                    shown = _shown(player.held.take(answer))
                    if status_shown is not None and shown != status_shown:
                        raise RuntimeError(f"{line!r}: shown {shown!r}, not {status_shown!r}")

            for index in range(WARM_UP):
                await one(index)
            start = time.process_time()
            for index in range(WARM_UP, WARM_UP + requests):
                await one(index)
            return (time.process_time() - start) / requests


def _shown(fragment: str) -> str:
    """The status line the page shows with ``fragment`` (held and patched as the
    page's script does)."""
    found = STATUS.search(fragment)
    if found is None:
        raise RuntimeError("a fragment without its status line (or a patch of another)")
    return html.unescape(found.group(1))


def _count(target: str, players: int, requests: int) -> int:
    """Instructions of one run of this script under valgrind (every thread)."""
    argv = [
        "valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
        sys.executable, "-m", "benchmarks.app_requests", "--targets", target,
        "--players", str(players), "--requests", str(requests),
    ]  # fmt: skip
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run(argv, capture_output=True, text=True, check=False, timeout=3600, cwd=root)
    found = COUNT.findall(done.stderr)
    if done.returncode != 0 or not found:
        raise RuntimeError(f"valgrind failed: {done.stderr[-800:]}")
    return int(found[-1].replace(",", ""))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--targets", default="game,refused,floor,floor-sqlite")
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--instructions", action="store_true", help="count them with valgrind")
    options = parser.parse_args(argv)
    targets = [t.strip() for t in options.targets.split(",") if t.strip()]
    if unknown := [t for t in targets if t not in TARGETS]:
        parser.error(f"unknown targets: {', '.join(unknown)}; some of {', '.join(TARGETS)}")
    if options.instructions and shutil.which("valgrind") is None:
        parser.error("--instructions needs valgrind (Debian's package valgrind)")
    for target in targets:
        if options.instructions:
            few = max(100, options.requests // 10)
            counts = [_count(target, options.players, n) for n in (few, 3 * few)]
            each = (counts[1] - counts[0]) / (2 * few)
            print(f"{target}: {each / 1e6:.3f} M instructions per request", flush=True)
        else:
            seconds = asyncio.run(_measure(target, options.players, options.requests))
            print(f"{target}: {seconds * 1e6:.0f} µs of CPU per request", flush=True)
    return 0


if __name__ == "__main__":  # not in the solver's children (spawned: ``__mp_main__``)
    raise SystemExit(main())
