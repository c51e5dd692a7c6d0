"""The web load benchmark itself (issue 38): it reads a server's output as it is
printed (a server that prints more than a pipe holds never hangs the run), its
players share one SSL context (one each cost 16–24 ms of CPU: 1,000 players
stalled the generator before anyone moved), and one run reports the game beside
its floors; on PostgreSQL each run has a database of its own, and the PostgreSQL
floor commits each form there."""

from __future__ import annotations

import socket
import ssl
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from starlette.testclient import TestClient
from storage_helpers import on_postgres

from benchmarks import load_players
from benchmarks.floor_app import COOKIE, floor_app
from benchmarks.load_players import Plan, generate
from benchmarks.load_server import Server
from benchmarks.web_load import Result, kinds_of, main, own_database, ratios

BIG = 300_000
"""Characters printed before and after the address: more than a pipe holds."""


def test_a_server_that_prints_more_than_a_pipe_holds_never_blocks(tmp_path: Path) -> None:
    done = tmp_path / "done"
    script = (
        "import sys, time, pathlib\n"
        f"sys.stdout.write('x' * {BIG} + '\\n')\n"
        "print('at http://127.0.0.1:1/', flush=True)\n"
        f"sys.stdout.write('y' * {BIG} + '\\n'); sys.stdout.flush()\n"
        f"pathlib.Path({str(done)!r}).write_text('ok')\n"
        "time.sleep(600)\n"
    )
    (tmp_path / "server.py").write_text(script)
    server = Server("{python} " + str(tmp_path / "server.py") + " {port} {data_dir}", tmp_path)
    try:
        server.wait_ready(limit=60)
        # The server went on past its second large write (an event waited for,
        # within a bound): nothing holds it on a full pipe.
        for _ in range(600):
            if done.exists():
                break
            time.sleep(0.05)
        assert done.exists(), "the server was blocked writing its output"
    finally:
        server.stop(limit=20)
    assert server.printed > 2 * BIG


@pytest.fixture
def floor_url(tmp_path: Path) -> Iterator[str]:
    """The plain floor app served by uvicorn in a thread."""
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    listening.listen(128)
    config = uvicorn.Config(floor_app("plain", tmp_path), log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listening]}, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listening.getsockname()[1]}"
    finally:
        server.should_exit = True
        thread.join(10)
        listening.close()


def test_the_players_of_a_generator_share_one_ssl_context(
    floor_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[ssl.SSLContext] = []
    real = ssl.create_default_context

    def counted(*args: Any, **kwargs: Any) -> ssl.SSLContext:
        context = real(*args, **kwargs)
        made.append(context)
        return context

    monkeypatch.setattr(ssl, "create_default_context", counted)
    start = time.monotonic() + 0.5
    players = tuple((i, "floor", start + 0.01 * i) for i in range(40))
    deal = load_players.PlainDeal("CODE", ("draw",) * 5, ("floor",) * 6)
    plan = Plan(floor_url, (deal,), players, 0.2, start, start + 2.0, seed=0)
    # A thread of its own, as its process would be: no event loop is running
    # there (the browser tests leave one running in the main thread).
    with ThreadPoolExecutor(1) as thread:
        outcome = thread.submit(generate, plan, 10).result(timeout=60)
    assert outcome.errors == []
    assert len(outcome.sims) == 40 and all(sim.player_id for sim in outcome.sims)
    assert sum(1 for r in outcome.requests if r[0] == "page") == 40
    assert len(made) == 1  # one for the 40 clients, not one each


@pytest.mark.slow
def test_one_run_reports_the_game_beside_its_floors(tmp_path: Path) -> None:
    output = tmp_path / "report.txt"
    argv = ["--players", "4", "--seconds", "8", "--ramp", "1", "--interval", "1"]
    argv += ["--targets", "game,refused,floor,floor-sqlite", "--deals", "3", "--generators", "2"]
    with ThreadPoolExecutor(1) as thread:  # no event loop there (see above)
        assert thread.submit(main, [*argv, "--output", str(output)]).result(timeout=600) == 0
    report = output.read_text()
    assert report.count("errors: 0") == 4, report
    assert report.count("lost: 0") == 4
    for line in ("game : floor-sqlite = ", "game : floor = ", "refused : floor = "):
        assert line in report
    assert "a move's JSON: " in report
    assert "held at p99 < 100 ms, game: " in report


def _result(target: str, players: int, cpu_ms: float, round_: int, p99_ms: float = 10) -> Result:
    return Result(target, players, p99_ms / 1000, [], [], cpu_ms / 1000, [500], [], round_)


def test_rounds_give_each_ratio_and_their_median() -> None:
    results = [
        _result("refused", 300, 0.75, 1),
        _result("floor", 300, 0.50, 1),
        _result("refused", 300, 0.80, 2),
        _result("floor", 300, 0.50, 2),
        _result("refused", 300, 0.72, 3),
        _result("floor", 300, 0.48, 3),
    ]
    lines = ratios(results, [300])
    assert "refused : floor = 1.50, 1.60, 1.50: median 1.50 (CPU per request)" in lines
    assert "CPU per request, floor at 300 players: 0.50, 0.50, 0.48 ms: median 0.50 ms" in lines


def test_a_count_is_held_only_if_every_round_held_it() -> None:
    results = [
        _result("game", 200, 2.0, 1),
        _result("game", 300, 2.0, 1),
        _result("game", 200, 2.0, 2),
        _result("game", 300, 2.0, 2, p99_ms=140),
    ]
    (held,) = [line for line in ratios(results, [200, 300]) if line.startswith("held")]
    assert held.startswith("held at p99 < 100 ms, game: 200 (")
    assert "game : " not in " ".join(ratios(results, [200, 300]))  # no floor, no ratio


def test_errors_are_counted_by_kind() -> None:
    errors = [
        "player 4872: GET /: ReadTimeout: ",
        "player 5: GET /: ReadTimeout: ",
        "player 3 'KS QH': HTTP 503: 'cannot be saved'",
        "player 7 'new PY1-P-AAAAAAB': ReadTimeout: ",
        "player 9 'draw' (step 4 of PY1-P-AAAAAAB): shown 'a', expected 'b'; answer ['c']",
    ]
    assert kinds_of(errors) == (
        "2 GET /: ReadTimeout, 1 HTTP 503, 1 ReadTimeout, 1 wrong status line"
    )


@pytest.mark.skipif(not on_postgres(), reason="a PostgreSQL server to make databases on")
def test_each_run_on_postgresql_has_a_database_of_its_own() -> None:
    import os

    import psycopg

    url = os.environ["PYRAMIDE_DATABASE"]
    with own_database(url) as own:
        assert own != url and os.environ["PYRAMIDE_DATABASE"] == own
        with psycopg.connect(own) as conn:
            name = conn.execute("SELECT current_database()").fetchone()
        assert name is not None and name[0].startswith("pyramide_load_")
    assert os.environ["PYRAMIDE_DATABASE"] == url
    with psycopg.connect(url) as conn:
        left = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name[0],))
        assert left.fetchone() is None  # dropped after the run


@pytest.mark.skipif(not on_postgres(), reason="a PostgreSQL server for the floor's lines")
def test_the_postgres_floor_commits_each_form_on_the_server(tmp_path: Path) -> None:
    import os

    import psycopg

    with own_database(os.environ["PYRAMIDE_DATABASE"]) as url:
        with TestClient(floor_app("postgres", tmp_path, url)) as client:
            client.get("/")
            token = client.cookies.get(COOKIE)
            for line in ("draw", "undo"):
                answer = client.post("/type", data={"token": token, "line": line})
                assert answer.json()["answer"] == [line]
            refused = client.post("/type", data={"token": "not it", "line": "draw"})
            assert refused.status_code == 403
        with psycopg.connect(url) as conn:
            rows = conn.execute("SELECT player, line FROM lines ORDER BY line").fetchall()
        assert rows == [(token, "draw"), (token, "undo")]
