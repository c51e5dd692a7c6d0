"""Keys that would put the prompt into a mode nobody hears, made harmless.

prompt_toolkit's Emacs keys include modes that only show on screen: Ctrl-R and
Ctrl-S search the history (what is typed then goes into the search, Enter takes
whatever it found), Ctrl-Q inserts the next key as it is, Ctrl-Space and the
shifted arrows select text (the next letter replaces it), Escape and a digit
repeat the next key that many times, Ctrl-X ( records a macro, Ctrl-] jumps to
the next key typed. A player with a screen reader cannot see any of them begin.
Here each does nothing (after Ctrl-] the next key does what it always does):
no key leaves the prompt in a hidden mode.
"""

from __future__ import annotations

from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys

HIDDEN_MODE_KEYS: tuple[tuple[str, ...], ...] = (
    ("c-r",),  # reverse incremental search
    ("c-s",),  # forward incremental search
    ("c-q",),  # quoted insert
    ("c-v",),  # quoted insert (Vi's)
    ("c-@",),  # Ctrl-Space: the selection mark
    ("c-x", "c-x"),  # swap the selection's ends
    ("c-x", "("),  # start a keyboard macro
    ("c-x", ")"),
    ("c-x", "e"),  # play the macro
    ("escape", "-"),  # a negative repeat count
    *(("escape", digit) for digit in "0123456789"),  # a repeat count
    *((key,) for key in ("s-left", "s-right", "s-up", "s-down", "s-home", "s-end")),
    *((key,) for key in ("c-s-left", "c-s-right", "c-s-home", "c-s-end")),
)
"""The key sequences that would enter a hidden mode."""


def add_quiet_keys(kb: KeyBindings) -> None:
    """Bind every :data:`HIDDEN_MODE_KEYS` to nothing in ``kb`` (bindings given to a
    ``PromptSession`` win over its own)."""

    def nothing(event: KeyPressEvent) -> None:
        return None

    for keys in HIDDEN_MODE_KEYS:
        kb.add(*keys)(nothing)

    @kb.add("c-]", Keys.Any)
    def _typed(event: KeyPressEvent) -> None:
        # Ctrl-] waits for a key to jump to: that key does what it always does
        # instead (a letter is typed, Enter sends the line), never lost.
        event.key_processor.feed(event.key_sequence[-1], first=True)
