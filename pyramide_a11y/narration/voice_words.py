"""What ``pyramide voice`` says, in the session's language: the screen reader
found, each speech backend and its voices, the rates and volume the game uses,
the sample spoken or written. The command line finds the facts
(``cli/voice.py``); these functions word them. Sentences about what is missing
for a backend are :mod:`.speech_words`'."""

from __future__ import annotations

from pathlib import Path

from pyramide_a11y.i18n import _, ngettext
from pyramide_a11y.i18n.formatting import format_number


def sample_sentence() -> str:
    # Translators: the sample sentence ``pyramide voice`` speaks in the session language.
    return _("This is how the game sounds: ten of clubs and three of spades leave together.")


def session_language(language: str) -> str:
    # Translators: first line of ``pyramide voice``. {language} is pt_PT, pt_BR or en.
    return _("Session language: {language}.").format(language=language)


def reader_unnamed() -> str:
    # Translators: ``pyramide voice``: the system says a screen reader is on
    # but not which.
    return _("A screen reader is running. The game's own speech is off by "
             "default (--speech auto).")  # fmt: skip


def reader_running(reader: str) -> str:
    # Translators: ``pyramide voice``. {reader} is a screen reader's name (Orca, NVDA).
    return _("Screen reader running: {reader}. The game's own speech is off by "
             "default (--speech auto).").format(reader=reader)  # fmt: skip


def backend_works(backend: str) -> str:
    # Translators: ``pyramide voice``: a speech backend that works. {backend}: pyttsx3…
    return _("{backend}: works.").format(backend=backend)


def backend_fails(backend: str, problem: str, detail: str) -> str:
    """``problem``: the sentence saying what is missing; ``detail``: the error, in
    brackets after it (empty: none)."""
    # Translators: ``pyramide voice``: a backend that does not work. {backend}:
    # pyttsx3…; {problem}: the sentence saying what is missing; {detail}: the error.
    return _("{backend}: {problem}{detail}").format(
        backend=backend, problem=problem, detail=f" ({detail})" if detail else ""
    )


def rates_and_volume(rates: list[tuple[str, int]], volume: int) -> str:
    """``rates``: each language code with its rate, in words per minute."""
    listed = ", ".join(f"{code} {format_number(rate)}" for code, rate in rates)
    # Translators: ``pyramide voice``. {rates}: each language code and its rate, "pt_PT
    # 160, pt_BR 175, en 200"; {volume}: 0 to 100. "rate" and "volume" here are the
    # in-game commands (Portuguese: velocidade, volume).
    return _("Speech rate per language, words per minute: {rates} (rate N sets the "
             "session language's). Volume: {volume} of 100 (volume N).").format(
        rates=listed, volume=format_number(volume))  # fmt: skip


def voices_chosen(voices: str) -> str:
    # Translators: ``pyramide voice``. {voices}: each language code and the voice chosen
    # for it, "pt_PT roa/pt-BR, en the language's own". "voices" and "voice name" are
    # the in-game commands (Portuguese: vozes, voz nome).
    return _("Voice per language: {voices} (in play, voices lists them and voice name "
             "X chooses one).").format(voices=voices)  # fmt: skip


def reader_route_works(backend: str, reader: str) -> str:
    # Translators: ``pyramide voice``: the screen-reader route works. {backend}:
    # screen-reader; {reader}: the screen reader's name (Orca, NVDA).
    return _("{backend}: works, through {reader}.").format(backend=backend, reader=reader)


def reader_route_own_voice() -> str:
    # Translators: ``pyramide voice``: the screen-reader route speaks in the
    # reader's own voice; the game's rate and volume do not reach it.
    return _("voice, rate and volume: the screen reader's own.")


def reader_unreachable(backend: str, reader: str) -> str:
    # Translators: ``pyramide voice``: a screen reader runs, but the game cannot
    # speak through it. {backend}: screen-reader; {reader}: its name (Orca, NVDA).
    return _("{backend}: {reader} is running, but the game cannot reach it: speech "
             "through it is off. {reader} reads what the game prints.").format(
        backend=backend, reader=reader)  # fmt: skip


def prism_readers(known: str, running: str) -> str:
    # Translators: ``pyramide voice``: what Prism (the library that reaches screen
    # readers) knows here. {known}: its backends on this system; {running}: the
    # screen readers it reaches now.
    return _("Prism: backends here: {known}; screen readers running: {running}.").format(
        known=known, running=running
    )


def prism_no_reader(known: str) -> str:
    # Translators: ``pyramide voice``: what Prism (the library that reaches screen
    # readers) knows here. {known}: its backends on this system (Orca…), which
    # need not be running.
    return _("Prism: backends here: {known}; it reaches no screen reader now.").format(known=known)


def pyttsx3_voices(count: int, voice: str | None) -> str:
    """``voice``: the one used for the session language (None: the system's default)."""
    # Translators: ``pyramide voice``: pyttsx3 uses the system's default voice.
    default = _("the system's default")
    # Translators: ``pyramide voice``. {count}: voices pyttsx3 found; {voice}: the one
    # used for the session language.
    line = ngettext(
        "{count} voice; for this language: {voice}.",
        "{count} voices; for this language: {voice}.",
        count,
    )
    return line.format(count=count, voice=voice or default)


def espeak_voices(voices: str, voice: str) -> str:
    # Translators: ``pyramide voice``. {voices}: espeak-ng voice names; {voice}: the one used.
    return _("voices: {voices}; for this language: {voice}.").format(voices=voices, voice=voice)


def dispatcher_voice() -> str:
    # Translators: ``pyramide voice``: speech-dispatcher's voice is chosen outside the game.
    return _("voice: the one set for speech-dispatcher (as Orca uses); rate and "
             "volume: its own until changed in the game.")  # fmt: skip


def speech_off() -> str:
    # Translators: ``pyramide voice --speech none``.
    return _("Speech is off (--speech none): nothing to play.")


def no_backend() -> str:
    # Translators: ``pyramide voice``: no backend could speak the sample.
    return _("No speech backend works here: the game will be text only.")


def speaking_with(backend: str) -> str:
    # Translators: ``pyramide voice``. {backend}: the backend speaking; {sentence}: what it says.
    return _("Speaking with {backend}: {sentence}").format(
        backend=backend, sentence=sample_sentence()
    )


def sample_not_played(error: str) -> str:
    """``error``: what went wrong (empty: nothing is known but the silence)."""
    # Translators: ``pyramide voice``: why the sample did not play, when nothing else is known.
    error = error or _("no answer in time")
    # Translators: ``pyramide voice``: the sample did not play. {error}: what went wrong.
    return _("The sample did not play: {error}").format(error=error)


def sample_not_written(error: str) -> str:
    # Translators: ``pyramide voice --out``: nothing could be written. {error}: why.
    return _("Could not write the sample: {error}").format(error=error)


def sample_written(path: Path, seconds: float, voice: str) -> str:
    """``seconds``: the file's length, to a tenth."""
    # Translators: ``pyramide voice --out``. {path}: the file; {seconds}: its length;
    # {voice}: the voice used.
    return ngettext(
        "Wrote {path}: {seconds} second of speech, voice {voice}.",
        "Wrote {path}: {seconds} seconds of speech, voice {voice}.",
        1 if seconds == 1 else 2,  # only a whole 1 is singular: 0.5 and 1.5 are plural
    ).format(path=path, seconds=format_number(seconds), voice=voice)
