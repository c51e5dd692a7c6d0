"""A pseudo-locale: every translated string comes back wrapped in ``⟦ ⟧``.

Used by tests to prove that what the game prints went through gettext: remove
the wrapped parts of a line and only numbers, punctuation and deal codes may
remain. Placeholders are kept intact, so formatting still works.
"""

from __future__ import annotations

import gettext
import re

OPEN, CLOSE = "⟦", "⟧"


class PseudoTranslations(gettext.NullTranslations):
    """Wraps every message (each plural form, with or without context)."""

    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"


_WRAPPED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")


def untranslated_residue(text: str) -> str:
    """What is left of ``text`` once every wrapped (translated) part is removed,
    innermost first."""
    previous = None
    while previous != text:
        previous = text
        text = _WRAPPED.sub(" ", text)
    return text
