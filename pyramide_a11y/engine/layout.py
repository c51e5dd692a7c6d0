"""Layouts: the exact cards of a deal, as a value, as JSON and as seed 000's listing.

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
from typing import Any

from .cards import DECK, Card
from .dealcode import DealCode, SplitMix64, shuffle, shuffled_deck
from .geometry import ROW_SLOTS, ROWS, SLOTS
from .position import Position
from .rules import Rules, parse_rules


class LayoutError(ValueError):
    """A layout that is not one exact deck or does not fit the rules."""


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
            raise LayoutError(f"the pyramid must have 28 cards, not {len(self.pyramid)}")
        counts = Counter([*self.pyramid, *self.stock, *self.waste])
        doubles = sorted(c for c, n in counts.items() if n > 1)
        if doubles:
            raise LayoutError("these cards appear twice: " + ", ".join(map(str, doubles)))
        missing = sorted(set(DECK) - set(counts))
        if missing:
            raise LayoutError("these cards are missing: " + ", ".join(map(str, missing)))
        rules = rules or self.rules
        if rules is not None and (
            len(self.waste) != rules.initial_waste or len(self.stock) != rules.stock_size
        ):
            raise LayoutError(
                f"rules {rules.name} start with {rules.stock_size} cards in the stock and "
                f"{rules.initial_waste} in the waste, not {len(self.stock)} and "
                f"{len(self.waste)}"
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
            raise LayoutError("a layout is a JSON object with pyramid, stock and waste")
        try:
            rules = parse_rules(data["rules"]) if data.get("rules") else None
        except ValueError as err:
            raise LayoutError(str(err)) from None
        rows = data.get("pyramid")
        if not isinstance(rows, list) or len(rows) != ROWS:
            raise LayoutError("pyramid must be a list of 7 rows")
        pyramid: list[Card] = []
        for r, row in enumerate(rows):
            if not isinstance(row, list) or len(row) != r + 1:
                raise LayoutError(f"pyramid row {r + 1} must hold {r + 1} cards")
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
            raise LayoutError(f"not valid JSON: {err}") from None
        return Layout.from_json_data(data)

    # -- from a code -------------------------------------------------------------------

    @staticmethod
    def from_code(code: DealCode) -> Layout:
        """The layout a deal code deals (see :mod:`.dealcode`)."""
        return Layout.deal(shuffled_deck(code.number), code.rules)

    @staticmethod
    def deal(cards: tuple[Card, ...], rules: Rules) -> Layout:
        """Deal 52 cards in order: 28 pyramid slots, the initial waste, the stock."""
        waste_end = SLOTS + rules.initial_waste
        return Layout(cards[:SLOTS], cards[waste_end:], cards[SLOTS:waste_end], rules)


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise LayoutError(f"{key} must be a list of cards")
    return value


def _card(value: Any) -> Card:
    if not isinstance(value, str):
        raise LayoutError(f"a card is written like 10C or QD, not {value!r}")
    try:
        return Card.parse(value)
    except ValueError as err:
        raise LayoutError(str(err)) from None


def fill_stock(known: list[Card], seed: int) -> tuple[Card, ...]:
    """The cards missing from ``known``, in an order shuffled from ``seed`` (the
    deal generator's SplitMix64 and Fisher-Yates), for layouts whose stock order is
    unknown."""
    present = set(known)
    rest = [c for c in DECK if c not in present]
    shuffle(rest, SplitMix64(seed))
    return tuple(rest)
