"""Hints: honest (never depend on unseen cards), exact when everything is seen."""

from __future__ import annotations

import random

from engine_helpers import seed002_layout
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramide_a11y.engine import Draw, Game, Layout, Move, Refusal, get_rules, parse_code
from pyramide_a11y.solver import HintKind, Knowledge, find_hint

PRESETS = ["pyramide", "classic", "paciencia"]
LETTERS = {"pyramide": "N", "classic": "C", "paciencia": "P"}


def _code(preset: str, number: int) -> str:
    letters = ""
    for _ in range(7):
        letters = chr(65 + number % 26) + letters
        number //= 26
    return f"PY1-{LETTERS[preset]}-{letters}"


def _play_randomly(game: Game, steps: int, rng: random.Random) -> list[Move]:
    played: list[Move] = []
    for _ in range(steps):
        legal = game.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        assert not isinstance(game.play(move), Refusal)
        played.append(move)
    return played


@settings(max_examples=25, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    number=st.integers(0, 10_000),
    steps=st.integers(0, 30),
    shuffle_seed=st.integers(0, 1000),
)
def test_two_deals_that_look_the_same_get_the_same_hint(
    preset: str, number: int, steps: int, shuffle_seed: int
) -> None:
    rules = get_rules(preset)
    layout = Layout.from_code(parse_code(_code(preset, number)))
    first = Game(layout, rules)
    moves = _play_randomly(first, steps, random.Random(number))
    unseen = [c for c in layout.stock if c not in first.seen]
    # The same deal with the never-seen stock cards in another order.
    shuffled = list(unseen)
    random.Random(shuffle_seed).shuffle(shuffled)
    order = iter(shuffled)
    stock = tuple(next(order) if c in unseen else c for c in layout.stock)
    second = Game(Layout(layout.pyramid, stock, layout.waste, layout.rules), rules)
    for move in moves:
        assert not isinstance(second.play(move), Refusal)
    assert Knowledge.from_game(first) == Knowledge.from_game(second)
    budget = dict(budget_seconds=60.0, samples=4, sample_nodes=3_000, exact_nodes=20_000)
    assert find_hint(first, **budget) == find_hint(second, **budget)  # type: ignore[arg-type]


def test_a_hint_never_says_lost_while_a_stock_card_is_unseen() -> None:
    # PY1-N-AAAAAAJ never lets more than 14 cards go (rules of pyramide).
    rules = get_rules("pyramide")
    game = Game(Layout.from_code(parse_code("PY1-N-AAAAAAJ")), rules)
    hint = find_hint(game, budget_seconds=5.0)
    assert hint.kind is not HintKind.LOST
    assert hint.move is not None and game.position.refusal(hint.move, rules) is None


def test_once_everything_is_seen_a_lost_deal_is_called_lost() -> None:
    rules = get_rules("pyramide")
    game = Game(Layout.from_code(parse_code("PY1-N-AAAAAAJ")), rules)
    while not game.all_stock_seen:
        game.draw()
    hint = find_hint(game, budget_seconds=30.0)
    assert hint == hint.__class__(HintKind.LOST, None, True)


def test_the_exact_hint_follows_a_winning_line() -> None:
    rules = get_rules("classic").with_options(passes=3)
    game = Game(seed002_layout(), rules)
    while not game.all_stock_seen:
        assert not isinstance(game.play(Draw()), Refusal)
    game.recycle()
    for _ in range(60):
        hint = find_hint(game, budget_seconds=30.0)
        assert hint.exact and hint.move is not None
        assert not isinstance(game.play(hint.move), Refusal)
        if game.won:
            break
    assert game.won


def test_a_hint_when_nothing_pairs_is_to_draw() -> None:
    rules = get_rules("classic")
    game = Game(Layout.from_code(parse_code("PY1-C-AAAAAAD")), rules)
    # At the start of this deal no two free cards sum to 13 and there is no King.
    assert all(isinstance(m, Draw) for m in game.legal_moves())
    hint = find_hint(game, budget_seconds=5.0)
    assert hint.kind is HintKind.DRAW and hint.move == Draw()
