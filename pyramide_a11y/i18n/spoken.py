"""A message whose spoken form differs from its printed form, on purpose.

Most answers are spoken exactly as printed (``speech.sanitize`` only drops
markup and symbols). A few cannot be heard from their printed form: the help
line that lists the notation letters («10p, Ro ou Vc … o ouros, e espadas») is
read by a synthesiser as the article «o», the conjunction «e» and the syllable
«rô». Such a message returns :class:`Spoken`: a ``str`` (what is printed) that
also carries ``spoken`` (what is said), both from the catalogs.

The pair travels with the line: narration's ``sentence`` and ``join`` keep it
when they frame or join lines, and the app's ``Answer.speech_text`` gives the
speaker each line's :func:`spoken_form`.
"""

from __future__ import annotations


class Spoken(str):
    """``str(self)`` is printed; :attr:`spoken` is what speech says instead."""

    spoken: str

    def __new__(cls, printed: str, spoken: str) -> Spoken:
        self = super().__new__(cls, printed)
        self.spoken = spoken
        return self


def spoken_form(text: str) -> str:
    """What speech says for ``text``: its spoken form when it is :class:`Spoken`,
    else ``text`` itself."""
    return text.spoken if isinstance(text, Spoken) else text
