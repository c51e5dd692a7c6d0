"""Sound on Windows, in the game's own process with winsound: built from winsound's
documentation and run here with winsound faked (this machine is not Windows).

What is pinned: Windows' default player plays in the process (no child per cue or
answer), asynchronously from files, each sound replacing the one before; the
answer counts as spoken after its length; a file another program holds (an
antivirus) skips that sound and never counts as speech failing; winsound that
cannot play does."""

from __future__ import annotations

import sys
import threading
import time
import types
from pathlib import Path

import pytest
from speech_support import my_children, no_more, wait_for

from pyramide_a11y.narration.cues import CueKind, Place
from pyramide_a11y.speech import winsound_player
from pyramide_a11y.speech.cue_player import CuePlayer
from pyramide_a11y.speech.espeak_backend import EspeakNgSpeaker
from pyramide_a11y.speech.factory import check_player
from pyramide_a11y.speech.player import default_player
from pyramide_a11y.speech.pyttsx3_backend import Pyttsx3Speaker

# winsound's flags, as the documentation gives them.
SND_ASYNC, SND_NODEFAULT, SND_MEMORY, SND_FILENAME = 0x1, 0x2, 0x4, 0x20000


class FakeWinsound(types.ModuleType):
    """Records every ``PlaySound`` call: (sound as given, flags, the WAV's bytes
    when a file). ``fails`` makes it raise RuntimeError as winsound does."""

    SND_ASYNC, SND_NODEFAULT, SND_MEMORY, SND_FILENAME = (
        SND_ASYNC, SND_NODEFAULT, SND_MEMORY, SND_FILENAME,
    )  # fmt: skip

    def __init__(self) -> None:
        super().__init__("winsound")
        self.calls: list[tuple[object, int, bytes]] = []
        self.fails = False
        self.lock = threading.Lock()

    def PlaySound(self, sound: object, flags: int) -> None:
        if flags & SND_ASYNC and flags & SND_MEMORY:
            raise RuntimeError("Cannot play asynchronously from memory")
        data = b""
        if isinstance(sound, str):
            data = Path(sound).read_bytes()
        with self.lock:
            self.calls.append((sound, flags, data))
        if self.fails:
            raise RuntimeError("Failed to play sound")

    def files(self) -> list[tuple[str, int, bytes]]:
        with self.lock:
            return [(str(s), f, d) for s, f, d in self.calls if isinstance(s, str)]

    def stops(self) -> int:
        with self.lock:
            return sum(1 for s, f, _ in self.calls if s is None and f == 0)


@pytest.fixture
def winsound(monkeypatch: pytest.MonkeyPatch) -> FakeWinsound:
    fake = FakeWinsound()
    monkeypatch.setitem(sys.modules, "winsound", fake)
    return fake


WINDOWS = ["winsound", "{file}"]


def test_windows_plays_in_the_game_s_own_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYRAMIDE_AUDIO_PLAYER", raising=False)
    monkeypatch.setattr(sys, "platform", "win32")
    assert default_player() == WINDOWS


def test_the_start_up_check_plays_silence_from_memory(winsound: FakeWinsound) -> None:
    assert check_player(WINDOWS, "pyttsx3") is None
    ((sound, flags, _),) = winsound.calls
    assert isinstance(sound, bytes) and sound[:4] == b"RIFF"
    assert flags & SND_MEMORY and not flags & SND_ASYNC
    winsound.fails = True
    problem = check_player(WINDOWS, "pyttsx3")
    assert problem is not None and problem.what == "winsound"


def test_answers_play_asynchronously_each_replacing_the_last(winsound: FakeWinsound) -> None:
    children = my_children()
    speaker = Pyttsx3Speaker("en", 300, player=WINDOWS)
    speaker.check()
    worker = my_children()
    try:
        speaker.say("ten of clubs and three of spades leave together, the row below opens")
        assert wait_for(lambda: len(winsound.files()) == 1, 15)
        speaker.say("king of hearts")  # before the first ends: it replaces it
        assert wait_for(lambda: len(winsound.files()) == 2, 15)
        assert speaker.wait_idle(15)
        assert speaker.spoken == 1  # the second, after its length; the first was cut
        assert my_children() == worker  # no player process, ever: only the pyttsx3 worker
    finally:
        speaker.close()
    for path, flags, data in winsound.files():
        assert flags == SND_FILENAME | SND_ASYNC | SND_NODEFAULT
        assert data[:4] == b"RIFF" and path.endswith(".wav")
    assert speaker.take_failure() is None
    assert wait_for(lambda: no_more(my_children(), children), 5)


def test_the_goodbye_is_waited_for_for_its_length(winsound: FakeWinsound) -> None:
    speaker = EspeakNgSpeaker("pt_PT", 175, player=WINDOWS)
    try:
        speaker.say("A sua partida está guardada. Até à próxima.")
        start = time.monotonic()
        assert speaker.wait_idle(30)
        waited = time.monotonic() - start
    finally:
        speaker.close()
    ((_, _, data),) = winsound.files()
    seconds = (len(data) - 44) / (22050 * 2)  # espeak-ng: 22050 Hz mono 16-bit
    assert waited >= seconds - 0.1
    assert winsound.stops() == 0  # played to its end: never stopped


def test_stop_silences_now(winsound: FakeWinsound) -> None:
    speaker = EspeakNgSpeaker("en", 80, player=WINDOWS)
    try:
        speaker.say("a long answer, spoken slowly, that is still playing")
        assert wait_for(lambda: len(winsound.files()) == 1, 10)
        speaker.stop()
        assert wait_for(lambda: winsound.stops() == 1, 5)
    finally:
        speaker.close()


def test_a_file_held_by_another_program_is_not_speech_failing(
    winsound: FakeWinsound, monkeypatch: pytest.MonkeyPatch
) -> None:
    # An antivirus opens each new file without sharing: winsound cannot read it,
    # and neither can the game. That sound is skipped; speech goes on.
    monkeypatch.setattr(winsound_player, "readable", lambda path: False)
    monkeypatch.setattr(winsound_player, "HELD_PAUSE", 0.0)
    winsound.fails = True
    speaker = EspeakNgSpeaker("en", 175, player=WINDOWS)
    try:
        for number in range(6):
            speaker.say(f"answer {number}")
            assert speaker.wait_idle(10)
        assert speaker.take_failure() is None and speaker.failures == 0
        assert len(winsound.files()) == 6 * winsound_player.HELD_TRIES
    finally:
        speaker.close()


def test_winsound_that_cannot_play_is_speech_failing(winsound: FakeWinsound) -> None:
    winsound.fails = True  # the file is readable: winsound itself fails
    speaker = EspeakNgSpeaker("en", 175, player=WINDOWS)
    try:
        for number in range(3):
            speaker.say(f"answer {number}")
            assert speaker.wait_idle(10)
        failure = speaker.take_failure()
        assert failure is not None and failure.program == "winsound"
    finally:
        speaker.close()


def test_cues_play_in_the_process_from_files_written_once(
    winsound: FakeWinsound, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    children = my_children()
    cues = CuePlayer(WINDOWS)
    try:
        for _ in range(3):
            cues.play(CueKind.PAIR, Place(6, -1.0))
            assert wait_for(lambda: len(winsound.files()) >= 1, 5)
        cues.play(CueKind.KING, Place(0, 0.0))
        assert wait_for(lambda: {p for p, _, _ in winsound.files()}.__len__() == 2, 5)
        assert my_children() == children  # no process per cue
        assert cues.take_problem() is None
    finally:
        cues.close()
    assert all(flags & SND_ASYNC for _, flags, _ in winsound.files())
    assert list(tmp_path.iterdir()) == []  # the cue files go with the player
