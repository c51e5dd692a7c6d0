"""The lesson by ear (``pyramide learn``, ``learn`` in a game): each step takes the
right input and explains a wrong one in one sentence; leaving and resuming."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from kit import LANGUAGES, NO_HINT, make_session
from playthrough import recording_session

from pyramide_a11y.cli.main import main
from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.focus import Direction
from pyramide_a11y.core.lesson import STEPS, Lesson, LessonProgress, Step
from pyramide_a11y.engine import DECK, Card, Game, RemoveKing, RemovePair
from pyramide_a11y.i18n import set_language
from pyramide_a11y.narration import lesson_text, narrator
from pyramide_a11y.narration import messages as m
from pyramide_a11y.narration.card_words import card_name, card_notation
from pyramide_a11y.narration.help import help_lines
from pyramide_a11y.storage import Store

RIGHT = {
    "free": ["free"],
    "pair": ["6h 7c"],
    "king": ["kd"],
    "covered": ["2h jc"],
    "pairs": ["pairs"],
    "stock": ["d", "8d 5c"],
    "recycle": ["r"],
    "stock_top": ["8d 5c"],
    "undo": ["u"],
    "hint": ["h"],
    "review": ["table"],
}
WRONG = {
    "free": "xyz",
    "pair": "ac 3d",
    "king": "9d",
    "covered": "8s",
    "pairs": "d",
    "stock": "5c 9h",
    "recycle": "d",
    "stock_top": "9s",
    "undo": "h",
    "hint": "u",
    "review": "kd",
}


def at_step(index: int) -> Lesson:
    lesson = Lesson(LessonProgress())
    lesson._go_to(index)
    return lesson


def test_every_step_is_covered() -> None:
    assert [step.name for step in STEPS] == list(RIGHT) == list(WRONG)


@pytest.mark.parametrize("index", range(len(STEPS)), ids=[s.name for s in STEPS])
def test_step_accepts_the_right_input(index: int) -> None:
    lesson = at_step(index)
    for line in RIGHT[STEPS[index].name]:
        answer = lesson.handle(line)
    if index + 1 < len(STEPS):
        assert lesson.index == index + 1
        assert "Well done." in answer.lines
        assert f"Step {index + 2} of {len(STEPS)}" in answer.text
    else:
        assert answer.quit
        assert "The lesson is over" in answer.text
        assert lesson.progress.step == 0  # done: learn starts from the beginning


@pytest.mark.parametrize("index", range(len(STEPS)), ids=[s.name for s in STEPS])
def test_step_explains_a_wrong_input_in_one_sentence(index: int) -> None:
    lesson = at_step(index)
    before = lesson.game.position
    answer = lesson.handle(WRONG[STEPS[index].name])
    assert lesson.index == index and not answer.quit
    assert len(answer.lines) == 1
    assert answer.lines[0].count(". ") <= 1  # one sentence (or "taken back" + what to do)
    assert "Well done" not in answer.text
    assert lesson.game.position == before  # a wrong move is taken back


def test_a_wrong_sum_says_what_the_two_cards_make() -> None:
    answer = at_step(1).handle("ac 3d")
    assert answer.lines == ["The ace of clubs and the three of diamonds add up to 4, not 13."]


def test_leaving_and_resuming_start_at_the_saved_step(tmp_path: Path) -> None:
    store, _ = Store.open(tmp_path)
    assert store is not None
    lesson = Lesson(LessonProgress(store), standalone=True)
    assert "Step 1 of 11" in lesson.opening().text
    lesson.handle("free")
    lesson.handle("6h 7c")
    left = lesson.handle("quit")
    assert left.quit and "step 3" in left.text
    store.close()

    store, _ = Store.open(tmp_path)
    assert store is not None
    again = Lesson(LessonProgress(store), standalone=True)
    offer = again.opening().text
    assert "step 3 of 11, a king leaves alone" in offer
    assert again.handle("kd").lines == ["Type continue or restart."]
    assert again.handle("continue").lines[0] == "Step 3 of 11: a king leaves alone."
    assert again.handle("kd").lines[-3].startswith("Step 4 of 11")  # its table, its text
    assert again.handle("q").quit
    store.close()

    store, _ = Store.open(tmp_path)
    assert store is not None
    restarted = Lesson(LessonProgress(store))
    assert "step 4 of 11" in restarted.opening().text
    assert restarted.handle("restart").lines[0].startswith("Step 1 of 11")
    assert LessonProgress(store).step == 0
    store.close()


def test_in_a_game_quit_leaves_the_lesson_back_to_the_game() -> None:
    session, _ = recording_session("PY1-N-AAAAAAB", "en")
    table = session.handle("table").lines
    assert "Step 1 of 11" in session.handle("learn").text
    session.handle("free")
    answer = session.handle("quit")
    assert not answer.quit
    assert answer.lines[-2:] == ["Back to your game.", *table]
    assert session.lessons.current is None
    assert session.handle("table").lines == table
    # learn again offers to go on from the step reached
    assert "step 2 of 11" in session.handle("learn").text
    assert session.handle("continue").lines[0].startswith("Step 2 of 11")


def test_portuguese_words_start_and_leave_it() -> None:
    session, _ = recording_session("PY1-N-AAAAAAB", "pt_PT")
    assert "Passo 1 de 11" in session.handle("aprender").text
    assert "Muito bem." in session.handle("livres").lines
    assert "De volta à sua partida." in session.handle("sair").lines


def test_pyramide_learn_piped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("free\nquit\n"))
    out = io.StringIO()
    args = ["--data-dir", str(tmp_path), "--speech", "none", "aprender", "--lang", "en"]
    assert main(args, out) == 0
    text = out.getvalue()
    assert "Step 1 of 11" in text and "Step 2 of 11" in text
    assert text.rstrip().endswith("Goodbye.")
    assert "saved" not in text  # the lesson plays no game to save

    monkeypatch.setattr(sys, "stdin", io.StringIO("continue\nq\n"))
    out = io.StringIO()
    assert main(["--data-dir", str(tmp_path), "--speech", "none", "learn"], out) == 0
    assert "You left the lesson at step 2 of 11" in out.getvalue()


def test_help_and_command_line_help_point_to_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert any("learn" in line for line in help_lines())
    with pytest.raises(SystemExit):
        main(["--help", "--lang", "en"])
    printed = capsys.readouterr().out
    assert "pyramide learn" in printed and "aprender" in printed


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "In the lesson, type the commands."),
        ("pt_PT", "Na lição, escreva os comandos."),
        ("pt_BR", "Na lição, digite os comandos."),
    ],
)
def test_during_the_lesson_the_keys_leave_the_game_underneath_alone(
    language: str, said: str
) -> None:
    session, _ = recording_session("PY1-N-AAAAAAB", language)
    session.keyboard.enter_mode()
    session.keyboard.move_focus(Direction.RIGHT)
    before = (session.game.position, session.game.selected, session.play.focus.index)
    session.handle("learn" if language == "en" else "aprender")
    assert not session.keyboard.mode
    step = session.lessons.current.step if session.lessons.current is not None else None
    answers = [
        session.keyboard.move_focus(Direction.LEFT),
        session.keyboard.activate_focus(),
        session.keyboard.enter_mode(),
        session.keyboard.escape(),
    ]
    assert [answer.lines for answer in answers] == [[said]] * 4
    assert session.lessons.current is not None and session.lessons.current.step == step
    assert (session.game.position, session.game.selected, session.play.focus.index) == before
    session.handle("quit" if language == "en" else "sair")
    assert session.keyboard.mode  # back in the game, as it was left


# -- the lesson keeps its word (issue 24) ------------------------------------------------

LEARN = {"en": "learn", "pt_PT": "aprender", "pt_BR": "aprender"}
NEW_TABLE = {
    "en": "A new table for this step. ",
    "pt_PT": "Uma mesa nova para este passo. ",
    "pt_BR": "Uma mesa nova para este passo. ",
}


def typed_right(step: Step) -> list[str]:
    """The right input for ``step`` in the current language's notation (English
    words are taken in every language; Portuguese ``7c`` is the seven of hearts)."""
    named = step.named()
    cards = {"pair": named[:2], "king": named[:1], "covered": named[1:3]}
    cards |= {"stock": named[:2], "stock_top": named[:2]}
    words = {"free": "free", "pairs": "pairs", "recycle": "r", "undo": "u", "hint": "h"}
    typed = [words.get(step.name, "table")]
    if step.name in cards:
        typed = [" ".join(card_notation(c) for c in cards[step.name])]
    return ["d", *typed] if step.name == "stock" else typed


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_step_on_another_table_says_so_and_reads_it(language: str) -> None:
    set_language(language)
    lesson = Lesson(LessonProgress())
    assert not any(line.startswith(NEW_TABLE[language]) for line in lesson.opening().lines)
    new_tables = []
    for index, step in enumerate(STEPS[:-1]):
        played = lesson.game
        for line in typed_right(step):
            lines = lesson.handle(line).lines
        assert lesson.index == index + 1
        left = (played.position, played.selected)  # the table as the step left it
        heading = lesson_text.heading(index + 2, len(STEPS), STEPS[index + 1].name)
        after = lines[lines.index(heading) + 1]
        if (lesson.game.position, lesson.game.selected) != left:
            assert after == NEW_TABLE[language] + narrator.table_summary(lesson.game)
            new_tables.append(STEPS[index + 1].name)
        else:  # the table the player was on: nothing to read again
            assert after == lesson_text.intro(lesson.step.name, lesson.step.named())[0]
    assert new_tables == [
        "pair",
        "king",
        "covered",
        "pairs",
        "stock",
        "recycle",
        "stock_top",
        "undo",
    ]


def test_the_new_table_is_read_as_table_reads_it() -> None:
    lesson = at_step(0)
    lines = lesson.handle("free").lines
    assert lines[3].startswith(
        "A new table for this step. Free: ace of clubs, three of diamonds, six of hearts, "
        "nine of spades, seven of clubs, two of diamonds, and five of clubs. Waste: nine of "
        "hearts. 23 cards in the stock."
    )
    assert lines[3] == "A new table for this step. " + lesson.handle("table").lines[0]
    # resumed at a step, its table is new to the player
    resumed = at_step(5)
    resumed.offering = True
    assert (
        resumed.handle("continue")
        .lines[1]
        .startswith(
            "A new table for this step. Free: ace of clubs, three of diamonds, six of hearts, "
            "nine of spades, two of diamonds, five of clubs, and two of spades. Waste: nine of "
            "hearts."
        )
    )


CLAIMS: dict[str, dict[str, str]] = {
    "free": {},
    "pair": {"6H": "free", "7C": "free", "AC": "free"},
    "king": {"KD": "free"},
    "covered": {"8S": "covered", "2H": "free", "JC": "free"},
    "pairs": {},
    "stock": {},
    "recycle": {},
    "stock_top": {"8D": "stock top", "5C": "free"},
    "undo": {"6H": "removed", "7C": "removed"},
    "hint": {},
    "review": {},
}
"""Every card each step's sentences name, and where they say it is."""


def _named_in(text: str, card: Card) -> bool:
    by_name = re.search(rf"(?<!\w){re.escape(card_name(card))}(?!\w)", text, re.IGNORECASE)
    return bool(by_name or re.search(rf"(?<!\w){re.escape(card_notation(card))}(?!\w)", text))


def _removals(game: Game) -> set[frozenset[Card]]:
    moves = [m for m in game.legal_moves() if isinstance(m, RemovePair | RemoveKing)]
    return {
        frozenset([m.card] if isinstance(m, RemoveKing) else [m.first, m.second]) for m in moves
    }


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("index", range(len(STEPS)), ids=[s.name for s in STEPS])
def test_the_cards_a_step_names_are_where_it_says(language: str, index: int) -> None:
    set_language(language)
    step = STEPS[index]
    game, position = step.game(), step.game().position
    text = " ".join(
        [*lesson_text.intro(step.name, step.named()), lesson_text.again(step.name, step.named())]
    )
    assert {str(c) for c in DECK if _named_in(text, c)} == set(CLAIMS[step.name])
    for typed, where in CLAIMS[step.name].items():
        card = Card.parse(typed)
        match where:
            case "free":
                assert card in position.free_cards()
            case "covered":
                assert card in position.pyramid and card not in position.free_cards()
            case "stock top":
                assert game.stock_top == card
            case "removed":
                assert card not in position.cards_in_play()
    free = set(position.free_cards())
    match step.name:
        case "free":  # "at the start, the 7 cards of the bottom row"
            assert free == {Card.parse(c) for c in step.bottom}
        case "pair":  # "one pair of free cards adds up to 13"
            assert {r for r in _removals(game) if r <= free} == {frozenset(step.named()[:2])}
        case "covered":  # "remove the two cards that cover it, they add up to 13"
            eight = step.named()[0]
            covering = position.covering(position.pyramid.index(eight))
            assert set(covering) == set(step.named()[1:3]) and set(covering) in _removals(game)
        case "stock":  # "nothing pairs now: draw"
            assert _removals(game) == set()
        case "recycle":  # "the stock is empty"
            assert position.stock == ()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("letter", ["x", "k", "v", "a"])
def test_a_letter_alone_gets_the_games_answer(language: str, letter: str) -> None:
    session, _ = recording_session("PY1-N-AAAAAAB", language)
    in_game = session.handle(letter).lines
    session.handle(LEARN[language])
    lesson = session.lessons.current
    assert lesson is not None
    for index in range(len(STEPS)):
        lesson._go_to(index)
        assert session.handle(letter).lines == in_game
    assert session.lessons.current is lesson and lesson.index == len(STEPS) - 1


def test_a_letter_alone_in_the_lesson_in_english() -> None:
    lesson = at_step(2)  # the king step, where "k" stands for the card asked for
    assert lesson.handle("x").lines == ["I do not understand x: type ? for help."]
    assert lesson.handle("k").lines == [
        "A letter alone is a command; for a rank alone, write it out: king."
    ]
    assert lesson.handle("king").lines[0] == "King of diamonds removed."


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "Step 3 of 11: a king leaves alone. Type the king alone: KD. Type learn to hear "
            "this step again, table to hear its table, or quit to leave the lesson.",
        ),
        (
            "pt_PT",
            "Passo 3 de 11: o rei sai sozinho. Escreva só o rei: Ro. Escreva aprender para "
            "ouvir este passo outra vez, mesa para ouvir a sua mesa, ou sair para deixar a lição.",
        ),
        (
            "pt_BR",
            "Passo 3 de 11: o rei sai sozinho. Digite só o rei: Ro. Digite aprender para "
            "ouvir este passo de novo, mesa para ouvir a mesa dele, ou sair para deixar a lição.",
        ),
    ],
)
def test_help_in_the_lesson_is_the_steps_own(language: str, said: str) -> None:
    set_language(language)
    lesson = at_step(2)
    before = lesson.game.position
    # what to type, and the help's two lines on cards (typing them, pairing them)
    assert lesson.handle("?").lines == [said, *help_lines()[:2]]
    assert lesson.handle("help").lines == [said, *help_lines()[:2]]
    assert lesson.index == 2 and lesson.game.position == before
    # the review step's text says "? every command": there it is the game's help
    answer = at_step(len(STEPS) - 1).handle("?")
    assert answer.lines[:-1] == help_lines() and answer.quit


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "To review the table: table says the free cards, the waste top, the stock count "
            "and the pass; row and a number one row,",
        ),
        (
            "pt_PT",
            "Para rever a mesa: mesa diz as cartas livres, a carta de cima do descarte, "
            "quantas cartas tem o monte e a passagem; fila e um número uma fila,",
        ),
        (
            "pt_BR",
            "Para revisar a mesa: mesa diz as cartas descobertas, a carta de cima do descarte, "
            "quantas cartas tem o monte e a rodada; fileira e um número uma fileira,",
        ),
    ],
)
def test_the_review_step_says_what_table_says(language: str, said: str) -> None:
    set_language(language)
    lesson = at_step(len(STEPS) - 2)
    heard = lesson.handle("h").lines
    assert heard[-1].startswith(said)
    # table says them in that order: the free cards, the waste top, the stock count, the pass
    game = lesson.game
    table = lesson.handle("table").lines[0]
    parts = [
        m.free_cards(game.position.free_cards()),
        m.waste_top(game.position.waste_top),
        m.stock_count(len(game.position.stock)),
        m.round_unlimited(game.position.round),
    ]
    assert table == narrator.join(parts)


@pytest.mark.parametrize(
    ("language", "in_game", "alone"),
    [
        ("en", "Back to your game. Type n for a new deal.", "Good luck. To play, type pyramide."),
        (
            "pt_PT",
            "De volta à sua partida. Escreva n para uma nova partida.",
            "Boa sorte. Para jogar, escreva pyramide.",
        ),
        (
            "pt_BR",
            "De volta ao seu jogo. Digite n para um novo jogo.",
            "Boa sorte. Para jogar, digite pyramide.",
        ),
    ],
)
def test_the_end_of_the_lesson_says_how_to_play(language: str, in_game: str, alone: str) -> None:
    session, _ = recording_session("PY1-N-AAAAAAB", language)
    table = session.handle("table").lines
    session.handle(LEARN[language])
    assert session.lessons.current is not None
    session.lessons.current._go_to(len(STEPS) - 1)
    answer = session.handle("table")
    assert not answer.quit and answer.lines[-1:] == table
    assert answer.lines[-2].endswith(in_game)

    set_language(language)
    lesson = Lesson(LessonProgress(), standalone=True)
    lesson._go_to(len(STEPS) - 1)
    answer = lesson.handle("table")
    assert answer.quit and answer.lines[-1].endswith(alone)


def test_the_lesson_adds_no_game_to_history_or_statistics(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # pyramide learn, left with quit, then taken up again and left at the end of input
    for typed in ("free\nquit\n", "continue\n"):
        monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
        out = io.StringIO()
        args = ["--data-dir", str(tmp_path), "--speech", "none", "learn", "--lang", "en"]
        assert main(args, out) == 0
        assert out.getvalue().rstrip().splitlines()[-1] == "Goodbye."  # no game to save
    store, _ = Store.open(tmp_path)
    assert store is not None
    assert (store.recent(), store.in_progress(), store.stats()) == ([], [], [])
    store.close()

    # the lesson in a game: the player's game alone is kept, as it was
    session = make_session("PY1-N-AAAAAAB", storage=GameStorage.open(tmp_path), hint_finder=NO_HINT)
    session.handle("d")
    for line in ("learn", "restart", "free", "6h 7c", "kd", "quit"):
        session.handle(line)
    store, _ = Store.open(tmp_path)
    assert store is not None
    played = store.recent()
    assert [(r.result, r.snapshot.actions) for r in played] == [(None, 1)]
    assert store.stats() == []
    store.close()
    session.close()
