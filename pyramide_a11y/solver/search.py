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

Glossary of the short names in the code:

- ``place``: a card's index in ``cards`` (0..27 pyramid slots, then the
  sequence); ``val[place]`` is its value (0 for an empty slot).
- ``present``: the bitmask of places still on the table; ``pyr`` its pyramid
  part (bits 0..27), ``deck`` its sequence part shifted down to bit 0.
- ``ptr``: the pointer, an index into the sequence: the waste is the part before
  it, the stock the part from it on. ``nptr``: the pointer after a step.
- ``rec``: recycles used so far; ``limit``: recycles allowed (None: no limit).
- ``wt``, ``st``: the places of the waste top and of the stock top (-1 when that
  pile is empty); ``wu``: the place of the waste card under the waste top.
- ``below``: the waste as a bitmask of sequence indexes (the sequence cards
  before ``ptr``); ``above``: the stock, shifted down by ``ptr``.
- ``stp``: the rules' ``stock_top_playable``; ``swp``: the rules'
  ``stock_waste_pairs``; ``cover``: ``cover_pairs``; ``strict``: ``strict_win``.
- ``stamp``: ``rec`` and ``ptr`` packed into one number (``rec << 6 | ptr``),
  which orders the states of one table (see the last point below).
- A step (``_Step``) is an abstract move: ``("K", place, 0)`` a King,
  ``("P", a, b)`` a pair, ``("D", ptr, 0)`` draw until the pointer is there,
  ``("R", 0, 0)`` recycle.

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
- A card whose last possible partner is playable now is paired with it at once:
  that pair is in every winning line, and a card gone earlier never blocks a
  move (the table without the two plays every line of the table with them).
- Pyramid cards of values v and 13 − v pair among themselves at most as often as
  a matching of those that may meet allows; each one left over needs a sequence
  card of the other value. Too few of them left (in the last pass, too few that
  are not buried in the waste) makes the position lost.
- Right after a draw or a recycle, pairs of two pyramid cards are not tried:
  played before it, they reach the same table.
- A pair tried at a node (and lost) is "asleep" in the children tried after it,
  and in all their descendants: a line that plays it later loses, since playing
  it first, at that node, then the same moves, is a line too (cards gone earlier
  never block a move) and that child was lost. So asleep pairs are not tried,
  a card asleep with each partner it has left makes the table lost, and a card
  whose only partner not asleep with it is playable now is paired at once. (A
  table that fails this way is lost outright, so the memo keeps it as before.)
- In the last pass, waste cards buried under a card that can never leave are
  dropped from the state: they can never move nor pair again.
- In the last pass, waste cards leave from the top only: the waste part down to
  the deepest card the pyramid must use (each value's need met by the stock first;
  with a strict win, the whole waste) must leave, each card of it with a partner
  of its own. Too few partners for some value makes the table lost (tested right
  after a draw, where it cuts most for its cost, and only where the stock top does
  not play, or in one pass with a strict win and no cover pairs; see
  :meth:`_Search._dig_lost`).
- In one pass without cover pairs, where the digging test is made, right after a draw:
  a pyramid card needs the cards covering it gone first, and what they need, and
  what each of its partners needs (a waste card: the waste cards on it). A card
  whose partners all need it gone first, or need each other's cards in a cycle
  through the waste, never leaves: lost (see :meth:`_Search._never_uncovered`).
- Sequence cards of one value are alike: tables whose sequences read the same
  values in the same order (and whose pointers stand after the same number of
  them) play the same, so the memo keys a table by its canonical sequence.
- Where the stock top plays, a draw is worth stopping at only for the card it
  uncovers: the card drawn was the stock top here or at an earlier stop, where
  its pairs were offered (to the same tables).
- Before the last two passes, each pair is checked against the relaxation; in
  them the matching test stands in for it (there the relaxation pruned next to
  nothing for its cost). With a strict win the relaxation asks only for the
  pyramid (a strict win clears it too, and pairs inside the sequence never free a
  pyramid card); with unlimited passes it is then asked at the root only.
"""

from __future__ import annotations

import enum
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from pyramide_a11y.engine import Draw, Move, Position, Recycle, RemoveKing, RemovePair, Rules
from pyramide_a11y.engine.cards import Card
from pyramide_a11y.engine.geometry import BENEATH, COVERED_BY, COVERS, ON_TOP, SLOTS

__all__ = ["Solution", "Verdict", "solve"]

_PYR = (1 << SLOTS) - 1
_COVER_MASK = tuple(sum(1 << c for c in COVERED_BY[s]) for s in range(SLOTS))
# The slots from the bottom row up, each with the two slots covering it (SLOTS,
# an entry that stays empty, for the bottom row).
_UPWARDS = tuple((s, *(COVERED_BY[s] or (SLOTS, SLOTS))) for s in range(SLOTS - 1, -1, -1))


_ALL_DECK = ((1 << 64) - 1) & ~_PYR
_ALL_VALUES = tuple(range(1, 13))
# Where a partner of the card at each slot may be: anywhere in the sequence, and
# any slot that neither lies on top of it nor beneath it (with cover pairs, also
# the slots right next to it above and below).
_ALLOWED = tuple(
    _ALL_DECK
    | sum(1 << t for t in range(SLOTS) if t != s and t not in BENEATH[s] and t not in ON_TOP[s])
    for s in range(SLOTS)
)
_ALLOWED_COVER = tuple(
    _ALLOWED[s] | sum(1 << t for t in (*COVERED_BY[s], *COVERS[s])) for s in range(SLOTS)
)
_FREE_CACHE: dict[int, tuple[int, ...]] = {}
_NEVER = 1 << 62
"""A stamp later than any: the memo's answer for a table that never failed."""
_NO_BANS: dict[int, int] = {}
"""No card asleep with another (never written)."""


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


class Answer:
    """What every solver answer has: a :class:`Verdict`, and ``winnable`` from it.
    (A base of :class:`Solution` and :class:`.shortest.Shortest`; no fields.)"""

    __slots__ = ()
    verdict: Verdict

    @property
    def winnable(self) -> bool | None:
        """True, False, or None when unknown."""
        if self.verdict is Verdict.UNKNOWN:
            return None
        return self.verdict is Verdict.WINNABLE


@dataclass(frozen=True, slots=True)
class Solution(Answer):
    """A verdict, the winning line (engine moves, empty unless winnable), the
    nodes searched and the seconds taken."""

    verdict: Verdict
    moves: tuple[Move, ...]
    nodes: int
    seconds: float


class _Abort(Exception):
    """The budget ran out."""


# Abstract moves of the search (see the glossary at the top).
_Step = tuple[str, int, int]

# What a node of the finite search yields: a child to try, or True for a win.
_Child = tuple[_Step, int, int, int, tuple[int, ...]]
"""A child of a node of the finite search: (step, present, ptr, rec, sleep)."""
_Node = Iterator[_Child | Literal[True]]


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
        moves = tuple(search.engine_line())
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
        self.lonely_cache: dict[int, int] = {}
        self.needs_cache: dict[int, tuple[tuple[int, int], ...]] = {}
        self.pyramid_pairs_cache: dict[int, tuple[tuple[int, int], ...]] = {}
        self.failed_drawn: dict[int, int] = {}
        self.dig_cache: dict[int, tuple[list[int], tuple[tuple[int, int], ...]]] = {}
        # The digging test, where the stock top does not play. Where it plays, the
        # stock feeds most needs and the test cut 2% of the nodes for 20% more time
        # (measured: benchmarks/results/solver-ideas.txt, sixth round), except in
        # one pass with a strict win and no cover pairs: there, with the precedence
        # test, it cut half the nodes and a fifth of the time (seventh round).
        self.dig = not self.stp or (self.strict and self.limit == 0 and not self.cover)
        # The precedence test, in one pass without cover pairs: there it cut a third
        # to a half of the nodes and up to a fifth of the time; with more passes it
        # cost more than it cut (solver-ideas.txt, sixth round). It does not know
        # cover pairs (a card leaving with the card covering it): taught them, it
        # cost more time than it cut (eighth round).
        self.precedence = self.dig and self.limit == 0 and not self.cover
        self.keep_wins = not relax
        self._build_checks()
        # Sequence cards of one value are alike: two tables whose sequences read the
        # same values in the same order play the same. The memo keys a table by its
        # sequence moved to the earliest places that read those values (see _canon).
        seq_next: list[list[int]] = [[-1] * 14 for _ in range(self.n + 1)]
        for i in range(self.n - 1, -1, -1):
            seq_next[i] = seq_next[i + 1][:]
            seq_next[i][self.val[SLOTS + i]] = i
        self.seq_next = seq_next
        self.canon_cache: dict[int, int] = {}
        # The relaxation: every sequence card always at hand, no pairs inside the
        # sequence. Any win under the real rules is a win there (with the
        # sequence-only pairs left out), so a table it loses is lost. It is cheap,
        # because sequence cards of one value are then interchangeable. With a
        # strict win it asks only for the pyramid: a strict win clears the pyramid
        # too, and the pairs inside the sequence never free a pyramid card.
        self.relaxed: _Search | None = None
        if relax and (self.limit is not None or self.swp or self.strict):
            relaxed_rules = rules.with_options(
                recycles=None, stock_waste_pairs=False, strict_win=False
            )
            self.relaxed = _Search(
                position, relaxed_rules, max_nodes, timeout, cancelled, start, relax=False
            )

    # -- the "a card with no partner left" test ------------------------------------

    def _build_checks(self) -> None:
        """For each value, the places of that value that need a partner, each with
        the mask of places where a usable partner may still be."""
        value_mask = [0] * 14
        for place, v in enumerate(self.val):
            if v:
                value_mask[v] |= 1 << place
        self.value_mask = value_mask
        self.deck_value_mask = [m & ~_PYR for m in value_mask]
        self.seq_mask = [m >> SLOTS for m in self.deck_value_mask]
        allowed = _ALLOWED_COVER if self.cover else _ALLOWED
        self.allowed = allowed
        checks: list[tuple[tuple[int, int], ...]] = [() for _ in range(14)]
        for v in range(1, 13):
            entries: list[tuple[int, int]] = []
            partners = value_mask[13 - v]
            for place, pv in enumerate(self.val):
                if pv != v:
                    continue
                if place < SLOTS:
                    entries.append((1 << place, partners & allowed[place]))
                elif self.strict:
                    entries.append((1 << place, partners))
            checks[v] = tuple(entries)
        self.checks = checks
        # Where each card that must leave may still find a partner (0 for a card
        # that need not leave).
        usable_at = [0] * len(self.val)
        for check in checks:
            for bit, usable in check:
                usable_at[bit.bit_length() - 1] = usable
        self.usable = usable_at

    def _lacking(self, present: int, avail: int) -> bool:
        """True when the pyramid of ``present`` needs more sequence cards of some
        value than ``avail`` holds: pyramid cards of values v and 13 − v pair among
        themselves at most as often as a matching of the cards that may meet allows
        (a card never pairs with one lying on it), and every card left over needs a
        sequence card of the other value."""
        pyr = present & _PYR
        needs = self.needs_cache.get(pyr)
        if needs is None:
            needs = self._needs(pyr)
        return any((avail & mask).bit_count() < e for mask, e in needs)

    def _needs(self, pyr: int) -> tuple[tuple[int, int], ...]:
        """For the pyramid ``pyr``: (mask of the sequence cards of a value, how many
        of them pyramid cards need at least), for the values where that is positive."""
        m = self.value_mask
        needs: list[tuple[int, int]] = []
        for v in range(1, 7):
            left, right = pyr & m[v], pyr & m[13 - v]
            nl, nr = left.bit_count(), right.bit_count()
            if not nl and not nr:
                continue
            matched = _matching(left, right, self.allowed) if nl and nr else 0
            if nl > matched:
                needs.append((self.deck_value_mask[13 - v], nl - matched))
            if nr > matched:
                needs.append((self.deck_value_mask[v], nr - matched))
        result = tuple(needs)
        self.needs_cache[pyr] = result
        return result

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
        if self.limit is None:
            return self._unlimited(self.present)
        return self._finite(self.present, self._norm(self.present, self.ptr), self.rec)

    def _norm(self, present: int, ptr: int) -> int:
        """The pointer moved back to just after the waste top."""
        return ((present >> SLOTS) & ((1 << ptr) - 1)).bit_length()

    # -- finite recycles ----------------------------------------------------------------

    def _finite(self, present: int, ptr: int, rec: int) -> bool:
        """Whether the table ``present`` can be won from pointer ``ptr`` after ``rec``
        recycles; when it can, :attr:`line` gets the steps, last step first.

        Depth-first, with the path kept in lists rather than on Python's stack: a
        line grows with the passes (a draw stop per card of each pass), beyond the
        interpreter's recursion limit when the rules allow many passes."""
        new_node = self._finite_node
        nodes = [new_node(present, ptr, rec, False, ())]
        path: list[_Step] = []  # the step into each node below the first
        answer = next(nodes[0], None)
        while True:
            if answer is None:  # the deepest node is lost: back to its parent
                nodes.pop()
                if not nodes:
                    return False
                path.pop()
                answer = next(nodes[-1], None)
            elif answer is True:
                self.line.extend(reversed(path))
                return True
            else:
                step, present, ptr, rec, sleep = answer
                path.append(step)
                node = new_node(present, ptr, rec, step[0] in "DR", sleep)
                nodes.append(node)
                answer = next(node, None)

    def _finite_node(
        self, present: int, ptr: int, rec: int, drawn: bool, sleep: tuple[int, ...]
    ) -> _Node:
        """One state of :meth:`_finite`'s search. It yields True when the table is
        won, else each child to try in turn, as (step, present, ptr, rec, sleep), resumed
        only when that child was lost; it ends when the state is lost. (Ending
        rather than yielding False spares an exception per node.)

        ``sleep``: the pairs (each as the bitmask of its two places) asleep here: tried
        and lost at an ancestor before the move towards this node (see the top of
        the module); the children get them, with the pairs tried here before them.

        ``drawn``: the state was reached by a draw or a recycle. Then pairs of two
        pyramid cards are not tried: the parent offered each of them before that
        move, which leads to the same table (they commute). Such a state's failure
        says less than a plain one (those pairs were left out), so it is kept in
        :attr:`failed_drawn`, ordered the same way, and only drawn states read it.

        The steps, in order: the table without its buried waste (last pass,
        :meth:`_without_buried`); the memo (:meth:`_canon_at`); the asleep pairs
        (:meth:`_awake`); the tests that find the table lost outright
        (:meth:`_lost_outright`); a King (:meth:`_king_child`); the pairs
        (:meth:`_pairs`, :meth:`_forced`, each one checked by :meth:`_pair_child`);
        the draw or the recycle (:meth:`_stock_child`); the failure kept in the memo."""
        self.nodes += 1
        if self.nodes >= self.next_tick:
            self._tick()
        if not present & self.goal_mask:
            yield True
            return
        last = rec == self.limit
        if last and ptr > 1:
            kept = self._without_buried(present, ptr)
            if kept != present:
                if kept < 0:
                    return
                present, ptr = kept, self._norm(kept, ptr)
        # (rec, ptr) orders the states of one table: each can draw (and recycle)
        # its way to every later one, so a failure covers every later state too.
        # The memo keys the table with its sequence moved to the earliest places
        # that read the same values (see _canon), the pointer moved with it.
        stamp = rec << 6 | ptr
        moved = self._canon_at(present >> SLOTS, ptr)
        if moved is None:
            key, key_stamp = present, stamp
        else:
            key, key_stamp = present & _PYR | moved[0] << SLOTS, rec << 6 | moved[1]
        memo = self.failed_drawn if drawn else self.failed
        failed = memo.get(key)
        if failed is not None and failed <= key_stamp:
            return
        if drawn and self.failed.get(key, _NEVER) <= key_stamp:
            return
        pyr = present & _PYR
        free = _FREE_CACHE.get(pyr)
        if free is None:
            free = _free_slots(pyr)
        deck = present >> SLOTS
        below = deck & ((1 << ptr) - 1)
        wt = below.bit_length() - 1 + SLOTS if below else -1
        above = deck >> ptr
        st = ptr + (above & -above).bit_length() - 1 + SLOTS if above else -1
        banned = _NO_BANS
        if sleep:
            awake = self._awake(present, sleep)
            if awake is None:
                return
            sleep, banned = awake
        if last and drawn and self.dig and self._lost_outright(present, ptr):
            # Lost outright (not for want of the pairs left out after a draw).
            if self.failed.get(key, _NEVER) > key_stamp:
                self.failed[key] = key_stamp
            return
        king = self._king_child(present, ptr, rec, free, wt, st, sleep)
        if king is not None:
            yield king
            return  # the King's table was lost
        pairs = self._pairs(present, free, wt, st, below, drawn)
        forced = self._forced(present, pairs, banned)
        if forced is not None:
            pairs = [forced]
        # The relaxation costs more than it saves in the last two passes (measured:
        # benchmarks/results/solver-ideas.txt); the matching test stands in for it.
        relax = rec + 2 <= (self.limit or 0)
        pair_child = self._pair_child
        tried = list(sleep)
        for a, b in pairs:
            pair = 1 << a | 1 << b
            if pair in sleep:
                continue  # tried at an ancestor, before the move that led here
            nptr = pair_child(present, ptr, rec, a, b, relax)
            if nptr >= 0:
                yield ("P", a, b), present & ~pair, nptr, rec, tuple(tried)
            tried.append(pair)  # asleep in the children tried after it
        if forced is None:
            stock = self._stock_child(present, ptr, rec, free, last, wt, st, tried)
            if stock is not None:
                yield stock
        # Lost: the look-ups above found no failure at or before key_stamp.
        memo[key] = key_stamp
        if key != present:
            # Also under the table itself, which the children's look-ups use.
            failed = memo.get(present)
            if failed is None or stamp < failed:
                memo[present] = stamp

    def _without_buried(self, present: int, ptr: int) -> int:
        """In the last pass: the table without the waste cards buried under one that
        can never leave (those can never move again nor pair, so the table without
        them plays the same and stands for this one: more tables meet in the memo);
        -1 when that proves the table lost."""
        below = (present >> SLOTS) & ((1 << ptr) - 1)
        if not below & (below - 1):
            return present  # one waste card: nothing under it
        dead = self._buried(present, below)
        if not dead:
            return present
        if self.strict:
            return -1  # they would have to leave
        present &= ~dead
        if self._hopeless(present, _ALL_VALUES) or self._lacking(present, present):
            self.failed[present] = 0
            return -1
        return present

    def _awake(
        self, present: int, sleep: tuple[int, ...]
    ) -> tuple[tuple[int, ...], dict[int, int]] | None:
        """The pairs still asleep on the table (both cards present), and for each of
        their cards the mask of the cards it is asleep with; None when that leaves a
        card that must leave with no partner left (a card never pairs with a card it
        is asleep with): the table is lost."""
        still: list[int] = []
        banned: dict[int, int] = {}
        for m in sleep:
            if present & m != m:
                continue  # a card of the pair is gone: nothing asleep
            still.append(m)
            low = m & -m
            a = low.bit_length() - 1
            b = (m ^ low).bit_length() - 1
            banned[a] = banned.get(a, 0) | 1 << b
            banned[b] = banned.get(b, 0) | 1 << a
        usable = self.usable
        for a, ban in banned.items():
            if usable[a] and not present & usable[a] & ~ban:
                return None
        return tuple(still), banned

    def _lost_outright(self, present: int, ptr: int) -> bool:
        """In the last pass, right after a draw: the digging test, then the
        precedence test where it is made (see the top of the module)."""
        return self._dig_lost(present, ptr) or (
            self.precedence and self._never_uncovered(present, ptr)
        )

    def _king_child(
        self,
        present: int,
        ptr: int,
        rec: int,
        free: tuple[int, ...],
        wt: int,
        st: int,
        sleep: tuple[int, ...],
    ) -> _Child | None:
        """The child that removes a King in play, else None: Kings go at once (a
        King pairs with nothing, and taking it away only uncovers cards)."""
        val = self.val
        for s in free:
            if val[s] == 13:
                return ("K", s, 0), present & ~(1 << s), ptr, rec, sleep
        if wt >= 0 and val[wt] == 13:
            nxt = present & ~(1 << wt)
            return ("K", wt, 0), nxt, self._norm(nxt, ptr), rec, sleep
        if self.stp and st >= 0 and val[st] == 13:
            return ("K", st, 0), present & ~(1 << st), ptr, rec, sleep
        return None

    def _stock_child(
        self,
        present: int,
        ptr: int,
        rec: int,
        free: tuple[int, ...],
        last: bool,
        wt: int,
        st: int,
        tried: list[int],
    ) -> _Child | None:
        """The draw to the next stop worth making (see :meth:`_next_stop`), else the
        recycle when the stock is empty and one is left, else None; its children
        get the pairs ``tried`` here asleep."""
        if st >= 0:
            target = self._next_stop(present, ptr, free, last)
            if target < 0:
                return None
            return ("D", target, 0), present, target, rec, tuple(tried)
        if wt >= 0 and rec < (self.limit or 0):
            return ("R", 0, 0), present, 0, rec + 1, tuple(tried)
        return None

    def _pair_child(self, present: int, ptr: int, rec: int, a: int, b: int, relax: bool) -> int:
        """The pointer after the pair ``a``, ``b`` (``b`` the sequence card of a pair
        that has one), or -1 when the table it leaves is known lost: failed already
        from there or earlier, a card left with no partner, or proven lost by the
        relaxation (``relax``) or else the matching test."""
        nxt = present & ~(1 << a) & ~(1 << b)
        nptr = ptr if b < SLOTS else ((nxt >> SLOTS) & ((1 << ptr) - 1)).bit_length()
        seen = self.failed.get(nxt)
        if seen is not None and seen <= (rec << 6 | nptr):
            return -1  # that table already failed from here or earlier
        val = self.val
        checks = self.checks
        # (_hopeless for the two values, inlined: this runs for every pair tried)
        for bit, where in checks[val[a]]:
            if nxt & bit and not nxt & where:
                return -1
        for bit, where in checks[val[b]]:
            if nxt & bit and not nxt & where:
                return -1
        if relax:
            return nptr if self._relaxed_holds(nxt) else -1
        # (_lacking, inlined)
        needs = self.needs_cache.get(nxt & _PYR)
        if needs is None:
            needs = self._needs(nxt & _PYR)
        for mask, count in needs:
            if (nxt & mask).bit_count() < count:
                return -1
        return nptr

    def _dig_info(self, pyr: int) -> tuple[list[int], tuple[tuple[int, int], ...]]:
        """For the pyramid ``pyr``: how many cards of each value it holds, and for the
        values where that is positive, how many sequence cards of that value it needs
        at least (as :meth:`_needs` counts them), as (value, count) (cached)."""
        m = self.value_mask
        count = [(pyr & m[v]).bit_count() for v in range(14)]
        needs: list[tuple[int, int]] = []
        for v in range(1, 7):
            left, right = pyr & m[v], pyr & m[13 - v]
            matched = _matching(left, right, self.allowed) if left and right else 0
            if count[v] > matched:
                needs.append((13 - v, count[v] - matched))
            if count[13 - v] > matched:
                needs.append((v, count[13 - v] - matched))
        info = count, tuple(needs)
        self.dig_cache[pyr] = info
        return info

    def _dig_lost(self, present: int, ptr: int) -> bool:
        """In the last pass: True when the waste cannot be dug deep enough. Waste
        cards leave from the top only, so to use a waste card every card on it must
        leave first. Take the shallowest waste part the pyramid's needs reach (each
        value's need met by the stock first, then by the waste cards nearest the
        top); with a strict win, the whole waste. Each card of value u in that part
        needs its own partner of value w = 13 − u: a pyramid card not needed by the
        pyramid's own cards of value u (those not paired inside the pyramid need
        the sequence's w cards, so at least P_u − D_w pyramid pairs of u and w take
        pyramid w cards), or, with stock-against-waste pairs, a stock card, or
        (where the stock top does not play) a waste card next to it now: the cards
        between two waste cards leave only after the upper one, or with it."""
        pyr = present & _PYR
        info = self.dig_cache.get(pyr)
        if info is None:
            info = self._dig_info(pyr)
        count, needs = info
        deck = present >> SLOTS
        waste = deck & ((1 << ptr) - 1)
        stock = deck ^ waste
        seq_mask = self.seq_mask
        if self.strict:
            bottom = 0
        else:
            bottom = ptr
            for v, n in needs:
                r = n - (stock & seq_mask[v]).bit_count()
                if r <= 0:
                    continue
                m = waste & seq_mask[v]
                for _ in range(r - 1):
                    m ^= 1 << (m.bit_length() - 1)
                if not m:
                    return True
                top = m.bit_length() - 1
                if top < bottom:
                    bottom = top
            if bottom == ptr:
                return False
        part = waste >> bottom << bottom
        # The part's cards by value, and (see above) how many of each value have a
        # partner next to them in the waste.
        val = self.val
        held = [0] * 14
        adjacent = [0] * 14
        inner = self.swp and not self.stp
        under = waste & ((1 << bottom) - 1)
        prev = val[under.bit_length() - 1 + SLOTS] if under else 0
        prev_counted = True
        rest = part
        while rest:
            low = rest & -rest
            rest ^= low
            v = val[low.bit_length() - 1 + SLOTS]
            held[v] += 1
            if inner and prev + v == 13:
                if not prev_counted:
                    adjacent[prev] += 1
                adjacent[v] += 1
                prev_counted = True
            else:
                prev_counted = False
            prev = v
        swp = self.swp
        for u in range(1, 13):
            pu = held[u]
            if not pu:
                continue
            w = 13 - u
            cap = count[w]
            lack = count[u] - (deck & seq_mask[w]).bit_count()
            if lack > 0:
                cap -= lack
            if swp:
                cap += (stock & seq_mask[w]).bit_count() + adjacent[u]
            if pu > cap:
                return True
        return False

    def _never_uncovered(self, present: int, ptr: int) -> bool:
        """In the last pass (one pass, no cover pairs): True when a pyramid card
        can never leave, because each of its partners would have to leave before it.

        Going up the pyramid from the bottom row, each card gets the set of cards
        that must have left before it can leave: the cards covering it and what
        they need, and what every one of its partners needs in turn (a waste card
        needs the waste cards on it; a pyramid card what it was given below; a stock
        card nothing, since it can always be drawn to where it plays). A partner
        that is in the set built with it, or whose needs hold the card itself, is no
        partner. Exact, since each set only holds cards that leave before the card
        in every line where it leaves. One pass from the bottom up: more passes cut
        a few more nodes for more time (measured: solver-ideas.txt, sixth round)."""
        val = self.val
        pyr = present & _PYR
        deck = present >> SLOTS
        waste = (deck & ((1 << ptr) - 1)) << SLOTS
        stock = (deck >> ptr << ptr) << SLOTS
        value_mask = self.value_mask
        allowed = self.allowed
        need = [0] * SLOTS  # for a present card: the cards that must leave first
        held = [0] * (SLOTS + 1)  # for a present card: it, and those cards
        under = [0] * (SLOTS + 1)  # the cards covering the slot, and what they need
        for s, c1, c2 in _UPWARDS:
            first = under[c1] | under[c2] | held[c1] | held[c2]
            under[s] = first
            if not pyr >> s & 1:
                continue
            bit = 1 << s
            v = val[s]
            if v != 13:
                partners = present & value_mask[13 - v] & allowed[s]
                if not partners & stock:
                    common = -1
                    rest = partners & waste
                    while rest:
                        low = rest & -rest
                        rest ^= low
                        with_it = first | (waste & ~((low << 1) - 1))
                        if not with_it & (bit | low):
                            common &= with_it
                    rest = partners & _PYR
                    while rest:
                        low = rest & -rest
                        rest ^= low
                        c = low.bit_length() - 1
                        with_it = first | under[c] | need[c]
                        if not with_it & (bit | low):
                            common &= with_it
                    first = common
            if first & bit:  # (-1: no partner left at all)
                return True
            need[s] = first
            held[s] = bit | first
        return False

    def _canon(self, deck: int) -> int:
        """The sequence cards ``deck`` (a bitmask of sequence indexes) moved to the
        earliest indexes that read the same values in the same order (each card to the
        first index of its value after the previous card's). Two tables with the same
        pyramid and the same canonical sequence play the same, since the search looks
        at sequence cards only through their values and their order (cached)."""
        canon = self.canon_cache.get(deck)
        if canon is None:
            canon = 0
            at = 0
            seq_next = self.seq_next
            val = self.val
            rest = deck
            while rest:
                low = rest & -rest
                rest ^= low
                at = seq_next[at][val[low.bit_length() - 1 + SLOTS]]
                canon |= 1 << at
                at += 1
            self.canon_cache[deck] = canon
        return canon

    def _canon_at(self, deck: int, ptr: int) -> tuple[int, int] | None:
        """The canonical key of the sequence ``deck`` with the pointer at ``ptr``: None
        when ``deck`` is canonical already (see :meth:`_canon`), so the state is its
        own key, pointer as it is; else the canonical sequence and the pointer moved
        with it, just after the canonical place of the waste top (0 with no waste).
        The state so keyed plays as this one: both searches key their memos so (the
        verdict search in :meth:`_finite_node`, the shortest search in
        ``shortest._AStar._canonical``).

        It runs once per node here and once per child there, so the common case is
        kept cheap: None rather than a tuple (measured on the shortest search's
        keys: 25 ns a call more than the lookups written out at the call site,
        70 ns when it always returned a tuple; no difference in the searches' CPU
        time)."""
        canon_cache = self.canon_cache
        canon = canon_cache.get(deck)  # read here first: spares a call to _canon
        if canon is None:
            canon = self._canon(deck)
        if canon == deck:
            return None
        waste = deck & ((1 << ptr) - 1)
        cwaste = canon_cache.get(waste)
        if cwaste is None:
            cwaste = self._canon(waste)
        return canon, cwaste.bit_length()

    def _forced(
        self, present: int, pairs: list[tuple[int, int]], banned: dict[int, int] = _NO_BANS
    ) -> tuple[int, int] | None:
        """A pair of ``pairs`` where one card's last possible partner is the other,
        else None. That pair is in every winning line, and playing it at once only
        frees cards (a card gone earlier never blocks a move: the table without the
        two plays every line of the table with them), so it is the only move worth
        trying, and it never makes a line longer. ``banned``: for a card, the cards
        it is asleep with, which are no partners of it here (see :meth:`_awake`)."""
        usable = self.usable
        if banned:
            for a, b in pairs:
                if present & usable[a] & ~banned.get(a, 0) == 1 << b or (
                    present & usable[b] & ~banned.get(b, 0) == 1 << a
                ):
                    return a, b
            return None
        for a, b in pairs:
            if present & usable[a] == 1 << b or present & usable[b] == 1 << a:
                return a, b
        return None

    def _next_stop(self, present: int, ptr: int, free: tuple[int, ...], last: bool) -> int:
        """Where drawing is worth stopping: the pointer after the next draw that
        brings a card into play that could leave (a King, a partner of a free
        pyramid card, or of its neighbour where the rules pair those), else the
        end of the stock when a recycle is left; -1 when no draw is worth making.

        Stopping anywhere else only offers moves of the pyramid alone, which were
        already offered here, before drawing: skipping those stops loses nothing."""
        val = self.val
        wanted = 1 << 13
        for a in free:
            wanted |= 1 << (13 - val[a])
        stp = self.stp
        swp = self.swp
        deck = present >> SLOTS
        below = deck & ((1 << ptr) - 1)
        prev = below.bit_length() - 1 + SLOTS if below else -1
        rest = deck >> ptr << ptr
        while rest:
            low = rest & -rest
            rest ^= low
            place = low.bit_length() - 1 + SLOTS
            v = val[place]
            if stp:
                # The card at place was the stock top here or at an earlier stop
                # (where its pairs were offered): only the card it uncovers counts.
                if rest:
                    nxt = (rest & -rest).bit_length() - 1 + SLOTS
                    w = val[nxt]
                    if wanted >> w & 1 or (swp and v + w == 13):
                        return place - SLOTS + 1
            elif wanted >> v & 1 or (swp and prev >= 0 and v + val[prev] == 13):
                return place - SLOTS + 1
            prev = place
        if last:
            return -1
        return deck.bit_length()

    def _buried(self, present: int, below: int) -> int:
        """In the last pass, the places of waste cards that can never be played: those
        under a card (not a King) with no partner left that could ever meet it.
        Without stock-against-waste pairs a waste card can only meet pyramid cards;
        with them, also the stock where the stock top plays (two waste cards never
        meet then), else the cards above it and the card right under it."""
        pyr = present & _PYR
        lonely = self.lonely_cache.get(pyr)
        if lonely is None:
            # Sequence cards whose value has no partner left in the pyramid.
            lonely = 0
            value_mask = self.value_mask
            for v in range(1, 13):
                if not pyr & value_mask[13 - v]:
                    lonely |= self.deck_value_mask[v]
            self.lonely_cache[pyr] = lonely
        waste = below << SLOTS
        candidates = lonely & waste
        if not self.swp:
            if not candidates:
                return 0
            return waste & ((1 << candidates.bit_length()) - 1)
        under_too = not self.stp
        # Where the stock top plays, two waste cards never pair: only the stock
        # (above the whole waste) can hold a partner.
        stock_only = ~((1 << waste.bit_length()) - 1)
        value_mask = self.value_mask
        val = self.val
        while candidates:
            place = candidates.bit_length() - 1
            candidates ^= 1 << place
            reach = stock_only if self.stp else ~((1 << (place + 1)) - 1)
            if under_too:
                under = waste & ((1 << place) - 1)
                if under:
                    # As the waste top it may also pair with the card right under it.
                    reach |= 1 << (under.bit_length() - 1)
            if not present & value_mask[13 - val[place]] & reach:
                return waste & ((1 << (place + 1)) - 1)
        return 0

    def _pairs(
        self,
        present: int,
        free: tuple[int, ...],
        wt: int,
        st: int,
        below: int,
        drawn: bool = False,
    ) -> list[tuple[int, int]]:
        """Pairs playable now, pyramid pairs first (none when ``drawn``)."""
        pairs: list[tuple[int, int]] = []
        if not drawn:
            # Pairs of two pyramid cards depend on the pyramid alone (cached).
            pyr = present & _PYR
            inside = self.pyramid_pairs_cache.get(pyr)
            if inside is None:
                inside = tuple(self._pyramid_pairs(present, free))
                self.pyramid_pairs_cache[pyr] = inside
            pairs.extend(inside)
        val = self.val
        vw = 13 - val[wt] if wt >= 0 else -1
        vs = 13 - val[st] if self.stp and st >= 0 else -1
        for a in free:
            v = val[a]
            if v == vw:
                pairs.append((a, wt))
            if v == vs:
                pairs.append((a, st))
        if self.swp and wt >= 0:
            if vs >= 0:
                if val[wt] == vs:
                    pairs.append((wt, st))
            elif not self.stp:
                rest = below & ~(1 << (wt - SLOTS))
                if rest:
                    wu = rest.bit_length() - 1 + SLOTS
                    if val[wu] + val[wt] == 13:
                        pairs.append((wu, wt))
        return pairs

    # -- unlimited recycles -------------------------------------------------------------

    def _unlimited(self, present: int) -> bool:
        self.nodes += 1
        if self.nodes >= self.next_tick:
            self._tick()
        if not present & self.goal_mask:
            return True
        deck = present >> SLOTS
        canon = self._canon(deck)
        key = present if canon == deck else present & _PYR | canon << SLOTS
        if key in self.won_set:
            # Only the relaxation fills won_set: its lines are thrown away.
            return True
        if key in self.failed_set:
            return False
        val = self.val
        free = _free_slots(present & _PYR)
        for s in free:
            if val[s] == 13:
                return self._unlimited_step(("K", s, 0), present & ~(1 << s))
        # Any King of the sequence can be brought into play and removed.
        kings = present & self.deck_value_mask[13]
        if kings:
            place = (kings & -kings).bit_length() - 1
            return self._unlimited_step(("K", place, 0), present & ~(1 << place))
        failed_set = self.failed_set
        for a, b in self._unlimited_pairs(present, free):
            nxt = present & ~(1 << a) & ~(1 << b)
            if nxt in failed_set or self._hopeless(nxt, (val[a], val[b])):
                continue
            # With a strict win the relaxation is asked at the root only: on each
            # pair it cost more than it saved (measured: solver-ideas.txt).
            if not self.strict and not self._relaxed_holds(nxt):
                continue
            if self._unlimited_step(("P", a, b), nxt):
                return True
        failed_set.add(key)
        failed_set.add(present)  # (the children's look-ups use the table itself)
        return False

    def _unlimited_step(self, step: _Step, present: int) -> bool:
        if self._unlimited(present):
            self.line.append(step)
            if self.keep_wins:
                deck = present >> SLOTS
                self.won_set.add(present & _PYR | self._canon(deck) << SLOTS)
            return True
        return False

    def _pyramid_pairs(self, present: int, free: tuple[int, ...]) -> Iterator[tuple[int, int]]:
        """Pairs of two pyramid cards: two free ones, or (cover pairs) a card and the
        only card still covering it."""
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

    def _unlimited_pairs(self, present: int, free: tuple[int, ...]) -> Iterator[tuple[int, int]]:
        yield from self._pyramid_pairs(present, free)
        val = self.val
        deck_value_mask = self.deck_value_mask
        inner_pairs = self.swp
        for a in free:
            m = present & deck_value_mask[13 - val[a]]
            while m:
                low = m & -m
                yield a, low.bit_length() - 1
                if not inner_pairs:
                    # Interchangeable: the first one stands for all of them.
                    break
                m ^= low
        if inner_pairs:
            # Neighbours in the sequence can be brought to waste top and the card
            # under it (or waste top and stock top).
            d = present & ~_PYR
            prev = -1
            while d:
                low = d & -d
                place = low.bit_length() - 1
                if prev >= 0 and val[prev] + val[place] == 13:
                    yield prev, place
                prev = place
                d ^= low

    # -- back to engine moves ----------------------------------------------------------

    def engine_line(self) -> list[Move]:
        """The winning line as engine moves, replayed on the compact state (with
        unlimited recycles, the draws and recycles the search skipped are put back)."""
        moves: list[Move] = []
        cards = self.cards
        present = self.present
        ptr = self._norm(present, self.ptr)
        for kind, a, b in reversed(self.line):
            if kind == "D":
                moves.extend(Draw() for _ in range(_between(present >> SLOTS, ptr, a)))
                ptr = a
                continue
            if kind == "R":
                ptr = 0
                moves.append(Recycle())
                continue
            if kind == "K":
                b = a
            if self.limit is None:
                ptr = self._bring_into_play(present, ptr, a, b, moves)
            first, second = cards[a], cards[b]
            assert first is not None and second is not None
            moves.append(RemoveKing(first) if kind == "K" else RemovePair(first, second))
            present &= ~(1 << a) & ~(1 << b)
            ptr = self._norm(present, ptr)
        return moves

    def _bring_into_play(self, present: int, ptr: int, a: int, b: int, moves: list[Move]) -> int:
        """Unlimited recycles: draw (and recycle) until the sequence cards at places
        ``a`` and ``b`` can play; returns the new pointer."""
        deck = present >> SLOTS
        places = sorted({p - SLOTS for p in (a, b) if p >= SLOTS})
        if not places:
            return ptr
        if len(places) == 2:
            # Neighbours: waste top and stock top, or waste top and the card under it.
            targets = [places[0] + 1 if self.stp else places[1] + 1]
        else:
            i = places[0]
            targets = [i + 1]  # as the waste top
            if self.stp:
                targets.append((deck & ((1 << i) - 1)).bit_length())  # as the stock top
        target = min(targets, key=lambda t: _walk_cost(deck, ptr, t))
        if target > ptr:
            moves.extend(Draw() for _ in range(_between(deck, ptr, target)))
        elif target < ptr:
            moves.extend(Draw() for _ in range(_between(deck, ptr, self.n)))
            moves.append(Recycle())
            moves.extend(Draw() for _ in range(_between(deck, 0, target)))
        return target


def _matching(left: int, right: int, allowed: tuple[int, ...]) -> int:
    """The largest set of disjoint pairs (a in ``left``, b in ``right``) of pyramid
    slots where ``allowed[a]`` holds b (augmenting paths; a handful of cards)."""
    owner: dict[int, int] = {}

    def augment(a: int, seen: set[int]) -> bool:
        options = right & allowed[a]
        while options:
            low = options & -options
            options ^= low
            b = low.bit_length() - 1
            if b in seen:
                continue
            seen.add(b)
            if b not in owner or augment(owner[b], seen):
                owner[b] = a
                return True
        return False

    matched = 0
    while left:
        low = left & -left
        left ^= low
        if augment(low.bit_length() - 1, set()):
            matched += 1
    return matched


def _between(deck: int, low: int, high: int) -> int:
    """Sequence cards present at positions low … high-1."""
    return (deck & ((1 << high) - 1) & ~((1 << low) - 1)).bit_count()


def _walk_cost(deck: int, ptr: int, target: int) -> int:
    """Draws and recycles to move the pointer from ``ptr`` to ``target``."""
    if target >= ptr:
        return _between(deck, ptr, target)
    return _between(deck, ptr, 64) + 1 + _between(deck, 0, target)
