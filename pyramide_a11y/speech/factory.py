"""Choose and open a speech backend, or say what is missing.

:func:`open_speaker` never raises for a missing backend: it returns a
:class:`SpeakerChoice` whose speaker is silent and whose :class:`SpeechProblem`
names what is missing and how to install it, so the game narrates that in one
line and goes on as text.
"""

from __future__ import annotations

import importlib.util
import io
import shutil
import subprocess
import sys
import tempfile
import wave
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pyramide_a11y.i18n import DEFAULT_LANGUAGE
from pyramide_a11y.narration.speech_words import Missing as Missing
from pyramide_a11y.narration.system_errors import speech_timed_out

from . import winsound_player
from .background import BackgroundSpeaker
from .base import SilentSpeaker, Speaker
from .detect import running_screen_reader
from .espeak_backend import PROGRAM as ESPEAK_NG
from .espeak_backend import EspeakNgSpeaker
from .player import (
    PLAYER_ENV,
    PlayerUnusable,
    default_player,
    in_process,
    reads_stdin,
    with_file,
)
from .pyttsx3_backend import Pyttsx3Speaker, WorkerError
from .screen_reader import PACKAGE as PRISM_PACKAGE
from .screen_reader import ReaderMissing, ReaderProblem, open_reader
from .ssip import SsipError, socket_path
from .ssip_backend import SERVER as SSIP_SERVER
from .ssip_backend import ServerNotStarted, SsipSpeaker, listens

BACKENDS = ("pyttsx3", "espeak-ng", "speech-dispatcher", "none")
"""The game's own voices (self-voicing), then none."""
SCREEN_READER = "screen-reader"
"""The route through the running screen reader's own voice (Prism)."""
CHOICES = ("auto", SCREEN_READER, *BACKENDS)
PROBE_SECONDS = 3.0


@dataclass(frozen=True)
class SpeechProblem:
    """Why a backend cannot speak, in parts the app puts into one translated sentence.

    ``what``: the missing thing's name (a package or program name, never
    translated); ``install``: a command or place that provides it on this
    system (may be empty); ``detail``: the technical error, for ``pyramide voice``.
    """

    backend: str
    missing: Missing
    what: str
    install: str
    detail: str = ""


@dataclass(frozen=True)
class SpeakerChoice:
    """The speaker to use; ``problem`` is set when speech was wanted but is missing;
    ``screen_reader`` names the running screen reader when ``auto`` chose silence."""

    speaker: Speaker
    problem: SpeechProblem | None = None
    screen_reader: str | None = None


def _linux_family() -> str:
    try:
        text = Path("/etc/os-release").read_text().lower()
    except OSError:
        return ""
    ids = " ".join(
        line.split("=", 1)[1].strip('"')
        for line in text.splitlines()
        if line.startswith(("id=", "id_like="))
    )
    if "fedora" in ids or "rhel" in ids:
        return "fedora"
    if "debian" in ids or "ubuntu" in ids:
        return "debian"
    return ""


def install_hint(packages: dict[str, str]) -> str:
    """The install command for this system from ``{"debian": …, "fedora": …,
    "win32": …, "darwin": …}`` (package names or instructions)."""
    if sys.platform.startswith("linux"):
        family = _linux_family()
        if family == "fedora":
            return f"sudo dnf install {packages['fedora']}"
        if family == "debian":
            return f"sudo apt install {packages['debian']}"
        return packages["debian"]
    return packages.get(sys.platform, "")


_PYTTSX3_LIBRARY = {
    "debian": "libespeak-ng1",
    "fedora": "espeak-ng",
    "win32": "pip install --force-reinstall pyttsx3",
    "darwin": "pip install --force-reinstall pyttsx3 pyobjc",
}
_PLAYER = {"debian": "alsa-utils", "fedora": "alsa-utils"}
_ESPEAK = {
    "debian": "espeak-ng",
    "fedora": "espeak-ng",
    "win32": "espeak-ng",
    "darwin": "brew install espeak-ng",
}
_DISPATCHER = {
    "debian": "speech-dispatcher",
    "fedora": "speech-dispatcher speech-dispatcher-utils",
}
_AUDIO = {
    "debian": "pipewire-alsa",
    "fedora": "pipewire-alsa",
}


def _silence_wav(seconds: float = 0.05) -> bytes:
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(22050)
        wav.writeframes(b"\0\0" * int(22050 * seconds))
    return buffer.getvalue()


def check_player(player: Sequence[str], backend: str) -> SpeechProblem | None:
    """Play a moment of silence with ``player``; None if it worked, else the problem."""
    program = player[0]
    if in_process(player):  # winsound, in this process (Windows)
        try:
            winsound_player.play_now(_silence_wav())
        except ImportError as err:
            return SpeechProblem(backend, Missing.PROGRAM, program, "", str(err))
        except RuntimeError as err:
            return SpeechProblem(backend, Missing.AUDIO, program, "", str(err))
        return None
    if shutil.which(program) is None:
        # Only the default player comes from a package we can name.
        packages = _PLAYER | {"win32": "", "darwin": ""}
        hint = install_hint(packages) if program == "aplay" else ""
        return SpeechProblem(backend, Missing.PROGRAM, program, hint)

    with tempfile.TemporaryDirectory(prefix="pyramide-probe-") as folder:
        path = Path(folder) / "silence.wav"
        path.write_bytes(_silence_wav())
        command = list(player) if reads_stdin(player) else with_file(player, path)
        try:
            with path.open("rb") as audio:
                result = subprocess.run(
                    command,
                    stdin=audio if reads_stdin(player) else subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE,
                    timeout=PROBE_SECONDS,
                    check=False,
                )
        except subprocess.TimeoutExpired:
            return SpeechProblem(backend, Missing.NOT_RESPONDING, program, "", speech_timed_out())
        except OSError as err:
            return SpeechProblem(backend, Missing.PROGRAM, program, "", str(err))
    if result.returncode != 0:
        detail = result.stderr.decode("utf-8", "replace").strip().splitlines()
        return SpeechProblem(
            backend,
            Missing.AUDIO,
            program,
            install_hint(_AUDIO | {"win32": "", "darwin": ""}) if program == "aplay" else "",
            detail[-1] if detail else f"exit status {result.returncode}",
        )
    return None


def _open_pyttsx3(
    language: str, rate: int | None, player: Sequence[str]
) -> tuple[BackgroundSpeaker | None, SpeechProblem | None]:
    hint = install_hint(_PYTTSX3_LIBRARY)
    if importlib.util.find_spec("pyttsx3") is None:
        return None, SpeechProblem("pyttsx3", Missing.LIBRARY, "pyttsx3", "pip install pyttsx3")
    if problem := check_player(player, "pyttsx3"):
        return None, problem
    speaker = Pyttsx3Speaker(language, rate, player=player)
    try:
        speaker.check()
    except WorkerError as err:
        speaker.close()
        what = "pyttsx3" if sys.platform in ("win32", "darwin") else "libespeak-ng1"
        return None, SpeechProblem("pyttsx3", Missing.LIBRARY, what, hint, str(err))
    return speaker, None


def _open_espeak(
    language: str, rate: int | None, player: Sequence[str]
) -> tuple[BackgroundSpeaker | None, SpeechProblem | None]:
    if shutil.which(ESPEAK_NG) is None:
        return None, SpeechProblem("espeak-ng", Missing.PROGRAM, ESPEAK_NG, install_hint(_ESPEAK))
    if problem := check_player(player, "espeak-ng"):
        return None, problem
    return EspeakNgSpeaker(language, rate, player=player), None


def _open_dispatcher(
    language: str, rate: int | None, player: Sequence[str]
) -> tuple[BackgroundSpeaker | None, SpeechProblem | None]:
    """speech-dispatcher over SSIP: reachable (or startable) is all the probe can
    know; whether audio plays shows with the first answer (it must begin).

    Missing only when no server listens and the program is not installed;
    installed but not running, and it does not start (or listens where the game
    cannot reach): NOT_STARTING; a server that does not answer: NOT_RESPONDING.
    """
    hint = install_hint(_DISPATCHER | {"win32": "", "darwin": ""})
    path = socket_path()
    listening = path is not None and listens(path)
    if not listening and shutil.which(SSIP_SERVER) is None:
        return None, SpeechProblem("speech-dispatcher", Missing.PROGRAM, SSIP_SERVER, hint)
    try:
        return SsipSpeaker(language, rate, path=path, program=SSIP_SERVER), None
    except ServerNotStarted as err:
        return None, SpeechProblem(
            "speech-dispatcher", Missing.NOT_STARTING, SSIP_SERVER, "", str(err)
        )
    except SsipError as err:
        return None, SpeechProblem(
            "speech-dispatcher", Missing.NOT_RESPONDING, SSIP_SERVER, hint, str(err)
        )


def reader_problem(problem: ReaderProblem) -> SpeechProblem:
    """The screen-reader route's problem in the factory's terms."""
    if problem.missing is ReaderMissing.PRISM:
        return SpeechProblem(
            SCREEN_READER,
            Missing.LIBRARY,
            PRISM_PACKAGE,
            f"pip install {PRISM_PACKAGE}",
            problem.detail,
        )
    return SpeechProblem(SCREEN_READER, Missing.NO_READER, "", "", problem.detail)


def _open_reader(language: str) -> tuple[Speaker | None, SpeechProblem | None]:
    from .detect import platform_flag

    # UI Automation notifications only when Windows says a reader listens.
    speaker, problem = open_reader(
        language, notifications=sys.platform == "win32" and platform_flag()
    )
    return speaker, None if problem is None else reader_problem(problem)


ReaderOpener = Callable[[str], tuple[Speaker | None, SpeechProblem | None]]

Opener = Callable[
    [str, int | None, Sequence[str]], tuple[BackgroundSpeaker | None, SpeechProblem | None]
]
OPENERS: dict[str, Opener] = {
    "pyttsx3": _open_pyttsx3,
    "espeak-ng": _open_espeak,
    "speech-dispatcher": _open_dispatcher,
}
PLAYS_THROUGH_PLAYER = ("pyttsx3", "espeak-ng")
"""The backends whose sound goes through the audio player (speech-dispatcher plays
its own)."""


def _open(
    name: str, language: str, rate: int | None, player: Sequence[str] | PlayerUnusable
) -> tuple[BackgroundSpeaker | None, SpeechProblem | None]:
    if isinstance(player, PlayerUnusable):
        if name in PLAYS_THROUGH_PLAYER:
            return None, SpeechProblem(name, Missing.PLAYER_SETTING, PLAYER_ENV, "", player.value)
        player = []  # speech-dispatcher: no player needed
    return OPENERS[name](language, rate, player)


def open_speaker(
    backend: str = "auto",
    language: str = DEFAULT_LANGUAGE,
    rate: int | None = None,
    *,
    volume: float | None = None,
    player: Sequence[str] | None = None,
    screen_reader: Callable[[], str | None] = running_screen_reader,
    route: ReaderOpener = _open_reader,
) -> SpeakerChoice:
    """Open the backend named ``backend`` (one of :data:`CHOICES`) for ``language``.

    ``auto`` is silent when a screen reader is running (its speech would double
    ours), otherwise the first of pyttsx3, espeak-ng, speech-dispatcher that
    works. When the chosen backend (or, for ``auto``, every backend) cannot
    speak, the speaker is silent and ``problem`` says why (for ``auto``, the
    problem of pyttsx3, the preferred one). ``player`` overrides the audio
    player command (see :mod:`.player`). Raises ValueError for an unknown name.
    ``screen-reader`` speaks through the running screen reader (Prism),
    which ``route`` opens (a test may give a fake). May take up to a few seconds (it checks
    that each backend really works).
    """
    if backend not in CHOICES:
        raise ValueError(f"unknown speech backend {backend!r}; choose from {', '.join(CHOICES)}")
    if backend == "none":
        return SpeakerChoice(SilentSpeaker())
    if backend == SCREEN_READER:
        opened, problem = route(language)
        return SpeakerChoice(opened or SilentSpeaker(), problem)
    chosen: Sequence[str] | PlayerUnusable
    try:
        chosen = list(player) if player else default_player()
    except PlayerUnusable as err:  # no sound through the player; said in one sentence
        chosen = err
    if backend == "auto":
        reader = screen_reader()
        if reader:
            return SpeakerChoice(SilentSpeaker(), screen_reader=reader)
        first_problem = None
        for name in BACKENDS[:-1]:
            speaker, problem = _open(name, language, rate, chosen)
            if speaker is not None:
                return SpeakerChoice(_with_volume(speaker, volume))
            first_problem = first_problem or problem
        return SpeakerChoice(SilentSpeaker(), first_problem)
    speaker, problem = _open(backend, language, rate, chosen)
    if speaker is None:
        return SpeakerChoice(SilentSpeaker(), problem)
    return SpeakerChoice(_with_volume(speaker, volume))


def _with_volume(speaker: BackgroundSpeaker, volume: float | None) -> BackgroundSpeaker:
    if volume is not None:
        speaker.set_volume(volume)
    return speaker
