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
from pyramide_a11y.i18n import LANGUAGES, _, get_language, ngettext
from pyramide_a11y.i18n.formatting import format_number
from pyramide_a11y.narration import messages as m
from pyramide_a11y.narration import sentence
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


def sample_sentence() -> str:
    # Translators: the sample sentence ``pyramide voice`` speaks in the session language.
    return _("This is how the game sounds: ten of clubs and three of spades leave together.")


def run_voice(args: argparse.Namespace, out: TextIO) -> int:
    """The ``voice`` subcommand; exit status 0 when the sample was heard or written."""
    language = get_language()
    # Translators: first line of ``pyramide voice``. {language} is pt_PT, pt_BR or en.
    print(_("Session language: {language}.").format(language=language), file=out)
    reader = running_screen_reader()
    if reader == UNNAMED:
        # Translators: ``pyramide voice``: the system says a screen reader is on
        # but not which.
        print(_("A screen reader is running. The game's own speech is off by "
                "default (--speech auto)."), file=out)  # fmt: skip
    elif reader:
        # Translators: ``pyramide voice``. {reader} is a screen reader's name (Orca, NVDA).
        print(_("Screen reader running: {reader}. The game's own speech is off by "
                "default (--speech auto).").format(reader=reader), file=out)  # fmt: skip
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
            # Translators: ``pyramide voice``: a speech backend that works. {backend}: pyttsx3…
            print(_("{backend}: works.").format(backend=backend), file=out)
        else:
            detail = f" ({choice.problem.detail})" if choice.problem.detail else ""
            # Translators: ``pyramide voice``: a backend that does not work. {backend}:
            # pyttsx3…; {problem}: the sentence saying what is missing; {detail}: the error.
            print(_("{backend}: {problem}{detail}").format(
                backend=backend, problem=problem_sentence(choice.problem), detail=detail,
            ), file=out)  # fmt: skip
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
    rates = ", ".join(f"{code} {format_number(settings.rate_of(code))}" for code in LANGUAGES)
    # Translators: ``pyramide voice``. {rates}: each language code and its rate, "pt_PT
    # 160, pt_BR 175, en 200"; {volume}: 0 to 100. "rate" and "volume" here are the
    # in-game commands (Portuguese: velocidade, volume).
    print(_("Speech rate per language, words per minute: {rates} (rate N sets the "
            "session language's). Volume: {volume} of 100 (volume N).").format(
        rates=rates, volume=format_number(settings.volume)), file=out)  # fmt: skip


def _print_chosen_voices(settings: Settings, out: TextIO) -> None:
    """The voice chosen by name for each language (saved in play), or its own."""
    voices = ", ".join(
        f"{code} {settings.voice_of(code) or m.voice_own_short()}" for code in LANGUAGES
    )
    # Translators: ``pyramide voice``. {voices}: each language code and the voice chosen
    # for it, "pt_PT roa/pt-BR, en the language's own". "voices" and "voice name" are
    # the in-game commands (Portuguese: vozes, voz nome).
    print(_("Voice per language: {voices} (in play, voices lists them and voice name "
            "X chooses one).").format(voices=voices), file=out)  # fmt: skip


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
        # Translators: ``pyramide voice``: the screen-reader route works. {backend}:
        # screen-reader; {reader}: the screen reader's name (Orca, NVDA).
        print(_("{backend}: works, through {reader}.").format(
            backend=SCREEN_READER, reader=report.readers[0]), file=out)  # fmt: skip
        # Translators: ``pyramide voice``: the screen-reader route speaks in the
        # reader's own voice; the game's rate and volume do not reach it.
        print("  " + _("voice, rate and volume: the screen reader's own."), file=out)
    elif reader and reader != UNNAMED:
        # Translators: ``pyramide voice``: a screen reader runs, but the game cannot
        # speak through it. {backend}: screen-reader; {reader}: its name (Orca, NVDA).
        print(_("{backend}: {reader} is running, but the game cannot reach it: speech "
                "through it is off. {reader} reads what the game prints.").format(
            backend=SCREEN_READER, reader=reader), file=out)  # fmt: skip
    else:
        problem = open_speaker(SCREEN_READER, language).problem
        if problem is not None:
            print(_("{backend}: {problem}{detail}").format(
                backend=SCREEN_READER, problem=problem_sentence(problem),
                detail=f" ({problem.detail})" if problem.detail else "",
            ), file=out)  # fmt: skip
    known = ", ".join(report.known) or "-"
    if report.readers:
        # Translators: ``pyramide voice``: what Prism (the library that reaches screen
        # readers) knows here. {known}: its backends on this system; {running}: the
        # screen readers it reaches now.
        line = _("Prism: backends here: {known}; screen readers running: {running}.").format(
            known=known, running=", ".join(report.readers)
        )
        print("  " + line, file=out)
    elif report.problem is None or report.problem.missing is not ReaderMissing.PRISM:
        # Translators: ``pyramide voice``: what Prism (the library that reaches screen
        # readers) knows here. {known}: its backends on this system (Orca…), which
        # need not be running.
        line = _("Prism: backends here: {known}; it reaches no screen reader now.").format(
            known=known
        )
        print("  " + line, file=out)
    return choice


def _print_voices(backend: str, choice: SpeakerChoice, language: str, out: TextIO) -> None:
    if backend == "pyttsx3" and isinstance(choice.speaker, Pyttsx3Speaker):
        voices = choice.speaker.check()
        wanted = espeak_voice(language) if sys.platform.startswith("linux") else None
        # Translators: ``pyramide voice``: pyttsx3 uses the system's default voice.
        default = _("the system's default")
        # Translators: ``pyramide voice``. {count}: voices pyttsx3 found; {voice}: the one
        # used for the session language.
        line = ngettext(
            "{count} voice; for this language: {voice}.",
            "{count} voices; for this language: {voice}.",
            len(voices),
        )
        print("  " + line.format(count=len(voices), voice=wanted or default), file=out)
    elif backend == "espeak-ng" and choice.problem is None:
        prefix = language.split("_")[0]
        # The names a player types after "voice name" (roa/pt-BR), as in play.
        names = ", ".join(v.id for v in voices_for_language(list_voices(prefix), language))
        # Translators: ``pyramide voice``. {voices}: espeak-ng voice names; {voice}: the one used.
        print("  " + _("voices: {voices}; for this language: {voice}.").format(
            voices=names, voice=espeak_voice(language)
        ), file=out)  # fmt: skip
    elif backend == "speech-dispatcher" and choice.problem is None:
        # Translators: ``pyramide voice``: speech-dispatcher's voice is chosen outside the game.
        print("  " + _("voice: the one set for speech-dispatcher (as Orca uses); rate and "
                       "volume: its own until changed in the game."), file=out)  # fmt: skip


def _speak_sample(
    wanted: str, working: dict[str, SpeakerChoice], out: TextIO, voice: str = ""
) -> int:
    if wanted == "none":
        # Translators: ``pyramide voice --speech none``.
        print(_("Speech is off (--speech none): nothing to play."), file=out)
        return 0
    names = list(working) if wanted == "auto" else [wanted] if wanted in working else []
    if not names:
        # Translators: ``pyramide voice``: no backend could speak the sample.
        print(_("No speech backend works here: the game will be text only."), file=out)
        return 1
    speaker = working[names[0]].speaker
    assert isinstance(speaker, BackgroundSpeaker)
    if voice:
        found = find_voice(speaker.voices(), voice)
        if found is None:
            print(sentence(m.unknown_voice(voice)), file=out)
            return 1
        speaker.set_voice(found)
    # Translators: ``pyramide voice``. {backend}: the backend speaking; {sentence}: what it says.
    print(_("Speaking with {backend}: {sentence}").format(
        backend=speaker.name, sentence=sample_sentence()
    ), file=out)  # fmt: skip
    speaker.say(sample_sentence())
    end = time.monotonic() + SAMPLE_SECONDS
    while time.monotonic() < end and not speaker.spoken and not speaker.failures:
        time.sleep(0.02)
    if speaker.spoken:
        return 0
    # Translators: ``pyramide voice``: why the sample did not play, when nothing else is known.
    error = speaker.last_error or _("no answer in time")
    # Translators: ``pyramide voice``: the sample did not play. {error}: what went wrong.
    print(_("The sample did not play: {error}").format(error=error), file=out)
    return 1


def _write_sample(path: Path, start: StartSettings, out: TextIO) -> int:
    """The sample sentence written to ``path`` (WAV) with the speech, rate, volume
    and voice of ``start``, in its language; exit status 0 when it was written."""
    language, speech, voice_name = start.language, start.speech_route, start.voice
    text = sample_sentence()
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
        # Translators: ``pyramide voice --out``: nothing could be written. {error}: why.
        print(_("Could not write the sample: {error}").format(error=error or speech),
              file=out)  # fmt: skip
        return 1
    try:
        with wave.open(str(path), "rb") as wav:
            seconds = wav.getnframes() / wav.getframerate()
    except (wave.Error, EOFError, OSError):
        seconds = 0.0
    said = round(seconds, 1)
    # Translators: ``pyramide voice --out``. {path}: the file; {seconds}: its length;
    # {voice}: the voice used.
    print(ngettext(
        "Wrote {path}: {seconds} second of speech, voice {voice}.",
        "Wrote {path}: {seconds} seconds of speech, voice {voice}.",
        1 if said == 1 else 2,  # only a whole 1 is singular: 0.5 and 1.5 are plural
    ).format(path=path, seconds=format_number(said), voice=voice), file=out)  # fmt: skip
    return 0
