"""The game engine: cards, rules presets, deal codes and layouts, positions,
games with undo and score. Pure: no I/O, no gettext, no interface imports.
"""

from .cards import DECK, RANKS, SUIT_GLYPHS, SUITS, Card, Rank, Suit
from .dealcode import DealCode, DealCodeError, parse_code
from .game import (
    Action,
    Cancel,
    Event,
    EventKind,
    Game,
    Observer,
    Outcome,
    Refusal,
    Select,
    Undo,
    new_game,
)
from .layout import Layout, LayoutError, LayoutProblem
from .listing import format_listing, parse_listing
from .moves import Draw, Move, Recycle, RemoveKing, RemovePair, cards_of, parse_move
from .position import Access, IllegalMoveError, Place, Position, Reason
from .rules import PRESETS, Rules, get_rules, parse_count, parse_rules

__all__ = [
    "DECK",
    "PRESETS",
    "RANKS",
    "SUITS",
    "SUIT_GLYPHS",
    "Access",
    "Action",
    "Cancel",
    "Card",
    "DealCode",
    "DealCodeError",
    "Draw",
    "Event",
    "EventKind",
    "Game",
    "IllegalMoveError",
    "Layout",
    "LayoutError",
    "LayoutProblem",
    "Move",
    "Observer",
    "Outcome",
    "Place",
    "Position",
    "Rank",
    "Reason",
    "Recycle",
    "Refusal",
    "RemoveKing",
    "RemovePair",
    "Rules",
    "Select",
    "Suit",
    "Undo",
    "cards_of",
    "format_listing",
    "get_rules",
    "new_game",
    "parse_code",
    "parse_count",
    "parse_listing",
    "parse_move",
    "parse_rules",
]
