"""Narration: events, refusals and the table in sentences, through gettext.

An observer of the engine: it returns text and never speaks or prints.
"""

from .card_words import (
    card_list,
    card_name,
    card_notation,
    move_notation,
    rank_name,
    row_name,
    suit_name,
)
from .narrator import Style, Verbosity, describe, join, sentence

__all__ = [
    "Style",
    "Verbosity",
    "card_list",
    "card_name",
    "card_notation",
    "describe",
    "join",
    "move_notation",
    "rank_name",
    "row_name",
    "sentence",
    "suit_name",
]
