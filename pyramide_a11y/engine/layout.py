"""Layouts: the exact cards of a deal, as a value, as JSON and as the listing of the
rules of ``pyramide``.

JSON shape (cards in canonical notation)::

    {"rules": "classic", "pyramid": [["5S"], ["9H", "QD"], …],
     "stock": [first card to be drawn, …], "waste": [bottom, …, top]}

``rules`` is optional and may carry options (``"classic(passes=3)"``).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .cards import DECK, Card
from .dealcode import DealCode, SplitMix64, deck_order, shuffle
from .geometry import ROW_SLOTS, ROWS, SLOTS
from .position import Position
from .rules import Rules, parse_rules


class LayoutProblem(Enum):
    """What is wrong with a layout; the narration says it in the player's language
    from this and :attr:`LayoutError.data`."""

    PYRAMID_SIZE = "pyramid_size"  # data: count
    DOUBLES = "doubles"  # data: cards (canonical notation, comma-separated)
    MISSING = "missing"  # data: cards
    PILES = "piles"  # data: rules, stock_size, initial_waste, stock, waste
    NOT_JSON = "not_json"  # data: line
    TOO_DEEP = "too_deep"
    NOT_OBJECT = "not_object"
    BAD_RULES = "bad_rules"  # data: text
    PYRAMID_ROWS = "pyramid_rows"
    ROW_SIZE = "row_size"  # data: row
    NOT_A_LIST = "not_a_list"  # data: key
    BAD_CARD = "bad_card"  # data: text
    LISTING_SHAPE = "listing_shape"
    LISTING_ROW = "listing_row"  # data: row
    LISTING_ROW_SIZE = "listing_row_size"  # data: row
    LISTING_STOCK = "listing_stock"  # data: said, left


class LayoutError(ValueError):
    """A layout that is not one exact deck or does not fit the rules.

    ``str()`` is an English sentence for maintainers; :attr:`kind` and :attr:`data`
    let the narration say it in the player's language."""

    def __init__(self, message: str, kind: LayoutProblem, **data: object) -> None:
        super().__init__(message)
        self.kind = kind
        self.data: dict[str, object] = data


@dataclass(frozen=True, slots=True)
class Layout:
    """The cards of a deal before any move.

    Attributes:
        pyramid: 28 cards by slot (row by row from the top).
        stock: ``stock[0]`` is drawn first.
        waste: bottom first, top last.
        rules: the rules the layout names, if any.
    """

    pyramid: tuple[Card, ...]
    stock: tuple[Card, ...]
    waste: tuple[Card, ...] = ()
    rules: Rules | None = None

    def validate(self, rules: Rules | None = None) -> None:
        """Check this is exactly one 52-card deck and the piles fit ``rules``
        (or the layout's own rules).

        Raises:
            LayoutError: with a sentence naming what is wrong.
        """
        if len(self.pyramid) != SLOTS:
            raise LayoutError(
                f"the pyramid must have 28 cards, not {len(self.pyramid)}",
                LayoutProblem.PYRAMID_SIZE,
                count=len(self.pyramid),
            )
        counts = Counter([*self.pyramid, *self.stock, *self.waste])
        doubles = sorted(c for c, n in counts.items() if n > 1)
        if doubles:
            cards = ", ".join(map(str, doubles))
            raise LayoutError(
                "these cards appear twice: " + cards, LayoutProblem.DOUBLES, cards=cards
            )
        missing = sorted(set(DECK) - set(counts))
        if missing:
            cards = ", ".join(map(str, missing))
            raise LayoutError(
                "these cards are missing: " + cards, LayoutProblem.MISSING, cards=cards
            )
        rules = rules or self.rules
        if rules is not None and (
            len(self.waste) != rules.initial_waste or len(self.stock) != rules.stock_size
        ):
            raise LayoutError(
                f"rules {rules.name} start with {rules.stock_size} cards in the stock and "
                f"{rules.initial_waste} in the waste, not {len(self.stock)} and "
                f"{len(self.waste)}",
                LayoutProblem.PILES,
                rules=rules.name,
                stock_size=rules.stock_size,
                initial_waste=rules.initial_waste,
                stock=len(self.stock),
                waste=len(self.waste),
            )

    def position(self) -> Position:
        """The position before the first move."""
        return Position(tuple(self.pyramid), tuple(self.stock), tuple(self.waste), 0)

    def rows(self) -> list[list[Card]]:
        """The pyramid's 7 rows from the top, each left to right."""
        return [[self.pyramid[s] for s in row] for row in ROW_SLOTS]

    # -- JSON ------------------------------------------------------------------------

    def to_json_data(self, rules: Rules | None = None) -> dict[str, Any]:
        """The JSON shape as data, naming ``rules`` (default: the layout's own, if any)."""
        rules = rules or self.rules
        data: dict[str, Any] = {}
        if rules is not None:
            data["rules"] = str(rules)
        data["pyramid"] = [[str(c) for c in row] for row in self.rows()]
        data["stock"] = [str(c) for c in self.stock]
        data["waste"] = [str(c) for c in self.waste]
        return data

    def to_json(self, rules: Rules | None = None) -> str:
        """The JSON shape, one pyramid row per line."""
        data = self.to_json_data(rules)
        lines = ["{"]
        if "rules" in data:
            lines.append(f'  "rules": {json.dumps(data["rules"])},')
        rows = ",\n".join(f"    {json.dumps(row)}" for row in data["pyramid"])
        lines.append(f'  "pyramid": [\n{rows}\n  ],')
        lines.append(f'  "stock": {json.dumps(data["stock"])},')
        lines.append(f'  "waste": {json.dumps(data["waste"])}')
        lines.append("}")
        return "\n".join(lines) + "\n"

    @staticmethod
    def from_json_data(data: Mapping[str, Any]) -> Layout:
        """Read the JSON shape (already decoded); validates the deck and piles.

        Raises:
            LayoutError: wrong shape, a bad card, or not a fitting deck.
        """
        if not isinstance(data, Mapping):
            raise LayoutError(
                "a layout is a JSON object with pyramid, stock and waste",
                LayoutProblem.NOT_OBJECT,
            )
        named = data.get("rules")
        if named is not None and not isinstance(named, str):
            raise LayoutError(
                f"rules must be a name like classic, not {named!r:.40}",
                LayoutProblem.BAD_RULES,
                text=json.dumps(named)[:40],
            )
        try:
            rules = parse_rules(named) if named else None
        except ValueError as err:
            raise LayoutError(str(err), LayoutProblem.BAD_RULES, text=named) from None
        rows = data.get("pyramid")
        if not isinstance(rows, list) or len(rows) != ROWS:
            raise LayoutError("pyramid must be a list of 7 rows", LayoutProblem.PYRAMID_ROWS)
        pyramid: list[Card] = []
        for r, row in enumerate(rows):
            if not isinstance(row, list) or len(row) != r + 1:
                raise LayoutError(
                    f"pyramid row {r + 1} must hold {r + 1} cards",
                    LayoutProblem.ROW_SIZE,
                    row=r + 1,
                )
            pyramid.extend(_card(x) for x in row)
        stock = tuple(_card(x) for x in _list(data, "stock"))
        waste = tuple(_card(x) for x in _list(data, "waste"))
        layout = Layout(tuple(pyramid), stock, waste, rules)
        layout.validate()
        return layout

    @staticmethod
    def from_json(text: str) -> Layout:
        """Read the JSON shape from text; validates the deck and piles.

        Raises:
            LayoutError: not JSON, wrong shape, a bad card, or not a fitting deck.
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as err:
            raise LayoutError(
                f"not valid JSON: {err}", LayoutProblem.NOT_JSON, line=err.lineno
            ) from None
        except RecursionError:
            raise LayoutError("the JSON is nested too deeply", LayoutProblem.TOO_DEEP) from None
        except ValueError as err:  # a number too long to convert
            raise LayoutError(f"not valid JSON: {err}", LayoutProblem.NOT_JSON, line=0) from None
        return Layout.from_json_data(data)

    # -- from a code -------------------------------------------------------------------

    @staticmethod
    def from_code(code: DealCode) -> Layout:
        """The layout a deal code deals (see :mod:`.dealcode`)."""
        return Layout.deal(deck_order(code), code.rules)

    @staticmethod
    def deal(cards: tuple[Card, ...], rules: Rules) -> Layout:
        """Deal 52 cards in order: 28 pyramid slots, the initial waste, the stock."""
        waste_end = SLOTS + rules.initial_waste
        return Layout(cards[:SLOTS], cards[waste_end:], cards[SLOTS:waste_end], rules)


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise LayoutError(f"{key} must be a list of cards", LayoutProblem.NOT_A_LIST, key=key)
    return value


def _card(value: Any) -> Card:
    if not isinstance(value, str):
        text = json.dumps(value)[:20] if not isinstance(value, (list, dict)) else "…"
        raise LayoutError(
            f"a card is written like 10C or QD, not {text}", LayoutProblem.BAD_CARD, text=text
        )
    try:
        return Card.parse(value)
    except ValueError as err:
        raise LayoutError(str(err), LayoutProblem.BAD_CARD, text=value[:20]) from None


def fill_stock(known: list[Card], seed: int) -> tuple[Card, ...]:
    """The cards missing from ``known``, in an order shuffled from ``seed`` (the
    deal generator's SplitMix64 and Fisher-Yates), for layouts whose stock order is
    unknown."""
    present = set(known)
    rest = [c for c in DECK if c not in present]
    shuffle(rest, SplitMix64(seed))
    return tuple(rest)
