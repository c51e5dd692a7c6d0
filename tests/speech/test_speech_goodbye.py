"""The goodbye is heard to its end: the exit waits for the goodbye's audio (bounded
by that audio, not by a fixed guess) before it stops the player. The player here is
the real-time sink (no sound card): it takes the sound's length to play and logs
its end only when it was not killed part-way."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from speech_support import Sink

from pyramide_a11y.core.session import GOODBYE_WAIT
from pyramide_a11y.speech.background import BackgroundSpeaker
from pyramide_a11y.speech.espeak_backend import EspeakNgSpeaker
from pyramide_a11y.speech.pyttsx3_backend import Pyttsx3Speaker
from pyramide_a11y.terminal.spoken_outlet import SpokenOutlet

GOODBYE = "A sua partida está guardada. Até à próxima."
SLOW = 110  # words a minute: the goodbye lasts about 4.6 s, longer than the old 3 s wait


def espeak(sink: Sink) -> BackgroundSpeaker:
    return EspeakNgSpeaker("pt_PT", SLOW, player=sink.command)


def pyttsx3(sink: Sink) -> BackgroundSpeaker:
    speaker = Pyttsx3Speaker("pt_PT", SLOW, player=sink.command)
    speaker.check()
    return speaker


@pytest.mark.parametrize("open_backend", [espeak, pyttsx3], ids=["espeak-ng", "pyttsx3"])
def test_the_goodbye_is_played_to_its_end_before_the_exit(
    sink: Sink, open_backend: Callable[[Sink], BackgroundSpeaker]
) -> None:
    speaker = open_backend(sink)
    outlet = SpokenOutlet(speaker)
    try:
        speaker.say(GOODBYE)
        outlet.close(goodbye=True)  # what the session does when the program ends
    finally:
        speaker.close()
    ends = [event for event in sink.events() if event[0] == "end"]
    starts = sink.starts()
    assert len(starts) == 1, sink.events()
    # The sink that started logged its end: it played the whole sound, not cut.
    assert [pid for _, _, pid in ends] == [starts[0][1]]
    assert ends[0][1] - starts[0][0] > 4.0
    assert GOODBYE_WAIT > 4.6  # a safety net only, beyond any goodbye's length
