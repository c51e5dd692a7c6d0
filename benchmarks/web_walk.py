"""The walk of one web move: which packages of ours call which, while the app
answers a POST of one card (issue 37: the web reaching through the core).

Run from the repository root after ``scripts/test`` made ``.venv``::

    .venv/bin/python -m benchmarks.web_walk

A profile hook on every thread (set before the test client starts its own) sees
each call of our code while the app answers the POST; a call counts as crossing
when the nearest caller of ours is in another package (a context manager's
``with`` counts twice: its entry and its exit resume it). The report: the modules
of ours entered, the calls across packages, each pair's count, and the web's own
calls out (:func:`web_calls`). Counts, not times: the same on any machine for the
same code.

Measured (issue 37): 1,212 calls across packages before the core's public face,
323 after it, the web entering the core six times and the engine 203 times. Since
``Session.turn`` (one call per request, returning a plain ``Turn``): the web
enters the core once, and the engine, i18n and solver never; since
:meth:`Store.page_turn <pyramide_a11y.storage.Store.page_turn>` (one block for the
player's lock, the one commit and the page record), storage twice: in and out
(``tests/web/test_web_walk.py`` pins the web's row).
"""

from __future__ import annotations

import re
import sys
import tempfile
import threading
from collections import Counter
from pathlib import Path
from types import FrameType
from typing import Any

from starlette.testclient import TestClient

from pyramide_a11y.web.app import create_app

TOKEN = re.compile(r'name="token" value="([^"]+)"')
CARD = re.compile(r'name="card" value="([^"]+)"')
ORIGIN = {"Origin": "http://testserver"}
CODE = "PY1-P-AZSIFRU"


def _package(frame: FrameType | None) -> str | None:
    """The package of ours whose code ``frame`` runs, if any. The methods that
    ``dataclasses`` writes (``__eq__``, ``__hash__``: compiled from ``<string>``)
    belong to no package: hashing a frozen record is the value's own, not a call
    into the package that declares it."""
    if frame is None or frame.f_code.co_filename == "<string>":
        return None
    name = str(frame.f_globals.get("__name__", ""))
    return name.split(".")[1] if name.startswith("pyramide_a11y.") else None


class Walk:
    """What the hook saw: modules entered, calls from one package into another."""

    def __init__(self) -> None:
        self.watching = False
        self.modules: set[str] = set()
        self.crossings: Counter[tuple[str, str]] = Counter()

    def hook(self, frame: FrameType, event: str, arg: Any) -> None:
        if not self.watching or event != "call" or (package := _package(frame)) is None:
            return
        self.modules.add(str(frame.f_globals["__name__"]))
        caller = frame.f_back
        while caller is not None and _package(caller) is None:
            caller = caller.f_back
        if (outer := _package(caller)) is not None and outer != package:
            self.crossings[(outer, package)] += 1


def walk_of_one_card() -> Walk:
    """The walk of a POST of the first card of deal :data:`CODE`'s page."""
    walk = Walk()
    threading.setprofile(walk.hook)
    sys.setprofile(walk.hook)
    try:
        with tempfile.TemporaryDirectory() as folder:
            app = create_app(Path(folder) / "web")
            with TestClient(app, base_url="http://testserver") as client:
                token = TOKEN.search(client.get("/").text)
                assert token is not None
                fields = {"token": token.group(1)}
                client.post("/type", data={**fields, "line": f"new {CODE}"}, headers=ORIGIN)
                card = CARD.search(client.get("/").text)
                assert card is not None
                walk.watching = True
                client.post(
                    "/card",
                    data={**fields, "card": card.group(1)},
                    headers={**ORIGIN, "Accept": "application/json"},
                )
                walk.watching = False
    finally:
        sys.setprofile(None)
        threading.setprofile(None)
    return walk


def web_calls(walk: Walk) -> dict[str, int]:
    """The web's calls into each package of ours it entered, by package."""
    return {inner: count for (outer, inner), count in walk.crossings.items() if outer == "web"}


def main() -> int:
    walk = walk_of_one_card()
    print(f"modules of ours entered: {len(walk.modules)}")
    print(f"calls across packages: {sum(walk.crossings.values())}")
    for (outer, inner), count in sorted(walk.crossings.items()):
        print(f"  {outer} -> {inner}: {count}")
    calls = web_calls(walk)
    print("the web calls out: " + ", ".join(f"{k} {v}" for k, v in sorted(calls.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
