"""The espeak-ng program backend, for real, streaming into a real-time sink."""

from __future__ import annotations

import shutil
import subprocess
import time
import wave
from pathlib import Path

import pytest
from speech_support import Sink, alive, my_children, no_more, thread_names, wait_for

from pyramide_a11y.speech.background import Utterance
from pyramide_a11y.speech.espeak_backend import EspeakNgSpeaker, espeak_command, list_voices

LONG_EN = (
    "Ten of clubs and three of spades leave together. The queen of hearts, the ace of "
    "diamonds and the seven of spades are free now; the king of clubs is on the waste."
)


@pytest.mark.parametrize(
    ("language", "text"),
    [("pt_PT", "A soma tem de ser igual a treze."), ("pt_BR", "Essas duas não somam treze."),
     ("en", "The two cards do not sum to thirteen.")],
)  # fmt: skip
def test_espeak_ng_writes_a_wav_in_the_session_voice(
    tmp_path: Path, language: str, text: str
) -> None:
    out = tmp_path / "out.wav"
    command = espeak_command(Utterance(text, language, None, None, 0), out)
    subprocess.run(command, input=text.encode(), check=True, timeout=10)
    with wave.open(str(out), "rb") as wav:
        seconds = wav.getnframes() / wav.getframerate()
    assert len(text.split()) / 5 < seconds < len(text.split()) / 1.2


def test_voices_for_each_language() -> None:
    assert {"pt", "pt-br"} <= {v.languages[0] for v in list_voices("pt")}
    assert {"en-gb", "en-us"} <= {v.languages[0] for v in list_voices("en")}
    if shutil.which("mbrola") is None:  # espeak-ng refuses MBROLA voices without it
        assert not [v for v in list_voices() if v.id.startswith("mb/")]


def test_new_answer_interrupts_within_a_fifth_of_a_second(sink: Sink) -> None:
    speaker = EspeakNgSpeaker("en", player=sink.command)
    try:
        speaker.say(LONG_EN)
        assert wait_for(lambda: len(sink.starts()) == 1)
        _, first = sink.starts()[0]
        time.sleep(0.3)
        asked = time.monotonic()
        speaker.say("King of diamonds.")
        assert wait_for(lambda: not alive(first), 2.0)
        stopped = time.monotonic() - asked
        assert stopped < 0.2, f"the old answer played on for {stopped:.3f} s"
        assert wait_for(lambda: len(sink.starts()) == 2)
        assert wait_for(lambda: speaker.spoken == 1, 5)
    finally:
        speaker.close()


@pytest.mark.slow
def test_two_hundred_answers_leak_no_process_or_thread(sink: Sink) -> None:
    threads_before, children_before = thread_names(), my_children()
    speaker = EspeakNgSpeaker("pt_BR", player=sink.command)
    most_children = 0
    try:
        for n in range(200):
            speaker.say(f"Resposta número {n}: dez de paus com três de espadas.")
            time.sleep(0.02 if n % 10 else 0.3)
            most_children = max(most_children, len(my_children()))
        speaker.say("Fim.")
        assert wait_for(lambda: speaker.spoken >= 1 and not speaker._children, 10)
    finally:
        speaker.close()
    assert most_children <= 4  # espeak-ng and its player, at most a pair being reaped
    assert len(sink.starts()) >= 20
    assert wait_for(lambda: no_more(my_children(), children_before), 2)
    assert wait_for(lambda: no_more(thread_names(), threads_before), 2)
    assert speaker.failures == 0 and speaker.last_error is None


def test_player_taking_a_file(tmp_path: Path, sink: Sink) -> None:
    speaker = EspeakNgSpeaker("pt_PT", player=[*sink.command, "{file}"])
    try:
        speaker.say("Valete de copas.")
        assert wait_for(lambda: speaker.spoken == 1, 10)
        assert len(sink.starts()) == 1
    finally:
        speaker.close()


def test_a_failing_player_is_reported_and_the_next_answer_still_tried(sink: Sink) -> None:
    speaker = EspeakNgSpeaker(
        "en", player=["sh", "-c", "cat >/dev/null; echo no device >&2; exit 1"]
    )
    try:
        speaker.say("One.")
        assert wait_for(lambda: speaker.failures == 1, 5)
        assert speaker.last_error == "sh: no device"
        speaker.say("Two.")
        assert wait_for(lambda: speaker.failures == 2, 5)
    finally:
        speaker.close()
    assert not speaker._children
