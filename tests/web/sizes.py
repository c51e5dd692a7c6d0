"""The page's sizes of issue 34 (Playwright context options) and the one removal a
player sees on the table, shared by ``test_web_geometry`` and
``benchmarks/page_geometry``."""

from __future__ import annotations

from typing import Any

from pyramide_a11y.engine import Card

SIZES: dict[str, dict[str, Any]] = {
    "phone": {
        "viewport": {"width": 412, "height": 915},
        "device_scale_factor": 2.625,
        "is_mobile": True,
        "has_touch": True,
    },
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    # 200% zoom of the 1280 × 800 window: half the CSS pixels, twice the density.
    "zoom200": {"viewport": {"width": 640, "height": 400}, "device_scale_factor": 2},
}


def removal(free: list[str]) -> list[str] | None:
    """A King, or a pair that sums 13, among the cards ``free`` (canonical codes of
    the free cards and the tops), as a player sees them; None when there is none."""
    cards = [Card.parse(code) for code in free]
    for a in cards:
        if a.rank.value == 13:
            return [str(a)]
        for b in cards:
            if a.rank.value + b.rank.value == 13:
                return [str(a), str(b)]
    return None
