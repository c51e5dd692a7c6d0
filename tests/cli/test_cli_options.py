"""The command line's options wherever they stand, and usage errors a listener
hears sentence first."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from pyramide_a11y.cli.main import main
from pyramide_a11y.storage import Store
from pyramide_a11y.storage.saved_settings import save_setting


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Exit status, what was printed and what went to stderr."""
    out = io.StringIO()
    try:
        status = main(list(argv), out)
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    captured = capsys.readouterr()
    return status, out.getvalue() + captured.out, captured.err


def before_and_after(
    capsys: pytest.CaptureFixture[str], command: tuple[str, ...], options: tuple[str, ...]
) -> tuple[str, str]:
    """What ``pyramide OPTIONS COMMAND`` and ``pyramide COMMAND OPTIONS`` print."""
    said = []
    for argv in ((*options, *command), (*command, *options)):
        status, out, err = run(capsys, *argv)
        assert status == 0 and err == "", (argv, err)
        said.append(out)
    return said[0], said[1]


# -- every option before or after the subcommand ----------------------------------------------


def test_learn_takes_speech_and_data_dir_after_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "mine"  # not the tests' own PYRAMIDE_DATA_DIR
    options = ("--speech", "none", "--data-dir", str(folder), "--lang", "en")
    monkeypatch.setattr(sys, "stdin", io.StringIO("free\nquit\n"))
    status, out, _ = run(capsys, "learn", *options)
    assert status == 0 and "Step 2 of 11" in out
    # The lesson was kept in that folder: both orders go on from step 2.
    for argv in (("learn", *options), (*options, "learn")):
        monkeypatch.setattr(sys, "stdin", io.StringIO("continue\nq\n"))
        status, out, _ = run(capsys, *argv)
        assert status == 0
        assert "You left the lesson at step 2 of 11" in out


def test_voice_takes_data_dir_after_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    store, _ = Store.open(folder)
    assert store is not None
    assert save_setting(store, "voice.en", "gmw/en-US")
    store.close()
    wav = tmp_path / "sample.wav"
    first, second = before_and_after(
        capsys,
        ("voice", "--out", str(wav)),
        ("--data-dir", str(folder), "--lang", "en", "--speech", "espeak-ng"),
    )
    assert first == second
    lines = second.splitlines()
    assert lines[2].startswith("Voice per language: pt_PT the language's own, pt_BR")
    assert "en gmw/en-US" in lines[2]  # the voice saved in that folder


def test_a_rules_option_before_the_subcommand_is_not_lost(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # deal has --passes of its own; its default used to overwrite the one given first.
    first, second = before_and_after(capsys, ("deal", "PY1-N-AAAAAAS"), ("--passes", "1"))
    assert first == second
    assert "rules: pyramide(passes=1)" in second.splitlines()
    # Given on both sides, the one after the subcommand wins (the last on the line).
    status, out, _ = run(capsys, "--passes", "2", "deal", "PY1-N-AAAAAAS", "--passes", "1")
    assert status == 0
    assert "rules: pyramide(passes=1)" in out.splitlines()


def test_stats_takes_the_game_options_after_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "mine"
    first, second = before_and_after(
        capsys, ("stats",), ("--lang", "pt", "--data-dir", str(folder), "--symbols")
    )
    assert first == second == "Ainda não terminou nenhum jogo.\n"


# -- usage errors: the sentence first --------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ("--lang", "pt", "solve", "--timeout", "abc"),
            "pyramide solve: erro: argumento --timeout: 'abc' não é um número",
        ),
        (
            ("--lang", "pt-BR", "analyse"),
            "pyramide analyse: erro: faltam os seguintes argumentos: --deals",
        ),
        (
            ("learn", "--speech", "loud", "--lang", "en"),
            "pyramide learn: error: argument --speech: invalid choice: 'loud' (choose from "
            "'auto', 'screen-reader', 'pyttsx3', 'espeak-ng', 'speech-dispatcher', 'none')",
        ),
        (("--lang", "en", "--verbosity", "loud"), "pyramide: error: argument --verbosity: "),
        (("--lang", "pt", "nada"), "pyramide: erro: argumento COMANDO: escolha inválida: 'nada'"),
    ],
)
def test_a_usage_error_says_its_sentence_first(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], said: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    lines = err.splitlines()
    assert lines[0].startswith(said), err
    assert len(lines) <= 2, err


def test_the_one_line_of_usage_is_in_the_session_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, _, err = run(capsys, "--lang", "pt", "history", "dez")
    assert err.splitlines() == [
        "pyramide history: erro: argumento PARTIDA: 'dez' não é um número inteiro",
        "uso: pyramide history [-h] [PARTIDA]",
    ]
    _, _, err = run(capsys, "--lang", "en", "replay", "--moves")
    assert err.splitlines() == [
        "pyramide replay: error: argument --moves: expected one argument",
        "usage: pyramide replay [-h] [CODE]",
    ]
