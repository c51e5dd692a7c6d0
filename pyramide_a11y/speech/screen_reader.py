"""The ``screen-reader`` route: answers go to the running screen reader's own voice.

Through Prism (PyPI ``prismatoid``, module ``prism``, MPL-2.0), which talks to
NVDA, JAWS, Narrator (UI Automation), VoiceOver, Orca (D-Bus) and others: each
answer is spoken with interrupt, in the voice, rate and language the player set
in their screen reader, and sent to the braille display where the reader has
one. Prism is imported lazily: where no wheel exists it is simply missing, and
:func:`open_reader` says so (:class:`ReaderProblem`).

Prism also lists text-to-speech engines (SAPI, speech-dispatcher…); only screen
readers count here (:data:`READER_BACKENDS`), since the point is the player's
own reader. Every Prism call that may block (a D-Bus call to a hung reader) runs
in a helper thread and is abandoned after :data:`CALL_SECONDS`.
"""

from __future__ import annotations

import enum
import importlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from pyramide_a11y.i18n import DEFAULT_LANGUAGE
from pyramide_a11y.narration.system_errors import prism_not_starting, readers_not_answering

from .background import BackgroundSpeaker, Utterance
from .base import FailureKind

MODULE = "prism"
PACKAGE = "prismatoid"
CALL_SECONDS = 2.0

# Prism's BackendId member names of screen readers (not plain speech engines).
READER_BACKENDS = (
    "NVDA",
    "JAWS",
    "VOICE_OVER",
    "ORCA",
    "ZDSR",
    "ZOOM_TEXT",
    "BOY_PC_READER",
    "PC_TALKER",
    "SENSE_READER",
    "SYSTEM_ACCESS",
    "WINDOW_EYES",
    "ANDROID_SCREEN_READER",
)
# UI Automation notifications reach Narrator (and any reader listening): used only
# when the platform says a screen reader is on but Prism found none by name.
NOTIFICATION_BACKEND = "UIA"


class ReaderOutput(Protocol):
    """What the route needs from a Prism backend (a test may give a fake)."""

    @property
    def name(self) -> str: ...

    def speak(self, text: str, interrupt: bool = False) -> None: ...

    def braille(self, text: str) -> None: ...

    def stop(self) -> None: ...


class ReaderMissing(enum.Enum):
    """Why the screen-reader route cannot speak."""

    PRISM = "prism"  # the prismatoid package is not installed (or has no wheel here)
    NO_READER = "no reader"  # Prism reaches no running screen reader


@dataclass(frozen=True)
class ReaderProblem:
    """Why the route is silent; ``detail`` is the technical error, for ``pyramide voice``."""

    missing: ReaderMissing
    detail: str = ""


@dataclass(frozen=True)
class PrismReport:
    """What Prism found, for ``pyramide voice``: screen readers it can reach now and
    every backend it knows on this system (reachable or not)."""

    readers: tuple[str, ...]
    known: tuple[str, ...]
    problem: ReaderProblem | None = None


def load_prism() -> Any | None:
    """The ``prism`` module, or None when it is not installed or will not load."""
    try:
        return importlib.import_module(MODULE)
    except Exception:  # ImportError, or a native library that will not load
        return None


_T = TypeVar("_T")


def bounded(call: Callable[[], _T], seconds: float = CALL_SECONDS) -> _T | None:
    """``call()`` in a helper thread; its value, or None if it raised or overran
    ``seconds`` (the thread is then left to end on its own)."""
    box: list[_T] = []

    def run() -> None:
        try:
            box.append(call())
        except Exception:
            return

    thread = threading.Thread(target=run, name="prism-call", daemon=True)
    thread.start()
    thread.join(seconds)
    return box[0] if box else None


def _candidates(prism: Any, context: Any, reader_ids: tuple[int, ...] | None) -> list[Any]:
    """Screen-reader backend ids the context knows, highest priority first."""
    if reader_ids is None:
        wanted = {int(getattr(prism.BackendId, n)) for n in READER_BACKENDS}
    else:
        wanted = set(reader_ids)
    ids = [context.id_of(i) for i in range(context.backends_count)]
    found = [i for i in ids if int(i) in wanted]
    return sorted(found, key=lambda i: -int(context.priority_of(i)))


def _acquire(context: Any, backend_id: Any) -> Any | None:
    return bounded(lambda: context.acquire(backend_id))


def find_reader(
    registry: Any = None, reader_ids: tuple[int, ...] | None = None, notifications: bool = False
) -> tuple[tuple[Any, ReaderOutput] | None, ReaderProblem | None]:
    """The running screen reader Prism reaches, as ``(context, backend)``, or the problem.

    ``registry`` and ``reader_ids`` are for tests (a Prism registry with a custom
    backend, and which ids count as readers). ``notifications``: fall back to UI
    Automation notifications (the platform says a reader is on). Keep the context
    alive as long as the backend.
    """
    prism = load_prism()
    if prism is None:
        return None, ReaderProblem(ReaderMissing.PRISM)
    context = bounded(lambda: prism.Context(registry))
    if context is None:
        return None, ReaderProblem(ReaderMissing.PRISM, prism_not_starting())
    ids = _candidates(prism, context, reader_ids)
    if notifications and hasattr(prism.BackendId, NOTIFICATION_BACKEND):
        uia = getattr(prism.BackendId, NOTIFICATION_BACKEND)
        ids += [uia] if context.exists(uia) else []
    for backend_id in ids:
        backend = _acquire(context, backend_id)
        if backend is not None:
            return (context, backend), None
    names = ", ".join(context.name_of(i) for i in ids)
    tried = readers_not_answering(names) if names else ""
    return None, ReaderProblem(ReaderMissing.NO_READER, tried)


def prism_reader_name() -> str | None:
    """The name of the screen reader Prism reaches now, or None (also without Prism)."""
    found, _problem = find_reader()
    return None if found is None else found[1].name


def prism_report(registry: Any = None) -> PrismReport:
    """What Prism knows here, for ``pyramide voice``."""
    prism = load_prism()
    if prism is None:
        return PrismReport((), (), ReaderProblem(ReaderMissing.PRISM))
    context = bounded(lambda: prism.Context(registry))
    if context is None:
        return PrismReport((), (), ReaderProblem(ReaderMissing.PRISM, prism_not_starting()))
    ids = [context.id_of(i) for i in range(context.backends_count)]
    known = tuple(context.name_of(i) for i in ids)
    readers = []
    for backend_id in _candidates(prism, context, None):
        if _acquire(context, backend_id) is not None:
            readers.append(context.name_of(backend_id))
    problem = None if readers else ReaderProblem(ReaderMissing.NO_READER)
    return PrismReport(tuple(readers), known, problem)


class ScreenReaderSpeaker(BackgroundSpeaker):
    """Speaks each answer through the screen reader (interrupting it) and shows it
    in braille where the reader can. The reader's own voice and rate apply: the
    game's rate and volume are not sent (the player set them in the reader)."""

    name = "screen-reader"

    def __init__(
        self, output: ReaderOutput, language: str = DEFAULT_LANGUAGE, *, keep: Any = None
    ) -> None:
        self.output = output
        self._keep = keep  # the Prism context the backend belongs to
        self.braille = _supports_braille(output)
        self.reader = output.name
        super().__init__(language, None)

    def stop(self) -> None:
        super().stop()
        bounded(self.output.stop, 0.5)

    def _speak(self, utterance: Utterance) -> None:
        text, output = utterance.text, self.output

        def speak() -> bool:
            output.speak(text, interrupt=True)
            return True

        done = bounded(speak)
        if done is None:
            self._failed(self.reader, FailureKind.FAILING, f"{self.reader}: speak failed")
            return
        if self.braille:
            bounded(lambda: self.output.braille(text), 0.5)
        with self._lock:
            self.failures = 0
        self.spoken += 1

    def _release(self) -> None:
        self.output = _Closed()
        self._keep = None


class _Closed:
    name = "closed"

    def speak(self, text: str, interrupt: bool = False) -> None:
        pass

    def braille(self, text: str) -> None:
        pass

    def stop(self) -> None:
        pass


def _supports_braille(output: ReaderOutput) -> bool:
    features = getattr(output, "features", None)
    return bool(getattr(features, "supports_braille", True))


def open_reader(
    language: str = DEFAULT_LANGUAGE,
    *,
    registry: Any = None,
    reader_ids: tuple[int, ...] | None = None,
    notifications: bool = False,
) -> tuple[ScreenReaderSpeaker | None, ReaderProblem | None]:
    """The screen-reader route for ``language``, or why it cannot speak."""
    found, problem = find_reader(registry, reader_ids, notifications)
    if found is None:
        return None, problem
    context, backend = found
    return ScreenReaderSpeaker(backend, language, keep=context), None
