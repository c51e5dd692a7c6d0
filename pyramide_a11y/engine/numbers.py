"""Numbers as the player types them, read one way everywhere: the game's typed
commands (``row 3``, ``rate 180``, ``think 2,5``) and the command line's options
(``--passes 3``, ``--recycles 2``, ``--timeout 2.5``).

A number is written with the ASCII digits 0-9 only, with ordinary spaces or tabs
around it (taken off) and nothing else: no other script's digits (``٣``),
no full-width ones (``１２``), no ``_`` between digits (``1_000``, which Python
itself would take), no other space (a non-breaking space). A decimal has one
``.`` or ``,``. Anything else is not a number: the caller says so in one
sentence, echoing what was typed cut to a bound (:func:`.messages.echoed`). A
number with more digits than the largest value allowed has is out of range
before it is converted: a 5,000-digit value costs nothing and is never echoed
whole.

Pure (``re`` and ``math`` only), beside :func:`.text.fold`: the command syntax
and the command line share it, and the command line reads its options without
loading the commands package (``tests/cli/test_cli_startup_imports.py``).
"""

from __future__ import annotations

import enum
import math
import re

ORDINARY_SPACES = " \t"
"""What is taken off around a number (a non-breaking space is not)."""

_WHOLE = re.compile(r"[+-]?[0-9]+")
_DIGITS = re.compile(r"\+?[0-9]+")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)")


class NumberProblem(enum.Enum):
    """Why a typed value is not a number the caller can take."""

    NOT_A_NUMBER = "not_a_number"
    OUT_OF_RANGE = "out_of_range"


def read_whole(text: str, low: int, high: int) -> int | NumberProblem:
    """The whole number ``text`` writes (see the module), if it lies from ``low``
    to ``high``; else why not."""
    written = text.strip(ORDINARY_SPACES)
    if _WHOLE.fullmatch(written) is None:
        return NumberProblem.NOT_A_NUMBER
    digits = written.lstrip("+-").lstrip("0")
    if len(digits) > len(str(max(abs(low), abs(high)))):
        return NumberProblem.OUT_OF_RANGE
    value = int(written)
    return value if low <= value <= high else NumberProblem.OUT_OF_RANGE


def read_decimal(text: str, low: float, high: float) -> float | NumberProblem:
    """The number ``text`` writes, a decimal point or comma allowed (see the
    module), if it lies from ``low`` to ``high``; else why not."""
    written = text.strip(ORDINARY_SPACES)
    if _DECIMAL.fullmatch(written) is None:
        return NumberProblem.NOT_A_NUMBER
    whole = written.lstrip("+-").replace(",", ".").split(".")[0].lstrip("0")
    if len(whole) > len(str(int(max(abs(low), abs(high))))):
        return NumberProblem.OUT_OF_RANGE
    value = float(written.replace(",", "."))
    if not math.isfinite(value) or not low <= value <= high:
        return NumberProblem.OUT_OF_RANGE
    return value


def is_plain_whole(text: str) -> bool:
    """``text`` is written as a whole number 0 or more (ASCII digits, a ``+`` at
    most, ordinary spaces around), whatever its size."""
    return _DIGITS.fullmatch(text.strip(ORDINARY_SPACES)) is not None
