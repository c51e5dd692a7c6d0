"""PostgreSQL round trips per web move: what each move of the web game costs the
database server in statements, counted, and the processor time of the client and
the app together (both in this process).

Run from the repository root, with a server of its own::

    url=$(PYRAMIDE_PG_DIR=/tmp/bench-pg PYRAMIDE_PG_PORT=54341 scripts/postgres start)
    PYRAMIDE_DATABASE="$url" .venv/bin/python -m benchmarks.pg_round_trips [--moves 200]
    PYRAMIDE_PG_DIR=/tmp/bench-pg scripts/postgres stop

One web app (as one worker of ``pyramide serve``) answers one player through
Starlette's TestClient: ``new`` a deal, then draws (``POST /type`` with ``Accept:
application/json``), each through the whole path of a real request (the player's
advisory lock, the page kept in the store, the move's transaction). Every
statement psycopg sends is counted, grouped by its first words (the pool's check
of a connection is an empty statement), and so is every round trip: a wait for
the server's answer (a statement outside a pipeline; a pipeline's sync or end:
a move's transaction is pipelined, and an ``executemany`` rides a pipeline).
Counting is exact and does not depend on the machine's load; the processor time
does.

Results go to stdout and to ``benchmarks/results/pg-round-trips.txt``.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).parent / "results" / "pg-round-trips.txt"
CODE = "PY1-P-AAAAAAS"
JSON = {"accept": "application/json"}


@contextmanager
def counted() -> Iterator[tuple[collections.Counter[str], collections.Counter[str]]]:
    """While the block runs: every statement psycopg sends, by its first 60
    characters, and the round trips, each a wait for the server's answer: a
    statement outside a pipeline, a pipeline's sync, a pipeline's end (an
    ``executemany`` rides one of its own, or the one open). A statement sent in a
    pipeline waits for nothing."""
    import psycopg

    statements: collections.Counter[str] = collections.Counter()
    trips: collections.Counter[str] = collections.Counter()
    cursor, pipeline = psycopg.Cursor, psycopg.Pipeline
    original, original_many = cursor.execute, cursor.executemany
    original_sync, original_exit = pipeline.sync, pipeline.__exit__

    def name(query: Any) -> str:
        return " ".join(str(query).split())[:60] or "(the pool's check: an empty statement)"

    def execute(self: Any, query: Any, params: Any = None, **options: Any) -> Any:
        statements[name(query)] += 1
        if self.connection._pipeline is None:
            trips[name(query)] += 1
        return original(self, query, params, **options)

    def executemany(self: Any, query: Any, params: Any, **options: Any) -> Any:
        statements[name(query)] += 1  # its rows go in a pipeline
        return original_many(self, query, params, **options)

    def sync(self: Any) -> Any:
        trips["(a pipeline synced: a result read)"] += 1
        return original_sync(self)

    def exit(self: Any, *args: Any) -> Any:
        if self.level == 1:  # the outermost: everything sent is waited for
            trips["(a pipeline's end: COMMIT, or an executemany's own)"] += 1
        return original_exit(self, *args)

    cursor.execute = execute  # type: ignore[method-assign]
    cursor.executemany = executemany  # type: ignore[method-assign,assignment]
    pipeline.sync = sync  # type: ignore[method-assign]
    pipeline.__exit__ = exit  # type: ignore[method-assign]
    try:
        yield statements, trips
    finally:
        cursor.execute = original  # type: ignore[method-assign]
        cursor.executemany = original_many  # type: ignore[method-assign]
        pipeline.sync = original_sync  # type: ignore[method-assign]
        pipeline.__exit__ = original_exit  # type: ignore[method-assign]


def measure(moves: int) -> list[str]:
    import re

    from starlette.testclient import TestClient

    from pyramide_a11y.web.app import create_app

    with tempfile.TemporaryDirectory() as folder:
        # No rate limit: the moves come as fast as the app answers them.
        app = create_app(Path(folder) / "web", burst=moves + 10, per_second=1000)
        with TestClient(app) as client:
            found = re.search(r'name="token" value="([^"]+)"', client.get("/").text)
            assert found is not None, "the page has no form token"
            token = found.group(1)

            def post(line: str) -> None:
                answer = client.post("/type", data={"token": token, "line": line}, headers=JSON)
                assert answer.status_code == 200, answer.text

            post(f"new {CODE}")
            post("draw")  # the player's first move: the game recorded
            with counted() as (statements, trips):
                start = time.process_time()
                for number in range(moves):
                    # Draw through the stock; new deals keep the moves comparable.
                    post("draw" if number % 20 else f"new {CODE}")
                cpu = time.process_time() - start
    sent, waited = sum(statements.values()), sum(trips.values())
    lines = [
        f"pg_round_trips, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"load {os.getloadavg()[0]:.2f}",
        f"moves: {moves}; statements: {sent}, {sent / moves:.2f} per move; "
        f"round trips: {waited}, {waited / moves:.2f} per move; "
        f"processor time (client and app) {cpu / moves * 1000:.1f} ms per move",
        "statements:",
    ]
    lines += [f"  {n / moves:5.2f}  {text}" for text, n in statements.most_common()]
    lines.append("round trips:")
    lines += [f"  {n / moves:5.2f}  {text}" for text, n in trips.most_common()]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=200)
    options = parser.parse_args(argv)
    if not os.environ.get("PYRAMIDE_DATABASE", "").startswith(("postgresql://", "postgres://")):
        print(
            "Set PYRAMIDE_DATABASE to a PostgreSQL URL (scripts/postgres start).",
            file=sys.stderr,
        )
        return 2
    lines = measure(options.moves)
    print("\n".join(lines))
    with RESULTS.open("a", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
