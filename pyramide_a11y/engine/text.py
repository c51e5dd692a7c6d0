"""Folding text for lenient reading: the one fold every reader of typed or listed
text uses, so «Ás», «ÁS» and «as» read alike.

Pure (``unicodedata`` only), so the engine's listing reader and the command
syntax above it can share it.
"""

from __future__ import annotations

import unicodedata


def fold(text: str) -> str:
    """``text`` in lower case, accents removed (compatibility forms too, such as
    full-width digits), runs of white space collapsed to one space, no space at
    either end."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(bare.split())
