"""A whole won deal of each preset in each language: through the session, through
the real PromptSession (pipe input, dummy output), and in a real terminal (tmux)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from kit import LANGUAGES
from playthrough import PRESETS, recording_session, winning_commands, won_code
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from terminal import TMUX, window

from pyramide_a11y.i18n.pseudo import PseudoTranslations, untranslated_residue
from pyramide_a11y.narration import answers, card_name, sentence
from pyramide_a11y.terminal.loop import Printer, run_plain, run_prompt

WON = {"pt_PT": "Ganhou!", "pt_BR": "Você venceu!", "en": "You won!"}
GOODBYE = {"pt_PT": "Até à próxima.", "pt_BR": "Até a próxima.", "en": "Goodbye."}
F2 = "\x1bOQ"
CASES = [(preset, language) for preset in PRESETS for language in LANGUAGES]


@pytest.mark.parametrize(("preset", "language"), CASES)
def test_whole_deal_through_the_session_speaks_every_answer(preset: str, language: str) -> None:
    session, speaker = recording_session(won_code(preset), language)
    answers = [session.opening()]
    for command in winning_commands(preset, language):
        answers.append(session.handle(command))
    assert session.game.won
    # Every answer spoken, in order; the par may follow, late, from its own thread.
    assert speaker.spoken[: len(answers)] == [a.text for a in answers]
    assert WON[language] in answers[-1].lines
    assert won_code(preset) in answers[-1].text


@pytest.mark.parametrize(("preset", "language"), CASES)
def test_whole_deal_through_the_prompt_session(preset: str, language: str) -> None:
    session, speaker = recording_session(won_code(preset), language)
    session.pars.finder = None  # the par comes late, whenever it comes: test_par.py
    out = io.StringIO()
    commands = [*winning_commands(preset, language), "q"]
    with create_pipe_input() as pipe:
        pipe.send_text("".join(c + "\r" for c in commands))
        status = run_prompt(session, Printer(out), input=pipe, output=DummyOutput())
    assert status == 0
    assert session.game.won
    assert speaker.spoken[-1] == GOODBYE[language]
    assert any(WON[language] in said for said in speaker.spoken)
    assert len(speaker.spoken) == len(commands) + 1
    assert "\x1b" not in out.getvalue()


def test_keyboard_mode_through_the_prompt_session() -> None:
    session, speaker = recording_session(won_code("paciencia"), "en", keyboard_keys=True)
    playable = session.game.position.playable_cards(session.game.rules)
    steps = next(i for i, card in enumerate(playable) if not card.is_king)
    target = card_name(playable[steps])
    focused = answers.focus_name(playable[steps], session.game)  # with its row and place
    out = io.StringIO()
    with create_pipe_input() as pipe:
        # F2 enters keyboard mode; the arrows move the focus; Space selects; Escape
        # cancels and leaves; "keyboard" enters again; d acts at once; p leaves and
        # starts the typed command "pairs".
        pipe.send_text(F2 + "\x1b[D\x1b[C" + "\x1b[C" * steps + " \x1b")
        pipe.send_text("keyboard\rd")
        pipe.send_text("pairs\r")
        pipe.send_text("q\r")
        run_prompt(session, Printer(out), input=pipe, output=DummyOutput())
    spoken = speaker.spoken[2:]
    assert speaker.spoken[1].startswith("Keyboard mode: ")
    assert spoken[steps + 1] == sentence(focused)
    assert spoken[steps + 2].startswith(f"Card selected: {target}") or spoken[steps + 2].startswith(
        sentence(f"{target} selected")
    )
    assert spoken[steps + 3] == f"Selection cancelled: {target}. Keyboard mode off."
    assert spoken[steps + 4].startswith("Keyboard mode: ")
    assert " to the waste" in spoken[steps + 5]  # paciencia: the stock top went there
    assert spoken[steps + 6] == "Keyboard mode off: you are typing a command."
    assert spoken[steps + 7].startswith(("Playable", "No pair"))
    assert session.game.moves == 1
    assert spoken[-1] == "Goodbye."


def test_plain_loop_has_no_prompt_and_no_escape_codes() -> None:
    session, _ = recording_session(won_code("classic"), "en")
    out = io.StringIO()
    run_plain(session, io.StringIO("d\nq\n"), Printer(out))
    text = out.getvalue()
    assert "\x1b" not in text and ">" not in text
    assert text.splitlines()[-1] == "Goodbye."


def test_the_program_through_pipes_prints_plain_text_only() -> None:
    env = dict(os.environ, LANG="pt_BR.UTF-8", LANGUAGE="", LC_ALL="")
    result = subprocess.run(
        # Silent: a test must not depend on (or use) this machine's sound.
        [
            sys.executable,
            "-m",
            "pyramide_a11y",
            "--deal",
            won_code("paciencia"),
            "--speech",
            "none",
        ],
        input="d\nq\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == 0
    assert result.stderr == ""
    assert "\x1b" not in result.stdout
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Paciência Pirâmide, 3 rodadas. Jogo PY1-P-AAAAAAB.")
    assert " para o descarte" in lines[2]
    assert lines[-1] == "Seu jogo está salvo. Até a próxima."


def test_pseudo_locale_nothing_bypasses_gettext() -> None:
    import re

    from playthrough import TOUR_CODES, TOURS

    from pyramide_a11y import i18n

    session, _ = recording_session(won_code("pyramide"), "en")
    with i18n.overridden(PseudoTranslations()):
        answers = [session.opening()]
        for command in [*TOURS["en"][:-2], *winning_commands("pyramide", "en")]:
            answers.append(session.handle(command))
    allowed = re.compile(r"^[\s\d.,:;!?()\-]*$")
    for answer in answers:
        for line in answer.lines:
            residue = untranslated_residue(line)
            residue = residue.replace(won_code("pyramide"), "").replace(TOUR_CODES["en"], "")
            for word in ("nonsense",):
                residue = residue.replace(word, "")
            assert allowed.match(residue), (line, residue)


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
@pytest.mark.parametrize(("preset", "language"), CASES)
def test_whole_deal_in_a_real_terminal(preset: str, language: str, tmp_path: Path) -> None:
    lang_option = {"pt_PT": "pt", "pt_BR": "pt-BR", "en": "en"}[language]
    command = (
        f"PROMPT_TOOLKIT_NO_CPR=1 PYRAMIDE_DATA_DIR={tmp_path} "
        f"{sys.executable} -m pyramide_a11y --lang {lang_option} "
        f"--deal {won_code(preset)} --speech none; sleep 30"
    )
    with window(command) as terminal:
        terminal.wait_for_prompt(10)
        # Typed ahead in one go, each command ended by a carriage return (Enter).
        terminal.type("".join(c + "\r" for c in winning_commands(preset, language)))
        history = terminal.wait_for(WON[language], 20)
        assert WON[language] in history
        assert won_code(preset) in history
        assert "\x1b" not in history
        terminal.type("q\r")
        assert GOODBYE[language] in terminal.wait_for(GOODBYE[language], 10)


def test_focus_reports_pause_and_resume_the_timer() -> None:
    from pyramide_a11y.core.timer import GameTimer

    now = [0.0]
    session, _ = recording_session(won_code("classic"), "en")
    session.play.timer = GameTimer(lambda: now[0])
    out = io.StringIO()
    with create_pipe_input() as pipe:
        run_prompt_thread = __import__("threading").Thread(
            target=run_prompt,
            args=(session, Printer(out)),
            kwargs={"input": pipe, "output": DummyOutput()},
        )
        run_prompt_thread.start()
        time.sleep(0.3)
        pipe.send_text("\x1b[O")  # the terminal lost focus
        for _ in range(50):
            if session.timer.paused:
                break
            time.sleep(0.02)
        assert session.timer.paused
        now[0] += 100.0
        pipe.send_text("\x1b[I")  # focus is back
        for _ in range(50):
            if not session.timer.paused:
                break
            time.sleep(0.02)
        assert not session.timer.paused
        assert session.timer.elapsed() == 0.0
        pipe.send_text("q\r")
        run_prompt_thread.join(10)
    assert not run_prompt_thread.is_alive()


@pytest.mark.parametrize("preset", PRESETS)
def test_real_hint_names_a_legal_move(preset: str) -> None:
    from pyramide_a11y.core.hinting import default_finder

    finder = default_finder()
    session, _ = recording_session(won_code(preset), "en")
    session.hints.finder = finder
    answer = session.handle("h")
    assert answer.lines[0].startswith(("Hint: ", "Searching for a solution"))


def test_a_bad_deal_code_on_the_command_line_is_one_sentence_in_the_language() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pyramide_a11y", "--lang", "pt", "--deal", "PY1-X"],
        input="q\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "pyramide: PY1-X não é um código de partida válido; os códigos são como PY1-N-AAAAAAS."
    )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "pyramide: Deal PY1-N-AAAAAAS is dealt for pyramide; its piles do not fit "
            "paciencia: play it without --rules.",
        ),
        (
            "pt",
            "pyramide: A partida PY1-N-AAAAAAS é dada para pyramide; as pilhas não servem "
            "para paciencia: jogue-a sem --rules.",
        ),
        (
            "pt-BR",
            "pyramide: O jogo PY1-N-AAAAAAS é dado para pyramide; as pilhas não servem "
            "para paciencia: jogue sem --rules.",
        ),
    ],
)
def test_a_good_code_for_other_rules_says_why_it_does_not_fit(
    lang: str, said: str, tmp_path: Path
) -> None:
    # The code reads well: calling it unreadable (and offering itself as the
    # example) would leave the player nowhere.
    result = subprocess.run(
        [
            *(sys.executable, "-m", "pyramide_a11y", "--lang", lang, "--speech", "none"),
            *("--data-dir", str(tmp_path), "--rules", "paciencia", "--deal", "PY1-N-AAAAAAS"),
        ],
        input="q\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.strip() == said
    assert result.stdout == ""


def test_visual_mode_prints_symbols_but_never_speaks_them() -> None:
    session, speaker = recording_session(won_code("pyramide"), "en")
    out = io.StringIO()
    run_plain(session, io.StringIO("d\nq\n"), Printer(out, visual=True))
    printed = out.getvalue()
    assert "king of clubs (K♣)" in printed
    assert all(symbol not in said for said in speaker.spoken for symbol in "♣♦♥♠")
    assert "king of clubs" in speaker.spoken[0]


def test_a_slow_hint_arrives_while_the_prompt_waits() -> None:
    import threading

    from pyramide_a11y.engine import Draw
    from pyramide_a11y.solver import Hint, HintKind

    def finder(knowledge: object, budget: float, cancelled: threading.Event | None) -> Hint:
        time.sleep(0.8)
        return Hint(HintKind.DRAW, Draw(), False)

    out = io.StringIO()
    printer = Printer(out)
    session, speaker = recording_session(won_code("paciencia"), "pt_BR", emit=printer.late)
    session.hints.finder = finder
    with create_pipe_input() as pipe:
        thread = threading.Thread(
            target=run_prompt,
            args=(session, printer),
            kwargs={"input": pipe, "output": DummyOutput()},
        )
        thread.start()
        pipe.send_text("h\r")
        for _ in range(100):
            if "Dica: vire uma carta." in speaker.spoken:
                break
            time.sleep(0.05)
        pipe.send_text("q\r")
        thread.join(10)
    assert speaker.spoken[1] == "Procurando uma solução."
    assert speaker.spoken[2] == "Dica: vire uma carta."
    assert "Dica: vire uma carta." in out.getvalue()
