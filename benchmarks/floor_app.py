"""The floors of the web load benchmark: what any Starlette app costs on the very
uvicorn settings of ``pyramide serve``, so that the game's figures come with their
own yardstick from the same run (issue 38).

Run by :mod:`benchmarks.web_load` (``--targets floor,floor-sqlite``), or alone::

    .venv/bin/python -m benchmarks.floor_app --kind plain --port 8001 --data-dir /tmp/f

Three kinds, the same routes as the game's that the benchmark uses:

- ``plain``: ``GET /`` gives a cookie and a page with a form token; ``POST /type``
  and ``POST /act`` read the form, check the token against the cookie and answer a
  small JSON (the line echoed): the HTTP stack, the form parse, JSON, nothing more.
- ``sqlite``: the same, plus one SQLite commit per form (the line inserted in the
  player's own file under ``--data-dir``, opened as the game opens its stores:
  WAL, ``synchronous = FULL``), off the event loop as the game's moves are.
- ``postgres``: the same, the line inserted on the PostgreSQL server of
  ``--database`` instead (one table, each form its own transaction: ``BEGIN``,
  the insert, ``COMMIT``), through the game's own connection pool.

It prints its address once the port listens, as ``pyramide serve`` does, and
stops on Ctrl-C.
"""

from __future__ import annotations

import argparse
import contextlib
import html
import os
import secrets
import sqlite3
import threading
from collections.abc import AsyncIterator
from pathlib import Path

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from pyramide_a11y.storage.database import connect

COOKIE = "pyramide_player"
KIND_ENV = "PYRAMIDE_FLOOR_KIND"
DATA_ENV = "PYRAMIDE_FLOOR_DATA_DIR"
DATABASE_ENV = "PYRAMIDE_FLOOR_DATABASE"
KINDS = ("plain", "sqlite", "postgres")


class Commits:
    """One SQLite file per player, kept open, each written in its own transaction
    (one commit per form)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self._open: dict[str, tuple[sqlite3.Connection, threading.Lock]] = {}
        self._lock = threading.Lock()

    def commit(self, player: str, line: str) -> None:
        with self._lock:
            found = self._open.get(player)
            if found is None:
                conn = connect(self.folder / f"{player}.sqlite3")
                conn.execute("CREATE TABLE IF NOT EXISTS lines (line TEXT NOT NULL)")
                found = self._open[player] = (conn, threading.Lock())
        conn, lock = found
        with lock:
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO lines (line) VALUES (?)", (line,))
            conn.execute("COMMIT")

    def close(self) -> None:
        with self._lock:
            for conn, _ in self._open.values():
                conn.close()
            self._open.clear()


class PostgresCommits:
    """One table of lines on a PostgreSQL server, each line its own transaction on
    a connection of the game's own pool (``storage.postgres.pool_for``: its size,
    autocommit, a connection checked when taken)."""

    def __init__(self, url: str) -> None:
        from pyramide_a11y.storage.postgres import pool_for

        self.url = url
        self.pool = pool_for(url)
        with self.pool.connection() as conn:  # workers starting together make it once
            conn.execute(
                "BEGIN; SELECT pg_advisory_xact_lock(7301); "
                "CREATE TABLE IF NOT EXISTS lines (player TEXT NOT NULL, line TEXT NOT NULL); "
                "COMMIT"
            )

    def commit(self, player: str, line: str) -> None:
        with self.pool.connection() as conn:
            conn.execute("BEGIN")
            conn.execute("INSERT INTO lines (player, line) VALUES (%s, %s)", (player, line))
            conn.execute("COMMIT")

    def close(self) -> None:
        from pyramide_a11y.storage.postgres import close_pool

        close_pool(self.url)


def floor_app(kind: str, data_dir: Path, database: str | None = None) -> Starlette:
    """The floor app of ``kind`` (:data:`KINDS`), its files (``sqlite``) in
    ``data_dir``, its lines (``postgres``) on the server of ``database``."""
    commits: Commits | PostgresCommits | None = None
    if kind == "sqlite":
        commits = Commits(data_dir / "floor")
    elif kind == "postgres":
        if not database:
            raise SystemExit("the postgres floor needs --database URL")
        commits = PostgresCommits(database)

    async def home(request: Request) -> Response:
        player = request.cookies.get(COOKIE) or secrets.token_urlsafe(32)
        page = (
            '<!doctype html><html lang="en"><title>Floor</title><form method="post" '
            f'action="/type"><input type="hidden" name="token" value="{html.escape(player)}">'
            '<input name="line"></form><p id="status">floor</p></html>'
        )
        response = HTMLResponse(page, headers={"cache-control": "no-store"})
        if COOKIE not in request.cookies:
            response.set_cookie(COOKIE, player, httponly=True, samesite="lax")
        return response

    async def post(request: Request) -> Response:
        player = request.cookies.get(COOKIE, "")
        form = await request.form(max_files=0, max_fields=20)
        line = form.get("line") or form.get("do") or ""
        if not player or form.get("token") != player or not isinstance(line, str):
            return JSONResponse({"refused": True, "answer": ["out of date"]}, status_code=403)
        if commits is not None:
            await anyio.to_thread.run_sync(commits.commit, player, line)
        return JSONResponse(
            {"answer": [line], "html": '<p id="status">floor</p>'},
            headers={"cache-control": "no-store"},
        )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        if commits is not None:
            commits.close()

    return Starlette(
        routes=[
            Route("/", home, methods=["GET"]),
            Route("/type", post, methods=["POST"]),
            Route("/act", post, methods=["POST"]),
        ],
        lifespan=lifespan,
    )


def app_from_environment() -> Starlette:
    """A worker's app (``--workers`` above 1): kind and folder from the environment."""
    return floor_app(
        os.environ[KIND_ENV], Path(os.environ[DATA_ENV]), os.environ.get(DATABASE_ENV) or None
    )


def main(argv: list[str] | None = None) -> int:
    import uvicorn

    from pyramide_a11y.cli.serve import _more_files, uvicorn_options
    from pyramide_a11y.cli.serve_setup import listen_on

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", choices=KINDS, default="plain")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--database", help="the PostgreSQL URL of the postgres kind")
    options = parser.parse_args(argv)
    listening = listen_on("127.0.0.1", options.port)  # as ``pyramide serve``: its backlog
    _more_files()  # and its open-files limit
    print(f"The floor is at http://127.0.0.1:{listening.getsockname()[1]}/", flush=True)
    try:
        if options.workers > 1:
            os.environ[KIND_ENV] = options.kind
            os.environ[DATA_ENV] = str(options.data_dir)
            os.environ[DATABASE_ENV] = options.database or ""
            uvicorn.run(
                "benchmarks.floor_app:app_from_environment",
                factory=True,
                fd=listening.fileno(),
                workers=options.workers,
                **uvicorn_options(),
            )
        else:
            app = floor_app(options.kind, options.data_dir, options.database)
            config = uvicorn.Config(app, **uvicorn_options())
            uvicorn.Server(config).run(sockets=[listening])
    except KeyboardInterrupt:  # Ctrl-C (uvicorn raises it again once it has stopped)
        return 130
    finally:
        listening.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
