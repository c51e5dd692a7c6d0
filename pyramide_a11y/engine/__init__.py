"""The game engine: cards, rules presets, deal codes and layouts, positions,
games with undo and score. Pure: no I/O, no gettext, no interface imports.
"""

from .cards import DECK, RANKS, SUITS, Card, Rank, Suit
from .dealcode import DealCode, DealCodeError, parse_code
from .game import Event, EventKind, Game, Outcome, Refusal, new_game
from .layout import Layout, LayoutError
from .listing import format_listing, parse_listing
from .moves import Draw, Move, Recycle, RemoveKing, RemovePair, parse_move
from .position import Access, Place, Position, Reason
from .rules import PRESETS, Rules, get_rules, parse_count, parse_rules

__all__ = [
    "DECK",
    "PRESETS",
    "RANKS",
    "SUITS",
    "Access",
    "Card",
    "DealCode",
    "DealCodeError",
    "Draw",
    "Event",
    "EventKind",
    "Game",
    "Layout",
    "LayoutError",
    "Move",
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
    "Suit",
    "format_listing",
    "get_rules",
    "new_game",
    "parse_code",
    "parse_count",
    "parse_listing",
    "parse_move",
    "parse_rules",
]
