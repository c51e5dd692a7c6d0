"""``pyramide voz`` / ``pyramide voice``: what speech this machine has, heard.

Lists the speech backends and whether each works (with what is missing and how
to install it), the voices found for the session language, the rate of each
language and the volume the game uses (saved in play, or given here), then speaks a sample
sentence with the chosen backend, or writes it to a WAV file with ``--out``.
"""

from __future__ import annotations

import argparse
import sys
import time
import wave
from pathlib import Path
from typing import TextIO

from pyramide_a11y.cli.from_options import voice_options
from pyramide_a11y.core.limits import VOLUME_RANGE
from pyramide_a11y.core.settings import Settings, StartOptions, StartSettings, read_start
from pyramide_a11y.i18n import LANGUAGES, get_language
from pyramide_a11y.narration import messages as m
from pyramide_a11y.narration import sentence
from pyramide_a11y.narration import voice_words as words
from pyramide_a11y.narration.speech_words import problem_sentence
from pyramide_a11y.speech.background import BackgroundSpeaker, Utterance
from pyramide_a11y.speech.base import SilentSpeaker
from pyramide_a11y.speech.detect import UNNAMED, running_screen_reader
from pyramide_a11y.speech.espeak_backend import espeak_command, list_variants, list_voices
from pyramide_a11y.speech.factory import (
    BACKENDS,
    SCREEN_READER,
    Missing,
    SpeakerChoice,
    SpeechProblem,
    open_speaker,
)
from pyramide_a11y.speech.pyttsx3_backend import Pyttsx3Speaker, WorkerError
from pyramide_a11y.speech.sanitize import speakable
from pyramide_a11y.speech.screen_reader import ReaderMissing, prism_report
from pyramide_a11y.speech.ssip_backend import SsipSpeaker, plays_to_the_end
from pyramide_a11y.speech.voices import espeak_voice, find_voice, voices_for_language
from pyramide_a11y.storage.saved_settings import SettingValue, load_settings
from pyramide_a11y.storage.store import Store

SAMPLE_SECONDS = 20.0  # the longest we wait for the sample to be heard


def run_voice(args: argparse.Namespace, out: TextIO) -> int:
    """The ``voice`` subcommand; exit status 0 when the sample was heard or written."""
    language = get_language()
    print(words.session_language(language), file=out)
    reader = running_screen_reader()
    if reader == UNNAMED:
        print(words.reader_unnamed(), file=out)
    elif reader:
        print(words.reader_running(reader), file=out)
    saved = _saved_settings(args)
    # What play uses, then what this sample uses: the options over it, weighed as a
    # game's start weighs them (in the session language, not the saved one).
    settings = read_start(StartOptions(lang=language), saved).settings(True)
    _print_rates(settings, out)
    _print_chosen_voices(settings, out)
    start = read_start(voice_options(args, language), saved)
    rate, volume = start.rate, start.volume
    if args.out:
        return _write_sample(args.out, start, out)

    working: dict[str, SpeakerChoice] = {}
    loudness = None if volume == VOLUME_RANGE[1] else volume / 100  # 100: the backend's own
    for backend in BACKENDS[:-1]:
        choice = open_speaker(backend, language, rate, volume=loudness, screen_reader=lambda: None)
        choice = _really_plays(choice)
        if choice.problem is None:
            working[backend] = choice
            print(words.backend_works(backend), file=out)
        else:
            said = problem_sentence(choice.problem)
            print(words.backend_fails(backend, said, choice.problem.detail), file=out)
        _print_voices(backend, choice, language, out)
    if (reader_choice := _print_screen_reader(language, reader, out)) is not None:
        working[SCREEN_READER] = reader_choice
    try:
        return _speak_sample(start.speech_route, working, out, start.voice)
    finally:
        for choice in working.values():
            choice.speaker.close()


def _really_plays(choice: SpeakerChoice) -> SpeakerChoice:
    """``choice``, unless it is speech-dispatcher and its server does not play a
    silent test message to its end (no audio device): then silent, with the problem.
    The other backends' start-up check already played a moment of silence."""
    speaker = choice.speaker
    if choice.problem is not None or not isinstance(speaker, SsipSpeaker):
        return choice
    error = plays_to_the_end(speaker.connection.path)
    if error is None:
        return choice
    speaker.close()
    problem = SpeechProblem(speaker.name, Missing.NOT_RESPONDING, speaker.program, "", error)
    return SpeakerChoice(SilentSpeaker(), problem)


def _saved_settings(args: argparse.Namespace) -> dict[str, SettingValue]:
    """The settings saved in play (``--data-dir``); none when there is no store."""
    store, _notices = Store.open(getattr(args, "data_dir", None))
    try:
        return load_settings(store)
    finally:
        if store is not None:
            store.close()


def _print_rates(settings: Settings, out: TextIO) -> None:
    """The rate of each language and the volume, as the game uses them."""
    rates = [(code, settings.rate_of(code)) for code in LANGUAGES]
    print(words.rates_and_volume(rates, settings.volume), file=out)


def _print_chosen_voices(settings: Settings, out: TextIO) -> None:
    """The voice chosen by name for each language (saved in play), or its own."""
    voices = ", ".join(
        f"{code} {settings.voice_of(code) or m.voice_own_short()}" for code in LANGUAGES
    )
    print(words.voices_chosen(voices), file=out)


def _print_screen_reader(language: str, reader: str | None, out: TextIO) -> SpeakerChoice | None:
    """The ``screen-reader`` line and what Prism found; the route when it works.
    ``reader``: the screen reader found running (the first line named it), which
    the route may still fail to reach: then it is said so, never "none running"."""
    report = prism_report()
    choice = None
    if report.readers:
        choice = open_speaker(SCREEN_READER, language)
        if choice.problem is not None:
            choice.speaker.close()
            choice = None
    if choice is not None:
        print(words.reader_route_works(SCREEN_READER, report.readers[0]), file=out)
        print("  " + words.reader_route_own_voice(), file=out)
    elif reader and reader != UNNAMED:
        print(words.reader_unreachable(SCREEN_READER, reader), file=out)
    else:
        problem = open_speaker(SCREEN_READER, language).problem
        if problem is not None:
            said = problem_sentence(problem)
            print(words.backend_fails(SCREEN_READER, said, problem.detail), file=out)
    known = ", ".join(report.known) or "-"
    if report.readers:
        print("  " + words.prism_readers(known, ", ".join(report.readers)), file=out)
    elif report.problem is None or report.problem.missing is not ReaderMissing.PRISM:
        print("  " + words.prism_no_reader(known), file=out)
    return choice


def _print_voices(backend: str, choice: SpeakerChoice, language: str, out: TextIO) -> None:
    if backend == "pyttsx3" and isinstance(choice.speaker, Pyttsx3Speaker):
        voices = choice.speaker.check()
        wanted = espeak_voice(language) if sys.platform.startswith("linux") else None
        print("  " + words.pyttsx3_voices(len(voices), wanted), file=out)
    elif backend == "espeak-ng" and choice.problem is None:
        prefix = language.split("_")[0]
        # The names a player types after "voice name" (roa/pt-BR), as in play.
        names = ", ".join(v.id for v in voices_for_language(list_voices(prefix), language))
        print("  " + words.espeak_voices(names, espeak_voice(language)), file=out)
    elif backend == "speech-dispatcher" and choice.problem is None:
        print("  " + words.dispatcher_voice(), file=out)


def _speak_sample(
    wanted: str, working: dict[str, SpeakerChoice], out: TextIO, voice: str = ""
) -> int:
    if wanted == "none":
        print(words.speech_off(), file=out)
        return 0
    names = list(working) if wanted == "auto" else [wanted] if wanted in working else []
    if not names:
        print(words.no_backend(), file=out)
        return 1
    speaker = working[names[0]].speaker
    assert isinstance(speaker, BackgroundSpeaker)
    if voice:
        found = find_voice(speaker.voices(), voice)
        if found is None:
            print(sentence(m.unknown_voice(voice)), file=out)
            return 1
        speaker.set_voice(found)
    print(words.speaking_with(speaker.name), file=out)
    speaker.say(words.sample_sentence())
    end = time.monotonic() + SAMPLE_SECONDS
    while time.monotonic() < end and not speaker.spoken and not speaker.failures:
        time.sleep(0.02)
    if speaker.spoken:
        return 0
    print(words.sample_not_played(speaker.last_error or ""), file=out)
    return 1


def _write_sample(path: Path, start: StartSettings, out: TextIO) -> int:
    """The sample sentence written to ``path`` (WAV) with the speech, rate, volume
    and voice of ``start``, in its language; exit status 0 when it was written."""
    language, speech, voice_name = start.language, start.speech_route, start.voice
    text = words.sample_sentence()
    voice: str | None = None
    error = ""
    if speech in ("auto", "pyttsx3"):
        speaker = Pyttsx3Speaker(language, start.rate, player=["true"])
        speaker.set_volume(start.volume / 100)
        try:
            if voice_name:
                found = find_voice(speaker.voices(), voice_name)
                if found is None:
                    raise WorkerError(m.unknown_voice(voice_name))
                speaker.set_voice(found)
            voice = speaker.synthesise(text, path)
        except WorkerError as err:
            error = str(err)
        finally:
            speaker.close()
    if voice is None and speech in ("auto", "espeak-ng"):
        import subprocess

        chosen = find_voice(list_voices() + list_variants(), voice_name) if voice_name else None
        utterance = Utterance(
            speakable(text, language), language, start.rate, start.volume / 100, 0, chosen
        )
        try:
            if voice_name and chosen is None:
                raise OSError(m.unknown_voice(voice_name))
            subprocess.run(espeak_command(utterance, path), input=utterance.text.encode(),
                           capture_output=True, timeout=10, check=True)  # fmt: skip
            voice = chosen or espeak_voice(language)
        except (OSError, subprocess.SubprocessError) as err:
            error = str(err)
    if voice is None:
        print(words.sample_not_written(error or speech), file=out)
        return 1
    try:
        with wave.open(str(path), "rb") as wav:
            seconds = wav.getnframes() / wav.getframerate()
    except (wave.Error, EOFError, OSError):
        seconds = 0.0
    said = round(seconds, 1)
    print(words.sample_written(path, said, voice), file=out)
    return 0
