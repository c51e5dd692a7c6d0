"""Everything the web front end takes from the play core, in one place."""

from __future__ import annotations

from pyramide_a11y.core.answer import Answer
from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.hinting import HintFinder
from pyramide_a11y.core.par import ParFinder
from pyramide_a11y.core.session import Session
from pyramide_a11y.core.settings import Settings
from pyramide_a11y.core.sources import GameSource, coded_source, random_deal
from pyramide_a11y.core.timer import GameTimer

__all__ = [
    "Answer",
    "GameSource",
    "GameStorage",
    "GameTimer",
    "HintFinder",
    "ParFinder",
    "Session",
    "Settings",
    "coded_source",
    "random_deal",
]
