"""Sample arguments for every function of ``narration/messages.py``, read from
its signatures, so a test can render every message without listing them."""

from __future__ import annotations

import functools
import inspect
import typing
from collections.abc import Callable, Iterator
from types import ModuleType

from pyramide_a11y.engine import (
    PRESETS,
    Card,
    LayoutError,
    LayoutProblem,
    Rank,
    Reason,
    Rules,
    Suit,
)
from pyramide_a11y.narration import messages as m


def message_functions(module: ModuleType = m) -> list[tuple[str, Callable[..., str]]]:
    """The public functions of ``module`` that return a sentence."""
    found: list[tuple[str, Callable[..., str]]] = []
    for name, function in inspect.getmembers(module, inspect.isfunction):
        if name.startswith("_") or function.__module__ != module.__name__:
            continue
        if typing.get_type_hints(function).get("return") is str:
            found.append((name, function))
    return found


def _hints(function: Callable[..., str]) -> dict[str, object]:
    hints = typing.get_type_hints(function)
    hints.pop("return", None)
    return hints


def takes_a_card(function: Callable[..., str]) -> bool:
    """Whether a parameter of ``function`` is a card, cards or a rank."""
    return any("Card" in str(kind) or "Rank" in str(kind) for kind in _hints(function).values())


_DEFAULTS: dict[str, object] = {
    "text": "xyz",
    "path": "deal.txt",
    "focused": "ten of clubs",
    "what": "Drew king of spades",
    "preset": "Pyramide",
    "name": "classic",
    "code": "PY1-N-AAAAAAS",
    "pairs": ["ten of clubs with three of spades", "king of hearts alone"],
    "moves": ["ten of clubs with three of spades", "king of hearts alone"],
    "variants": ["strict win", "cover pairs"],
    "voices": ["roa/pt", "roa/pt-BR"],
    "voice": "roa/pt-BR",
    "example": "roa/pt+f1",
    "backend": "espeak-ng",
    "in_use": "roa/pt",
}


def sample_value(name: str, kind: object, card: Card, rank: Rank) -> object:
    """A value for parameter ``name`` of type ``kind``, built around ``card``."""
    text = str(kind)
    if kind is Rank or "Rank" in text:
        return rank
    if kind is Card or text == "pyramide_a11y.engine.cards.Card | None":
        return card
    if "tuple[pyramide_a11y.engine.cards.Card" in text:
        return (card,)
    if kind is Reason:
        return Reason.NOT_A_KING
    if kind is Rules:
        return PRESETS["pyramide"]
    if kind is LayoutError:
        return LayoutError("twice", LayoutProblem.DOUBLES, cards=str(card))
    if kind is int or text == "int | None":
        return 3
    if kind is float:
        return 2.5
    if kind is bool:
        return True
    if name in _DEFAULTS:
        return _DEFAULTS[name]
    if kind is str:
        return "xyz"
    raise AssertionError(f"no sample for {name}: {kind}")


def calls(card: Card) -> Iterator[tuple[str, Callable[[], str]]]:
    """Every message function, with arguments around ``card`` (a rank takes its rank)."""
    for name, function in message_functions():
        args = {
            param: sample_value(param, kind, card, card.rank)
            for param, kind in _hints(function).items()
        }
        yield name, functools.partial(function, **args)


def sample_cards() -> list[Card]:
    """Every rank, each suit at least once."""
    suits = list(Suit)
    return [Card.of(rank, suits[i % len(suits)]) for i, rank in enumerate(Rank)]
