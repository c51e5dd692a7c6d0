"""Whatever is typed: one answer, plain text, and the game changes only through a
legal move or an undo. A line that is not a command gets exactly one sentence and
changes nothing at all (the table, the selection, the move counter, the settings).

Stronger than the parser test in test_commands.py: every preset and language,
near-miss commands, escape sequences and suit symbols typed into a pipe.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from kit import LANGUAGES, deal, make_session
from playthrough import notation, played, won_code

from pyramide_a11y.commands import CommandSyntaxError, parse_command
from pyramide_a11y.core.session import Session
from pyramide_a11y.core.timer import GameTimer
from pyramide_a11y.engine import DECK, get_rules
from pyramide_a11y.engine.dealcode import MAX_NUMBER, DealCode
from pyramide_a11y.engine.text import fold
from pyramide_a11y.i18n import set_language
from pyramide_a11y.i18n.languages import continue_words
from pyramide_a11y.narration.messages import echoed
from pyramide_a11y.solver.hints import Hint, Knowledge, hint_for
from pyramide_a11y.speech.base import RecordingSpeaker

SYMBOLS = "♣♧♦♢♥♡♠♤"
NEAR_MISSES = [
    "row 9",
    "fila 0",
    "row",
    "pyramid 8",
    "where 10",
    "where",
    "onde xyz",
    "where is the 11 of clubs",
    "11p",
    "1x",
    "0c",
    "Zd",
    "10c 3s 4d",
    "lang xx",
    "idioma",
    "rate 5",
    "rate fast",
    "velocidade -3",
    "think -1",
    "think 999",
    "pensar x",
    "errors maybe",
    "voz talvez",
    "new XYZ",
    "novo PY1-Q-AAAAAAA",
    "new /no/such/file.json",
    "d d",
    "uu",
    "h h",
    "??",
    "\x1b[A",
    "\x1b[2J",
    "10\x1b[31mc",
    "\x07",
    "\t",
    "K♣ ♣",
    "♥",
    "x♠y",
    "10 ♦ ♦",
    "a" * 200,
]
LINES = st.one_of(
    st.text(max_size=40),
    st.sampled_from(NEAR_MISSES),
    st.sampled_from(["d", "r", "u", "h", "?", "", "table", "pairs", "cancel", "status"]),
    st.builds(str, st.sampled_from(DECK)),
    st.tuples(st.sampled_from(DECK), st.sampled_from(["en", "pt_PT"])).map(
        lambda pair: notation(*pair)
    ),
    st.tuples(st.sampled_from(DECK), st.sampled_from(DECK)).map(
        lambda pair: f"{pair[0]} {pair[1]}"
    ),
)


def quick_hint(knowledge: Knowledge, budget: float, cancelled: threading.Event | None) -> Hint:
    return hint_for(knowledge, 1e6, cancelled, 1, 300, 300)


def state(session: Session) -> tuple[object, ...]:
    game = session.game
    return (game, game.position, game.selected, game.moves, game.seen, session.settings)


def sentences(text: str, line: str) -> int:
    """Sentences in ``text``, an answer to ``line``: the typed text it says back (all
    of it or what follows a command word, as typed or as the parser folded it) and
    the help command "?" are not stops."""
    shown = set()
    for form in (line, fold(line), unicodedata.normalize("NFKD", line)):
        words = form.split()
        shown |= {echoed(" ".join(words[start:])) for start in range(len(words))}
    for echo in sorted(shown - {""}, key=len, reverse=True):
        at = text.lower().find(echo.lower())  # a sentence may capitalise the echo
        if at >= 0:
            text = text[:at] + "X" + text[at + len(echo) :]
            break
    return len(re.findall(r"(?<!\s)[.!?](?:\s|$)", text))


def control_characters(text: str) -> list[str]:
    return [ch for ch in text if unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs")]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(["pyramide", "classic", "paciencia"]),
    number=st.integers(0, MAX_NUMBER),
    language=st.sampled_from(LANGUAGES),
    lines=st.lists(LINES, min_size=1, max_size=30),
)
@example(preset="pyramide", number=0, language="pt_PT", lines=["0? 0\r0"])  # \r parts words
def test_any_line_gets_plain_answers_and_only_legal_changes(
    preset: str, number: int, language: str, lines: list[str]
) -> None:
    set_language(language)
    rules = get_rules(preset)
    session = make_session(
        deal(str(DealCode(rules, number)), rules),
        language,
        speaker=RecordingSpeaker(),
        timer=GameTimer(lambda: 0.0),
        hint_finder=quick_hint,
    )
    try:
        for line in lines:
            before = state(session)
            game = session.game
            position = game.position
            history = list(game.history)
            answer = session.handle(line)
            said = answer.lines
            assert said and all(said), line
            for text in said:
                assert not control_characters(text), (line, text)
                assert not any(symbol in text for symbol in SYMBOLS), (line, text)
            if answer.quit:
                break
            if not line.strip() or line.strip().lower() in continue_words():
                continue  # the table (or the clock runs again, or the saved game goes on)
            try:
                parse_command(line, session.settings.language)
            except CommandSyntaxError:
                assert state(session) == before, line  # nothing changed at all
                assert len(said) == 1 and sentences(said[0], line) == 1, (line, said)
                continue
            if session.game is not game:
                continue  # a new deal or the same deal again
            after = game.position
            if after != position:
                legal = {position.after(m, game.rules) for m in position.legal_moves(game.rules)}
                undone = len(game.history) == len(history) - 1 or not game.history
                assert after in legal or undone, (line, said)
    finally:
        session.close()
        set_language("en")


@pytest.mark.parametrize(
    ("language", "lines", "expected"),
    [
        (
            "en",
            ["where 10", "where the king"],
            ["Give the suit after 10, like where 10c."],
        ),
        ("en", ["where xyz"], ["Xyz is not a card."]),
        (
            "en",
            ["row 9", "row", "pyramid 0"],
            ["Give a row from 1, the top, to 7, the bottom."] * 3,
        ),
        ("pt_PT", ["onde 10"], ["Indique o naipe depois de 10, como onde 10p."]),
        ("pt_BR", ["fileira 8"], ["Indique uma fileira de 1, no topo, a 7, na base."]),
    ],
)
def test_a_bad_where_or_row_says_what_to_type(
    language: str, lines: list[str], expected: list[str]
) -> None:
    # They used to say "Where 10 is not a card" and "Row 9 is not a card".
    said = played(won_code("classic"), language, lines)
    assert said[: len(expected)] == expected
    assert all(len(answer.split(". ")) == 1 for answer in said)  # one sentence each


@pytest.mark.parametrize(
    ("language", "line", "expected"),
    [
        ("en", "think 0", "Give a hint thinking time from 0.5 to 60 seconds."),
        ("pt_PT", "pensar x", "Indique um tempo para pensar na dica de 0,5 a 60 segundos."),
        ("en", "speech loud", "Type speech on or speech off."),
        ("pt_PT", "erros talvez", "Escreva erros sim ou erros não."),
        ("pt_BR", "voz alta", "Digite voz sim ou voz não."),
    ],
)
def test_a_bad_setting_value_says_what_that_setting_takes(
    language: str, line: str, expected: str
) -> None:
    # They all used to get the whole list of settings.
    assert played(won_code("classic"), language, [line]) == [expected]


def test_a_setting_word_alone_says_what_it_takes() -> None:
    said = played(won_code("classic"), "en", ["lang", "rate", "think", "speech", "errors"])
    assert said == [
        "Choose a language: lang pt, lang br or lang en.",
        "Give a rate between 80 and 450 words per minute.",
        "Give a hint thinking time from 0.5 to 60 seconds.",
        "Type speech on or speech off.",
        "Type errors on or errors off.",
    ]
    assert played(won_code("classic"), "pt_BR", ["idioma"]) == [
        "Escolha um idioma: idioma pt, idioma br ou idioma en."
    ]


def test_the_program_through_a_pipe_says_typed_escape_codes_and_symbols_back_plainly(
    tmp_path: Path,
) -> None:
    # Arrow keys and colour codes typed into a pipe, suit symbols in a bad card, a
    # long paste: none of it reaches the output as escape codes or symbols.
    import subprocess
    import sys

    typed = ["\x1b[A", "10\x1b[31m♣x", "x♠y", "K♣ ♣", "z" * 300, "lang \x1b[2J", "q"]
    options = ["--lang", "en", "--deal", won_code("classic"), "--speech", "none"]
    result = subprocess.run(
        [sys.executable, "-m", "pyramide_a11y", *options, "--data-dir", str(tmp_path)],
        input="\n".join(typed) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0 and result.stderr == ""
    out = result.stdout
    assert "\x1b" not in out and not any(symbol in out for symbol in "♣♦♥♠")
    lines = out.splitlines()[2:]
    assert lines[0] == "That is not a command: type ? for help."
    assert lines[2] == "I do not understand x spades y: type ? for help."
    assert max(len(line) for line in lines) < 80  # the paste is cut short
    assert lines[-1].endswith("Goodbye.")
