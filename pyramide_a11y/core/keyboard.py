"""The loop's keys: keyboard mode's arrows, Enter, F2 and Esc, and the terminal's
focus reports (``loop.build_key_bindings`` calls :class:`Keyboard` directly).

Each key's answer comes from :class:`~.playing.Play`, is said through the
session's ``say`` (remembered for ``repeat``, spoken) and returned for the loop
to print. While the lesson runs, the keys would act on the game underneath it:
they get the sentence that the lesson takes typed lines instead.
"""

from __future__ import annotations

from collections.abc import Callable

from pyramide_a11y.core.answer import Answer
from pyramide_a11y.core.focus import Direction
from pyramide_a11y.core.playing import Play
from pyramide_a11y.narration import answers


class Keyboard:
    """The keys of one session. ``answer`` turns what a key did (its lines) into the
    session's answer: in its language, through the same guard as a typed line,
    with the news that came meanwhile, spoken (``Session.answer_key``);
    ``in_lesson`` tells whether the lesson runs now."""

    def __init__(
        self,
        play: Play,
        answer: Callable[[Callable[[], list[str]]], Answer],
        in_lesson: Callable[[], bool],
    ) -> None:
        self._play = play
        self._answer = answer
        self._in_lesson = in_lesson
        self._pressed: str | None = None

    def pressed(self, letter: str) -> None:
        """A one-key command's letter was pressed in keyboard mode: the line it sends
        next is answered as that key (:meth:`take_pressed`)."""
        self._pressed = letter.lower()

    def take_pressed(self, line: str) -> str | None:
        """The key that sent ``line`` (None: it was typed); asked once per line."""
        pressed, self._pressed = self._pressed, None
        return pressed if pressed is not None and line.strip().lower() == pressed else None

    @property
    def mode(self) -> bool:
        """Whether keyboard mode is on (the loop's key bindings read it); never
        during the lesson."""
        return self._play.focus.keyboard_mode and not self._in_lesson()

    def move_focus(self, direction: Direction) -> Answer:
        """An arrow (``left``, ``right``, ``up``, ``down``): the card focused now."""
        return self._key(lambda: self._play.move_focus(direction))

    def activate_focus(self) -> Answer:
        """Enter or Space on an empty line: select the focused card."""
        return self._key(self._play.activate_focus)

    def enter_mode(self) -> Answer:
        """F2 outside keyboard mode: enter it, announced in one sentence."""
        return self._key(lambda: self._play.switch_keyboard_mode(True))

    def leave_typing(self) -> Answer:
        """A typed character that is no one-key command: keyboard mode is off and the
        character begins a typed line; said in one sentence."""

        def leave() -> list[str]:
            self._play.switch_keyboard_mode(False)
            return answers.keyboard_left_typing()

        return self._answer(leave)

    def leave_mode(self) -> Answer:
        """F2: leave keyboard mode, said in one sentence."""
        return self._answer(lambda: self._play.switch_keyboard_mode(False))

    def escape(self) -> Answer:
        """Esc: close the hint or cancel the selection; leave keyboard mode."""
        return self._key(self._play.escape)

    def focus_lost(self) -> None:
        """The terminal lost focus: the clock pauses."""
        self._play.timer.pause()

    def focus_gained(self) -> None:
        """The terminal has focus again: the clock goes on."""
        self._play.timer.activity()

    def _key(self, act: Callable[[], list[str]]) -> Answer:
        return self._answer(answers.lesson_keys if self._in_lesson() else act)
