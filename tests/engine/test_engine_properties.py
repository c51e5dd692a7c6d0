"""Property tests over random deals, rules and action sequences."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from pyramide_a11y.engine import (
    DECK,
    PRESETS,
    Card,
    DealCode,
    Event,
    EventKind,
    Game,
    Layout,
    Position,
    Refusal,
    RemoveKing,
    RemovePair,
    Rules,
    parse_code,
    parse_rules,
)
from pyramide_a11y.engine.dealcode import MAX_NUMBER


@st.composite
def rules_strategy(draw: st.DrawFn) -> Rules:
    preset = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    return preset.with_options(
        strict_win=draw(st.booleans()),
        recycles=draw(st.sampled_from([None, 0, 1, 2, 5])),
        stock_waste_pairs=draw(st.booleans()),
        cover_pairs=draw(st.booleans()),
    )


@dataclass(frozen=True)
class Action:
    kind: str
    value: int = 0


ACTIONS = st.one_of(
    st.builds(Action, st.just("move"), st.integers(0, 60)),
    st.builds(Action, st.just("move"), st.integers(0, 60)),
    st.builds(Action, st.just("select"), st.integers(0, 51)),
    st.builds(Action, st.just("select_playable"), st.integers(0, 60)),
    st.builds(Action, st.just("undo")),
    st.builds(Action, st.just("cancel")),
    st.builds(Action, st.just("draw")),
    st.builds(Action, st.just("recycle")),
)


def act(game: Game, action: Action) -> Event | Refusal:
    if action.kind == "move":
        moves = game.legal_moves()
        # Prefer removals: random play should get deep into games, and win some.
        removals = [m for m in moves if isinstance(m, RemoveKing | RemovePair)]
        pool = removals or moves
        if not pool:
            return game.draw()
        return game.play(pool[action.value % len(pool)])
    if action.kind == "select":
        return game.select(Card(action.value))
    if action.kind == "select_playable":
        playable = game.position.playable_cards(game.rules)
        if not playable:
            return game.cancel()
        return game.select(playable[action.value % len(playable)])
    if action.kind == "undo":
        return game.undo()
    if action.kind == "cancel":
        return game.cancel()
    if action.kind == "draw":
        return game.draw()
    return game.recycle()


def free_by_definition(position: Position, slot: int) -> bool:
    """Free: a card at (row, col) with (row+1, col) and (row+1, col+1) gone."""
    row = next(r for r in range(7) if r * (r + 1) // 2 <= slot < (r + 1) * (r + 2) // 2)
    col = slot - row * (row + 1) // 2
    if position.pyramid[slot] is None:
        return False
    if row == 6:
        return True
    below = (row + 1) * (row + 2) // 2
    return position.pyramid[below + col] is None and position.pyramid[below + col + 1] is None


GAMES = st.builds(
    lambda number, rules: Game(Layout.from_code(DealCode(rules, number)), rules),
    st.integers(0, MAX_NUMBER),
    rules_strategy(),
)


@settings(max_examples=150, deadline=None)
@given(GAMES, st.lists(ACTIONS, max_size=80))
def test_random_play_keeps_every_invariant(game: Game, actions: list[Action]) -> None:
    removed: set[Card] = set()
    seen_before = game.seen
    for action in actions:
        before, moves_before = game.position, game.moves
        outcome = act(game, action)
        position = game.position
        # A refused action changes nothing on the table.
        if isinstance(outcome, Refusal):
            assert position == before and game.moves == moves_before
        elif outcome.kind is EventKind.UNDO:
            removed -= set(outcome.removed)
            assert game.moves == moves_before
        else:
            removed |= set(outcome.removed)
            if outcome.kind in (EventKind.SELECT, EventKind.CANCEL):
                assert position == before and game.moves == moves_before
            else:
                assert game.moves == moves_before + 1
        # The 52 cards are conserved: each is in exactly one place or removed.
        places = [c for c in position.pyramid if c is not None]
        places += [*position.stock, *position.waste]
        assert len(places) == len(set(places))
        assert set(places).isdisjoint(removed)
        assert set(places) | removed == set(DECK)
        # Free cards are exactly those whose covers are gone.
        for slot in range(28):
            assert position.is_free(slot) == free_by_definition(position, slot)
        # Score: never negative, 10 per pyramid card removed; 280 when won.
        assert position.score == 10 * sum(c is None for c in position.pyramid) >= 0
        if game.won and game.rules.name == "pyramide":
            assert position.score == 280
        # Seen cards never shrink and never include a card still face down.
        assert seen_before <= game.seen
        face_down = set(position.stock[1:] if game.rules.stock_top_playable else position.stock)
        never_shown = face_down - game.seen
        assert all(c not in game.seen for c in never_shown)
        seen_before = game.seen
        assert game.impasse == (not game.won and not game.legal_moves())


@settings(max_examples=150, deadline=None)
@given(GAMES, st.lists(ACTIONS, max_size=60))
def test_undo_restores_the_previous_position_exactly(game: Game, actions: list[Action]) -> None:
    for action in actions:
        before = game.position
        outcome = act(game, action)
        if isinstance(outcome, Event) and outcome.move is not None:
            if outcome.kind is EventKind.UNDO:
                continue
            after, moves, seen = game.position, game.moves, game.seen
            undone = game.undo()
            assert isinstance(undone, Event) and undone.kind is EventKind.UNDO
            assert game.position == before
            assert game.moves == moves  # the move counter never goes down
            assert game.seen == seen  # what was seen stays seen
            assert game.play(outcome.move) is not None
            assert game.position == after


@given(st.integers(0, MAX_NUMBER), rules_strategy())
def test_a_code_round_trips_through_its_deal(number: int, rules: Rules) -> None:
    code = DealCode(rules, number)
    text = str(code)
    parsed = parse_code(text)
    assert parsed == code
    assert str(parsed) == text
    layout = Layout.from_code(parsed)
    assert Layout.from_code(parse_code(text.lower())) == layout
    layout.validate(rules)
    assert Layout.from_json(layout.to_json(rules)) == layout
    assert parse_rules(str(rules)) == rules


@given(st.integers(0, MAX_NUMBER))
def test_the_deck_is_a_permutation(number: int) -> None:
    layout = Layout.from_code(DealCode(PRESETS["classic"], number))
    assert sorted([*layout.pyramid, *layout.stock]) == list(DECK)


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.integers(0, MAX_NUMBER), st.randoms(use_true_random=False))
def test_every_won_pyramide_game_scores_280(number: int, rnd: random.Random) -> None:
    """Greedy random play (a removal whenever one exists) wins about a third of
    ``pyramide`` deals; every win scores 280, and the score only grows."""
    rules = PRESETS["pyramide"]
    game = Game(Layout.from_code(DealCode(rules, number)), rules)
    score = 0
    for _ in range(1500):
        moves = game.legal_moves()
        if not moves:
            break
        removals = [m for m in moves if isinstance(m, RemoveKing | RemovePair)]
        outcome = game.play(rnd.choice(removals) if removals else moves[-1])
        assert isinstance(outcome, Event)
        assert outcome.score >= score
        score = outcome.score
        if outcome.won:
            assert outcome.score == 280 and game.position.score == 280
            break
    event("won" if game.won else "not won")
