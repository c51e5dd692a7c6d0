"""An exact solver: from any position and rules, winnable (with a line), lost, or
unknown when a node or time budget runs out.

The search works on a compact state, never on :class:`Position` objects:

- Every card in play gets a *place*: pyramid slots are places 0..27, and the
  stock and waste together form one sequence (the waste bottom to top, then the
  stock top to bottom) whose cards are places 28, 29, … Drawing and recycling
  never reorder that sequence, they only move a pointer: the waste is the part
  before the pointer, the stock the part from it on. Removing cards removes them
  from the sequence.
- A state is then ``(present, pointer, recycles)``: ``present`` is a bitmask of
  the places whose card is still on the table. The pointer is normalised to just
  after the waste top, so equal tables have equal keys.

What the rules allow us to skip (each fact is checked against a brute-force
search in the tests):

- A King that can be removed is removed at once: it pairs with nothing, and
  taking it away only uncovers cards.
- With unlimited recycles, every card of the sequence can be brought to the
  place where it plays (waste top, or stock top where that is playable) by
  drawing and recycling, without changing anything else. The pointer then does
  not matter, the state is just ``present``, and the draws are put back in when
  the line is turned into engine moves. Without pairs inside the sequence (stock
  against waste), sequence cards of one value are interchangeable, so a pyramid
  card is only ever tried with the first of them.
- A pyramid card whose every possible partner is gone, covers it, or lies
  beneath it (so cannot be reached while it stays) makes the position lost.
- From a state one can draw (and recycle) to every state of the same table with a
  later pointer in the same pass, or in a later pass. So a table that failed
  at (pass, pointer) fails at every later (pass, pointer) too.
"""

from __future__ import annotations

import enum
import itertools
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

from pyramide_a11y.engine import Draw, Move, Position, Recycle, RemoveKing, RemovePair, Rules
from pyramide_a11y.engine.cards import Card
from pyramide_a11y.engine.geometry import COVERED_BY, COVERS, ON_TOP, SLOTS

__all__ = ["Solution", "Verdict", "solve"]

_PYR = (1 << SLOTS) - 1
_COVER_MASK = tuple(sum(1 << c for c in COVERED_BY[s]) for s in range(SLOTS))


def _beneath(s: int) -> frozenset[int]:
    """Slots that ``s`` covers, directly or through others."""
    out: set[int] = set()
    todo = list(COVERS[s])
    while todo:
        t = todo.pop()
        if t not in out:
            out.add(t)
            todo.extend(COVERS[t])
    return frozenset(out)


_BENEATH = tuple(_beneath(s) for s in range(SLOTS))
_FREE_CACHE: dict[int, tuple[int, ...]] = {}


def _free_slots(pyr: int) -> tuple[int, ...]:
    """Free slots of a pyramid bitmask, bottom row first (cached: few shapes occur)."""
    free = _FREE_CACHE.get(pyr)
    if free is None:
        free = tuple(
            s for s in range(SLOTS - 1, -1, -1) if pyr >> s & 1 and not pyr & _COVER_MASK[s]
        )
        _FREE_CACHE[pyr] = free
    return free


class Verdict(enum.Enum):
    WINNABLE = "winnable"
    LOST = "lost"
    """Not winnable: the whole reachable space was searched."""
    UNKNOWN = "unknown"
    """The node or time budget ran out, or the search was cancelled."""


@dataclass(frozen=True, slots=True)
class Solution:
    """A verdict, the winning line (engine moves, empty unless winnable), the
    nodes searched and the seconds taken."""

    verdict: Verdict
    moves: tuple[Move, ...]
    nodes: int
    seconds: float

    @property
    def winnable(self) -> bool | None:
        """True, False, or None when unknown."""
        if self.verdict is Verdict.UNKNOWN:
            return None
        return self.verdict is Verdict.WINNABLE


class _Abort(Exception):
    """The budget ran out."""


# Abstract moves of the search: ("K", place, 0), ("P", place, place), ("D", 0, 0),
# ("R", 0, 0).
_Step = tuple[str, int, int]


def solve(
    position: Position,
    rules: Rules,
    *,
    max_nodes: int | None = None,
    timeout: float | None = None,
    cancelled: threading.Event | None = None,
) -> Solution:
    """Decide whether ``position`` can be won under ``rules``.

    Returns a :class:`Solution`. When winnable, its moves replay with
    :meth:`Position.after` from ``position`` to a won position. ``LOST`` means
    every line was tried. ``UNKNOWN`` when ``max_nodes`` or ``timeout`` (seconds)
    ran out or ``cancelled`` was set. Pure computation: no I/O.
    """
    start = time.perf_counter()
    search = _Search(position, rules, max_nodes, timeout, cancelled, start)
    try:
        won = search.run()
    except _Abort:
        return Solution(Verdict.UNKNOWN, (), search.nodes, time.perf_counter() - start)
    moves: tuple[Move, ...] = ()
    if won:
        moves = tuple(search.engine_line(position, rules))
    verdict = Verdict.WINNABLE if won else Verdict.LOST
    return Solution(verdict, moves, search.nodes, time.perf_counter() - start)


class _Search:
    def __init__(
        self,
        position: Position,
        rules: Rules,
        max_nodes: int | None,
        timeout: float | None,
        cancelled: threading.Event | None,
        start: float,
        *,
        relax: bool = True,
    ) -> None:
        self.rules = rules
        seq: list[Card] = [*position.waste, *position.stock]
        self.cards: list[Card | None] = [*position.pyramid, *seq]
        self.val = [0 if c is None else c.value for c in self.cards]
        self.n = len(seq)
        present = 0
        for place, card in enumerate(self.cards):
            if card is not None:
                present |= 1 << place
        self.present = present
        self.ptr = len(position.waste)
        self.rec = position.recycles
        self.limit = rules.recycles
        self.stp = rules.stock_top_playable
        self.swp = rules.stock_waste_pairs
        self.cover = rules.cover_pairs
        self.strict = rules.strict_win
        self.goal_mask = -1 if rules.strict_win else _PYR
        self.nodes = 0
        self.max_nodes = max_nodes
        self.next_tick = 0
        self.deadline = None if timeout is None else start + timeout
        self.cancelled = cancelled
        self.line: list[_Step] = []
        self.failed: dict[int, int] = {}
        self.failed_set: set[int] = set()
        self.won_set: set[int] = set()
        self.keep_wins = not relax
        self._build_checks()
        # The relaxation: every sequence card always at hand, no pairs inside the
        # sequence. Any win under the real rules is a win there (with the
        # sequence-only pairs left out), so a table it loses is lost. It is cheap,
        # because sequence cards of one value are then interchangeable.
        self.relaxed: _Search | None = None
        if relax and not rules.strict_win and (self.limit is not None or self.swp):
            relaxed_rules = rules.with_options(recycles=None, stock_waste_pairs=False)
            self.relaxed = _Search(
                position, relaxed_rules, max_nodes, timeout, cancelled, start, relax=False
            )

    # -- the "a card with no partner left" test ------------------------------------

    def _build_checks(self) -> None:
        """For each value, the places of that value that need a partner, each with
        the mask of places where a usable partner may still be."""
        places_of: dict[int, list[int]] = {v: [] for v in range(1, 14)}
        for place, v in enumerate(self.val):
            if v:
                places_of[v].append(place)
        checks: list[tuple[tuple[int, int], ...]] = [() for _ in range(14)]
        for v in range(1, 13):
            entries: list[tuple[int, int]] = []
            for place in places_of[v]:
                usable = 0
                for other in places_of[13 - v]:
                    if self._may_pair(place, other):
                        usable |= 1 << other
                if place < SLOTS or self.strict:
                    entries.append((1 << place, usable))
            checks[v] = tuple(entries)
        self.checks = checks

    def _may_pair(self, place: int, other: int) -> bool:
        """Whether the cards at two places could ever be removed together: not when
        one lies on top of the other (unless they are neighbours under cover pairs)."""
        if place >= SLOTS or other >= SLOTS:
            return True
        if other not in _BENEATH[place] and other not in ON_TOP[place]:
            return True
        return self.cover and (other in COVERED_BY[place] or other in COVERS[place])

    def _hopeless(self, present: int, values: tuple[int, ...]) -> bool:
        checks = self.checks
        for v in values:
            for bit, usable in checks[v]:
                if present & bit and not present & usable:
                    return True
        return False

    def _relaxed_holds(self, present: int) -> bool:
        """False when the relaxation proves ``present`` lost."""
        relaxed = self.relaxed
        if relaxed is None:
            return True
        before = relaxed.nodes
        try:
            return relaxed._unlimited(present)
        finally:
            relaxed.line.clear()
            self.nodes += relaxed.nodes - before

    # -- running ----------------------------------------------------------------------

    def _tick(self) -> None:
        """Check the budget (every 1024 nodes, and when the node budget is reached)."""
        self.next_tick = self.nodes + 1024
        if self.max_nodes is not None:
            if self.nodes > self.max_nodes:
                raise _Abort
            self.next_tick = min(self.next_tick, self.max_nodes + 1)
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _Abort
        if self.cancelled is not None and self.cancelled.is_set():
            raise _Abort

    def run(self) -> bool:
        if self._hopeless(self.present, tuple(range(1, 13))):
            self.nodes = 1
            return False
        if not self._relaxed_holds(self.present):
            return False
        old_limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old_limit, 10_000))
        try:
            if self.limit is None:
                return self._unlimited(self.present)
            return self._finite(self.present, self._norm(self.present, self.ptr), self.rec)
        finally:
            sys.setrecursionlimit(old_limit)

    def _norm(self, present: int, ptr: int) -> int:
        """The pointer moved back to just after the waste top."""
        return ((present >> SLOTS) & ((1 << ptr) - 1)).bit_length()

    # -- finite recycles ----------------------------------------------------------------

    def _finite(self, present: int, ptr: int, rec: int) -> bool:
        self.nodes += 1
        if self.nodes >= self.next_tick:
            self._tick()
        if not present & self.goal_mask:
            return True
        # (rec, ptr) orders the states of one table: each can draw (and recycle)
        # its way to every later one, so a failure covers every later state too.
        stamp = rec << 6 | ptr
        failed = self.failed.get(present)
        if failed is not None and failed <= stamp:
            return False
        val = self.val
        free = _free_slots(present & _PYR)
        deck = present >> SLOTS
        below = deck & ((1 << ptr) - 1)
        wt = below.bit_length() - 1 + SLOTS if below else -1
        above = deck >> ptr
        st = ptr + (above & -above).bit_length() - 1 + SLOTS if above else -1
        stp = self.stp
        # Kings go at once.
        for s in free:
            if val[s] == 13:
                return self._finite_step(("K", s, 0), present & ~(1 << s), ptr, rec)
        if wt >= 0 and val[wt] == 13:
            nxt = present & ~(1 << wt)
            return self._finite_step(("K", wt, 0), nxt, self._norm(nxt, ptr), rec)
        if stp and st >= 0 and val[st] == 13:
            return self._finite_step(("K", st, 0), present & ~(1 << st), ptr, rec)
        for a, b in self._pairs(present, free, wt, st, below):
            nxt = present & ~(1 << a) & ~(1 << b)
            if self._hopeless(nxt, (val[a], val[b])):
                continue
            if not self._relaxed_holds(nxt):
                continue
            nptr = self._norm(nxt, ptr) if a >= SLOTS or b >= SLOTS else ptr
            if self._finite_step(("P", a, b), nxt, nptr, rec):
                return True
        if st >= 0:
            if self._finite_step(("D", 0, 0), present, st - SLOTS + 1, rec):
                return True
        elif (
            wt >= 0
            and rec < (self.limit or 0)
            and self._finite_step(("R", 0, 0), present, 0, rec + 1)
        ):
            return True
        if failed is None or stamp < failed:
            self.failed[present] = stamp
        return False

    def _finite_step(self, step: _Step, present: int, ptr: int, rec: int) -> bool:
        if self._finite(present, ptr, rec):
            self.line.append(step)
            return True
        return False

    def _pairs(
        self, present: int, free: tuple[int, ...], wt: int, st: int, below: int
    ) -> Iterator[tuple[int, int]]:
        """Pairs playable now, pyramid pairs first."""
        val = self.val
        for i, a in enumerate(free):
            need = 13 - val[a]
            for b in free[i + 1 :]:
                if val[b] == need:
                    yield a, b
        if self.cover:
            for c in free:
                for s in COVERS[c]:
                    # The card at s is covered by c alone.
                    alone = present >> s & 1 and present & _COVER_MASK[s] == 1 << c
                    if alone and val[s] + val[c] == 13:
                        yield s, c
        stp = self.stp and st >= 0
        for a in free:
            need = 13 - val[a]
            if wt >= 0 and val[wt] == need:
                yield a, wt
            if stp and val[st] == need:
                yield a, st
        if wt >= 0:
            if stp and self.swp and val[wt] + val[st] == 13:
                yield wt, st
            if self.swp and not self.stp:
                rest = below & ~(1 << (wt - SLOTS))
                if rest:
                    wu = rest.bit_length() - 1 + SLOTS
                    if val[wu] + val[wt] == 13:
                        yield wu, wt

    # -- unlimited recycles -------------------------------------------------------------

    def _unlimited(self, present: int) -> bool:
        self.nodes += 1
        if self.nodes >= self.next_tick:
            self._tick()
        if not present & self.goal_mask:
            return True
        if present in self.won_set:
            # Only the relaxation fills won_set: its lines are thrown away.
            return True
        if present in self.failed_set:
            return False
        val = self.val
        free = _free_slots(present & _PYR)
        for s in free:
            if val[s] == 13:
                return self._unlimited_step(("K", s, 0), present & ~(1 << s))
        deck = present >> SLOTS
        # Any King of the sequence can be brought into play and removed.
        d = deck
        while d:
            low = d & -d
            place = low.bit_length() - 1 + SLOTS
            if val[place] == 13:
                return self._unlimited_step(("K", place, 0), present & ~(1 << place))
            d ^= low
        for a, b in self._unlimited_pairs(present, free, deck):
            nxt = present & ~(1 << a) & ~(1 << b)
            if self._hopeless(nxt, (val[a], val[b])):
                continue
            if not self._relaxed_holds(nxt):
                continue
            if self._unlimited_step(("P", a, b), nxt):
                return True
        self.failed_set.add(present)
        return False

    def _unlimited_step(self, step: _Step, present: int) -> bool:
        if self._unlimited(present):
            self.line.append(step)
            if self.keep_wins:
                self.won_set.add(present)
            return True
        return False

    def _unlimited_pairs(
        self, present: int, free: tuple[int, ...], deck: int
    ) -> Iterator[tuple[int, int]]:
        val = self.val
        for i, a in enumerate(free):
            need = 13 - val[a]
            for b in free[i + 1 :]:
                if val[b] == need:
                    yield a, b
        if self.cover:
            for c in free:
                for s in COVERS[c]:
                    # The card at s is covered by c alone.
                    alone = present >> s & 1 and present & _COVER_MASK[s] == 1 << c
                    if alone and val[s] + val[c] == 13:
                        yield s, c
        # The sequence cards still present, in order.
        places: list[int] = []
        d = deck
        while d:
            low = d & -d
            places.append(low.bit_length() - 1 + SLOTS)
            d ^= low
        inner_pairs = self.swp
        for a in free:
            need = 13 - val[a]
            for place in places:
                if val[place] == need:
                    yield a, place
                    if not inner_pairs:
                        # Interchangeable: the first one stands for all of them.
                        break
        if inner_pairs:
            for x, y in itertools.pairwise(places):
                if val[x] + val[y] == 13:
                    yield x, y

    # -- back to engine moves ----------------------------------------------------------

    def engine_line(self, position: Position, rules: Rules) -> list[Move]:
        """The winning line as engine moves, checked move by move with the engine
        (draws and recycles put back in where the search skipped them)."""
        moves: list[Move] = []
        current = position
        cards = self.cards
        for step in reversed(self.line):
            kind = step[0]
            move: Move
            if kind == "D":
                move = Draw()
            elif kind == "R":
                move = Recycle()
            elif kind == "K":
                card = cards[step[1]]
                assert card is not None
                move = RemoveKing(card)
            else:
                first, second = cards[step[1]], cards[step[2]]
                assert first is not None and second is not None
                move = RemovePair(first, second)
            if self.limit is None and kind in ("K", "P"):
                current = self._bring_into_play(current, move, moves)
            current = current.after(move, rules)
            moves.append(move)
        return moves

    def _bring_into_play(self, current: Position, move: Move, moves: list[Move]) -> Position:
        """Draw (and recycle) until ``move`` is legal; unlimited recycles only."""
        rules = self.rules
        for _ in range(2 * (self.n + 2)):
            if current.refusal(move, rules) is None:
                return current
            step: Move = Draw() if current.stock else Recycle()
            current = current.after(step, rules)
            moves.append(step)
        raise AssertionError(f"solver line: {move} never became playable")
