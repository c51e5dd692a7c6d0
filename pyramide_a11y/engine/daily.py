"""The deal of the day: one deal number per date and rules, the same for everyone.

The rule (documented in the guides, and pinned by a test): take the text
``pyramide-daily:<ISO date>:<rules>``, where ``<rules>`` is ``str(rules)``
(``pyramide``, ``classic(passes=3)``), encode it as UTF-8, hash it with SHA-256,
read the first 8 bytes of the digest as a big-endian unsigned number, and reduce
it modulo ``26**7`` (the deal numbers a code can name). No clock is read here: the
caller passes the date (the player's local date).
"""

from __future__ import annotations

import datetime
import hashlib

from .dealcode import LETTERS, DealCode
from .rules import Rules

SALT = "pyramide-daily"


def daily_number(day: datetime.date, rules: Rules) -> int:
    """The deal number of ``day``'s deal under ``rules`` (0 … 26**7 - 1)."""
    text = f"{SALT}:{day.isoformat()}:{rules}"
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    number: int = int.from_bytes(digest[:8], "big") % 26**LETTERS
    return number


def daily_code(day: datetime.date, rules: Rules) -> DealCode:
    """``day``'s deal under ``rules``."""
    return DealCode(rules, daily_number(day, rules))
