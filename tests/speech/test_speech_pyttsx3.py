"""The pyttsx3 backend with the real pyttsx3 and espeak-ng (nothing faked but the
sound card: audio goes to a sink that consumes it in real time)."""

from __future__ import annotations

import sys
import time
import wave
from pathlib import Path

import pytest
from speech_support import Sink, alive, my_children, no_more, thread_names, wait_for

from pyramide_a11y.speech.pyttsx3_backend import Pyttsx3Speaker

LONG_PT = (
    "Dez de paus e três de espadas saem juntos. Agora estão livres a dama de copas, "
    "o ás de ouros e o sete de espadas; no descarte está o rei de paus, que sai sozinho."
)


def wav_seconds(path: Path) -> float:
    with wave.open(str(path), "rb") as wav:
        assert wav.getnchannels() == 1
        assert wav.getframerate() == 22050
        return wav.getnframes() / wav.getframerate()


@pytest.mark.parametrize(
    ("language", "text", "voice"),
    [
        ("pt_PT", "A soma tem de ser igual a treze.", "roa/pt"),
        ("pt_BR", "Essas duas não somam treze.", "roa/pt-br"),
        ("en", "The two cards do not sum to thirteen.", "gmw/en"),
    ],
)
def test_sentence_to_wav_in_the_session_voice(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], language: str, text: str, voice: str
) -> None:
    speaker = Pyttsx3Speaker(language, player=[sys.executable, "-c", "pass"])
    try:
        used = speaker.synthesise(text, tmp_path / "out.wav")
    finally:
        speaker.close()
    assert used == voice
    seconds = wav_seconds(tmp_path / "out.wav")
    # About 2.5 words a second at 175 words a minute, plus pauses.
    words = len(text.split())
    assert words / 5 < seconds < words / 1.2
    # pyttsx3's "Audio saved to …" never reaches our output.
    assert capfd.readouterr().out == ""


def test_rate_is_applied_on_every_utterance(tmp_path: Path) -> None:
    speaker = Pyttsx3Speaker("pt_PT", player=[sys.executable, "-c", "pass"])
    try:
        speaker.set_rate(100)
        slow = [speaker.synthesise(LONG_PT, tmp_path / f"slow{i}.wav") for i in range(2)]
        speaker.set_rate(300)
        fast = speaker.synthesise(LONG_PT, tmp_path / "fast.wav")
    finally:
        speaker.close()
    assert slow == ["roa/pt", "roa/pt"] and fast == "roa/pt"
    s0, s1 = wav_seconds(tmp_path / "slow0.wav"), wav_seconds(tmp_path / "slow1.wav")
    assert abs(s0 - s1) < 0.05  # the second run kept the rate
    assert wav_seconds(tmp_path / "fast.wav") < s0 / 2


def test_portuguese_voices_differ(tmp_path: Path) -> None:
    speaker = Pyttsx3Speaker("pt_PT", player=[sys.executable, "-c", "pass"])
    try:
        speaker.synthesise("Dama de copas.", tmp_path / "pt.wav", "pt_PT")
        speaker.synthesise("Dama de copas.", tmp_path / "br.wav", "pt_BR")
    finally:
        speaker.close()
    assert (tmp_path / "pt.wav").read_bytes() != (tmp_path / "br.wav").read_bytes()


@pytest.mark.slow
def test_answer_plays_in_real_time_and_is_not_blocking(sink: Sink) -> None:
    speaker = Pyttsx3Speaker("en", player=sink.command)
    try:
        speaker.check()
        speaker.say("Ten of clubs and three of spades leave together.")
        assert wait_for(lambda: any(kind == "end" for kind, _, _ in sink.events()))
        ((start, _),) = sink.starts()
        end = next(t for kind, t, _ in sink.events() if kind == "end")
        assert 1.5 < end - start < 5.0  # the sink took the sound's own time
        assert wait_for(lambda: speaker.spoken == 1, 1)
        assert speaker.last_error is None
    finally:
        speaker.close()


def test_new_answer_interrupts_within_a_fifth_of_a_second(sink: Sink) -> None:
    speaker = Pyttsx3Speaker("pt_PT", player=sink.command)
    try:
        speaker.check()
        speaker.say(LONG_PT)
        assert wait_for(lambda: len(sink.starts()) == 1)
        _, first = sink.starts()[0]
        time.sleep(0.3)
        asked = time.monotonic()
        speaker.say("Rei de ouros.")
        assert wait_for(lambda: not alive(first), 2.0)
        stopped = time.monotonic() - asked
        assert stopped < 0.2, f"the old answer played on for {stopped:.3f} s"
        assert wait_for(lambda: len(sink.starts()) == 2)
        assert wait_for(lambda: any(k == "end" for k, _, _ in sink.events()))
        assert [pid for k, _, pid in sink.events() if k == "end"] == [sink.starts()[1][1]]
    finally:
        speaker.close()


def test_stop_silences_now(sink: Sink) -> None:
    speaker = Pyttsx3Speaker("pt_BR", player=sink.command)
    try:
        speaker.check()
        speaker.say(LONG_PT)
        assert wait_for(lambda: len(sink.starts()) == 1)
        speaker.stop()
        assert wait_for(lambda: not alive(sink.starts()[0][1]), 0.2)
    finally:
        speaker.close()


@pytest.mark.slow
def test_two_hundred_answers_leak_no_process_or_thread(sink: Sink, tmp_path: Path) -> None:
    threads_before, children_before = thread_names(), my_children()
    speaker = Pyttsx3Speaker("pt_PT", player=sink.command)
    most_children = 0
    try:
        speaker.check()
        for n in range(200):
            speaker.say(f"Resposta número {n}: dez de paus com três de espadas.")
            time.sleep(0.02 if n % 10 else 0.3)  # now and then let one start playing
            most_children = max(most_children, len(my_children()))
        speaker.say("Fim.")
        assert wait_for(lambda: speaker.spoken >= 1 and not speaker._children, 10)
    finally:
        speaker.close()
    assert most_children <= 3  # the worker, one player, at most one being reaped
    assert len(sink.starts()) >= 20  # answers really played (and were cut)
    assert wait_for(lambda: no_more(my_children(), children_before), 2)
    assert wait_for(lambda: no_more(thread_names(), threads_before), 2)
    assert speaker.failures == 0 and speaker.last_error is None
    assert not list(Path(speaker._dir).parent.glob(Path(speaker._dir).name))


FAKE_WORKER = """
import json, sys, time
print(json.dumps({"ready": True, "driver": "fake", "voices": []}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    if "hang" in request["text"]:
        time.sleep(60)
    open(request["path"], "wb").close()
    print(json.dumps({"id": request["id"], "ok": True, "voice": "fake"}), flush=True)
"""


def test_stuck_synthesis_is_replaced_not_waited_on(sink: Sink) -> None:
    speaker = Pyttsx3Speaker(
        "en", player=sink.command, synth_seconds=0.3,
        worker_command=[sys.executable, "-c", FAKE_WORKER],
    )  # fmt: skip
    try:
        speaker.check()
        stuck = speaker._worker
        assert stuck is not None
        began = time.monotonic()
        speaker.say("hang here")
        assert wait_for(lambda: speaker.failures == 1, 3)
        assert time.monotonic() - began < 1.0
        assert wait_for(lambda: not alive(stuck.process.pid), 1)
        speaker.say("and now a sentence")
        assert wait_for(lambda: speaker._worker is not None and speaker._worker is not stuck, 3)
        assert "did not answer in time" in (speaker.last_error or "")
    finally:
        speaker.close()


def test_stuck_player_is_killed(tmp_path: Path) -> None:
    stuck_player = [sys.executable, "-c", "import time; time.sleep(60)"]
    speaker = Pyttsx3Speaker("en", player=stuck_player)
    speaker.player_grace = 0.2
    try:
        speaker.check()
        speaker.say("Queen of hearts.")
        assert wait_for(lambda: speaker.failures == 1, 5)
        assert "overran" in (speaker.last_error or "")
        assert wait_for(lambda: not speaker._children, 1)
    finally:
        speaker.close()


def test_close_while_playing_releases_everything_and_can_repeat(sink: Sink) -> None:
    children_before = my_children()
    speaker = Pyttsx3Speaker("en", player=sink.command)
    speaker.check()
    speaker.say(LONG_PT)
    assert wait_for(lambda: len(sink.starts()) == 1)
    playing = sink.starts()[0][1]
    speaker.close()
    assert not alive(playing)
    assert no_more(my_children(), children_before)
    assert not speaker._dir.exists()
    speaker.close()  # twice is fine
    speaker.say("after close")  # ignored, no error
    speaker.stop()
    assert len(sink.starts()) == 1
