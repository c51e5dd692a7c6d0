"""Deal codes: ``PY1-<rules>-<7 letters>``, and the deal generator behind them.

The scheme is documented for players and implementers in ``docs/deal-codes.md``;
this module is its reference implementation and is kept free of Python's
``random`` so the same code deals the same cards everywhere.

- ``PY1``: the scheme's version.
- ``<rules>``: a preset letter (``N`` pyramide, ``C`` classic, ``P`` paciencia),
  then optionally the number of passes (one digit ``1``-``9``, or ``U`` for
  unlimited) when it differs from the preset's, then variant letters in this
  order: ``S`` strict win, ``W`` stock against waste (``O`` turns it off where the
  preset has it on), ``X`` cover pair.
- ``<7 letters>``: ``A``-``Z``, a base-26 number (A=0 … Z=25, first letter most
  significant), 0 … 26**7 - 1.

The number seeds SplitMix64; a Fisher-Yates shuffle of the new-deck order with
unbiased bounded draws gives the 52 cards, dealt as: 28 pyramid slots row by row,
then ``initial_waste`` cards to the waste, then the stock (first drawn first).

A code published with its cards before this scheme keeps them
(:data:`PUBLISHED`): seed 000 prints its code ``PY1-N-AAAAAAS`` with the whole
table, so that code (and its variants ``PY1-N…-AAAAAAS``: the same cards under
other options) deals that table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cards import DECK, Card
from .rules import PRESETS, Rules

PREFIX = "PY1"
LETTERS = 7
MAX_NUMBER = 26**LETTERS - 1
_MASK64 = (1 << 64) - 1

_PRESET_LETTERS = {"N": "pyramide", "C": "classic", "P": "paciencia"}
_LETTER_OF_PRESET = {v: k for k, v in _PRESET_LETTERS.items()}


class DealCodeError(ValueError):
    """A deal code that cannot be read; the message says what is wrong."""


class SplitMix64:
    """The SplitMix64 generator (Steele, Lea, Flood 2014), written out in full."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """An unbiased integer in ``0 … bound-1``: outputs at or above the largest
        multiple of ``bound`` that fits in 64 bits are drawn again."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            r = self.next()
            if r < limit:
                return r % bound


def shuffle(cards: list[Card], rng: SplitMix64) -> None:
    """Fisher-Yates in place: for i from len-1 down to 1, swap i with below(i+1)."""
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]


def shuffled_deck(number: int) -> tuple[Card, ...]:
    """The 52 cards as the generator deals them for ``number``."""
    cards = list(DECK)
    shuffle(cards, SplitMix64(number))
    return tuple(cards)


PUBLISHED: dict[tuple[str, int], str] = {
    # Seed 000's PY1-N-AAAAAAS: the pyramid row by row from the top, then the waste.
    ("pyramide", 18): "JD 6C 7H AS 4D QS 5H 3D 6H 8S KH KC AD KS 9C QC 2C 8D 10D 10S JS "
    "7C 10C 3H 4H 3S KD 7S 7D",
}
"""Deals published with their code before the generator: the preset and number of
the code, and the cards the publication shows in dealing order (the 28 pyramid
slots, then the waste). The rest of the deck follows in the order a listing that
shows no stock gets: the new-deck order shuffled by the generator seeded with 0
(``engine.listing``). See ``docs/deal-codes.md``."""


def deck_order(code: DealCode) -> tuple[Card, ...]:
    """The 52 cards ``code`` deals, in dealing order: the published cards where
    :data:`PUBLISHED` has its preset and number, else the generator's shuffle of
    the number."""
    number = code.number
    published = PUBLISHED.get((code.rules.name, number))
    if published is None:
        return shuffled_deck(number)
    shown = [Card.parse(text) for text in published.split()]
    rest = [card for card in DECK if card not in set(shown)]
    shuffle(rest, SplitMix64(0))
    return (*shown, *rest)


def number_to_letters(number: int) -> str:
    """The 7 letters of ``number`` (base 26, A=0)."""
    if not 0 <= number <= MAX_NUMBER:
        raise DealCodeError(f"deal number out of range 0..{MAX_NUMBER}: {number}")
    letters = []
    for _ in range(LETTERS):
        number, digit = divmod(number, 26)
        letters.append(chr(ord("A") + digit))
    return "".join(reversed(letters))


def letters_to_number(letters: str) -> int:
    """The number of 7 letters ``A``-``Z``.

    Raises:
        DealCodeError: wrong length or a character that is not A-Z.
    """
    if len(letters) != LETTERS:
        raise DealCodeError(
            f"the deal part must have {LETTERS} letters, not {len(letters)}: {letters!r}"
        )
    number = 0
    for ch in letters:
        if not "A" <= ch <= "Z":
            raise DealCodeError(f"the deal part may hold only letters A to Z, not {ch!r}")
        number = number * 26 + ord(ch) - ord("A")
    return number


def rules_to_letters(rules: Rules) -> str:
    """The rules part of a code.

    Raises:
        DealCodeError: the rules change an option that codes cannot name (undo limit,
            scoring, …) or have more than 9 passes.
    """
    preset = PRESETS[rules.name]
    out = _LETTER_OF_PRESET[rules.name]
    changed = rules.changed_options()
    if "recycles" in changed:
        if rules.recycles is None:
            out += "U"
        elif rules.recycles + 1 <= 9:
            out += str(rules.recycles + 1)
        else:
            raise DealCodeError("deal codes name at most 9 passes")
    if rules.strict_win:
        out += "S"
    if rules.stock_waste_pairs != preset.stock_waste_pairs:
        out += "W" if rules.stock_waste_pairs else "O"
    if rules.cover_pairs:
        out += "X"
    unnamed = set(changed) - {"recycles", "strict_win", "stock_waste_pairs", "cover_pairs"}
    if unnamed:
        raise DealCodeError(f"deal codes cannot name these options: {', '.join(sorted(unnamed))}")
    return out


def letters_to_rules(text: str) -> Rules:
    """The rules named by a code's rules part.

    Raises:
        DealCodeError: an unknown letter, or letters out of order or repeated.
    """
    if not text:
        raise DealCodeError("the rules part is empty: it starts with N, C or P")
    preset_name = _PRESET_LETTERS.get(text[0])
    if preset_name is None:
        raise DealCodeError(
            f"unknown rules letter {text[0]!r}: N is pyramide, C classic, P paciencia"
        )
    preset = PRESETS[preset_name]
    options: dict[str, object] = {}
    rest = text[1:]
    if rest[:1].isdigit() or rest[:1] == "U":
        digit, rest = rest[0], rest[1:]
        if digit == "0":
            raise DealCodeError("the number of passes must be 1 to 9, or U for unlimited")
        options["recycles"] = None if digit == "U" else int(digit) - 1
    order = "SWOX"
    last = -1
    for ch in rest:
        if ch not in order:
            raise DealCodeError(
                f"unknown variant letter {ch!r}: S strict win, W or O stock against "
                "waste on or off, X cover pair"
            )
        if order.index(ch) <= last or (ch == "O" and "W" in rest):
            raise DealCodeError(f"variant letters out of order or repeated in {text!r}")
        last = order.index(ch)
        if ch == "S":
            options["strict_win"] = True
        elif ch in "WO":
            options["stock_waste_pairs"] = ch == "W"
        else:
            options["cover_pairs"] = True
    rules = preset.with_options(**options)
    if rules_to_letters(rules) != text:
        raise DealCodeError(
            f"the rules part {text!r} names an option the preset already has; "
            f"write {rules_to_letters(rules)!r}"
        )
    return rules


@dataclass(frozen=True, slots=True)
class DealCode:
    """A parsed deal code: the rules and the deal number."""

    rules: Rules
    number: int

    def __str__(self) -> str:
        return f"{PREFIX}-{rules_to_letters(self.rules)}-{number_to_letters(self.number)}"


def code_text(rules: Rules, number: int) -> str | None:
    """The code of deal ``number`` under ``rules`` (``PY1-C3-…``), or None when no
    code names it: the rules change an option codes cannot name, or the number is
    out of range. Never raises."""
    try:
        return str(DealCode(rules, number))
    except DealCodeError:
        return None


_CODE_RE = re.compile(r"^([^-]*)-([^-]*)-([^-]*)$")


def parse_code(text: str) -> DealCode:
    """Read a code like ``PY1-N-AAAAAAS`` (case and surrounding spaces ignored).

    Raises:
        DealCodeError: the message names what is wrong (prefix, parts, rules
            letters, length or letters of the deal part).
    """
    cleaned = text.strip().upper()
    match = _CODE_RE.match(cleaned)
    if not match:
        raise DealCodeError(
            f"a deal code has three parts joined by hyphens, like PY1-N-AAAAAAS: {text!r}"
        )
    prefix, rules_part, letters = match.groups()
    if prefix != PREFIX:
        raise DealCodeError(f"a deal code starts with {PREFIX}, not {prefix!r}")
    rules = letters_to_rules(rules_part)
    return DealCode(rules, letters_to_number(letters))
