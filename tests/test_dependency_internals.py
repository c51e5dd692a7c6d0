"""The parts of prompt_toolkit, pyttsx3 and Prism (prismatoid) the game relies on,
private ones included, still have the shape it uses (issue 28).

pyproject.toml bounds these three libraries from above; before raising a bound,
install the new release and run this file. Each check binds the arguments the
game passes (``inspect.Signature.bind``) or uses the library as the game does,
so a renamed attribute, a moved table or a changed signature fails here first,
with the place in the game that needs it named in the test."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from pyramide_a11y.speech import screen_reader


def accepts(function: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
    """Whether ``function`` can be called with these arguments (nothing is called)."""
    try:
        inspect.signature(function).bind(*args, **kwargs)
    except TypeError:
        return False
    return True


def method_accepts(owner: type, name: str, *args: Any, **kwargs: Any) -> bool:
    """Whether ``instance.name(*args, **kwargs)`` fits the method's signature (a plain
    method takes the instance first; a static one does not)."""
    found = inspect.getattr_static(owner, name)
    if isinstance(found, staticmethod):
        return accepts(found.__func__, *args, **kwargs)
    return accepts(getattr(owner, name), None, *args, **kwargs)


# -- prompt_toolkit (terminal/loop.py) ----------------------------------------------------------


def test_prompt_toolkit_escape_table_still_feeds_the_parser() -> None:
    """terminal/loop.py adds the focus reports (ESC [ I, ESC [ O) to prompt_toolkit's
    ``ANSI_SEQUENCES`` so its input parser turns them into F23 and F24 keys."""
    from prompt_toolkit.input.ansi_escape_sequences import ANSI_SEQUENCES
    from prompt_toolkit.input.vt100_parser import Vt100Parser
    from prompt_toolkit.key_binding import KeyPress
    from prompt_toolkit.keys import Keys

    from pyramide_a11y.terminal.loop import FOCUS_IN, FOCUS_IN_KEY, FOCUS_OUT, FOCUS_OUT_KEY

    assert isinstance(ANSI_SEQUENCES, dict)
    saved = dict(ANSI_SEQUENCES)
    try:
        ANSI_SEQUENCES.setdefault(FOCUS_IN, FOCUS_IN_KEY)
        ANSI_SEQUENCES.setdefault(FOCUS_OUT, FOCUS_OUT_KEY)
        pressed: list[KeyPress] = []
        parser = Vt100Parser(pressed.append)
        parser.feed_and_flush(FOCUS_IN + "a" + FOCUS_OUT)
    finally:
        ANSI_SEQUENCES.clear()
        ANSI_SEQUENCES.update(saved)
    assert [p.key for p in pressed] == [Keys.F23, "a", Keys.F24]


def test_prompt_toolkit_calls_the_loop_makes_keep_their_shape() -> None:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.application import Application, run_in_terminal
    from prompt_toolkit.buffer import Buffer
    from prompt_toolkit.keys import Keys
    from prompt_toolkit.output import ColorDepth

    # run_prompt's PromptSession, with exactly its keyword arguments.
    assert accepts(
        PromptSession.__init__,
        None,
        key_bindings=None,
        input=None,
        output=None,
        complete_while_typing=False,
        enable_history_search=False,
        mouse_support=False,
        color_depth=ColorDepth.MONOCHROME,
        erase_when_done=False,
    )
    assert accepts(run_in_terminal, lambda: None)
    assert method_accepts(Buffer, "validate_and_handle")
    assert isinstance(Application.is_running, property)
    assert "self.loop" in inspect.getsource(Application.__init__)  # app.loop
    assert isinstance(Application.current_buffer, property)
    assert {Keys.F2, Keys.F23, Keys.F24, Keys.Any} <= set(Keys)


# -- pyttsx3 (speech/synth_worker.py) -----------------------------------------------------------


def test_pyttsx3_engine_keeps_its_driver_at_proxy_driver() -> None:
    """synth_worker.py reads ``engine.proxy._driver`` (private) to recognise espeak-ng
    and set its voice directly."""
    import pyttsx3
    from pyttsx3.driver import DriverProxy
    from pyttsx3.drivers.espeak import EspeakDriver
    from pyttsx3.engine import Engine
    from pyttsx3.voice import Voice

    assert accepts(pyttsx3.init)
    assert "self.proxy = " in inspect.getsource(Engine.__init__)
    assert "self._driver = " in inspect.getsource(DriverProxy.__init__)
    assert EspeakDriver.__name__ == "EspeakDriver"
    assert method_accepts(EspeakDriver, "setProperty", "voice", "roa/pt")
    assert method_accepts(Engine, "save_to_file", "texto", "/tmp/out.wav")
    assert method_accepts(Engine, "runAndWait")
    assert method_accepts(Engine, "setProperty", "rate", 175)
    assert method_accepts(Engine, "getProperty", "voices")
    assert {"id", "name", "languages"} <= set(inspect.signature(Voice.__init__).parameters)


@pytest.mark.skipif(sys.platform != "linux", reason="the espeak-ng driver is Linux's")
def test_pyttsx3_built_for_real_has_the_driver_where_the_worker_reads_it(tmp_path: Path) -> None:
    """In a child process, as the synthesis worker runs it (libespeak-ng1 installed:
    scripts/test's system packages)."""
    probe = (
        "import pyttsx3\n"
        "engine = pyttsx3.init()\n"
        "driver = engine.proxy._driver\n"
        "voice = next(iter(engine.getProperty('voices')))\n"
        "print(type(driver).__name__, callable(driver.setProperty),"
        " isinstance(voice.id, str), isinstance(voice.languages, list))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env={**os.environ},
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["EspeakDriver", "True", "True", "True"]


# -- Prism, prismatoid (speech/screen_reader.py) ------------------------------------------------


def test_prism_knows_every_screen_reader_backend_the_route_names() -> None:
    prism = pytest.importorskip("prism")
    names = set(prism.BackendId.__members__)
    assert set(screen_reader.READER_BACKENDS) <= names
    assert screen_reader.NOTIFICATION_BACKEND in names
    assert all(isinstance(int(getattr(prism.BackendId, n)), int) for n in names)


def test_prism_context_and_backend_calls_keep_their_shape() -> None:
    prism = pytest.importorskip("prism")
    context = prism.Context
    assert method_accepts(context, "__init__", None)  # Context(registry)
    assert isinstance(context.backends_count, property)
    for method, args in (
        ("id_of", (0,)),
        ("name_of", (1,)),
        ("priority_of", (1,)),
        ("acquire", (1,)),
        ("exists", (1,)),
    ):
        assert method_accepts(context, method, *args), method
    backend = prism.Backend
    assert method_accepts(backend, "speak", "texto", interrupt=True)
    assert method_accepts(backend, "braille", "texto")
    assert method_accepts(backend, "stop")
    assert hasattr(backend, "name") and hasattr(backend, "features")
    assert hasattr(prism.BackendFeatures, "supports_braille")


def test_prism_route_finds_and_speaks_through_a_registered_reader() -> None:
    """The route end to end on a real Prism registry (a reader of ours in it)."""
    prism = pytest.importorskip("prism")
    said: list[tuple[str, bool]] = []

    class Reader(prism.CustomBackend):  # type: ignore[misc, name-defined]
        def is_supported(self) -> bool:
            return True

        def speak(self, text: str, interrupt: bool) -> None:
            said.append((text, interrupt))

        def braille(self, text: str) -> None:
            said.append((f"braille: {text}", False))

        def stop(self) -> None:
            said.append(("stop", False))

    builder = prism.RegistryBuilder()
    reader_id = builder.add_backend("Leitor", Reader, priority=300)
    found, problem = screen_reader.find_reader(builder.freeze(), (reader_id,))
    assert problem is None and found is not None
    _context, backend = found
    assert backend.name == "Leitor"
    assert isinstance(backend.features.supports_braille, bool)  # type: ignore[attr-defined]
    backend.speak("Saiu rei de paus.", interrupt=True)
    assert said[-1] == ("Saiu rei de paus.", True)
