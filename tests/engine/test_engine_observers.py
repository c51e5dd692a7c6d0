"""Game observers: each action that changed the game is reported once, as the
action the caller asked for; a refusal that changed nothing is not reported."""

from __future__ import annotations

from engine_helpers import seed000_game

from pyramide_a11y.engine import (
    Action,
    Cancel,
    Card,
    Draw,
    Game,
    RemovePair,
    Select,
    Undo,
    get_rules,
)
from pyramide_a11y.solver import Knowledge
from pyramide_a11y.storage.actions import action_token, log_actions

C = Card.parse


def watched(game: Game) -> list[Action]:
    seen: list[Action] = []
    game.observers.append(seen.append)
    return seen


def test_each_changing_action_is_reported_as_asked() -> None:
    game = seed000_game()
    seen = watched(game)
    game.select(C("KD"))  # a playable King: removed, reported as the touch
    game.select(C("3H"))
    game.select(C("3H"))  # the same card again: cancels, reported as the touch
    game.draw()
    game.play(RemovePair(C("3H"), C("10C")))
    game.undo()
    game.select(C("3H"))
    game.cancel()
    assert seen == [
        Select(C("KD")),
        Select(C("3H")),
        Select(C("3H")),
        Draw(),
        RemovePair(C("3H"), C("10C")),
        Undo(),
        Select(C("3H")),
        Cancel(),
    ]


def test_refusals_that_change_nothing_are_not_reported() -> None:
    game = seed000_game(get_rules("classic"))
    seen = watched(game)
    game.cancel()  # nothing selected
    game.undo()  # nothing to undo
    game.select(C("JD"))  # covered
    game.select(C("7C"))
    game.select(C("7S"))  # not 13, and classic keeps the first card
    assert seen == [Select(C("7C"))]


def test_a_refused_pair_that_moves_the_selection_is_reported() -> None:
    game = seed000_game()  # pyramide keeps the second card selected
    seen = watched(game)
    game.select(C("7C"))
    game.select(C("7S"))
    assert seen == [Select(C("7C")), Select(C("7S"))]


def test_storage_logs_tokens_and_stops_when_removed() -> None:
    game = seed000_game()
    tokens: list[str] = []
    observer = log_actions(game, tokens.append)
    game.select(C("3H"))
    game.select(C("10C"))
    game.draw()
    game.undo()
    game.observers.remove(observer)
    game.cancel()
    game.draw()
    assert tokens == ["select 3H", "select 10C", "draw", "undo"]
    assert [action_token(a) for a in (Cancel(), Undo(), RemovePair(C("3H"), C("10C")))] == [
        "cancel",
        "undo",
        "3H+10C",
    ]


def test_observers_are_not_state() -> None:
    game = seed000_game()
    seen = watched(game)
    assert game == seed000_game()
    snapshot = Knowledge.from_game(game)  # what a hint's worker gets
    assert snapshot == Knowledge.from_game(seed000_game())
    assert seen == []
