"""Rule presets and their variants, as data.

A :class:`Rules` value is immutable; a variant is the same value with some
options changed (:meth:`Rules.with_options`). Presets live in a registry by id,
with aliases. ``str(rules)`` prints the preset id and the options that differ
from it, e.g. ``classic(passes=3)``, and :func:`parse_rules` reads that back.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that differs between the rule systems.

    Every option defaults to the traditional game (the rules of ``classic``), so a
    preset states only where it differs.

    Attributes:
        name: the preset id this value derives from.
        initial_waste: cards turned from the deck to the waste at the start (0 or 1).
        stock_top_playable: the stock's top card is face up and playable (as in
            ``paciencia``).
        stock_waste_pairs: stock against waste. With a playable stock top, the stock
            top may pair with the waste top; otherwise the waste top may pair with
            the waste card directly under it (and only with it).
        recycles: how many times the waste may go back to the stock; None = no limit.
            Passes through the stock are ``recycles + 1``.
        draw_recycles: drawing from an empty stock recycles (the single stock
            control of ``pyramide``); otherwise recycling is only a separate action.
        strict_win: the stock and waste must be emptied too, not just the pyramid.
        cover_pairs: a card may pair with the only card still covering it.
        undo_limit: how many actions can be undone; None = no limit.
        scoring: the preset shows a score (10 points per pyramid card).
        failed_pair_keeps_second: after two cards that do not sum to 13, the second
            card stays selected (as in ``pyramide``); otherwise the first one does.
    """

    name: str
    initial_waste: int = 0
    stock_top_playable: bool = False
    stock_waste_pairs: bool = False
    recycles: int | None = 0
    draw_recycles: bool = False
    strict_win: bool = False
    cover_pairs: bool = False
    undo_limit: int | None = None
    scoring: bool = False
    failed_pair_keeps_second: bool = False

    def __post_init__(self) -> None:
        if self.initial_waste not in (0, 1):
            raise ValueError("initial_waste must be 0 or 1")
        if self.recycles is not None and self.recycles < 0:
            raise ValueError("recycles must be 0 or more, or None for no limit")
        if self.undo_limit is not None and self.undo_limit < 0:
            raise ValueError("undo_limit must be 0 or more, or None for no limit")

    @property
    def passes(self) -> int | None:
        """Passes through the stock (recycles + 1), None when unlimited."""
        return None if self.recycles is None else self.recycles + 1

    @property
    def stock_size(self) -> int:
        """Cards in the stock at the start."""
        return 24 - self.initial_waste

    @property
    def preset(self) -> Rules:
        """The preset this value derives from."""
        return PRESETS[self.name]

    def with_options(self, **options: object) -> Rules:
        """A copy with some options changed; ``passes=N`` sets ``recycles=N-1``.

        Raises:
            ValueError: an unknown option or a bad value.
        """
        if "passes" in options:
            passes = options.pop("passes")
            if passes is not None:
                if not isinstance(passes, int) or passes < 1:
                    raise ValueError("passes must be 1 or more")
                passes = passes - 1
            options["recycles"] = passes
        fields = {f.name for f in dataclasses.fields(self)} - {"name"}
        unknown = set(options) - fields
        if unknown:
            raise ValueError(f"unknown rules option: {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **options)  # type: ignore[arg-type]

    def changed_options(self) -> dict[str, object]:
        """The options that differ from the preset, in field order."""
        base = self.preset
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if f.name != "name" and getattr(self, f.name) != getattr(base, f.name)
        }

    def __str__(self) -> str:
        changed = self.changed_options()
        if not changed:
            return self.name
        # Players count passes, not recycles: print ``passes=3`` for ``recycles=2``.
        args = ", ".join(
            f"passes={_format_value(self.passes)}" if k == "recycles" else f"{k}={_format_value(v)}"
            for k, v in changed.items()
        )
        return f"{self.name}({args})"


def _format_value(value: object) -> str:
    return "unlimited" if value is None else str(value)


PRESETS: dict[str, Rules] = {
    "pyramide": Rules(
        name="pyramide",
        initial_waste=1,
        recycles=None,
        draw_recycles=True,
        undo_limit=100,
        scoring=True,
        failed_pair_keeps_second=True,
    ),
    "classic": Rules(name="classic"),
    "paciencia": Rules(
        name="paciencia",
        stock_top_playable=True,
        stock_waste_pairs=True,
        recycles=2,
    ),
}
"""The three rule systems, by id: ``pyramide`` (the Pyramide app), ``classic`` (the
traditional game) and ``paciencia`` (the Paciência Pirâmide web game)."""

ALIASES: dict[str, str] = {
    "pyramid": "pyramide",
    "000": "pyramide",
    "traditional": "classic",
    "classico": "classic",
    "clássico": "classic",
    "002": "classic",
    "paciência": "paciencia",
    "paciencia-piramide": "paciencia",
    "004": "paciencia",
}


def get_rules(name: str) -> Rules:
    """The preset with this id or alias (case-insensitive).

    Raises:
        ValueError: no such preset.
    """
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    try:
        return PRESETS[key]
    except KeyError:
        known = ", ".join(PRESETS)
        raise ValueError(f"unknown rules {name!r}; choose one of {known}") from None


_RULES_RE = re.compile(r"^\s*([\w\-ê]+)\s*(?:\((.*)\))?\s*$")


def parse_rules(text: str) -> Rules:
    """Parse ``preset`` or ``preset(option=value, …)`` as printed by ``str(rules)``.

    Values: ``True``/``False``, integers, ``none`` (0) and ``unlimited`` (None).

    Raises:
        ValueError: the text is not of that shape, or names an unknown preset or
            option.
    """
    match = _RULES_RE.match(text)
    if not match:
        raise ValueError(f"not a rules description: {text!r}")
    rules = get_rules(match.group(1))
    options: dict[str, object] = {}
    if match.group(2) and match.group(2).strip():
        for part in match.group(2).split(","):
            key, sep, raw = part.partition("=")
            if not sep:
                raise ValueError(f"expected option=value in {text!r}")
            options[key.strip()] = _parse_value(raw.strip())
    return rules.with_options(**options)


_UNLIMITED_WORDS = ("unlimited", "ilimitado", "ilimitadas", "ilimitados", "sem limite")
"""Words for no limit (None), on the command line and in a rules string."""
_NONE_WORDS = ("none", "nenhum", "nenhuma", "zero")
"""Words for zero: ``none`` means none of them (no recycle), never no limit."""


def parse_count(text: str) -> int | None:
    """A count as typed: a number 0 or more, a word for zero (``none``), or a word
    for no limit (``unlimited``, returned as None).

    Raises:
        ValueError: none of these.
    """
    lowered = " ".join(text.lower().split())
    if lowered in _UNLIMITED_WORDS:
        return None
    if lowered in _NONE_WORDS:
        return 0
    try:
        count = int(lowered)
    except ValueError:
        raise ValueError(f"not a number, 'none' or 'unlimited': {text!r}") from None
    if count < 0:
        raise ValueError(f"must be 0 or more: {text!r}")
    return count


def _parse_value(raw: str) -> object:
    lowered = raw.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return parse_count(raw)
    except ValueError:
        raise ValueError(f"not a rules option value: {raw!r}") from None
