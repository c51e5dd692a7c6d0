"""The command line in the session's language: help, argparse's own words, usage
errors, the human output of each subcommand, card notation, ``--lang`` that is
none of ours, ``--version`` and calm progress lines for ``analyse``."""

from __future__ import annotations

import argparse
import inspect
import io
import json
import re
from pathlib import Path

import pytest
from kit import LANGUAGES
from playthrough import recording_session, won_code

from pyramide_a11y.cli.analyse import Progress, progress_mode
from pyramide_a11y.cli.from_options import language_option, start_options
from pyramide_a11y.cli.main import build_parser, main
from pyramide_a11y.cli.parsing import lang_option, language_asked
from pyramide_a11y.engine import DECK, Draw, Recycle, RemoveKing, RemovePair
from pyramide_a11y.i18n import set_language
from pyramide_a11y.narration import card_notation, move_notation
from pyramide_a11y.narration import command_line as cli_text

PORTUGUESE = ("pt_PT", "pt_BR")
SUBCOMMANDS = ("deal", "replay", "solve", "analyse", "voice", "stats", "history")

# argparse messages only a programmer meets (a parser built wrong): left in English.
DEVELOPER_MESSAGES = {
    ".__call__() not defined",
    "conflicting subparser: %s",
    "conflicting subparser alias: %s",
    "cannot merge actions - two groups are named %r",
    "'required' is an invalid argument for positionals",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r",
    "dest= is required for options like %r",
    "invalid conflict_resolution value: %r",
    "mutually exclusive arguments must be optional",
    "cannot have multiple subparser arguments",
    "%r is not callable",
    "conflicting option string: %s",
}

# Words argparse writes in English, and our English labels: none may be left in a
# Portuguese session (option names like --help and typed values are not words).
ENGLISH_WORDS = re.compile(
    r"\b(usage|options|positional|arguments?|show|message|exit|error|invalid|choose|"
    r"required|unrecognized|expected|print|the|default|code|rules|row|waste|stock|won|"
    r"moves|score|round|true|false|yes|winnable|searched|deals?|unknown|draw|recycle)\b",
    re.IGNORECASE,
)


def english_words(text: str) -> list[str]:
    """The English words of ``text``, leaving out options (``--json``), choices in
    braces and quotes, file names and the canonical notation of files (``KD, 10C+3S,
    draw, recycle``) and the subcommands listed in the help."""
    text = re.sub(r"(?m)^    [a-z]+|pyramide [a-z]+", " ", text)
    text = " ".join(text.split()).replace("KD, 10C+3S, draw, recycle", " ")
    kept = re.sub(r"(?<!\w)--?[\w-]+|\{[^}]*\}|'[^']*'|\S+\.(md|json)\b|\$\w+", " ", text)
    return ENGLISH_WORDS.findall(kept)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    out = io.StringIO()
    try:
        status = main(list(argv), out)
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    captured = capsys.readouterr()
    return status, out.getvalue() + captured.out, captured.err


# -- argparse's own words ----------------------------------------------------------------------


def test_every_argparse_message_a_person_meets_is_in_our_catalog() -> None:
    source = inspect.getsource(argparse)
    found = set(re.findall(r"""\b_\(\s*(['"])(.*?)\1\s*\)""", source))
    found |= {(q, m) for q, m in re.findall(r"""\bngettext\(\s*(['"])(.*?)\1""", source)}
    messages = {m.encode().decode("unicode_escape") for _, m in found}
    ours = set(cli_text.argparse_texts()) | {"expected %s argument"}
    assert messages - DEVELOPER_MESSAGES - ours == set()


@pytest.mark.parametrize("language", PORTUGUESE)
@pytest.mark.parametrize("command", [(), *((c,) for c in SUBCOMMANDS)])
def test_help_has_no_english_words(
    capsys: pytest.CaptureFixture[str], language: str, command: tuple[str, ...]
) -> None:
    status, out, _ = run(capsys, "--lang", language, *command, "--help")
    assert status == 0
    assert out.startswith("uso: pyramide")
    assert english_words(out) == []


@pytest.mark.parametrize("where", ["before", "after"])
def test_help_follows_lang_wherever_it_stands(
    capsys: pytest.CaptureFixture[str], where: str
) -> None:
    argv = ["--lang", "pt-BR", "solve", "--help"]
    if where == "after":
        argv = ["solve", "--help", "--lang=pt-BR"]
    _, out, _ = run(capsys, *argv)
    assert "opções:" in out and "[CÓDIGO]" in out and "ARQUIVO" in out


@pytest.mark.parametrize("language", PORTUGUESE)
@pytest.mark.parametrize(
    "argv",
    [
        ("frobnicate",),
        ("solve", "--timeout", "abc"),
        ("solve", "--timeout"),
        ("analyse",),
        ("analyse", "--deals", "x"),
        ("solve", "PY1-N-AAAAAAS", "--bogus"),
        ("--verbosity", "loud"),
        ("history", "ten"),
    ],
)
def test_usage_errors_have_no_english_words(
    capsys: pytest.CaptureFixture[str], language: str, argv: tuple[str, ...]
) -> None:
    status, _, err = run(capsys, "--lang", language, *argv)
    assert status == 2
    assert "erro:" in err
    assert english_words(err) == [], err


def test_usage_errors_read_in_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "--lang", "pt", "solve", "--timeout", "abc")
    assert err.splitlines()[0] == "pyramide solve: erro: argumento --timeout: 'abc' não é um número"
    _, _, err = run(capsys, "--lang", "pt-BR", "analyse")
    assert err.splitlines()[0] == (
        "pyramide analyse: erro: faltam os seguintes argumentos: --deals"
    )
    _, _, err = run(capsys, "--lang", "pt", "nada")
    assert "escolha inválida: 'nada' (escolha entre 'deal'" in err


def test_english_errors_stay_as_they_were(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "--lang", "en", "analyse")
    assert err.splitlines()[0] == (
        "pyramide analyse: error: the following arguments are required: --deals"
    )
    assert argparse._("usage: ") == "usage: "  # type: ignore[attr-defined]  # put back


# -- human output of each subcommand -----------------------------------------------------------


@pytest.mark.parametrize("language", PORTUGUESE)
def test_subcommand_output_has_no_english_labels(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, language: str
) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("draw\ndraw\n", encoding="utf-8")
    data = ["--data-dir", str(tmp_path / "data")]
    commands = [
        ("deal", "PY1-N-AAAAAAS"),
        ("replay", "PY1-N-AAAAAAS", "--moves", str(moves)),
        ("solve", "PY1-N-AAAAAAS"),
        ("solve", "PY1-C-AAAAAAB"),
        ("analyse", "--deals", "3", "--jobs", "1", "--progress", "lines"),
        ("stats", *data),
        ("history", *data),
    ]
    for argv in commands:
        status, out, err = run(capsys, "--lang", language, *argv)
        assert status == 0, err
        text = re.sub(r"PY1-\w-\w+|pyramide|classic|paciencia", " ", out + err)
        assert english_words(text) == [], (argv, out)


def test_deal_prints_the_session_language_notation(capsys: pytest.CaptureFixture[str]) -> None:
    _, pt, _ = run(capsys, "--lang", "pt", "deal", "PY1-N-AAAAAAS")
    _, br, _ = run(capsys, "--lang", "pt-BR", "deal", "PY1-N-AAAAAAS")
    _, en, _ = run(capsys, "--lang", "en", "deal", "PY1-N-AAAAAAS")
    assert pt.splitlines()[2] == "fila 1: Vo" and br.splitlines()[2] == "fileira 1: Vo"
    assert en.splitlines()[2] == "row 1: JD"
    assert "descarte (de baixo para cima): 7o" in pt


def test_json_stays_canonical_in_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    _, pt, _ = run(capsys, "--lang", "pt", "solve", won_code("pyramide"), "--json")
    _, en, _ = run(capsys, "--lang", "en", "solve", won_code("pyramide"), "--json")
    pt_data, en_data = json.loads(pt), json.loads(en)
    assert set(pt_data) == {"winnable", "moves", "nodes", "seconds"}
    assert pt_data["moves"] == en_data["moves"]
    assert "draw" in pt_data["moves"]
    _, deal, _ = run(capsys, "--lang", "pt", "deal", "PY1-N-AAAAAAS", "--json")
    assert '"AD"' in deal


# -- card notation: what solve prints can be typed into the game ------------------------------


def test_english_notation_is_the_canonical_one() -> None:
    for card in DECK:
        assert card_notation(card, "en") == str(card)
    pair = RemovePair(DECK[0], DECK[11])
    for move in (pair, RemoveKing(DECK[12]), Draw(), Recycle()):
        assert move_notation(move, "en") == str(move)


def test_portuguese_notation() -> None:
    six_of_hearts = next(c for c in DECK if str(c) == "6H")
    jack_of_clubs = next(c for c in DECK if str(c) == "JC")
    for language in PORTUGUESE:
        assert card_notation(six_of_hearts, language) == "6c"
        assert card_notation(jack_of_clubs, language) == "Vp"
        assert move_notation(Draw(), language) == "tirar"
        assert move_notation(Recycle(), language) == "reciclar"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("preset", ["pyramide", "classic"])
def test_a_solved_line_typed_into_the_game_wins(
    capsys: pytest.CaptureFixture[str], language: str, preset: str
) -> None:
    code = won_code(preset)
    status, out, err = run(capsys, "--lang", language, "solve", code)
    assert status == 0, err
    lines = out.splitlines()[1:-1]
    assert lines
    session, _ = recording_session(code, language)
    for line in lines:
        assert not session.game.won
        session.handle(line)
    assert session.game.won
    session.close()


# -- --lang and --version ------------------------------------------------------------------


def test_lang_option_is_found_anywhere() -> None:
    assert lang_option(["solve", "X", "--lang", "pt"]) == "pt"
    assert lang_option(["--lang=pt-BR", "deal"]) == "pt-BR"
    assert lang_option(["--lang", "en", "solve", "--lang", "pt"]) == "pt"
    assert lang_option(["solve", "--", "--lang", "pt"]) is None
    assert lang_option(["solve"]) is None
    assert language_asked("pt") == "pt_PT"
    assert language_asked("br") == "pt_BR" and language_asked("pt-BR") == "pt_BR"
    assert language_asked("fr") is None


def test_the_lang_option_is_read_once_into_the_start_options() -> None:
    """``--lang`` as typed stays in the parsed options (never rewritten): the play
    options read it once, as one of the game's codes (None: not ours)."""
    parser = build_parser()
    args = parser.parse_args(["--lang", "br", "--speech", "none"])
    options = start_options(args, {})
    assert args.lang == "br" and options.lang == "pt_BR" and options.speech == "none"
    assert start_options(parser.parse_args(["--lang", "fr"]), {}).lang is None
    assert language_option(parser.parse_args(["stats", "--lang", "pt"])) == "pt_PT"
    assert language_option(parser.parse_args(["stats"])) is None


def test_an_unknown_lang_is_said_and_the_session_goes_on(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    status, out, err = run(capsys, "--lang", "fr", "solve", "PY1-C-AAAAAAB")
    assert status == 0
    assert err == "Unknown language fr: choose pt, br or en.\n"
    assert out.startswith("Cannot be won")
    monkeypatch.setenv("LANGUAGE", "pt_BR")
    status, out, err = run(capsys, "solve", "PY1-C-AAAAAAB", "--lang", "de")
    assert status == 0
    assert err.startswith("Idioma desconhecido") or err.startswith("Língua desconhecida"), err
    assert out.startswith("Não dá para ganhar")


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--version")
    assert status == 0 and out == "pyramide 0.1.0\n"


# -- analyse progress ------------------------------------------------------------------------


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_progress_mode_default() -> None:
    tty, pipe = _Stream(True), _Stream(False)
    assert progress_mode(None, tty, pipe, lambda: "Orca") == "none"
    assert progress_mode("lines", tty, pipe, lambda: None) == "lines"
    assert progress_mode(None, tty, tty, lambda: "Orca") == "lines"
    assert progress_mode(None, pipe, tty, lambda: None) == "lines"
    assert progress_mode(None, tty, tty, lambda: None) == "bar"


def test_progress_lines_are_calm_and_in_the_session_language() -> None:
    set_language("pt_PT")
    now = [0.0]
    stream = _Stream(True)
    progress = Progress(100, stream, "lines", clock=lambda: now[0])
    for done in range(1, 101):
        now[0] += 1.0  # a deal a second: 5 s pass before 10% do
        progress.update(done)
    progress.finish()
    lines = stream.getvalue().splitlines()
    assert "\r" not in stream.getvalue() and "\x1b" not in stream.getvalue()
    assert len(lines) == 10
    assert lines[0].startswith("10 de 100 ") and lines[-1].startswith("100 de 100 ")
    stream = _Stream(True)
    now = [0.0]
    progress = Progress(1000, stream, "lines", clock=lambda: now[0])
    for done in range(1, 1001):
        now[0] += 0.01  # fast deals: 5 s is the rarer
        progress.update(done)
    assert len(stream.getvalue().splitlines()) == 2  # at 500 deals, and at the end


def test_analyse_progress_lines_through_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(
        capsys, "--lang", "pt-BR", "analyse", "--deals", "3", "--jobs", "1", "--progress", "lines"
    )
    assert status == 0
    assert err.splitlines() == [err.splitlines()[-1]]
    assert err.startswith("3 de 3 ")
    status, _, err = run(capsys, "analyse", "--deals", "2", "--jobs", "1", "--progress", "none")
    assert status == 0 and err == ""


def test_a_bad_deal_code_is_said_in_the_session_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(capsys, "--lang", "pt", "solve", "XYZ")
    assert status == 2
    assert err == (
        "pyramide: XYZ não é um código de partida válido; os códigos são como PY1-N-AAAAAAS.\n"
    )
    status, _, err = run(capsys, "--lang", "en", "deal", "XYZ")
    assert status == 2 and "three parts" in err  # the engine's detail, in English


@pytest.mark.parametrize(
    ("lang", "argv", "said"),
    [
        ("pt", ("--rules", "foo"), "Regras desconhecidas 'foo': escolha pyramide, classic"),
        ("pt-BR", ("--recycles", "many"), "'many' não é um número, none (nenhuma)"),
        ("en", ("--rules", "foo"), "Unknown rules 'foo': choose pyramide, classic"),
    ],
)
def test_rules_options_are_refused_in_the_session_language(
    capsys: pytest.CaptureFixture[str], lang: str, argv: tuple[str, ...], said: str
) -> None:
    code, out, err = run(capsys, "--lang", lang, "solve", *argv, "PY1-N-AAAAAAS")
    assert code != 0 and out == ""
    assert said in err and len(err.strip().splitlines()) == 1
