"""Commands → cards on the table (second level): rank-only shorthand, ambiguity."""

from __future__ import annotations

from pyramide_a11y.engine import Card, Game, Rank

from .syntax import CardSpec, CommandError


class NoSuchCardError(CommandError):
    """A rank alone, and no playable card has that rank."""

    def __init__(self, rank: Rank) -> None:
        super().__init__(rank.name)
        self.rank = rank


class AmbiguousCardError(CommandError):
    """A rank alone that several playable cards have: ask which one."""

    def __init__(self, candidates: tuple[Card, ...]) -> None:
        super().__init__(" ".join(map(str, candidates)))
        self.candidates = candidates


def resolve_card(spec: CardSpec, game: Game, exclude: Card | None = None) -> Card:
    """The card ``spec`` names. A full card is returned as is (the engine says if
    it cannot be played); a rank alone must match exactly one playable card.

    Raises:
        NoSuchCardError: no playable card of that rank.
        AmbiguousCardError: several; ``candidates`` lists them in table order.
    """
    if spec.suit is not None:
        return Card.of(spec.rank, spec.suit)
    playable = game.position.playable_cards(game.rules)
    matches = tuple(c for c in playable if c.rank == spec.rank and c != exclude)
    if not matches:
        raise NoSuchCardError(spec.rank)
    if len(matches) > 1:
        raise AmbiguousCardError(matches)
    return matches[0]


def resolve(cards: tuple[CardSpec, ...], game: Game) -> tuple[Card, ...]:
    """The cards of a :class:`~.syntax.Touch`; a second rank-only card never
    resolves to the first card (``6 7`` with one six and one seven)."""
    first = resolve_card(cards[0], game)
    if len(cards) == 1:
        return (first,)
    return (first, resolve_card(cards[1], game, exclude=first))
