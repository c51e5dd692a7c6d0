"""The lesson by ear (``pyramide learn``, ``learn`` in a game): each step takes the
right input and explains a wrong one in one sentence; leaving and resuming."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from playthrough import recording_session

from pyramide_a11y.app.cli import main
from pyramide_a11y.app.lesson import STEPS, Lesson, LessonProgress
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
    assert again.handle("kd").lines[-2].startswith("Step 4 of 11")
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
    session.keyboard.move_focus("right")
    before = (session.game.position, session.game.selected, session.play.focus.index)
    session.handle("learn" if language == "en" else "aprender")
    assert not session.keyboard.mode
    step = session.lessons.current.step if session.lessons.current is not None else None
    answers = [
        session.keyboard.move_focus("left"),
        session.keyboard.activate_focus(),
        session.keyboard.enter_mode(),
        session.keyboard.escape(),
    ]
    assert [answer.lines for answer in answers] == [[said]] * 4
    assert session.lessons.current is not None and session.lessons.current.step == step
    assert (session.game.position, session.game.selected, session.play.focus.index) == before
    session.handle("quit" if language == "en" else "sair")
    assert session.keyboard.mode  # back in the game, as it was left
