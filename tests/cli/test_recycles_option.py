"""``--recycles``: seed 000's variant "limited recycles (a number, or none)".

``none`` means zero recycles (one pass through the stock), ``unlimited`` no limit;
the rules string, the deal code and the in-game rules text agree.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest
from kit import NO_HINT, make_session

from pyramide_a11y.cli.from_options import rules_from_options as _rules_from_options
from pyramide_a11y.cli.options import add_rules_options
from pyramide_a11y.core.session import Session
from pyramide_a11y.core.sources import SourceError, coded_source
from pyramide_a11y.engine import Rules, get_rules, parse_code, parse_count, parse_rules

CODE = "PY1-N-AAAAAAS"


def rules_from(*argv: str) -> Rules:
    parser = argparse.ArgumentParser()
    add_rules_options(parser)
    return _rules_from_options(parser.parse_args(list(argv)), None)


@pytest.mark.parametrize(
    ("typed", "recycles"),
    [
        ("none", 0),
        ("None", 0),
        ("nenhum", 0),
        ("nenhuma", 0),
        ("0", 0),
        ("2", 2),
        ("unlimited", None),
        ("ilimitado", None),
    ],
)
def test_recycles_option_words(typed: str, recycles: int | None) -> None:
    rules = rules_from("--recycles", typed)
    assert rules.name == "pyramide" and rules.recycles == recycles


@pytest.mark.parametrize("typed", ["-1", "lots", ""])
def test_a_bad_recycles_value_is_a_source_error(typed: str) -> None:
    with pytest.raises(SourceError):
        rules_from("--recycles", typed)


def test_parse_count() -> None:
    assert parse_count(" NONE ") == 0 and parse_count("sem limite") is None
    with pytest.raises(ValueError):
        parse_count("-2")


def test_no_recycle_prints_and_parses_back() -> None:
    rules = get_rules("pyramide").with_options(recycles=0)
    assert str(rules) == "pyramide(passes=1)"
    assert parse_rules(str(rules)) == rules
    assert parse_rules("pyramide(recycles=none)") == rules
    assert parse_rules("pyramide(recycles=0)") == rules
    assert parse_rules("pyramide(recycles=unlimited)").recycles is None
    assert parse_rules("classic(passes=unlimited)").recycles is None
    with pytest.raises(ValueError):
        parse_rules("classic(passes=none)")  # zero passes: nothing to play


def session(language: str, *argv: str) -> Session:
    source = coded_source(parse_code(CODE), rules_from("--rules", "pyramide", *argv))
    return make_session(source, language, hint_finder=NO_HINT)


def empty_the_stock(s: Session) -> None:
    while s.game.position.stock:
        s.handle("d")
    assert not s.game.position.stock and s.game.position.waste


@pytest.mark.parametrize("command", ["r", "d", "recycle"])
def test_recycles_none_refuses_to_recycle_once_the_stock_is_out(command: str) -> None:
    s = session("en", "--recycles", "none")
    empty_the_stock(s)
    before = s.game.position
    answer = s.handle(command)
    assert "These rules have no recycle: one pass through the stock." in " ".join(answer.lines)
    assert s.game.position == before


def test_recycles_none_in_portuguese() -> None:
    s = session("pt_PT", "--recycles", "nenhuma")
    empty_the_stock(s)
    before = s.game.position
    said = " ".join(s.handle("r").lines)
    assert "Estas regras não têm reciclagem: uma só passagem pelo monte." in said
    assert s.game.position == before


def test_recycles_unlimited_still_recycles() -> None:
    s = session("en", "--recycles", "unlimited")
    for round_ in range(1, 4):
        empty_the_stock(s)
        s.handle("r")
        assert s.game.position.recycles == round_


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "With d you draw a card; there is no recycle: one pass through the stock."),
        ("pt_PT", "Com d compra uma carta; não há reciclagem: passa-se pelo monte uma só vez."),
        (
            "pt_BR",
            "Com d você vira uma carta; não há reciclagem: você passa pelo monte uma só vez.",
        ),
    ],
)
def test_the_rules_text_says_there_is_no_recycle(language: str, said: str) -> None:
    s = session(language, "--recycles", "none")
    assert said in s.handle("regras").lines
    unlimited = session(language).handle("regras").lines
    assert said not in unlimited


def test_the_opening_and_the_code_name_one_pass() -> None:
    s = session("en", "--recycles", "none")
    assert s.source.code is not None
    assert parse_code(s.source.code).rules.recycles == 0
    assert "Pyramide, 1 pass." in s.opening().lines[0]


def test_the_real_command_line_refuses_the_recycle(tmp_path: Path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("draw\n" * 23 + "recycle\n")
    run = [sys.executable, "-m", "pyramide_a11y", "replay", CODE, "--moves", str(moves)]
    env = {"LANGUAGE": "en", "PATH": "/usr/bin:/bin"}
    refused = subprocess.run(
        [*run, "--recycles", "none"], capture_output=True, text=True, timeout=60, env=env
    )
    assert refused.returncode == 1 and "line 24: recycle" in refused.stderr
    assert "no more recycles" in refused.stderr
    allowed = subprocess.run(
        [*run, "--recycles", "unlimited", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert allowed.returncode == 0, allowed.stderr
    assert json.loads(allowed.stdout)["stock"] == 24
