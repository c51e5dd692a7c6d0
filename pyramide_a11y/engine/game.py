"""A game in progress: position, selection, undo, move counter and seen cards.

Every action returns either an :class:`Event` (accepted: what changed) or a
:class:`Refusal` (refused: why, and nothing on the table changed). The interface
narrates from these; the engine never speaks.

Whoever must know of every action that changed the game (the autosave) appends an
observer to :attr:`Game.observers`; it gets the :data:`Action` the caller asked for.
"""

from __future__ import annotations

import enum
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from .cards import Card
from .layout import Layout
from .moves import Draw, Move, Recycle, RemoveKing, RemovePair, cards_of
from .position import Position, Reason
from .rules import Rules


class EventKind(enum.Enum):
    KING = "king"
    PAIR = "pair"
    DRAW = "draw"
    RECYCLE = "recycle"
    UNDO = "undo"
    SELECT = "select"
    CANCEL = "cancel"


@dataclass(frozen=True, slots=True)
class Event:
    """What an accepted action changed.

    Attributes:
        kind: what happened. ``DRAW`` is reported as ``RECYCLE`` when drawing from
            an empty stock recycled.
        move: the move played (for ``UNDO``, the move taken back).
        removed: cards that left the table (for ``UNDO``, cards that came back).
        freed: pyramid cards that became free.
        covered: pyramid cards that stopped being free (after an undo).
        waste_top, stock_top: the new tops; ``stock_top`` only where it is face up.
        waste_top_changed, stock_top_changed: whether they changed.
        stock_count, waste_count: pile sizes after the action.
        round, round_changed: the pass through the stock, from 1.
        score, score_delta: the score (rules of ``pyramide``) after the action, and
            its change.
        won, impasse: the game is won, or no move is left.
        selected: the selected card after the action.
        partners: for ``SELECT``, the cards that can pair with the selected one.
        dropped: a selected card this action dropped without playing it (a draw,
            recycle, undo or King played while another card was selected).
    """

    kind: EventKind
    move: Move | None = None
    removed: tuple[Card, ...] = ()
    freed: tuple[Card, ...] = ()
    covered: tuple[Card, ...] = ()
    waste_top: Card | None = None
    stock_top: Card | None = None
    waste_top_changed: bool = False
    stock_top_changed: bool = False
    stock_count: int = 0
    waste_count: int = 0
    round: int = 1
    round_changed: bool = False
    score: int = 0
    score_delta: int = 0
    won: bool = False
    impasse: bool = False
    selected: Card | None = None
    partners: tuple[Card, ...] = ()
    dropped: Card | None = None


@dataclass(frozen=True, slots=True)
class Refusal:
    """A refused action: why, the cards concerned, and the selection afterwards."""

    reason: Reason
    cards: tuple[Card, ...] = ()
    selected: Card | None = None


Outcome = Event | Refusal


@dataclass(frozen=True, slots=True)
class Select:
    """The action of touching ``card`` (:meth:`Game.select`)."""

    card: Card


@dataclass(frozen=True, slots=True)
class Cancel:
    """The action of dropping the selection (:meth:`Game.cancel`)."""


@dataclass(frozen=True, slots=True)
class Undo:
    """The action of taking back the last move (:meth:`Game.undo`)."""


Action = Move | Select | Cancel | Undo
"""What a player asked the game to do: a move (:class:`Draw` and :class:`Recycle`
included), a touch, a cancel or an undo."""

Observer = Callable[[Action], None]
"""Called with the action after an action changed the game (see :attr:`Game.observers`)."""


@dataclass
class Game:
    """A deal being played under some rules.

    The table changes only through :meth:`play`, :meth:`select`, :meth:`undo` (and
    the shortcuts :meth:`draw`, :meth:`recycle`). ``moves`` counts accepted moves
    (removals, draws, recycles) and never goes down; ``seen`` holds every stock or
    waste card that has been face up, and never shrinks.

    ``observers`` are called, in order, after each action that changed the
    position, the selection, the move counter or the undo history (an accepted
    action, or a refused pair that moved the selection), before the action returns.
    An action made of others (a touch that removes a King or cancels, a draw) is
    reported once, as the action the caller asked for. Observers are not part of
    the game's state: they are not compared and not shown.
    """

    layout: Layout
    rules: Rules
    position: Position = field(init=False)
    moves: int = field(init=False, default=0)
    seen: frozenset[Card] = field(init=False, default=frozenset())
    selected: Card | None = field(init=False, default=None)
    _history: deque[tuple[Position, Move]] = field(init=False, repr=False)
    _depth: int = field(init=False, default=0, repr=False)
    observers: list[Observer] = field(init=False, default_factory=list, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.layout.validate(self.rules)
        self.position = self.layout.position()
        self._history = deque(maxlen=self.rules.undo_limit)
        self._see()

    # -- reading -------------------------------------------------------------------------

    @property
    def won(self) -> bool:
        return self.position.is_won(self.rules)

    @property
    def impasse(self) -> bool:
        return self.position.is_impasse(self.rules)

    @property
    def stock_top(self) -> Card | None:
        """The stock top where it is face up, else None (never a hidden card)."""
        return self.position.stock_top if self.rules.stock_top_playable else None

    @property
    def all_stock_seen(self) -> bool:
        """Every card that started in the stock or waste has been face up."""
        return len(self.seen) == 24

    @property
    def line_length(self) -> int:
        """The moves of the line on the table: those played and not undone (the
        ``moves`` counter never goes down; this does, with each undo). Exact past
        the undo limit too, where :attr:`history` keeps only the latest moves."""
        return self._depth

    @property
    def at_start(self) -> bool:
        """Nothing to undo: no move played, or every move played was undone (the
        table is as dealt)."""
        return not self._history and self._depth == 0

    def legal_moves(self) -> list[Move]:
        """:meth:`Position.legal_moves` under the game's rules (empty once won)."""
        return self.position.legal_moves(self.rules)

    @property
    def can_undo(self) -> bool:
        return bool(self._history)

    @property
    def history(self) -> list[Move]:
        """The moves that undo can still take back, oldest first."""
        return [move for _, move in self._history]

    # -- acting --------------------------------------------------------------------------

    def play(self, move: Move) -> Outcome:
        """Play a move; clears the selection when accepted."""
        before = self._watch()
        outcome = self._play(move)
        self._tell(move, before)
        return outcome

    def draw(self) -> Outcome:
        """:meth:`play` of :class:`Draw`."""
        return self.play(Draw())

    def recycle(self) -> Outcome:
        """:meth:`play` of :class:`Recycle`."""
        return self.play(Recycle())

    def select(self, card: Card) -> Outcome:
        """Touch a card, as the seeds describe.

        A playable King leaves at once. With nothing selected the card becomes
        selected (the event lists its partners). The selected card again cancels.
        Another card completes the pair; if they do not pair, the selection becomes
        the second card where the rules say so (``pyramide``), else stays the first.
        """
        before = self._watch()
        outcome = self._select(card)
        self._tell(Select(card), before)
        return outcome

    def cancel(self) -> Outcome:
        """Drop the selection."""
        before = self._watch()
        outcome = self._cancel()
        self._tell(Cancel(), before)
        return outcome

    def undo(self) -> Outcome:
        """Take back the last move: cards, score and round come back; the move
        counter and the seen cards do not."""
        before = self._watch()
        outcome = self._undo()
        self._tell(Undo(), before)
        return outcome

    # -- the actions, unobserved ---------------------------------------------------------

    def _play(self, move: Move) -> Outcome:
        if self.won:
            return Refusal(Reason.GAME_WON, selected=self.selected)
        reason = self.position.refusal(move, self.rules)
        if reason is not None:
            return Refusal(reason, cards_of(move), self.selected)
        before = self.position
        after = before.after(move, self.rules)
        self._history.append((before, move))
        self._depth += 1
        self.moves += 1
        self.position = after
        dropped = self.selected if self.selected not in cards_of(move) else None
        self.selected = None
        self._see()
        kind = _kind_of(move, before)
        return self._event(kind, move, before, dropped=dropped)

    def _select(self, card: Card) -> Outcome:
        if self.won:
            return Refusal(Reason.GAME_WON, selected=self.selected)
        if card.is_king and self.position.king_refusal(card, self.rules) is None:
            return self._play(RemoveKing(card))
        access = self.position.access(card, self.rules)
        if isinstance(access, Reason):
            return Refusal(access, (card,), self.selected)
        if self.selected is None:
            self.selected = card
            partners = self.position.partners(card, self.rules)
            return self._event(EventKind.SELECT, None, self.position, partners=partners)
        if self.selected == card:
            return self._cancel()
        first = self.selected
        outcome = self._play(RemovePair(first, card))
        if isinstance(outcome, Refusal):
            keep = card if self.rules.failed_pair_keeps_second else first
            self.selected = keep
            return Refusal(outcome.reason, (first, card), keep)
        return outcome

    def _cancel(self) -> Outcome:
        if self.selected is None:
            return Refusal(Reason.NOTHING_SELECTED)
        dropped, self.selected = self.selected, None
        return self._event(EventKind.CANCEL, None, self.position, dropped=dropped)

    def _undo(self) -> Outcome:
        if not self._history:
            reason = Reason.UNDO_LIMIT if self._depth > 0 else Reason.NOTHING_TO_UNDO
            return Refusal(reason, selected=self.selected)
        before = self.position
        previous, move = self._history.pop()
        self._depth -= 1
        self.position = previous
        dropped, self.selected = self.selected, None
        restored = tuple(sorted(previous.cards_in_play() - before.cards_in_play()))
        free_again = previous.free_cards()  # once, not once per card
        covered = tuple(c for c in before.free_cards() if c not in free_again)
        return self._event(
            EventKind.UNDO, move, before, removed=restored, covered=covered, dropped=dropped
        )

    # -- observers -----------------------------------------------------------------------

    def _watch(self) -> tuple[object, ...] | None:
        """What an action can change, taken before it (None: nobody is watching)."""
        if not self.observers:
            return None
        return (self.position, self.selected, self.moves, len(self._history))

    def _tell(self, action: Action, before: tuple[object, ...] | None) -> None:
        if before is None or before == self._watch():
            return
        for observer in tuple(self.observers):
            observer(action)

    # -- internals -----------------------------------------------------------------------

    def _see(self) -> None:
        shown = set(self.position.waste)
        if self.stock_top is not None:
            shown.add(self.stock_top)
        if not shown <= self.seen:
            self.seen = self.seen | shown

    def _event(
        self,
        kind: EventKind,
        move: Move | None,
        before: Position,
        *,
        removed: tuple[Card, ...] | None = None,
        covered: tuple[Card, ...] = (),
        partners: tuple[Card, ...] = (),
        dropped: Card | None = None,
    ) -> Event:
        after = self.position
        if removed is None:
            in_play = after.cards_in_play()  # once, not once per card
            removed = tuple(c for c in _table_order(before) if c not in in_play)
        stock_top = self.stock_top
        before_stock_top = before.stock_top if self.rules.stock_top_playable else None
        return Event(
            kind=kind,
            move=move,
            removed=removed,
            freed=after.newly_free(before),
            covered=covered,
            waste_top=after.waste_top,
            stock_top=stock_top,
            waste_top_changed=after.waste_top != before.waste_top,
            stock_top_changed=stock_top != before_stock_top,
            stock_count=len(after.stock),
            waste_count=len(after.waste),
            round=after.round,
            round_changed=after.round != before.round,
            score=after.score,
            score_delta=after.score - before.score,
            won=after.is_won(self.rules),
            impasse=after.is_impasse(self.rules),
            selected=self.selected,
            partners=partners,
            dropped=dropped,
        )


def _table_order(position: Position) -> list[Card]:
    cards = [c for c in position.pyramid if c is not None]
    cards.extend(position.stock)
    cards.extend(reversed(position.waste))
    return cards


def _kind_of(move: Move, before: Position) -> EventKind:
    match move:
        case RemoveKing():
            return EventKind.KING
        case RemovePair():
            return EventKind.PAIR
        case Draw() if before.stock:
            return EventKind.DRAW
        case _:
            return EventKind.RECYCLE


def new_game(layout: Layout, rules: Rules | None = None) -> Game:
    """A game of ``layout`` under ``rules`` (default: the layout's own rules).

    Raises:
        LayoutError: the layout does not fit the rules.
        ValueError: no rules given and the layout names none.
    """
    chosen = rules or layout.rules
    if chosen is None:
        raise ValueError("no rules: give rules or a layout that names them")
    return Game(layout, chosen)
