"""The deal's par, found once the game is over, off the prompt's thread.

Only once the game is over: the shortest-line solver sees the whole layout,
stock and all, so asking it earlier would peek at unseen cards. A game is over
when it is won (:meth:`Pars.won`), or when it was left for good after at least
one move (:meth:`Pars.left`): a game left for a new deal can still come back
with undo until the player acts in the new one, so its par is sought only then.

The answer is said at once; the par comes later through the session's ``emit``
(as a slow hint does): «You won in 42 moves. The fewest possible for this deal
is 31.», or, when moves were undone, «You won in 60 moves, 52 in the line
played. …»: the par is a line, so it compares with the line played. When the
player has started another game meanwhile, a win's par is still said, as the
previous deal's; a left game's is always said as the left deal's («The deal
you left could be won in 31 moves.», or «… could not be won.»), and only while
it is still the last deal left: after another, «the deal you left» would be
ambiguous, so that par is only kept; so is the par of a game left for the same
deal (``replay``): it is the deal being played, not one left. A par not proven within
:data:`PAR_BUDGET` is said («… was not found in time») only for the won game
still in play, the one answer the player is waiting for; otherwise nothing is
said (nobody asked for it).

Searches run one at a time in each of two lanes, a win's and a left game's, each
on its own thread: a player who leaves deal after deal queues their searches
instead of running them all at once beside the prompt (they share its process
and its interpreter lock), and a win's par never waits behind them.

The par is also kept with the game record (``GameStorage.par_keeper``,
``GameStorage.par_keeper_of``), so ``history`` and ``stats`` show it: the
line's length, 0 for a deal proven to have no winning line. A par known
already (the same deal won or left before) is said in the answer itself, and
``status`` says it after the win; ``par`` (``mínimo``) then plays that shortest
line again on a fresh game, one move per Enter (:class:`ParWalk`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from pyramide_a11y.engine import Game, Layout, Move, Rules
from pyramide_a11y.i18n import in_this_language
from pyramide_a11y.narration import Style, answers, describe
from pyramide_a11y.solver import Verdict, solve_shortest
from pyramide_a11y.storage.actions import played_line

PAR_BUDGET = 30.0
"""Seconds the solver may take to prove a deal's par."""

ParFinder = Callable[[Layout, Rules, float | None, threading.Event], tuple[Move, ...] | None]
"""A shortest winning line of a layout under rules (its length is the par), proven
within a budget in seconds (None: no budget), stopping when the event is set;
:data:`NO_WIN` when the deal is proven to have none; None when not proven."""

NO_WIN: tuple[Move, ...] = ()
"""A finder's answer for a deal proven not to be winnable (a dealt layout is
never won already, so no winning line is empty)."""


def solver_par(
    layout: Layout, rules: Rules, budget: float | None, cancelled: threading.Event
) -> tuple[Move, ...] | None:
    """The solver's proven shortest line (as :func:`~pyramide_a11y.solver.par`),
    cancellable; :data:`NO_WIN` for a deal proven lost, None when not proven."""
    answer = solve_shortest(layout.position(), rules, timeout=budget, cancelled=cancelled)
    if answer.verdict is Verdict.WINNABLE and answer.proven:
        return answer.moves
    if answer.verdict is Verdict.LOST:
        return NO_WIN
    return None


@dataclass(frozen=True)
class _Deal:
    layout: Layout
    rules: Rules


_Job = Callable[[], None]


class _Lane:
    """Jobs run one after the other, in the order given, on one thread started
    when there is work and ended when there is none."""

    def __init__(self, name: str, lock: threading.Lock) -> None:
        self._name = name
        self._jobs: list[_Job] = []
        self._thread: threading.Thread | None = None
        self._idle = threading.Condition(lock)

    def add(self, jobs: list[_Job]) -> None:
        """Queue ``jobs``; call with the lock held. Each runs in a copy of the
        caller's context: a late par is worded in the language of the session
        that asked for it."""
        self._jobs += [in_this_language(job) for job in jobs]
        if jobs and self._thread is None:
            self._thread = threading.Thread(target=self._work, name=self._name, daemon=True)
            self._thread.start()

    def drop(self) -> None:
        """Forget the jobs not started; call with the lock held."""
        self._jobs = []

    def wait(self, seconds: float | None) -> bool:
        """Wait until every job has run; True when none is left."""
        with self._idle:
            return self._idle.wait_for(lambda: self._thread is None, seconds)

    def _work(self) -> None:
        while True:
            with self._idle:
                if not self._jobs:
                    self._thread = None
                    self._idle.notify_all()
                    return
                job = self._jobs.pop(0)
            job()


class Pars:
    """The pars found in this session, and the jobs still finding one. ``deliver``
    gets the lines of a par that came late, from the job's thread; ``current``
    tells (on that thread) which game is in play now."""

    def __init__(
        self,
        finder: ParFinder | None,
        deliver: Callable[[list[str]], None],
        current: Callable[[], Game],
        budget: float | None = PAR_BUDGET,
    ) -> None:
        self.finder = finder
        self.budget = budget
        self._deliver = deliver
        self._current = current
        self._known: dict[_Deal, tuple[Move, ...]] = {}  # a par not found is sought again
        self._cancelled = threading.Event()
        self._lock = threading.Lock()
        self._won_lane = _Lane("par of a win", self._lock)
        self._left_lane = _Lane("par of a deal left", self._lock)
        # Searches the last answer asked for, started once it was said.
        self._waiting: list[tuple[_Lane, _Job]] = []
        self._games_left = 0  # how many games were left for good: the last one is said

    def known(self, layout: Layout, rules: Rules) -> int | None:
        """The par of this deal when it was found (only ever once a game of it was
        over); 0 when it was proven not winnable."""
        line = self.line(layout, rules)
        return None if line is None else len(line)

    def line(self, layout: Layout, rules: Rules) -> tuple[Move, ...] | None:
        """The shortest line of this deal when it was found (once a game of it was
        over); :data:`NO_WIN` when it has none."""
        with self._lock:
            if not self._known:  # none found yet (most of play): no deal hashed,
                return None  # its 52 cards, on every view of the table
            return self._known.get(_Deal(layout, rules))

    def won(
        self, game: Game, layout: Layout, keep: Callable[[int], None] | None = None
    ) -> list[str]:
        """``game`` (dealt from ``layout``) was just won: the par's lines now when it
        is known, else none, and the search starts (its lines come later).
        ``keep(par)`` gets the par when it is known, now or later from the
        search's thread (the game record keeps it). The par is compared with the
        line played (undone moves left out), a line like it; the moves counted
        are said too when they differ."""
        moves, line = game.moves, played_line(game)

        def words(found: tuple[Move, ...] | None) -> list[str]:
            if self._current() is game:
                if not found:
                    return answers.par_not_found()
                return answers.par(moves, line, len(found))
            if found:  # another game began meanwhile: named as the previous deal's
                return answers.previous_par(moves, line, len(found))
            return []

        return self._seek(_Deal(layout, game.rules), words, keep, self._won_lane)

    def left(
        self,
        game: Game,
        layout: Layout,
        keep: Callable[[int], None] | None = None,
        *,
        quiet: bool = False,
    ) -> list[str]:
        """``game`` (dealt from ``layout``, not won, at least one move played) was
        left for good: undo can no longer bring it back, so its deal may be
        solved now. As :meth:`won`: the lines now when the par is known, else
        none and the search starts; a par not proven in time is not said (the
        player asked for nothing, and is playing another game), nor one found
        after another game was left (it is only kept). ``quiet``: the player is
        playing that deal again, so its par is only kept (saying it there would
        tell them about the deal they are playing, and call it the one left)."""
        with self._lock:
            self._games_left += 1
            this_one = self._games_left

        def words(found: tuple[Move, ...] | None) -> list[str]:
            with self._lock:
                still_the_last = this_one == self._games_left
            if found is None or not still_the_last or quiet:
                return []
            return answers.left_par(len(found)) if found else answers.left_not_winnable()

        return self._seek(_Deal(layout, game.rules), words, keep, self._left_lane)

    def _seek(
        self,
        deal: _Deal,
        words: Callable[[tuple[Move, ...] | None], list[str]],
        keep: Callable[[int], None] | None,
        lane: _Lane,
    ) -> list[str]:
        """``words(line)`` now when the deal's line is known (and ``keep`` gets its
        length), else none and a search waits to start in ``lane``; ``words`` then
        runs on the lane's thread, and its lines (none: nothing to say) are
        delivered."""
        with self._lock:
            known = self._known.get(deal)
        if known is not None:
            if keep is not None:
                keep(len(known))
            return words(known)
        if self.finder is None:
            return []
        finder = self.finder
        with self._lock:
            self._waiting.append((lane, lambda: self._run(finder, deal, words, keep)))
        return []

    def start_waiting(self) -> None:
        """Start the searches the last answer asked for: called once that answer
        was said, so that a par found quickly is never said before it."""
        with self._lock:
            waiting, self._waiting = self._waiting, []
            if self._cancelled.is_set():
                return
            for lane in (self._won_lane, self._left_lane):
                lane.add([job for job_lane, job in waiting if job_lane is lane])

    def _run(
        self,
        finder: ParFinder,
        deal: _Deal,
        words: Callable[[tuple[Move, ...] | None], list[str]],
        keep: Callable[[int], None] | None,
    ) -> None:
        if self._cancelled.is_set():
            return
        with self._lock:
            found = self._known.get(deal)  # found meanwhile: a deal left twice
        if found is None:
            try:
                found = finder(deal.layout, deal.rules, self.budget, self._cancelled)
            except Exception:  # a solver fault must not take the game down
                return
        if self._cancelled.is_set():
            return
        if found is not None:
            with self._lock:
                self._known[deal] = found
            if keep is not None:
                keep(len(found))
        lines = words(found)
        if lines:
            self._deliver(lines)

    def wait(self, seconds: float | None = None) -> bool:
        """Wait for every par still being found (tests and transcripts); True when
        none is left."""
        self.start_waiting()
        return all(lane.wait(seconds) for lane in (self._won_lane, self._left_lane))

    def close(self) -> None:
        """The session ends: stop the searches, nothing more is said."""
        self._cancelled.set()
        with self._lock:
            self._waiting = []
            self._won_lane.drop()
            self._left_lane.drop()


class ParWalk:
    """The shortest line of a won deal, played again move by move on a fresh game
    from its layout, one move each time the player presses Enter."""

    def __init__(self, layout: Layout, rules: Rules, line: tuple[Move, ...]) -> None:
        self.game = Game(layout, rules)
        self.line = line
        self.done = 0

    @property
    def finished(self) -> bool:
        return self.done >= len(self.line)

    def step(self, style: Style) -> list[str]:
        """The next move, played and said: «Move 3 of 52.» and what it did."""
        move = self.line[self.done]
        self.done += 1
        lines = describe(self.game.play(move), self.game, style)
        last = self.finished
        if self.game.won:  # the move only: the panel is the player's game's, not this
            lines = lines[:1]
        return answers.par_step(self.done, len(self.line), lines, last)
