"""Game records: the action log replays to the exact game, autosave commits every
accepted action, and a resumed game is the one that was left."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyramide_a11y.engine import Card, Game, Layout, get_rules, parse_code
from pyramide_a11y.engine.dealcode import DealCode
from pyramide_a11y.storage import ActionLogError, AutosavedGame, Store, replay
from pyramide_a11y.storage.actions import normalise_token, select_token
from pyramide_a11y.storage.autosaved import GameOpenElsewhere

CODES = ("PY1-N-AAAAAAS", "PY1-C-AAAABCD", "PY1-P-AAAAXYZ", "PY1-C3-AAAAAAB")


def new_game(code: str) -> Game:
    parsed = parse_code(code)
    return Game(Layout.from_code(parsed), parsed.rules)


def random_actions(game: Game, rng: random.Random, count: int) -> list[str]:
    """Tokens a player might type: moves, touches (some refused), undo, cancel."""
    tokens = []
    for _ in range(count):
        r = rng.random()
        if r < 0.12:
            tokens.append("undo")
        elif r < 0.17:
            tokens.append("cancel")
        elif r < 0.45:
            cards = [c for c in game.position.pyramid if c is not None]
            cards += list(game.position.waste[-2:])
            if cards:
                tokens.append(select_token(rng.choice(cards)))
        else:
            moves = game.legal_moves()
            if moves:
                tokens.append(str(rng.choice(moves)))
    return tokens


def state(game: Game) -> tuple[object, ...]:
    return (game.position, game.moves, game.seen, game.selected, game.history, game.can_undo)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), code=st.sampled_from(CODES))
def test_logged_actions_replay_to_the_exact_game(
    tmp_path_factory: pytest.TempPathFactory, seed: int, code: str
) -> None:
    store, notices = Store.open(tmp_path_factory.mktemp("data"))
    assert store is not None and notices == []
    game = new_game(code)
    saved = AutosavedGame.start(store, game.layout, game.rules, code)
    game = saved.game
    rng = random.Random(seed)
    for _ in range(6):
        for token in random_actions(game, rng, 25):
            saved.apply(token)
    assert saved.saved_actions == len(saved.tokens)
    assert saved.record_id is not None
    record = store.load(saved.record_id)
    assert record is not None
    assert record.tokens == tuple(saved.tokens)
    rebuilt = record.rebuild()
    assert state(rebuilt) == state(game)
    # The snapshot kept beside the log agrees with the replay.
    assert record.snapshot.moves == game.moves
    assert record.seen_cards() == game.seen
    assert record.snapshot.selected == (str(game.selected) if game.selected else None)
    store.close()


def test_undo_history_comes_back_beyond_the_undo_limit() -> None:
    # pyramide undoes at most 100 actions: the rebuilt game must refuse the 101st
    # undo exactly as the original does.
    game = new_game("PY1-N-AAAAAAS")
    tokens = ["draw"] * 130
    for _ in tokens:
        game.draw()
    rebuilt = replay(game.layout, game.rules, tokens)
    assert len(rebuilt.history) == len(game.history) == 100
    for _ in range(100):
        assert rebuilt.undo().__class__ is game.undo().__class__
    assert rebuilt.undo() == game.undo()
    assert state(rebuilt) == state(game)


def test_tokens_are_normalised_and_bad_ones_refused() -> None:
    assert normalise_token("  SELECT  qd ") == "select QD"
    assert normalise_token("10c + 3s") == "10C+3S"
    assert normalise_token("Draw") == "draw"
    with pytest.raises(ActionLogError):
        normalise_token("fly away")
    with pytest.raises(ActionLogError):
        normalise_token("QD")  # a single card must be a King


def test_a_log_that_does_not_fit_its_deal_is_refused() -> None:
    game = new_game("PY1-N-AAAAAAS")
    with pytest.raises(ActionLogError, match="action 1"):
        replay(game.layout, game.rules, ["recycle"])


def test_rules_string_is_stored_and_read_back(tmp_path: Path) -> None:
    store, _ = Store.open(tmp_path)
    assert store is not None
    rules = get_rules("classic").with_options(passes=3, cover_pairs=True)
    code = DealCode(rules, 12345)
    game = Game(Layout.from_code(code), rules)
    saved = AutosavedGame.start(store, game.layout, game.rules, str(code))
    game = saved.game
    saved.apply("draw")
    assert saved.record_id is not None
    record = store.load(saved.record_id)
    assert record is not None
    assert record.rules == "classic(passes=3, cover_pairs=True)"
    assert record.parsed_rules() == rules
    assert record.code == str(code)
    assert record.layout().pyramid == game.layout.pyramid


def test_resume_replays_and_keeps_the_timer(tmp_path: Path) -> None:
    now = [0.0]
    store, _ = Store.open(tmp_path)
    assert store is not None
    game = new_game("PY1-N-AAAAAAS")
    saved = AutosavedGame.start(
        store, game.layout, game.rules, "PY1-N-AAAAAAS", elapsed_ms=lambda: int(now[0] * 1000)
    )
    game = saved.game
    for token in ["KD", "draw", "10C+3S", "select 2S"]:
        now[0] += 2.5
        assert saved.apply(token).__class__.__name__ == "Event"
    saved.close()
    record, elsewhere = store.resumable()
    assert record is not None and not elsewhere
    assert record.id == saved.record_id
    assert record.snapshot.elapsed_ms == 10_000
    loaded = store.load(record.id)
    assert loaded is not None
    resumed = AutosavedGame.resume(store, loaded)
    assert state(resumed.game) == state(game)
    assert 10_000 <= resumed.elapsed_ms() < 12_000  # the timer goes on from the saved time
    # While this window plays it, the same game cannot be resumed twice.
    with pytest.raises(GameOpenElsewhere):
        AutosavedGame.resume(store, loaded)


def test_refusals_that_change_nothing_are_not_logged(tmp_path: Path) -> None:
    store, _ = Store.open(tmp_path)
    assert store is not None
    game = new_game("PY1-N-AAAAAAS")
    saved = AutosavedGame.start(store, game.layout, game.rules, None)
    game = saved.game
    saved.apply("undo")  # nothing to undo
    saved.apply("cancel")  # nothing selected
    saved.apply("select 5H")  # 5H is covered at the start of PY1-N-AAAAAAS
    assert saved.tokens == []
    saved.apply("KD")
    saved.apply("KH")  # covered: refused, not logged
    assert saved.tokens == ["KD"]


def test_playing_the_game_object_directly_logs_one_token_per_action(tmp_path: Path) -> None:
    # The interface calls the Game's own methods; each is logged once, as asked.
    store, _ = Store.open(tmp_path)
    assert store is not None
    layout = new_game("PY1-N-AAAAAAS").layout
    saved = AutosavedGame.start(store, layout, get_rules("pyramide"), "PY1-N-AAAAAAS")
    game = saved.game
    game.select(Card.parse("KD"))  # a King leaves at once: one token, not two
    game.draw()
    game.select(Card.parse("10C"))
    game.select(Card.parse("3S"))  # completes the pair
    game.select(Card.parse("2S"))
    game.select(Card.parse("10S"))  # does not sum to 13: 10S stays selected (pyramide)
    game.cancel()
    game.undo()
    assert saved.tokens == [
        "select KD",
        "draw",
        "select 10C",
        "select 3S",
        "select 2S",
        "select 10S",
        "cancel",
        "undo",
    ]
    assert saved.saved_actions == 8
    assert saved.record_id is not None
    record = store.load(saved.record_id)
    assert record is not None
    assert state(record.rebuild()) == state(game)
