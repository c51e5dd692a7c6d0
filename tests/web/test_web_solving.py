"""The solver pool: hints and pars in child processes, as the in-process solver
gives them, cancellable, never holding the server's interpreter lock, and
surviving a child killed."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator

import pytest

from pyramide_a11y.core.par import NO_WIN, solver_par
from pyramide_a11y.engine import Game, Layout, Move, Rules, parse_code
from pyramide_a11y.solver import Hint, Knowledge, hint_for
from pyramide_a11y.web.solving import SolverPool

EASY = "PY1-N-AAAAAAB"  # proven in well under a second (64 moves)
HARD = "PY1-N-AAAAAAF"  # not proven in many seconds


def deal(code: str) -> tuple[Layout, Rules]:
    parsed = parse_code(code)
    return Layout.from_code(parsed), parsed.rules


def knowledge_after(code: str, hints: int = 0, draws: int = 0) -> Knowledge:
    """What the player knows of ``code`` after following ``hints`` hints and then
    drawing ``draws`` times (as core/hinting.py takes it from a game)."""
    layout, rules = deal(code)
    game = Game(layout, rules)
    for _ in range(hints):
        hint = hint_for(Knowledge.from_game(game), 2.0)
        assert hint.move is not None
        game.play(hint.move)
    for _ in range(draws):
        if game.position.stock:
            game.draw()
    return Knowledge.from_game(game)


class Probe(threading.Event):
    """A ``cancelled`` event that tells when a caller first looks at it: the pool
    looks once the job is submitted, while it waits."""

    def __init__(self) -> None:
        super().__init__()
        self.looked = threading.Event()

    def is_set(self) -> bool:
        self.looked.set()
        return super().is_set()


@pytest.fixture(scope="module")
def pool() -> Iterator[SolverPool]:
    """One child: a job left running would hold up the next one."""
    with SolverPool(max_workers=1) as shared:
        yield shared


@pytest.mark.parametrize(
    "knowledge",
    [
        knowledge_after("PY1-P-AAAAAAB"),
        knowledge_after("PY1-P-AAAAAAC", hints=3),
        knowledge_after(EASY, hints=2, draws=5),
        knowledge_after(EASY, draws=24),  # every stock card seen: solved exactly
        knowledge_after("PY1-N-AAAAAAD", draws=24),  # proven lost
    ],
    ids=["start", "after-hints", "some-drawn", "complete", "lost"],
)
def test_hint_is_the_solvers(pool: SolverPool, knowledge: Knowledge) -> None:
    find = pool.hint_finder()
    assert find(knowledge, 2.0, None) == hint_for(knowledge, 2.0)
    assert find(knowledge, 2.0, threading.Event()) == hint_for(knowledge, 2.0)


@pytest.mark.parametrize("code", [EASY, "PY1-P-AAAAAAL", "PY1-P-AAAAAAD"])
def test_par_is_the_solvers(pool: SolverPool, code: str) -> None:
    layout, rules = deal(code)
    expected = solver_par(layout, rules, 10.0, threading.Event())
    assert expected is not None
    assert pool.par_finder()(layout, rules, 10.0, threading.Event()) == expected


def test_a_lost_deal_is_no_win(pool: SolverPool) -> None:
    layout, rules = deal("PY1-P-AAAAAAD")
    assert pool.par_finder()(layout, rules, 10.0, threading.Event()) == NO_WIN


def test_cancelled_par_returns_at_once_and_the_child_stops(pool: SolverPool) -> None:
    layout, rules = deal(HARD)
    cancelled = Probe()
    answers: list[tuple[Move, ...] | None] = []
    done = threading.Event()

    def search() -> None:
        answers.append(pool.par_finder()(layout, rules, None, cancelled))
        done.set()

    threading.Thread(target=search, daemon=True).start()
    assert cancelled.looked.wait(10)  # submitted: the caller is waiting
    assert not done.wait(0.3)  # still searching (no budget)
    start = time.monotonic()
    cancelled.set()
    assert done.wait(2.0)
    assert answers == [None]  # not proven
    # One child only: the next job runs at once, so the search really stopped.
    easy_layout, easy_rules = deal(EASY)
    expected = solver_par(easy_layout, easy_rules, 10.0, threading.Event())
    assert pool.par_finder()(easy_layout, easy_rules, 10.0, threading.Event()) == expected
    assert time.monotonic() - start < 4.0


def test_a_cancelled_hint_is_the_solvers_stopped_hint(pool: SolverPool) -> None:
    knowledge = knowledge_after(EASY)
    cancelled = threading.Event()
    cancelled.set()
    stopped = threading.Event()
    stopped.set()
    given: Hint = pool.hint_finder()(knowledge, 2.0, cancelled)
    assert given == hint_for(knowledge, 0.0, stopped)


def test_par_past_its_budget_is_not_proven(pool: SolverPool) -> None:
    layout, rules = deal(HARD)
    start = time.monotonic()
    assert pool.par_finder()(layout, rules, 0.5, threading.Event()) is None
    assert time.monotonic() - start < 0.5 + pool.margin + 1.0


def counts_in(seconds: float, stop: threading.Event) -> int:
    """Pure-Python steps this thread makes in ``seconds`` or until ``stop``."""
    count = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and not stop.is_set():
        count += 1
    return count


def test_other_threads_run_while_the_pool_searches(pool: SolverPool) -> None:
    layout, rules = deal(HARD)
    done = threading.Event()
    spent: list[tuple[float, float]] = []

    def search() -> None:
        wall, cpu = time.perf_counter(), time.thread_time()
        pool.par_finder()(layout, rules, 1.5, threading.Event())
        spent.append((time.perf_counter() - wall, time.thread_time() - cpu))
        done.set()

    threading.Thread(target=search, daemon=True).start()
    count = counts_in(1.2, done)
    assert done.wait(1.5 + pool.margin + 2.0)
    wall, cpu = spent[0]
    assert wall >= 1.2  # the search ran all along, and this thread kept counting
    assert count > 0
    # The waiting thread barely computes, so it seldom holds the interpreter lock
    # (in process, the solver's thread computes all along and takes half of it).
    assert cpu < 0.2 * wall


def test_a_killed_child_is_not_found_and_the_pool_recovers(pool: SolverPool) -> None:
    layout, rules = deal(HARD)
    cancelled = Probe()
    answers: list[tuple[Move, ...] | None] = []
    done = threading.Event()

    def search() -> None:
        answers.append(pool.par_finder()(layout, rules, 30.0, cancelled))
        done.set()

    threading.Thread(target=search, daemon=True).start()
    assert cancelled.looked.wait(10)
    pids = pool.worker_pids()
    assert pids
    for pid in pids:
        os.kill(pid, signal.SIGKILL)
    assert done.wait(5.0)
    assert answers == [None]
    knowledge = knowledge_after(EASY)
    assert pool.hint_finder()(knowledge, 2.0, None) == hint_for(knowledge, 2.0)
    assert pool.worker_pids() and set(pool.worker_pids()).isdisjoint(pids)


def test_a_full_pool_answers_not_found_in_time() -> None:
    layout, rules = deal(HARD)
    with SolverPool(max_workers=1, max_jobs=1, margin=0.2) as small:
        first = Probe()
        done = threading.Event()

        def search() -> None:
            small.par_finder()(layout, rules, 30.0, first)
            done.set()

        threading.Thread(target=search, daemon=True).start()
        assert first.looked.wait(10)
        start = time.monotonic()
        assert small.par_finder()(layout, rules, 0.3, threading.Event()) is None
        assert time.monotonic() - start < 2.0
        knowledge = knowledge_after(EASY)
        stopped = threading.Event()
        stopped.set()
        assert small.hint_finder()(knowledge, 0.3, None) == hint_for(knowledge, 0.0, stopped)
        first.set()
        assert done.wait(3.0)


def test_closed_pool_answers_not_found_and_closes_twice() -> None:
    closed = SolverPool(max_workers=1)
    closed.close()
    closed.close()
    layout, rules = deal(EASY)
    assert closed.par_finder()(layout, rules, 5.0, threading.Event()) is None
    knowledge = knowledge_after(EASY)
    stopped = threading.Event()
    stopped.set()
    assert closed.hint_finder()(knowledge, 2.0, None) == hint_for(knowledge, 0.0, stopped)
    assert closed.worker_pids() == ()
