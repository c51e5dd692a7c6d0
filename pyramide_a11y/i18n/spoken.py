"""A message whose spoken form differs from its printed form, on purpose.

Most answers are spoken exactly as printed (``speech.sanitize`` only drops
markup and symbols). A few cannot be heard from their printed form: the help
line that lists the notation letters («10p, Ro ou Vc … o ouros, e espadas») is
read by a synthesiser as the article «o», the conjunction «e» and the syllable
«rô». Such a message returns :class:`Spoken`: a ``str`` (what is printed) that
also carries ``spoken`` (what is said), both from the catalogs.

Answers are joined and reframed as plain strings on their way to the speaker,
so the pair is also remembered here, printed → spoken, and
:func:`with_spoken_forms` (called by ``speech.sanitize.speakable``) puts the
spoken form back wherever the printed one reaches speech.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

_REMEMBERED = 64  # pairs kept: far more than one answer holds
_lock = threading.Lock()
_forms: OrderedDict[str, str] = OrderedDict()


class Spoken(str):
    """``str(self)`` is printed; :attr:`spoken` is what speech says instead."""

    spoken: str

    def __new__(cls, printed: str, spoken: str) -> Spoken:
        self = super().__new__(cls, printed)
        self.spoken = spoken
        if spoken != printed:
            with _lock:
                _forms[printed] = spoken
                _forms.move_to_end(printed)
                while len(_forms) > _REMEMBERED:
                    _forms.popitem(last=False)
        return self


def with_spoken_forms(text: str) -> str:
    """``text`` with every printed form of a :class:`Spoken` made so far replaced by
    its spoken form (longest first, so a form inside another does not cut it)."""
    with _lock:
        pairs = sorted(_forms.items(), key=lambda item: -len(item[0]))
    for printed, spoken in pairs:
        if printed in text:
            text = text.replace(printed, spoken)
    return text
