"""An immutable game position and the rules of moving from one to the next.

A :class:`Position` knows nothing of selection, undo or move counting (see
:mod:`.game`); it is the table itself: the pyramid slots, the stock, the waste
and how many recycles were used. It is hashable, so positions can be memoised.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .cards import Card
from .geometry import COVERED_BY, SLOTS
from .moves import Draw, Move, Recycle, RemoveKing, RemovePair
from .rules import Rules


class Reason(enum.Enum):
    """Why an action was refused. The interface turns each into one sentence."""

    COVERED = "covered"
    """A pyramid card still covered by another."""
    SUM_NOT_13 = "sum_not_13"
    """The two cards do not sum to 13."""
    NOT_PAIRABLE = "not_pairable"
    """Both cards are in play and sum to 13, but these rules do not let these two
    places pair (stock top with waste top, or a waste card with the one under it)."""
    SAME_CARD = "same_card"
    """A pair of a card with itself."""
    NOT_A_KING = "not_a_king"
    """Only a King leaves alone."""
    GONE = "gone"
    """The card was already removed."""
    NOT_AVAILABLE = "not_available"
    """The card is in the stock (not its playable top) or under the waste top."""
    NOTHING_TO_DRAW = "nothing_to_draw"
    """The stock is empty (and, where drawing recycles, so is the waste)."""
    RECYCLE_STOCK_NOT_EMPTY = "recycle_stock_not_empty"
    """Recycling waits for the stock to be empty."""
    RECYCLE_NONE_LEFT = "recycle_none_left"
    """Every allowed recycle was used."""
    RECYCLE_WASTE_EMPTY = "recycle_waste_empty"
    """There is nothing in the waste to recycle."""
    NOTHING_TO_UNDO = "nothing_to_undo"
    """No action has been played yet (or all were undone)."""
    UNDO_LIMIT = "undo_limit"
    """Older actions are beyond the undo limit."""
    NOTHING_SELECTED = "nothing_selected"
    """Cancel with no card selected."""
    GAME_WON = "game_won"
    """The game is won; only undo remains."""


class IllegalMoveError(ValueError):
    """A move played where it is not legal (:meth:`Position.after`).

    Attributes:
        move: the move.
        reason: why it is refused here.
    """

    def __init__(self, move: Move, reason: Reason) -> None:
        super().__init__(f"illegal move {move}: {reason.value}")
        self.move = move
        self.reason = reason


class Access(enum.Enum):
    """How a card can take part in a removal right now."""

    FREE = "free"
    """A pyramid card with nothing covering it."""
    WASTE_TOP = "waste_top"
    STOCK_TOP = "stock_top"
    """Only where the stock top is face up and playable."""
    WASTE_UNDER = "waste_under"
    """Stock-against-waste variant without a playable stock top: the card under the
    waste top, which may pair only with the waste top."""
    ONE_COVER = "one_cover"
    """Cover-pair variant: a pyramid card with exactly one card still covering it,
    which may pair only with that card."""


_OPEN = frozenset({Access.FREE, Access.WASTE_TOP, Access.STOCK_TOP})


class Place(enum.Enum):
    """Where a card is."""

    PYRAMID = "pyramid"
    STOCK = "stock"
    WASTE = "waste"
    GONE = "gone"


@dataclass(frozen=True, slots=True)
class Position:
    """The table.

    Attributes:
        pyramid: 28 slots (see :mod:`.geometry`), None where the card is gone.
        stock: the stock, ``stock[0]`` on top (the next card drawn).
        waste: the waste, ``waste[-1]`` on top.
        recycles: recycles used so far.
    """

    pyramid: tuple[Card | None, ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...]
    recycles: int = 0
    _playable: tuple[Rules, tuple[Card, ...]] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    """:meth:`playable_cards` as last found, with the rules it was found for: a
    page asks for them several times of one position (its view, each card's
    partners, whether any move is left); the position never changes, so they are
    found once. Not part of the value (equality, hash, ``repr``)."""

    # -- reading the table -------------------------------------------------------

    @property
    def round(self) -> int:
        """The current pass through the stock, from 1."""
        return self.recycles + 1

    @property
    def pyramid_left(self) -> int:
        return sum(card is not None for card in self.pyramid)

    @property
    def removed_count(self) -> int:
        """Pyramid cards removed («N de 28»)."""
        return SLOTS - self.pyramid_left

    @property
    def score(self) -> int:
        """The score the rules of ``pyramide`` show: 10 points for every pyramid card
        removed."""
        return 10 * self.removed_count

    @property
    def waste_top(self) -> Card | None:
        return self.waste[-1] if self.waste else None

    @property
    def stock_top(self) -> Card | None:
        """The stock's top card. Face down unless the rules make it playable."""
        return self.stock[0] if self.stock else None

    def is_free(self, slot: int) -> bool:
        """A card is at ``slot`` and both cards covering it are gone."""
        return self.pyramid[slot] is not None and all(
            self.pyramid[c] is None for c in COVERED_BY[slot]
        )

    def covering(self, slot: int) -> tuple[Card, ...]:
        """The cards still covering ``slot``."""
        return tuple(c for c in (self.pyramid[s] for s in COVERED_BY[slot]) if c is not None)

    def free_slots(self) -> tuple[int, ...]:
        return tuple(s for s in range(SLOTS) if self.is_free(s))

    def free_cards(self) -> tuple[Card, ...]:
        """Free pyramid cards, by slot (top row first, left to right)."""
        return tuple(c for c in (self.pyramid[s] for s in self.free_slots()) if c is not None)

    def locate(self, card: Card) -> tuple[Place, int]:
        """Where ``card`` is: its place and index there (slot; stock index from the
        top; waste index from the top, 0 being the top)."""
        for s, c in enumerate(self.pyramid):
            if c == card:
                return Place.PYRAMID, s
        for i, c in enumerate(self.stock):
            if c == card:
                return Place.STOCK, i
        for i, c in enumerate(reversed(self.waste)):
            if c == card:
                return Place.WASTE, i
        return Place.GONE, -1

    def cards_in_play(self) -> frozenset[Card]:
        """Every card not yet removed."""
        cards = {c for c in self.pyramid if c is not None}
        cards.update(self.stock)
        cards.update(self.waste)
        return frozenset(cards)

    def is_cleared(self) -> bool:
        return all(c is None for c in self.pyramid)

    def is_won(self, rules: Rules) -> bool:
        """The pyramid is gone (and, under strict win, the stock and waste too)."""
        if not self.is_cleared():
            return False
        return not rules.strict_win or not (self.stock or self.waste)

    def is_impasse(self, rules: Rules) -> bool:
        """Not won and no move at all is legal.

        Under the rules of ``pyramide`` (unlimited recycles) this is exactly «stock
        and waste empty and nothing can be removed»; under ``paciencia``, «nothing
        sums 13, no King, stock empty and no recycle possible».
        """
        # A card to draw or a recycle allowed is a move: no need to list the rest.
        if self.is_won(rules) or self.stock or self.recycle_refusal(rules) is None:
            return False
        return not self.legal_moves(rules)

    def can_never_remove(self, rules: Rules) -> bool:
        """Not won, and no card can ever be removed again, however the stock is
        drawn or recycled: nothing is removable now, no card of the stock or the
        waste is a King or makes 13 with a free pyramid card, and (where the piles
        pair with each other) no two of them make 13. The free cards change only
        by a removal, so this holds for good. It reads every stock card, seen or
        not: it is no dead end (:meth:`is_impasse`, a fact of the table) and the
        player is never told it; the hint uses it once every stock card has been
        seen, to say at once that the deal cannot be won from here."""
        if self.is_won(rules):
            return False
        if any(isinstance(move, (RemovePair, RemoveKing)) for move in self.legal_moves(rules)):
            return False
        piles = (*self.stock, *self.waste)
        if any(card.is_king for card in piles):
            return False
        free = {card.value for card in self.free_cards()}
        if any(13 - card.value in free for card in piles):
            return False
        if rules.stock_waste_pairs:
            values = [card.value for card in piles]
            if any(13 - v in values[i + 1 :] for i, v in enumerate(values)):
                return False
        return True

    def key(self) -> tuple[int, bytes, bytes, int]:
        """A compact key: removed-slot mask, stock and waste card indices, recycles."""
        mask = 0
        for s, c in enumerate(self.pyramid):
            if c is None:
                mask |= 1 << s
        return (
            mask,
            bytes(c.index for c in self.stock),
            bytes(c.index for c in self.waste),
            self.recycles,
        )

    # -- who can play --------------------------------------------------------------

    def access(self, card: Card, rules: Rules) -> Access | Reason:
        """How ``card`` can take part in a removal now, or why it cannot."""
        place, index = self.locate(card)
        return self._access_at(place, index, rules)

    def _access_at(self, place: Place, index: int, rules: Rules) -> Access | Reason:
        """:meth:`access` of the card at ``place`` and ``index`` (as :meth:`locate`
        gives them)."""
        if place is Place.GONE:
            return Reason.GONE
        if place is Place.PYRAMID:
            covering = self.covering(index)
            if not covering:
                return Access.FREE
            if rules.cover_pairs and len(covering) == 1:
                cover_slot = self._slot_of(covering[0])
                if self.is_free(cover_slot):
                    return Access.ONE_COVER
            return Reason.COVERED
        if place is Place.WASTE:
            if index == 0:
                return Access.WASTE_TOP
            if index == 1 and rules.stock_waste_pairs and not rules.stock_top_playable:
                return Access.WASTE_UNDER
            return Reason.NOT_AVAILABLE
        if index == 0 and rules.stock_top_playable:
            return Access.STOCK_TOP
        return Reason.NOT_AVAILABLE

    def _slot_of(self, card: Card) -> int:
        return self.pyramid.index(card)

    def king_refusal(self, card: Card, rules: Rules) -> Reason | None:
        """None when ``card`` can leave alone now, otherwise why not."""
        access = self.access(card, rules)
        if isinstance(access, Reason):
            return access
        if not card.is_king:
            return Reason.NOT_A_KING
        if access not in _OPEN:
            return Reason.COVERED if access is Access.ONE_COVER else Reason.NOT_AVAILABLE
        return None

    def pair_refusal(self, a: Card, b: Card, rules: Rules) -> Reason | None:
        """None when ``a`` and ``b`` can leave together now, otherwise why not.

        Checks in order: same card, each card's access (first ``a``), the sum, then
        whether the rules let these two places pair.
        """
        if a == b:
            return Reason.SAME_CARD
        access_a = self.access(a, rules)
        if isinstance(access_a, Reason):
            return access_a
        access_b = self.access(b, rules)
        if isinstance(access_b, Reason):
            return access_b
        if not a.pairs_with(b):
            return Reason.SUM_NOT_13
        return self._places_refusal(a, access_a, b, access_b, rules)

    def _places_refusal(
        self, a: Card, access_a: Access, b: Card, access_b: Access, rules: Rules
    ) -> Reason | None:
        kinds = {access_a, access_b}
        if Access.ONE_COVER in kinds:
            # The half-covered card pairs only with the card that still covers it.
            for card, access, other in ((a, access_a, b), (b, access_b, a)):
                if access is Access.ONE_COVER and self.covering(self._slot_of(card)) != (other,):
                    return Reason.COVERED
            return None
        if Access.WASTE_UNDER in kinds:
            return None if kinds == {Access.WASTE_UNDER, Access.WASTE_TOP} else Reason.NOT_PAIRABLE
        if kinds == {Access.WASTE_TOP, Access.STOCK_TOP} and not rules.stock_waste_pairs:
            return Reason.NOT_PAIRABLE
        return None

    def partners(
        self, card: Card, rules: Rules, playable: tuple[Card, ...] | None = None
    ) -> tuple[Card, ...]:
        """Cards that could pair with ``card`` now, in table order. ``playable``:
        :meth:`playable_cards` when the caller has it already (a table's view asks
        for every free card's partners: one pass over the table, not one each)."""
        candidates = self.playable_cards(rules) if playable is None else playable
        # The sum first: it rules out nearly every card without looking at places.
        return tuple(
            other
            for other in candidates
            if other != card
            and card.pairs_with(other)
            and self.pair_refusal(card, other, rules) is None
        )

    def playable_cards(self, rules: Rules) -> tuple[Card, ...]:
        """Cards that can take part in some removal now, in table order: pyramid
        slots top to bottom, then the stock top, the waste top and the card under it.
        Found once per position and rules (:attr:`_playable`)."""
        cached = self._playable
        if cached is not None and cached[0] is rules:
            return cached[1]
        playable = self._find_playable(rules)
        object.__setattr__(self, "_playable", (rules, playable))
        return playable

    def _find_playable(self, rules: Rules) -> tuple[Card, ...]:
        """:meth:`playable_cards`, found from the table."""
        # Each candidate's place is known here: no search of the table for it.
        candidates: list[tuple[Card, Place, int]] = [
            (c, Place.PYRAMID, s) for s, c in enumerate(self.pyramid) if c is not None
        ]
        if self.stock:
            candidates.append((self.stock[0], Place.STOCK, 0))
        candidates.extend((c, Place.WASTE, i) for i, c in enumerate(reversed(self.waste[-2:])))
        return tuple(
            c
            for c, place, index in candidates
            if not isinstance(self._access_at(place, index, rules), Reason)
        )

    def draw_refusal(self, rules: Rules) -> Reason | None:
        """None when drawing is possible (or, where drawing recycles, recycling)."""
        if self.stock:
            return None
        if rules.draw_recycles and self.waste:
            return self.recycle_refusal(rules)
        return Reason.NOTHING_TO_DRAW

    def recycle_refusal(self, rules: Rules) -> Reason | None:
        """None when recycling is possible, otherwise why not (the reasons of
        ``paciencia``)."""
        if self.stock:
            return Reason.RECYCLE_STOCK_NOT_EMPTY
        if rules.recycles is not None and self.recycles >= rules.recycles:
            return Reason.RECYCLE_NONE_LEFT
        if not self.waste:
            return Reason.RECYCLE_WASTE_EMPTY
        return None

    def refusal(self, move: Move, rules: Rules) -> Reason | None:
        """None when ``move`` is legal here, otherwise why not (game-over aside)."""
        match move:
            case RemoveKing(card):
                return self.king_refusal(card, rules)
            case RemovePair(first, second):
                return self.pair_refusal(first, second, rules)
            case Draw():
                return self.draw_refusal(rules)
            case Recycle():
                return self.recycle_refusal(rules)

    def legal_moves(self, rules: Rules) -> list[Move]:
        """Every legal move, in a fixed order: Kings, pairs, then draw or recycle.

        Where drawing recycles, an empty stock offers ``recycle`` only (``draw``
        there is the same move under another name). Empty once the game is won.
        """
        if self.is_won(rules):
            return []
        playable = self.playable_cards(rules)
        moves: list[Move] = [RemoveKing(c) for c in playable if self.king_refusal(c, rules) is None]
        for i, a in enumerate(playable):
            for b in playable[i + 1 :]:
                if a.value + b.value == 13 and self.pair_refusal(a, b, rules) is None:
                    moves.append(RemovePair(a, b))
        if self.stock:
            moves.append(Draw())
        elif self.recycle_refusal(rules) is None:
            moves.append(Recycle())
        return moves

    # -- moving ----------------------------------------------------------------------

    def after(self, move: Move, rules: Rules) -> Position:
        """The position after a legal ``move``.

        Raises:
            IllegalMoveError: the move is not legal here (a ValueError, with the
                reason).
        """
        reason = self.refusal(move, rules)
        if reason is not None:
            raise IllegalMoveError(move, reason)
        match move:
            case RemoveKing(card):
                return self._without((card,))
            case RemovePair(first, second):
                return self._without((first, second))
            case Draw() if self.stock:
                return Position(
                    self.pyramid, self.stock[1:], (*self.waste, self.stock[0]), self.recycles
                )
            case _:
                # Recycle, or Draw on an empty stock where drawing recycles: the
                # waste goes back in the same order, its bottom card on top.
                return Position(self.pyramid, self.waste, (), self.recycles + 1)

    def _without(self, cards: tuple[Card, ...]) -> Position:
        gone = set(cards)
        pyramid = tuple(None if c in gone else c for c in self.pyramid)
        stock = tuple(c for c in self.stock if c not in gone)
        waste = tuple(c for c in self.waste if c not in gone)
        return Position(pyramid, stock, waste, self.recycles)

    def newly_free(self, before: Position) -> tuple[Card, ...]:
        """Pyramid cards free here that were in the pyramid but not free ``before``."""
        return tuple(
            c
            for s in range(SLOTS)
            if (c := self.pyramid[s]) is not None and self.is_free(s) and not before.is_free(s)
        )
