"""The test kit: the one way the tests name the languages, turn a deal code into a
game, and make a session.

- :data:`LANGUAGES`: the shipped language codes, read from the game's registry
  (:data:`pyramide_a11y.i18n.LANGUAGES`), in its order.
- :func:`deal`: a deal code (with other rules, if given) as a :class:`GameSource`.
- :data:`NO_HINT`: a hint finder that never finds one.
- :func:`shared_data`: a folder of the data shared beside the repository
  (``PYRAMIDE_SHARED``, else ``../shared``), or the test fails saying where it looked.
- :func:`make_session`: a :class:`Session` on a code or a source, in a language,
  strict by default (a fault fails the test instead of being answered); with a
  ``speaker`` or ``cues`` it is the terminal's spoken session.
- :func:`apart`: a call on a thread of its own, in the caller's context (for
  ``asyncio.run`` after a browser test).

Tests import it by bare name (``tests/conftest.py`` puts ``tests/`` on the path):
``from kit import LANGUAGES, deal, make_session``.
"""

from __future__ import annotations

import contextvars
import os
import random
import signal
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import ParamSpec, TypedDict, TypeVar, Unpack, cast

import pytest

from pyramide_a11y.core.answer import Answer
from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.hinting import HintFinder
from pyramide_a11y.core.par import ParFinder
from pyramide_a11y.core.session import Session
from pyramide_a11y.core.settings import Settings
from pyramide_a11y.core.sources import GameSource
from pyramide_a11y.core.timer import GameTimer
from pyramide_a11y.engine import Layout, Rules, parse_code
from pyramide_a11y.i18n import LANGUAGES as _SHIPPED
from pyramide_a11y.speech.base import Speaker
from pyramide_a11y.speech.cue_player import CueSink
from pyramide_a11y.terminal.spoken_outlet import spoken_session

__all__ = [
    "LANGUAGES",
    "NO_HINT",
    "SHARED_ENV",
    "SessionOptions",
    "apart",
    "deal",
    "make_session",
    "shared_data",
]

_P = ParamSpec("_P")
_R = TypeVar("_R")

LANGUAGES: tuple[str, ...] = tuple(_SHIPPED)
"""Every language the game ships, in the registry's order (``pt_PT``, ``pt_BR``,
``en`` today). A test that needs only some of them filters this and says why."""


NO_HINT = cast(HintFinder, lambda knowledge, budget, cancelled: None)
"""A hint finder that finds nothing, at once (the hint job's result is None):
``make_session(code, hint_finder=NO_HINT)`` for a session that never searches
(``hint_finder=None`` would be the solver's)."""


def deal(code: str, rules: Rules | None = None) -> GameSource:
    """The game of deal code ``code``: its layout, under its own rules, or under
    ``rules`` when given (the source's code is still ``code``'s canonical form, so a
    variant played on a code's layout keeps the code it was dealt from).

    Raises:
        DealCodeError: ``code`` is not a deal code.
    """
    parsed = parse_code(code)
    return GameSource(Layout.from_code(parsed), rules or parsed.rules, str(parsed))


class SessionOptions(TypedDict, total=False):
    """What :func:`make_session` passes on to :class:`Session` unchanged."""

    settings: Settings
    storage: GameStorage | None
    timer: GameTimer | None
    hint_finder: HintFinder | None
    par_finder: ParFinder | None
    emit: Callable[[Answer], None] | None
    rng: random.Random | None
    keyboard_keys: bool


def make_session(
    source_or_code: GameSource | str,
    language: str = "en",
    *,
    speaker: Speaker | None = None,
    cues: CueSink | None = None,
    strict: bool = True,
    **options: Unpack[SessionOptions],
) -> Session:
    """A session on ``source_or_code`` (a :class:`GameSource`, or a deal code read by
    :func:`deal`).

    Its settings are ``Settings(language=language)`` unless ``settings`` is given
    (then ``language`` is not used). With a ``speaker`` or ``cues`` the session is
    the terminal's (:func:`~pyramide_a11y.terminal.spoken_outlet.spoken_session`: each
    answer's cue played, then its words spoken); with neither it has no outlet.
    ``strict`` (the default) makes a fault inside the session raise instead of being
    answered as an unknown command. The other ``options`` (``storage``, ``timer``,
    ``hint_finder``, ``par_finder``, ``emit``, ``rng``, ``keyboard_keys``) are
    :class:`Session`'s, passed on unchanged: ``hint_finder`` and ``par_finder`` None
    are the solver's, as there.

    The language in use in the test (``set_language``) is not changed: the session
    enters its own for each call.
    """
    source = deal(source_or_code) if isinstance(source_or_code, str) else source_or_code
    options.setdefault("settings", Settings(language=language))
    if speaker is not None or cues is not None:
        session = spoken_session(source, speaker=speaker, cues=cues, **options)
    else:
        session = Session(source, **options)
    session.strict = strict
    return session


SHARED_ENV = "PYRAMIDE_SHARED"
"""The environment variable naming the shared data folder (the one holding
``bench/msc-1500``), for a checkout that is not beside it."""
SHARED_SENTENCE = (
    "The solver tests read the shared data folder: `../shared` next to this repository, "
    f"or set `{SHARED_ENV}` to the folder that holds it (`bench/msc-1500`)."
)
"""Said by the README next to the test command, and by a test that misses the data."""
_BESIDE_THE_REPOSITORY = Path(__file__).resolve().parents[1].parent / "shared"
"""``shared/`` next to the repository (this file is ``<repository>/tests/kit.py``),
where ``benchmarks/solver.py`` looks for ``--msc-dir`` too."""


def shared_data(*parts: str) -> Path:
    """The folder ``parts`` (e.g. ``"bench", "msc-1500"``) of the shared data: under
    ``$PYRAMIDE_SHARED`` when it is set, else under the ``shared/`` folder next to
    the repository.

    The data is not optional (CI has it): when the folder is in neither place the
    calling test fails (``pytest.fail``), naming the places looked at and how to
    point at it, instead of being skipped.
    """
    bases = [Path(os.environ[SHARED_ENV])] if os.environ.get(SHARED_ENV) else []
    bases.append(_BESIDE_THE_REPOSITORY)
    for base in bases:
        if (base.joinpath(*parts)).is_dir():
            return base.joinpath(*parts)
    looked = ", ".join(str(base.joinpath(*parts)) for base in bases)
    pytest.fail(
        f"the shared data folder {'/'.join(parts)} is missing (looked in {looked}). "
        f"{SHARED_SENTENCE}",
        pytrace=False,
    )


def child_processes(pid: int) -> list[int]:
    """The living processes whose parent is ``pid`` (Linux's /proc; zombies left out)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def stopping_signals_by_default() -> None:
    """In a child, before it runs the program (``preexec_fn``): the stopping signals
    (SIGINT, SIGTERM, SIGHUP, SIGQUIT) as a program started from a terminal has
    them. A test run started under ``nohup``, or in the background of a shell
    without job control, ignores SIGHUP, SIGINT and SIGQUIT, every child inherits
    that, and the game keeps an ignored signal ignored (as a background job must):
    the signal sent would reach nothing."""
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
        signal.signal(signum, signal.SIG_DFL)


def wait_until(ready: Callable[[], bool], seconds: float = 30.0) -> bool:
    """Whether ``ready()`` came true within ``seconds`` (asked every 50 ms): a wait
    on what a test can see, never a sleep it hopes is long enough."""
    deadline = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def process_alive(pid: int) -> bool:
    """``pid`` runs (it exists and is no zombie)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def apart(function: Callable[_P, _R], *args: _P.args, **kwargs: _P.kwargs) -> _R:
    """``function(*args, **kwargs)`` run on a thread of its own, in a copy of the
    caller's context (its language, for one), its result or exception passed back.

    For ``asyncio.run`` and whatever calls it: a browser test before leaves the
    main thread's event loop running (Playwright's sync API), and there
    ``asyncio.run`` refuses to start, so the test would pass or fail by the order
    the files ran in."""
    context = contextvars.copy_context()

    def call() -> _R:
        return context.run(function, *args, **kwargs)

    with ThreadPoolExecutor(1) as thread:
        return thread.submit(call).result()
