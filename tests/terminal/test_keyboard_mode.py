"""Typed words are never taken as one-key commands (issue 9): the arrows alone do
not start keyboard mode; keyboard mode is entered on purpose (``keyboard``,
``teclado``, F2), says so, and Escape always leaves it.

The sweep runs the real ``PromptSession`` (pipe input, dummy output) and compares
every answer with a session that was handed the same lines directly; one test
drives the real program in tmux.
"""

from __future__ import annotations

import io
import random
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from kit import LANGUAGES
from playthrough import recording_session, won_code
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from terminal import TMUX, window

from pyramide_a11y.commands.syntax import NEW_WORDS, SINGLE_LETTERS, WORDS, Action
from pyramide_a11y.core.focus import Direction
from pyramide_a11y.core.session import Session
from pyramide_a11y.narration import answers, sentence
from pyramide_a11y.narration import messages as m
from pyramide_a11y.terminal.loop import Printer, run_prompt

pytestmark = pytest.mark.timeout(120)

ARROWS = {"up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D"}
F2 = "\x1bOQ"
ESCAPE = "\x1b"
CARDS = ("nine of clubs", "ten of hearts", "dez de paus", "nove de copas", "Dp", "Ro", "10c", "Kd")
ENDING = {w for w, a in {**WORDS, **SINGLE_LETTERS}.items() if a is Action.QUIT}
KEYBOARD_WORDS = {w for w, a in WORDS.items() if a is Action.KEYBOARD}
EVERY_WORD = sorted({*WORDS, *SINGLE_LETTERS, *NEW_WORDS, *CARDS})
LESSON_WORDS = {w for w, a in WORDS.items() if a is Action.LEARN}
"""They start the lesson, which answers every line after them (test_lesson.py)."""
SWEPT = [w for w in EVERY_WORD if w not in ENDING | KEYBOARD_WORDS | LESSON_WORDS]
CODE = won_code("classic")


def _session(language: str, keys: bool = True) -> tuple[Session, list[str]]:
    session, speaker = recording_session(CODE, language, keyboard_keys=keys)
    session.play.rng = random.Random(9)  # the same new deals in the prompt and the reference
    # A par comes late, at a moment of its own (the swept words leave deals
    # unfinished): no par here, so both sessions say the same things in order.
    session.pars.finder = None
    return session, speaker.spoken


def _through_prompt(session: Session, typed: str) -> None:
    with create_pipe_input() as pipe:
        pipe.send_text(typed)
        run_prompt(session, Printer(io.StringIO()), input=pipe, output=DummyOutput())


def _reference(language: str, arrow: str, words: list[str]) -> tuple[Session, list[str]]:
    """What the session says when it is handed ``words`` as whole lines, each after
    ``arrow`` (Left and Right say a focus; Up and Down are the prompt's history)."""
    session, spoken = _session(language)
    session.opening()
    for word in words:
        if arrow in ("left", "right"):
            session.keyboard.move_focus(Direction(arrow))
        if session.handle(word).quit:
            break
    return session, spoken


def _same_game(one: Session, other: Session) -> None:
    assert one.source.code == other.source.code
    assert one.game.moves == other.game.moves
    assert one.game.position == other.game.position
    assert not one.keyboard.mode


# -- arrows never split a typed word -----------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("arrow", ["down", "left", "right"])
def test_after_an_arrow_every_word_is_a_word(language: str, arrow: str) -> None:
    # One prompt, every word in turn, each typed right after the arrow on an empty line.
    session, spoken = _session(language)
    _through_prompt(session, "".join(ARROWS[arrow] + w + "\r" for w in [*SWEPT, "q"]))
    reference, expected = _reference(language, arrow, [*SWEPT, "q"])
    assert spoken == expected
    _same_game(session, reference)


@pytest.mark.parametrize("language", LANGUAGES)
def test_after_up_every_word_is_a_word(language: str) -> None:
    # A fresh prompt for each word: with lines in the history Up recalls the last one,
    # which is the prompt's normal history (tested below).
    for word in SWEPT:
        session, spoken = _session(language)
        _through_prompt(session, ARROWS["up"] + word + "\rq\r")
        reference, expected = _reference(language, "up", [word, "q"])
        assert spoken == expected, word
        _same_game(session, reference)


@pytest.mark.parametrize("arrow", list(ARROWS))
@pytest.mark.parametrize("word", sorted(ENDING | KEYBOARD_WORDS))
def test_after_an_arrow_quit_and_keyboard_are_words(arrow: str, word: str) -> None:
    session, spoken = _session("pt_PT")
    _through_prompt(session, ARROWS[arrow] + word + "\r" + ESCAPE + "q\r")
    reference, expected = _session("pt_PT")
    reference.opening()
    if arrow in ("left", "right"):
        reference.keyboard.move_focus(Direction(arrow))
    if not reference.handle(word).quit:
        reference.keyboard.escape()  # keyboard mode, entered on purpose, left by Escape
        reference.handle("q")
    assert spoken == expected
    _same_game(session, reference)


def _until(done: Callable[[], bool], what: str, seconds: float = 30) -> None:
    """Wait for ``done()`` (an event in the prompt's thread), however busy the machine."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.01)


def test_up_and_down_are_the_history_outside_keyboard_mode() -> None:
    # Each key is sent once the prompt has taken the one before it: the answer
    # spoken, the next prompt's history loaded (prompt_toolkit loads it in the
    # background as the prompt is drawn, so an Up sent sooner finds nothing).
    session, spoken = _session("en")
    printer = Printer(io.StringIO())

    def buffer() -> Buffer | None:
        return None if printer.app is None else printer.app.current_buffer

    def ready(answers: int, lines: int) -> Callable[[], bool]:
        def done() -> bool:
            shown = buffer()
            return len(spoken) == answers and shown is not None and shown.working_index == lines

        return done

    def showing(text: str) -> Callable[[], bool]:
        return lambda: (shown := buffer()) is not None and shown.text == text

    with create_pipe_input() as pipe:
        loop = threading.Thread(
            target=run_prompt,
            args=(session, printer),
            kwargs={"input": pipe, "output": DummyOutput()},
        )
        loop.start()
        steps: list[tuple[str, Callable[[], bool], str]] = [
            ("pairs\r", ready(2, 1), "the answer to pairs"),
            (ARROWS["up"], showing("pairs"), "Up recalls pairs"),
            ("\r", ready(3, 1), "the answer to pairs again"),  # kept once
            (ARROWS["up"], showing("pairs"), "Up recalls pairs"),
            (ARROWS["down"], showing(""), "Down goes back to an empty line"),
            ("\r", ready(4, 1), "the answer to an empty line"),  # not kept
        ]
        _until(ready(1, 0), "the opening and the first prompt")
        for keys, done, what in steps:
            pipe.send_text(keys)
            _until(done, what)
        pipe.send_text("q\r")
        loop.join(30)
    assert not loop.is_alive()
    pairs = spoken[1]
    assert spoken[2] == pairs  # Up recalled "pairs"; Enter sent it again
    assert spoken[3] == _session("en")[0].handle("").text  # Down went back to an empty line
    assert len(spoken) == 5
    assert not session.keyboard.mode


# -- keyboard mode, on purpose -----------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_entering_and_leaving_by_command_and_key(language: str) -> None:
    session, spoken = _session(language)
    on, off = sentence(m.keyboard_mode_on()), sentence(m.keyboard_mode_off())
    word = "keyboard" if language == "en" else "teclado"
    _through_prompt(session, word + "\r" + "d" + ESCAPE + F2 + "u" + F2 + "dica\rq\r")
    reference, expected = _session(language)
    reference.opening()
    reference.handle(word)
    reference.keyboard.pressed("d")
    reference.handle("d")
    reference.keyboard.escape()
    reference.keyboard.enter_mode()
    reference.keyboard.pressed("u")
    reference.handle("u")
    reference.keyboard.leave_mode()
    reference.handle("dica")
    reference.handle("q")
    assert spoken == expected
    said = spoken[1:]
    assert said[0] == on  # the command
    assert said[1] != said[0] and said[1] == expected[2]  # d drew at once
    assert said[2] == off  # Escape
    assert said[3] == on  # F2
    assert said[5] == off  # F2 again
    assert said[6] == sentence(m.no_hints())  # «dica» is a word again: no draw
    assert len(said) == 8
    _same_game(session, reference)


def test_one_key_commands_act_at_once_in_keyboard_mode() -> None:
    session, spoken = _session("en")
    reference, expected = _session("en")
    reference.opening()
    reference.handle("keyboard")
    for letter in "dhdrun":
        reference.keyboard.pressed(letter)
        reference.handle(letter)
    reference.keyboard.escape()
    reference.handle("q")
    _through_prompt(session, "keyboard\rdhDRUn" + ESCAPE + "q\r")
    assert spoken == expected
    assert session.source.code == reference.source.code != CODE  # n dealt at once
    assert spoken[-2] == sentence(m.keyboard_mode_off())


@pytest.mark.parametrize(
    ("language", "word", "undo"),
    [("en", "undo", "u"), ("pt_PT", "undo", "anular"), ("pt_BR", "undo", "desfazer")],
)
def test_a_word_typed_in_keyboard_mode_is_heard_key_by_key_and_loses_no_game(
    language: str, word: str, undo: str
) -> None:
    session, spoken = _session(language)
    session.opening()
    session.handle("d")  # the game in play has a move
    before = (session.source.code, session.game.position, session.game.moves)
    spoken.clear()
    # u undoes the draw, n deals anew, d draws on it, o leaves keyboard mode and
    # starts a typed line, which Enter sends.
    _through_prompt(session, "keyboard\r" + word + f"\r{undo}\r{undo}\r{undo}\rq\r")
    keys = [line for line in spoken if line.startswith(("Key ", "Tecla "))]
    assert [k.split(".")[0] for k in keys] == [
        sentence(m.key_pressed(letter)).rstrip(".") for letter in "und"
    ]
    # The typed undos take back the draw on the new deal, then bring back the game
    # before it, then take back its draw: the game in play was never lost.
    assert session.source.code == before[0]
    assert session.game.moves == before[2]
    assert session.game.at_start


def test_another_key_leaves_keyboard_mode_and_starts_the_line() -> None:
    session, spoken = _session("pt_PT")
    _through_prompt(session, "teclado\r" + ARROWS["up"] + "mesa\rq\r")
    reference, expected = _session("pt_PT")
    reference.opening()
    reference.handle("teclado")
    reference.keyboard.move_focus(Direction.UP)
    reference.keyboard.leave_typing()
    reference.handle("mesa")
    reference.handle("q")
    assert spoken == expected
    assert not session.keyboard.mode


def test_up_and_down_change_row_in_keyboard_mode() -> None:
    session, spoken = _session("en")
    _through_prompt(session, "keyboard\r" + ARROWS["right"] + ARROWS["up"] + ARROWS["down"] + "q\r")
    reference, expected = _session("en")
    reference.opening()
    reference.handle("keyboard")
    for direction in (Direction.RIGHT, Direction.UP, Direction.DOWN):
        reference.keyboard.move_focus(direction)
    reference.keyboard.leave_typing()
    assert spoken[: len(expected)] == expected


def test_escape_cancels_the_selection_and_leaves_in_one_answer() -> None:
    session, _ = _session("en")
    card = next(
        c for c in session.game.position.playable_cards(session.game.rules) if not c.is_king
    )
    session.focus.keyboard_mode = True
    session.handle(str(card))
    assert session.game.selected == card
    answer = session.keyboard.escape()
    assert answer.lines[-1] == sentence(m.keyboard_mode_off())
    assert "cancelled" in answer.text
    assert session.game.selected is None
    assert not session.keyboard.mode
    # Outside keyboard mode Escape only cancels, as before.
    assert session.keyboard.escape().text != sentence(m.keyboard_mode_off())


def test_status_reports_keyboard_mode() -> None:
    session, _ = _session("pt_BR")
    assert "modo teclado" not in session.handle("estado").text
    assert session.handle("teclado").text == sentence(m.keyboard_mode_on())
    assert session.keyboard.mode
    assert session.handle("estado").text.endswith("Modo teclado ligado.")
    session.keyboard.escape()
    assert "modo teclado" not in session.handle("estado").text.lower()


def test_keyboard_on_plain_lines_says_it_needs_a_terminal() -> None:
    session, _ = _session("en", keys=False)
    assert session.handle("keyboard").text == sentence(m.keyboard_needs_terminal())
    assert not session.keyboard.mode


def test_a_focus_that_moves_by_itself_says_where_it_went() -> None:
    session, _ = _session("en")
    session.handle("keyboard")
    playable = list(session.game.position.playable_cards(session.game.rules))
    first, second = next(
        (a, b) for a in playable for b in playable if a.rank.value + b.rank.value == 13
    )
    while session.focus.focused(session.game) != second:
        session.keyboard.move_focus(Direction.RIGHT)
    answer = session.handle(f"{first} {second}")  # the focused card leaves with its pair
    new = session.focus.focused(session.game)
    assert new is not None and new not in (first, second)
    assert answer.lines[-1] == sentence(m.focus_moved(answers.focus_name(new, session.game)))
    assert answer.lines[-1].startswith("Focus: ")
    # A card that stays keeps the focus, whatever moved around it; nothing is added.
    assert not session.handle("pairs").lines[-1].startswith("Focus")
    assert session.focus.focused(session.game) == new
    # Out of keyboard mode the focus still follows its card, silently.
    session.keyboard.escape()
    assert not session.handle("u").lines[-1].startswith("Focus")


# -- a real terminal ---------------------------------------------------------------------


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
def test_arrows_then_words_in_a_real_terminal(tmp_path: Path) -> None:
    command = (
        f"PROMPT_TOOLKIT_NO_CPR=1 PYRAMIDE_DATA_DIR={tmp_path} {sys.executable} "
        f"-m pyramide_a11y --lang pt --deal {CODE} --speech none; sleep 30"
    )
    reference, _ = _session("pt_PT")
    with window(command) as terminal:
        assert "Escreva ? para ajuda" in terminal.wait_for("Escreva ? para ajuda")
        steps = [("Up", "undo"), ("Right", "nine of clubs"), ("Left", "dica"), ("Down", "Dp")]
        for key, word in steps:
            terminal.keys(key)
            time.sleep(0.2)
            terminal.type(word + "\r")
            if key in ("Left", "Right"):
                reference.keyboard.move_focus(Direction(key.lower()))
            answer = reference.handle(word).text.split(".")[0]
            expected = ("Dica", "procura") if word == "dica" else (answer,)

            def answered(
                screen: str, word: str = word, expected: tuple[str, ...] = expected
            ) -> bool:
                return any(e in screen.split(f"> {word}")[-1] for e in expected)

            screen = terminal.wait_until(answered).split(f"> {word}")[-1]
            assert any(e in screen for e in expected), (word, expected, screen)
        screen = terminal.screen()
        assert "Nova partida" not in screen and "Comprou" not in screen
        assert "Modo teclado" not in screen
        # F2 enters keyboard mode (said), d draws at once, Escape leaves (said).
        terminal.keys("F2")
        assert "Modo teclado: as setas" in terminal.wait_for("Modo teclado: as setas")
        terminal.keys("d")
        assert "Comprou" in terminal.wait_for("Comprou")
        terminal.keys("Escape")
        assert "Modo teclado desligado." in terminal.wait_for("Modo teclado desligado.")
        terminal.type("sair\r")
        assert "Até à próxima." in terminal.wait_for("Até à próxima.")
        assert "\x1b" not in terminal.screen()


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Ctrl-C clears the line; to quit, type q."),
        ("pt_PT", "Ctrl-C apaga a linha; para sair, escreva q."),
        ("pt_BR", "Ctrl-C apaga a linha; para sair, digite q."),
    ],
)
def test_ctrl_c_at_the_prompt_says_what_it_did_and_how_to_quit(language: str, said: str) -> None:
    session, spoken = _session(language)
    _through_prompt(session, "mes\x03" + "q\r")
    assert said in spoken
    assert spoken[spoken.index(said) + 1] != said  # said once, then the game goes on
    assert session.game.moves == 0


def test_a_typed_letter_says_keyboard_mode_is_off_and_a_command_begun() -> None:
    session, spoken = _session("en")
    _through_prompt(session, "keyboard\r" + "table\rq\r")
    assert sentence(m.keyboard_left_typing()) in spoken
    assert "Keyboard mode off: you are typing a command." in spoken
    assert not session.keyboard.mode


def test_the_focus_on_the_waste_is_not_said_again_after_a_draw_names_it() -> None:
    session, _ = recording_session("PY1-N-AAAAAAB", "en", keyboard_keys=True)  # a waste card
    session.handle("keyboard")
    session.keyboard.move_focus(Direction.DOWN)  # the piles' row: the waste top is focused
    assert session.focus.focused(session.game) == session.game.position.waste_top
    session.keyboard.pressed("d")
    answer = session.handle("d")
    assert not any(line.startswith("Focus") for line in answer.lines)


def test_a_key_goes_through_the_same_guard_as_a_typed_line() -> None:
    """A fault while a key acts is one sentence and the game goes on (the keys used
    to skip the guard of typed lines)."""
    session, _ = _session("pt_PT")
    session.strict = False
    session.handle("teclado")

    def broken(direction: str) -> list[str]:
        raise RuntimeError("a fault inside the game")

    session.play.move_focus = broken  # type: ignore[method-assign]
    answer = session.keyboard.move_focus(Direction.RIGHT)
    assert answer.lines == ["Isso não é um comando: escreva ? para ajuda."]
    assert session.handle("mesa").lines[0].startswith("Livres:")
