"""Heard right, not only printed right: what speech says for every message.

Every function of ``narration/messages.py`` (called with sample arguments read
from its signature), the help, the keys and the rules of every preset are
rendered in each language and passed through ``speech.sanitize.speakable``:
no symbol a synthesiser drops may carry meaning there, a key standing alone is
said as a word, deal codes are spelled, and the help line of notation letters
is said in its spoken form.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from kit import LANGUAGES
from message_samples import calls, sample_cards
from playthrough import recording_session, won_code

from pyramide_a11y.core.answer import Answer
from pyramide_a11y.engine import PRESETS, Card
from pyramide_a11y.i18n import set_language
from pyramide_a11y.i18n.spoken import Spoken, spoken_form
from pyramide_a11y.narration import help as help_text
from pyramide_a11y.narration import join
from pyramide_a11y.narration import messages as m
from pyramide_a11y.speech.sanitize import speakable, spell_deal_codes

# Symbols a synthesiser drops or that sanitize removes: none may carry meaning in
# an answer (those it says as words, + % = & /, are allowed).
DROPPED = set("*#~^|\\<>@$[]{}`_")
DEAL_CODE = re.compile(r"\bPY\d+-[A-Z0-9]+-[A-Z]{7}\b", re.IGNORECASE)
LONE_QUESTION_MARK = re.compile(r"(?<!\S)\?(?=[\s.,;:!)]|$)")
QUESTION_MARK = {
    "en": "question mark",
    "pt_PT": "ponto de interrogação",
    "pt_BR": "ponto de interrogação",
}


def every_text(card: Card) -> Iterator[tuple[str, str]]:
    for name, call in calls(card):
        yield name, call()
    for index, line in enumerate(help_text.help_lines()):
        yield f"help {index + 1}", line
    for index, line in enumerate(help_text.keys_lines()):
        yield f"keys {index + 1}", line
    for name, rules in PRESETS.items():
        for index, line in enumerate(help_text.rules_lines(rules)):
            yield f"rules {name} {index + 1}", line


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_heard_right(language: str) -> None:
    set_language(language)
    problems = []
    for card in sample_cards():
        for name, printed in every_text(card):
            shown = spoken_form(printed)
            said = speakable(shown, language)
            dropped = DROPPED & set(shown)
            if dropped:
                problems.append(f"{name}: {sorted(dropped)} in {shown!r}")
            if LONE_QUESTION_MARK.search(said):
                problems.append(f"{name}: a lone ? is not said in {said!r}")
            if LONE_QUESTION_MARK.search(shown) and QUESTION_MARK[language] not in said:
                problems.append(f"{name}: the key ? is not named in {said!r}")
            if DEAL_CODE.search(said):
                problems.append(f"{name}: a deal code is not spelled in {said!r}")
    assert not problems, "\n".join(sorted(set(problems)))


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Type question mark for help, rules for the rules."),
        ("pt_PT", "Escreva ponto de interrogação para ajuda, regras para as regras."),
        ("pt_BR", "Digite ponto de interrogação para ajuda, regras para as regras."),
    ],
)
def test_the_help_key_is_said(language: str, expected: str) -> None:
    set_language(language)
    assert speakable(m.help_hint() + ".", language) == expected
    assert "?" in m.help_hint()  # printed as the key


@pytest.mark.parametrize("language", LANGUAGES)
def test_deal_codes_are_spelled_as_written(language: str) -> None:
    set_language(language)
    said = speakable(m.deal_code("PY1-N-AAAAAAS"), language)
    assert said.endswith("P, Y, 1; N; A, A, A, A, A, A, S")
    assert "P, Y, 1; N; A, A, A, A, A, A, S" in speakable(m.bad_deal_code("zz"), language)
    assert spell_deal_codes("py1-c3w-abcdefg.") == "P, Y, 1; C, 3, W; A, B, C, D, E, F, G."


@pytest.mark.parametrize("language", LANGUAGES)
def test_notation_letters_are_said_in_their_spoken_form(language: str) -> None:
    set_language(language)
    line = help_text.help_lines()[0]
    assert isinstance(line, Spoken)
    assert line.spoken != str(line)
    # Printed as it was; heard as written for speech, also inside a longer answer.
    said = speakable(Answer(help_text.help_lines()).speech_text, language)
    assert line.spoken.split(".")[0] in said
    if language != "en":
        assert "10p" in line and "Ro" in line
        for heard_wrong in (" o ouros", " e espadas", "Ro ", "10p"):
            assert heard_wrong not in said
        assert "O, ouros" in said and "E, espadas" in said and "erre ó" in said


@pytest.mark.parametrize(
    ("language", "command"), [("pt_PT", "?"), ("pt_BR", "ajuda"), ("en", "help")]
)
def test_the_speaker_gets_the_spoken_form_of_the_notation_letters(
    language: str, command: str
) -> None:
    session, speaker = recording_session(won_code("classic"), language)
    line = help_text.help_lines()[0]
    assert isinstance(line, Spoken)
    answer = session.handle(command)
    assert answer.lines[0] == str(line)  # printed as written
    assert speaker.spoken[-1].startswith(line.spoken)  # heard as the letters' names
    assert str(line) not in speaker.spoken[-1]
    session.handle("repetir" if language != "en" else "repeat")  # said again, the same
    assert speaker.spoken[-1] == speaker.spoken[-2]
    # In the lesson, and joined into a longer line, the spoken form holds too.
    session.handle("aprender" if language != "en" else "learn")
    session.handle("?")
    assert line.spoken in speaker.spoken[-1] and str(line) not in speaker.spoken[-1]
    joined = join([line, m.help_hint()])
    assert isinstance(joined, Spoken) and joined.spoken.startswith(line.spoken)
    session.close()
    set_language("en")
