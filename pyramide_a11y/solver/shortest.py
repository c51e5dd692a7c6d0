"""The shortest winning line: fewest moves, where every King, pair, draw and
recycle counts as one move (as in the lengths of the public msc-1500 suite).

A* over the compact state of :mod:`.search` (``present`` bitmask, pointer,
recycles), with integer f-costs in buckets rather than a heap. What makes it
work, each idea measured in ``benchmarks/shortest.py``:

- **A verdict first.** The fast solver of :mod:`.search` decides the deal; a
  lost deal needs no shortest search, and a winnable one gives an upper bound
  (the length of its line): states whose f-cost passes it are never stored.
- **An admissible lower bound.** Moves left = Kings + (cards − Kings + X) / 2
  + recycles, counting pyramid cards, where X counts one per pyramid card paired
  with a sequence card, two per draw, one per sequence card paired inside the
  sequence, two per sequence King (see :meth:`_AStar._passes`):

  - pyramid pairs of a pair of values (v, 13 − v) are at most a matching of the
    cards that may meet (one lying on the other never do); the cards left over
    need sequence cards, so X ≥ that excess (with nothing else, the bound is
    the Kings plus, for each pair of values, both counts less the matching);
  - all pyramid pairs together are at most the most pairs in any order of
    clearing the pyramid (both cards free at once), computed exactly over the
    1430 shapes a pyramid can have (:meth:`_AStar._most_pairs`): where that is
    fewer than the matchings allow, the excess grows to match;
  - the farthest stock card that must come into play: every stock card in
    front of it is drawn or removed, one X each at least (two for a King, two
    where no pyramid card can take it and tops do not pair), plus the pairs
    pyramid cards still need beyond the cards in front; a needed waste card
    under others: the cards on it, or the rest of the stock and a recycle.
    Under strict win only the removals count (every card left).

- **Moves played at once.** A free pyramid King (under strict win, any playable
  King): it pairs with nothing and taking it only uncovers cards. A pair where
  one card's last possible partner is the other: that pair is in every winning
  line, and playing it now only frees cards.
- **Draws run.** A draw goes straight to the next card that could leave, or to
  the end of the stock when a recycle is left (as in :mod:`.search`), costing
  one move per card drawn: the stops skipped only offer pairs of the pyramid
  alone, which commute with the draws (24% fewer states on six public deals).
- **Kings are taken, never drawn.** Where the stock top plays, a King on the
  stock is not drawn: taking it costs the same move, and drawing it only
  buries the waste top under a card that pairs with nothing (the table after
  taking it plays every line of the table after drawing it, at no more cost).
  Not played at once, though: a line may end before it is ever needed (55%
  fewer states on nine public deals).
- **Commuting moves.** Right after a draw or a recycle, pairs of two pyramid
  cards are not tried: played before it they lead to the same state at the same
  cost. (The key then carries a flag: reached by a draw or not.)
- **Transpositions**: the best cost found for each state, and the move into
  it; a state reached again at no lower cost is dropped. States are keyed by
  their canonical sequence (the verdict memo's): the search and the bound look
  at sequence cards only through their values and their order, so two tables
  that read the same play the same lines (29% fewer states on the same deals).

The bound is admissible but not consistent (a pair can make the pass term drop
by more than one), so a state is expanded again when it is reached more cheaply;
the first goal taken out of the buckets is then a shortest line.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from pyramide_a11y.engine import (
    Draw,
    Layout,
    Move,
    Position,
    Recycle,
    RemoveKing,
    RemovePair,
    Rules,
)
from pyramide_a11y.engine.geometry import COVERS, SLOTS

from .search import (
    _ALLOWED,
    _ALLOWED_COVER,
    _COVER_MASK,
    _PYR,
    Answer,
    Solution,
    Verdict,
    _free_slots,
    _matching,
    _Search,
    solve,
)

__all__ = ["Shortest", "par", "solve_shortest"]

# As in .search, except a draw: ("D", pointer after it, cards drawn), a run of
# draws to the next card that could leave, each draw one move.
_Step = tuple[str, int, int]
# What the bound keeps of a pyramid: removals left, the sequence cards needed
# (value, count), the sequence cards no pyramid card can take (as a mask),
# Kings, other cards, the excess (sequence cards pyramid cards must meet), and
# an id of the needs (a key of :attr:`_AStar.reaches`).
_Shape = tuple[int, tuple[tuple[int, int], ...], int, int, int, int, int]
_LOST = 1 << 20  # a bound past any line: the state cannot be won
# A state key: the ``present`` bitmask (bits 0..51), this flag when the state was
# reached by a draw or a recycle, and (recycles << 6 | pointer) from bit 64.
_DRAWN = 1 << 60
_STATE = _DRAWN - 1  # the ``present`` bits of a key
_DECK = (1 << 24) - 1  # the sequence cards' bits of a key, shifted down


@dataclass(frozen=True, slots=True)
class Shortest(Answer):
    """A shortest-line answer.

    ``verdict`` (and ``winnable``) as for :func:`.search.solve`; ``moves`` the
    best winning line found (empty unless winnable); ``proven`` True when no line
    is shorter (always True when lost, False when the search stopped early with
    only a line found);
    ``nodes`` states expanded, ``seconds`` the whole time.
    """

    verdict: Verdict
    moves: tuple[Move, ...]
    proven: bool
    nodes: int
    seconds: float

    @property
    def length(self) -> int | None:
        """Moves of the line found, None unless winnable."""
        return len(self.moves) if self.verdict is Verdict.WINNABLE else None


class _Stop(Exception):
    """The time ran out or the search was cancelled."""


def solve_shortest(
    position: Position,
    rules: Rules,
    *,
    timeout: float | None = None,
    cancelled: threading.Event | None = None,
) -> Shortest:
    """The shortest winning line from ``position`` under ``rules``.

    Returns a :class:`Shortest`: when winnable, ``moves`` replay with
    :meth:`Position.after` to a won position and ``proven`` says whether no
    shorter line exists. When ``timeout`` (seconds, for the whole call) runs out
    or ``cancelled`` is set, the best line found so far comes back unproven, or
    ``UNKNOWN`` when not even the verdict was reached. Pure computation: no I/O.
    """
    start = time.perf_counter()
    first: Solution = solve(position, rules, timeout=timeout, cancelled=cancelled)
    if first.verdict is not Verdict.WINNABLE:
        return Shortest(first.verdict, (), True, first.nodes, time.perf_counter() - start)
    deadline = None if timeout is None else start + timeout
    search = _AStar(position, rules, deadline, cancelled)
    try:
        line = search.run(len(first.moves))
    except _Stop:
        return Shortest(
            Verdict.WINNABLE,
            first.moves,
            False,
            first.nodes + search.nodes,
            time.perf_counter() - start,
        )
    moves = first.moves if line is None else tuple(search.engine_moves(line))
    return Shortest(
        Verdict.WINNABLE, moves, True, first.nodes + search.nodes, time.perf_counter() - start
    )


def par(deal: Layout | Position, rules: Rules, timeout: float | None = 10.0) -> int | None:
    """The par of a deal for the player: the fewest moves that win it from
    ``deal`` (a layout as dealt, or any position), where draws and recycles count
    as moves. None when it cannot be won, or when no shortest line was proven
    within ``timeout`` seconds (a par must be exact, never a guess)."""
    position = deal.position() if isinstance(deal, Layout) else deal
    answer = solve_shortest(position, rules, timeout=timeout)
    if answer.verdict is Verdict.WINNABLE and answer.proven:
        return answer.length
    return None


class _AStar:
    def __init__(
        self,
        position: Position,
        rules: Rules,
        deadline: float | None,
        cancelled: threading.Event | None,
    ) -> None:
        # The verdict solver's tables: card values, partner checks, pair moves.
        self.base = _Search(position, rules, None, None, None, 0.0, relax=False)
        self.rules = rules
        self.deadline = deadline
        self.cancelled = cancelled
        self.nodes = 0
        base = self.base
        self.canon_at = base._canon_at  # bound once: _canonical runs once per child
        self.val = base.val
        self.limit = rules.recycles
        self.stp = rules.stock_top_playable
        self.swp = rules.stock_waste_pairs
        self.strict = rules.strict_win
        self.goal_mask = base.goal_mask
        # Value masks over the pyramid (or the whole table under strict win).
        scope = -1 if self.strict else _PYR
        self.count_masks = [m & scope for m in base.value_mask]
        self.scope = scope
        self.seq_masks = [m >> SLOTS for m in base.deck_value_mask]
        self.shapes: dict[int, _Shape] = {}
        self.allowed = _ALLOWED_COVER if rules.cover_pairs else _ALLOWED
        self.most_pairs: dict[int, int] = {0: 0}
        # For _passes: an id per tuple of needs, and what the stock and waste
        # give those needs, per (needs, deck state).
        self.needs_ids: dict[tuple[tuple[int, int], ...], int] = {}
        self.reaches: dict[int, int] = {}

    # -- the lower bound --------------------------------------------------------

    def bound(self, present: int, ptr: int, rec: int) -> int:
        """Moves still needed at least, from ``present`` with the pointer at ``ptr``."""
        pyr = present & self.scope
        shape = self.shapes.get(pyr)
        if shape is None:
            shape = self._shape(pyr)
        if not shape[1]:
            return shape[0]
        return self._passes(present, ptr, rec, shape)

    def _shape(self, pyr: int) -> _Shape:
        """What the bound needs from the pyramid alone (cached): the removals left;
        for each value with more pyramid cards than its complement, the complement
        and how many sequence cards of it must come into play; and, for each value,
        how many sequence cards of it pyramid cards could take."""
        m = self.count_masks
        count = [(pyr & m[v]).bit_count() for v in range(14)]
        removals = count[13]
        needs: list[tuple[int, int]] = []
        for v in range(1, 7):
            # Pyramid pairs of this class: at most a matching of cards that may
            # meet (neither lies on the other); the rest need sequence cards.
            if self.strict:
                matched = min(count[v], count[13 - v])
            else:
                matched = self._matching(pyr & m[v], pyr & m[13 - v])
            removals += count[v] + count[13 - v] - matched
            if count[v] > matched:
                needs.append((13 - v, count[v] - matched))
            if count[13 - v] > matched:
                needs.append((v, count[13 - v] - matched))
        lonely = 0
        for w in range(1, 13):
            if not count[13 - w]:
                lonely |= self.seq_masks[w]
        cards = sum(count[1:13])
        excess = sum(e for _, e in needs)
        if not self.strict:
            # The matchings ignore the order: a pair needs both cards free at
            # once. The most pyramid pairs in any order of removal is a tighter
            # limit (and, as a whole, never above the sum of the matchings).
            pairs = self._most_pairs(pyr)
            if cards - 2 * pairs > excess:
                excess = cards - 2 * pairs
                removals = count[13] + cards - pairs
        kept = tuple(needs) if not self.strict else ()
        needs_id = self.needs_ids.setdefault(kept, len(self.needs_ids))
        shape = (removals, kept, lonely, count[13], cards, excess, needs_id)
        self.shapes[pyr] = shape
        return shape

    def _most_pairs(self, pyr: int) -> int:
        """The most pairs of two pyramid cards in any order of clearing the pyramid
        ``pyr``, where a pair takes two free cards (with cover pairs, also a card
        and the only card on it) and any free card may also leave alone (with a
        sequence card, or a King). Exact for that relaxation, so no winning line
        has more pyramid pairs. Memoised: a pyramid has 1430 shapes at most (the
        sets of removed cards that every card on a removed card is removed too).
        """
        known = self.most_pairs.get(pyr)
        if known is not None:
            return known
        val = self.val
        free = _free_slots(pyr)
        best = 0
        for i, a in enumerate(free):
            for b in free[i + 1 :]:
                if val[a] + val[b] == 13:
                    got = 1 + self._most_pairs(pyr & ~(1 << a) & ~(1 << b))
                    if got > best:
                        best = got
            if self.rules.cover_pairs:
                for b in COVERS[a]:
                    # b lies under a alone: with cover pairs they may pair
                    if pyr >> b & 1 and pyr & _COVER_MASK[b] == 1 << a and val[a] + val[b] == 13:
                        got = 1 + self._most_pairs(pyr & ~(1 << a) & ~(1 << b))
                        if got > best:
                            best = got
        for a in free:
            got = self._most_pairs(pyr & ~(1 << a))
            if got > best:
                best = got
        self.most_pairs[pyr] = best
        return best

    def _matching(self, left: int, right: int) -> int:
        """The largest set of disjoint pairs of pyramid slots that may pair, one in
        ``left`` and one in ``right`` (the verdict search's matching)."""
        return _matching(left, right, self.allowed)

    def _passes(self, present: int, ptr: int, rec: int, shape: _Shape) -> int:
        """The bound when pyramid cards must meet sequence cards.

        Moves = Kings + (cards − Kings + X) / 2 + recycles, where X counts one per
        pyramid card paired with a sequence card, two per draw, one per sequence
        card paired in the sequence, two per sequence King. Pyramid cards must meet
        at least ``excess`` sequence cards, so X ≥ excess (the removals bound).
        The stock cards in front of the farthest card that must come into play are
        each drawn or removed (at least one each, two for a King, two where no
        pyramid card can take it and two sequence cards cannot pair), and so is
        that card: X ≥ that count too. Without a playable stock top each of those
        cards is drawn (two each), then paired."""
        removals, needs, lonely, kings, cards, excess, needs_id = shape
        deck = present >> SLOTS
        can_recycle = self.limit is None or rec < self.limit
        # The stock and waste part depends on the needs alone, not on the rest of
        # the pyramid: pyramids that differ elsewhere share it (about half the
        # calls on hard deals).
        key = ((deck << 5 | ptr) << 1 | can_recycle) << 16 | needs_id
        found = self.reaches.get(key)
        if found is None:
            found = self._reach(needs, deck, ptr, can_recycle)
            self.reaches[key] = found
        if found < 0:
            return _LOST
        far = (found >> 8) - 1
        reach = found & 255
        stock = deck >> ptr
        masks = self.seq_masks
        if far < 0:
            if reach > excess:
                return kings + (cards + reach + 1) // 2
            return removals
        ahead = stock & ((1 << (far + 1)) - 1)  # the farthest card included
        passed = ahead.bit_count()
        if self.stp:
            # No pyramid card can take the cards of ``lonely`` values; the pairs
            # pyramid cards still need beyond the others in front take cards from
            # elsewhere. (Other values may hold more cards in front than pyramid
            # cards can take: counting them all as taken keeps the bound low.)
            ahead <<= ptr
            kings_ahead = (ahead & masks[13]).bit_count()
            stuck = (ahead & lonely).bit_count()
            takes = passed - kings_ahead - stuck
            passed += kings_ahead
            if not self.swp:
                passed += stuck
            if excess > takes:
                passed += excess - takes
        else:
            passed = 2 * passed + excess
        x = max(passed, excess, reach)
        return kings + (cards + x + 1) // 2

    def _reach(
        self, needs: tuple[tuple[int, int], ...], deck: int, ptr: int, can_recycle: bool
    ) -> int:
        """For :meth:`_passes`: the farthest stock card that must come into play
        (``far``, its index from the pointer, −1 for none) and the X needed to
        bring a buried waste card (or a stock card) into play (``reach``), packed
        as ``(far + 1) << 8 | reach``; −1 when some need has too few partners left."""
        waste = deck & ((1 << ptr) - 1)
        stock = deck >> ptr
        masks = self.seq_masks
        far = -1
        reach = 0
        stock_count = stock.bit_count()
        for w, e in needs:
            partners = deck & masks[w]
            wp = partners & waste
            sp = partners >> ptr
            if wp.bit_count() + sp.bit_count() < e:
                return -1
            if wp:
                # A candidate's cost: the cards in front of it, each moved at least
                # once. Every waste candidate costs at least as much as the top one
                # (the cards on it), or the rest of the stock and a recycle.
                top = (waste >> wp.bit_length()).bit_count()
                if can_recycle and stock_count + 2 < top:
                    top = stock_count + 2
                in_waste = wp.bit_count()
                if e == 1:
                    cost = top
                    if sp:
                        ahead_first = (stock & ((sp & -sp) - 1)).bit_count()
                        if ahead_first < cost:
                            cost = ahead_first
                else:
                    costs = [top] * in_waste
                    rest = sp
                    for _ in range(e):
                        if not rest:
                            break
                        low = rest & -rest
                        costs.append((stock & (low - 1)).bit_count())
                        rest ^= low
                    costs.sort()
                    cost = costs[e - 1]
                if cost + 1 > reach:
                    reach = cost + 1
                e -= in_waste
                if e <= 0:
                    continue
            while e > 1:
                sp &= sp - 1
                e -= 1
            pos = (sp & -sp).bit_length() - 1
            if pos > far:
                far = pos
        return (far + 1) << 8 | reach

    # -- the search -------------------------------------------------------------

    def _check(self) -> None:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _Stop
        if self.cancelled is not None and self.cancelled.is_set():
            raise _Stop

    def run(self, upper: int) -> list[_Step] | None:
        """A shortest line (steps, first first), None when ``upper`` moves is the best."""
        base = self.base
        start_ptr = base._norm(base.present, base.ptr)
        start_rec = base.rec if self.limit is not None else 0
        start = base.present | (start_rec << 6 | start_ptr) << 64
        canonical = self._canonical
        # The best cost per canonical key (states that play the same share one);
        # the move into each state expanded, per actual key (its line is real).
        cstart = canonical(start)
        best: dict[int, int] = {cstart: 0}
        parent: dict[int, tuple[int, _Step]] = {}
        buckets: list[list[tuple[int, int, int]]] = [[] for _ in range(upper + 2)]
        f0 = self.bound(base.present, start_ptr, start_rec)
        if f0 > upper:
            return None
        buckets[f0].append((0, start, cstart))
        low = 63  # the pointer's bits in a stamp
        goal_mask = self.goal_mask
        expand = self._children
        bound = self.bound
        f = f0
        while f <= upper:
            bucket = buckets[f]
            if not bucket:
                f += 1
                continue
            g, key, ckey = bucket.pop()
            if best.get(ckey, -1) != g:
                continue  # reached again more cheaply since
            present = key & _STATE
            if not present & goal_mask:
                return self._line(key, parent)
            self.nodes += 1
            if not self.nodes & 1023:
                self._check()
            stamp = key >> 64
            for step, nxt, nptr, nrec in expand(present, stamp & low, stamp >> 6, key & _DRAWN):
                nkey = nxt | (nrec << 6 | nptr) << 64
                kind = step[0]
                if kind == "D":
                    nkey |= _DRAWN
                    ng = g + step[2]  # a run of draws, one move each
                else:
                    ng = g + 1
                    if kind == "R":
                        nkey |= _DRAWN
                nckey = canonical(nkey)
                old = best.get(nckey)
                if old is not None and old <= ng:
                    continue
                nf = ng + bound(nxt, nptr, nrec)
                if nf > upper:
                    continue
                best[nckey] = ng
                parent[nkey] = (key, step)
                if ng <= f and not nxt & goal_mask:
                    return self._line(nkey, parent)  # nothing left costs less
                buckets[nf if nf > f else f].append((ng, nkey, nckey))
        return None

    def _canonical(self, key: int) -> int:
        """The key of the state that plays the same as ``key`` with its sequence
        cards moved to the earliest indexes reading the same values in the same
        order (:meth:`.search._Search._canon_at`): everything the search and the
        bound look at in the sequence is values and order, so both states have the
        same shortest lines, move for move."""
        moved = self.canon_at(key >> SLOTS & _DECK, key >> 64 & 63)
        if moved is None:
            return key
        canon, cptr = moved
        rec = key >> 70  # the stamp (key >> 64) is rec << 6 | ptr
        return key & (_PYR | _DRAWN) | canon << SLOTS | (rec << 6 | cptr) << 64

    def _children(
        self, present: int, ptr: int, rec: int, drawn: int
    ) -> list[tuple[_Step, int, int, int]]:
        """Every move from a state, as (step, present, ptr, rec); a free pyramid King
        alone when there is one (and any playable King under strict win). When the
        state was reached by a draw or a recycle (``drawn``), pairs of two pyramid
        cards are left out: each could have been played before that move, to the
        same state at the same cost (those moves commute)."""
        base = self.base
        val = self.val
        free = _free_slots(present & _PYR)
        deck = present >> SLOTS
        below = deck & ((1 << ptr) - 1)
        wt = below.bit_length() - 1 + SLOTS if below else -1
        above = deck >> ptr
        st = ptr + (above & -above).bit_length() - 1 + SLOTS if above else -1
        stp = self.stp and st >= 0
        for s in free:
            if val[s] == 13:
                return [(("K", s, 0), present & ~(1 << s), ptr, rec)]
        out: list[tuple[_Step, int, int, int]] = []
        if wt >= 0 and val[wt] == 13:
            nxt = present & ~(1 << wt)
            out.append((("K", wt, 0), nxt, base._norm(nxt, ptr), rec))
        if stp and val[st] == 13:
            out.append((("K", st, 0), present & ~(1 << st), ptr, rec))
        if self.strict and out:
            return out[:1]
        hopeless = base._hopeless
        pairs = list(base._pairs(present, free, wt, st, below, bool(drawn)))
        forced = base._forced(present, pairs)
        if forced is not None:
            a, b = forced
            nxt = present & ~(1 << a) & ~(1 << b)
            nptr = base._norm(nxt, ptr) if a >= SLOTS or b >= SLOTS else ptr
            return [(("P", a, b), nxt, nptr, rec)]
        for a, b in pairs:
            nxt = present & ~(1 << a) & ~(1 << b)
            if hopeless(nxt, (val[a], val[b])):
                continue
            nptr = base._norm(nxt, ptr) if a >= SLOTS or b >= SLOTS else ptr
            out.append((("P", a, b), nxt, nptr, rec))
        if st >= 0:
            # Draw straight to the next card that could leave (or to the end of
            # the stock when a recycle is left): the stops skipped only offer
            # pairs of the pyramid alone, which commute with the draws. A King
            # on the stock is taken, never drawn: the draw would cost the same
            # move only to bury a card under it.
            last = self.limit is not None and rec >= self.limit
            target = -1 if stp and val[st] == 13 else base._next_stop(present, ptr, free, last)
            if target >= 0:
                run = (above & ((1 << (target - ptr)) - 1)).bit_count()
                out.append((("D", target, run), present, target, rec))
        elif wt >= 0:
            if self.limit is None:
                out.append((("R", 0, 0), present, 0, 0))
            elif rec < self.limit:
                out.append((("R", 0, 0), present, 0, rec + 1))
        return out

    def _line(self, key: int, parent: dict[int, tuple[int, _Step]]) -> list[_Step]:
        steps: list[_Step] = []
        while key in parent:
            key, step = parent[key]
            steps.append(step)
        steps.reverse()
        return steps

    def engine_moves(self, line: list[_Step]) -> list[Move]:
        """The steps as engine moves."""
        cards = self.base.cards
        moves: list[Move] = []
        for kind, a, b in line:
            if kind == "D":
                moves.extend(Draw() for _ in range(b))
            elif kind == "R":
                moves.append(Recycle())
            else:
                first = cards[a]
                assert first is not None
                if kind == "K":
                    moves.append(RemoveKing(first))
                else:
                    second = cards[b]
                    assert second is not None
                    moves.append(RemovePair(first, second))
        return moves
