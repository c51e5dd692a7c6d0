"""Issue 24: starting with other rules than those of the saved game says, in one
line and in the player's language, that the saved game is kept and how to take
it up (the rules named as the game names them, the command typed as it is)."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest
from kit import make_session
from playthrough import won_code
from storage_helpers import Program

from pyramide_a11y.cli.play import named_rules
from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.sources import random_deal
from pyramide_a11y.engine import get_rules, parse_rules

KEPT = {
    "en": "Your saved game of Pyramid is kept; type pyramide --rules paciencia to continue it.",
    "pt_PT": "A sua partida de Paciência Pirâmide continua guardada; escreva "
    "pyramide --rules paciencia para a retomar.",
    "pt_BR": "Seu jogo de Paciência Pirâmide continua salvo; digite "
    "pyramide --rules paciencia para retomá-lo.",
}


def test_the_saved_game_of_other_rules_is_named_then_offered(tmp_path: Path) -> None:
    program = Program(tmp_path, "--deal", won_code("paciencia"))
    program.answer()
    program.send("d")
    program.answer()
    assert program.close()[0] == 0
    program = Program(tmp_path, "--rules", "classic")
    opening = program.answer()
    assert opening[0] == KEPT["en"]
    assert opening[1].startswith("Classic Pyramid")  # and a new classic deal
    assert program.close()[0] == 0
    program = Program(tmp_path, "--rules", "paciencia")  # as the line said
    assert program.answer()[0].startswith("You have a saved game: Pyramid,")
    assert program.close()[0] == 0


@pytest.mark.parametrize("language", ["pt_PT", "pt_BR"])
def test_the_line_is_in_the_players_language(tmp_path: Path, language: str) -> None:
    # Waits on the catalogs for its Portuguese.
    storage = GameStorage.open(tmp_path)
    session = make_session(won_code("paciencia"), storage=storage)
    session.handle("d")
    session.close()
    storage = GameStorage.open(tmp_path)
    classic = get_rules("classic")
    assert storage.resume_saved(classic) is None
    session = make_session(random_deal(classic), language, storage=storage)
    assert session.opening().lines[0] == KEPT[language]
    session.close()


@pytest.mark.parametrize(
    "rules", ["classic(passes=3)", "pyramide(passes=2, strict_win=True)", "paciencia"]
)
def test_the_command_said_gives_back_the_same_rules(rules: str) -> None:
    from pyramide_a11y.cli.options import add_rules_options
    from pyramide_a11y.narration.record_words import rules_command  # new in issue 24

    command = rules_command(rules)
    assert command is not None
    words = command.split()
    assert words[0] == "pyramide"
    parser = argparse.ArgumentParser()
    add_rules_options(parser)
    assert str(named_rules(parser.parse_args(words[1:]))) == str(parse_rules(rules))
