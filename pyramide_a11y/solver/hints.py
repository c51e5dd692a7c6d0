"""Honest hints: a worthwhile move, found from what the player has seen only.

The hint never peeks. :meth:`Knowledge.from_game` is the only place that reads
the game, and it keeps only what the player has seen: the pyramid, the waste,
the stock cards that have been face up (in their stock order, which the player
saw them in), and the *set* of the cards never seen, sorted so their order is
gone. Everything after works on that view.

Policy (from the rules of ``paciencia``):

- Everything seen: solve the real table exactly. A winning line gives the move;
  a proof that nothing wins gives ``LOST`` (the interface offers undo, hint,
  replay and new deal; the hint never ends the game).
- Some stock card unseen: deal the unseen cards in many orders (a fixed
  pseudo-random sequence seeded by the view itself, so equal views get equal
  hints), solve each, and suggest the first move that wins the most of them.
  Never ``LOST``.
- No verdict in time: an ordinary suggestion (a King, the pair that uncovers
  most, else draw or recycle), marked not exact.
"""

from __future__ import annotations

import enum
import random
import threading
import time
import zlib
from collections import Counter
from dataclasses import dataclass, field, replace

from pyramide_a11y.engine import Card, Draw, Game, Move, Position, Recycle, RemoveKing, Rules
from pyramide_a11y.engine.moves import RemovePair

from .search import Verdict, solve

__all__ = ["Hint", "HintKind", "HintSource", "Knowledge", "find_hint", "suggest"]


class HintKind(enum.Enum):
    MOVE = "move"
    """Remove a King or a pair (``Hint.move``)."""
    DRAW = "draw"
    RECYCLE = "recycle"
    LOST = "lost"
    """Proven: the deal cannot be won from here (only once every stock card was seen)."""
    NO_MOVES = "no_moves"
    """No legal move at all (or the game is already won)."""


class HintSource(enum.Enum):
    """Which part of the policy gave the hint (for measuring; not compared)."""

    SOLVED = "solved"
    """Everything seen and the table solved: a winning move, or the proof of loss."""
    SAMPLED = "sampled"
    """Some stock card unseen: every sample order was solved (or ran out of nodes)."""
    SAMPLED_PARTIAL = "sampled_partial"
    """Some stock card unseen, and the time ran out before every sample was solved."""
    SUGGESTED = "suggested"
    """Everything seen but no verdict within the budget: an ordinary suggestion."""
    TABLE = "table"
    """No legal move: nothing to search."""


@dataclass(frozen=True)
class Hint:
    """A hint: what to do, the move (None for ``LOST`` and ``NO_MOVES``), and
    whether it comes from a proven verdict (``exact``). ``source`` says which part
    of the policy answered; it takes no part in equality."""

    kind: HintKind
    move: Move | None
    exact: bool
    source: HintSource = field(default=HintSource.TABLE, compare=False)


@dataclass(frozen=True)
class Knowledge:
    """What the player knows of the table.

    Attributes:
        rules: the rules being played.
        pyramid: the 28 slots, None where gone.
        waste: bottom to top (all of it was seen).
        known_stock: the stock's first cards that have been face up, in order.
        unseen: the rest of the stock as a sorted set: never seen, order unknown.
        recycles: recycles used.
    """

    rules: Rules
    pyramid: tuple[Card | None, ...]
    waste: tuple[Card, ...]
    known_stock: tuple[Card, ...]
    unseen: tuple[Card, ...]
    recycles: int

    @staticmethod
    def from_game(game: Game) -> Knowledge:
        """The player's view of ``game`` (the one place a hint reads the game)."""
        position = game.position
        seen = game.seen
        known: list[Card] = []
        rest: list[Card] = []
        for card in position.stock:
            if rest or card not in seen:
                # Past the first unseen card, positions are unknown: keep the set.
                rest.append(card)
            else:
                known.append(card)
        return Knowledge(
            rules=game.rules,
            pyramid=position.pyramid,
            waste=position.waste,
            known_stock=tuple(known),
            unseen=tuple(sorted(rest)),
            recycles=position.recycles,
        )

    @property
    def complete(self) -> bool:
        """Every stock card has been seen: the table is fully known."""
        return not self.unseen

    def position(self, unseen_order: tuple[Card, ...] | None = None) -> Position:
        """A table consistent with this view, the unseen cards in ``unseen_order``
        (default: sorted; only legal moves and visible cards may depend on it)."""
        order = self.unseen if unseen_order is None else unseen_order
        return Position(self.pyramid, (*self.known_stock, *order), self.waste, self.recycles)

    def seed(self) -> int:
        """A stable number from the view, to draw the sample orders from."""
        data = bytes(255 if c is None else c.index for c in self.pyramid)
        for pile in (self.waste, self.known_stock, self.unseen):
            data += b"|" + bytes(c.index for c in pile)
        data += f"|{self.recycles}|{self.rules}".encode()
        return zlib.crc32(data)


def find_hint(
    game: Game,
    budget_seconds: float = 2.0,
    cancelled: threading.Event | None = None,
    *,
    samples: int = 16,
    sample_nodes: int = 20_000,
    exact_nodes: int | None = None,
) -> Hint:
    """The hint for ``game`` now, within about ``budget_seconds``.

    Uses only :meth:`Knowledge.from_game`. ``LOST`` only when every stock card
    has been seen and the solver proved the table lost. ``samples`` orders of the
    unseen cards are solved with at most ``sample_nodes`` nodes each; a set
    ``cancelled`` stops the search and gives the ordinary suggestion. Never plays
    or ends anything.
    """
    knowledge = Knowledge.from_game(game)
    return hint_for(knowledge, budget_seconds, cancelled, samples, sample_nodes, exact_nodes)


def hint_for(
    knowledge: Knowledge,
    budget_seconds: float = 2.0,
    cancelled: threading.Event | None = None,
    samples: int = 16,
    sample_nodes: int = 20_000,
    exact_nodes: int | None = None,
) -> Hint:
    """:func:`find_hint` on a view already taken."""
    start = time.perf_counter()
    rules = knowledge.rules
    table = knowledge.position()
    legal = table.legal_moves(rules)
    if not legal:
        return Hint(HintKind.NO_MOVES, None, True, HintSource.TABLE)
    if knowledge.complete:
        if table.can_never_remove(rules):  # exact, and no search needed
            return Hint(HintKind.LOST, None, True, HintSource.SOLVED)
        solution = solve(
            table, rules, max_nodes=exact_nodes, timeout=budget_seconds, cancelled=cancelled
        )
        if solution.verdict is Verdict.WINNABLE:
            hint = _hint_of(_as_legal(solution.moves[0], legal), exact=True)
            return replace(hint, source=HintSource.SOLVED)
        if solution.verdict is Verdict.LOST:
            return Hint(HintKind.LOST, None, True, HintSource.SOLVED)
        return replace(_hint_of(suggest(table, rules), exact=False), source=HintSource.SUGGESTED)
    votes: Counter[Move] = Counter()
    rng = random.Random(knowledge.seed())
    unseen = list(knowledge.unseen)
    source = HintSource.SAMPLED
    for _ in range(samples):
        left = budget_seconds - (time.perf_counter() - start)
        if left <= 0 or (cancelled is not None and cancelled.is_set()):
            source = HintSource.SAMPLED_PARTIAL
            break
        rng.shuffle(unseen)
        sample = knowledge.position(tuple(unseen))
        # The node budget bounds each sample; the clock bounds the whole hint.
        solution = solve(sample, rules, max_nodes=sample_nodes, timeout=left, cancelled=cancelled)
        if solution.verdict is Verdict.WINNABLE:
            votes[_as_legal(solution.moves[0], legal)] += 1
        elif solution.verdict is Verdict.UNKNOWN and solution.seconds >= 0.95 * left:
            source = HintSource.SAMPLED_PARTIAL  # stopped by the clock, not the nodes
    if votes:
        ranked = _ranked(table, rules, legal)
        best = max(votes.values())
        move = next(m for m in ranked if votes[m] == best)
    else:
        move = suggest(table, rules)
    return replace(_hint_of(move, exact=False), source=source)


def suggest(position: Position, rules: Rules) -> Move:
    """An ordinary suggestion from the visible table (no search): a King, else the
    pair that removes and uncovers most pyramid cards, else draw or recycle.

    Raises:
        ValueError: no legal move.
    """
    legal = position.legal_moves(rules)
    if not legal:
        raise ValueError("no legal move")
    return _ranked(position, rules, legal)[0]


def _ranked(position: Position, rules: Rules, legal: list[Move]) -> list[Move]:
    """Legal moves, most worthwhile first (the seed's advice: bottom rows first,
    pairs that uncover cards, do not keep Kings); ties keep the engine's order."""

    def worth(move: Move) -> tuple[int, int, int]:
        if isinstance(move, RemoveKing):
            return (3, 0, 0)
        if isinstance(move, RemovePair):
            after = position.after(move, rules)
            from_pyramid = position.pyramid_left - after.pyramid_left
            freed = len(after.newly_free(position))
            return (2, from_pyramid + freed, from_pyramid)
        return (0, 0, 0)

    return sorted(legal, key=worth, reverse=True)


def _as_legal(move: Move, legal: list[Move]) -> Move:
    """The legal move that is ``move`` (a pair may be named in either order)."""
    if isinstance(move, RemovePair):
        for candidate in legal:
            if isinstance(candidate, RemovePair) and {*candidate.cards} == {*move.cards}:
                return candidate
    return move


def _hint_of(move: Move, *, exact: bool) -> Hint:
    if isinstance(move, Draw):
        return Hint(HintKind.DRAW, move, exact)
    if isinstance(move, Recycle):
        return Hint(HintKind.RECYCLE, move, exact)
    return Hint(HintKind.MOVE, move, exact)
