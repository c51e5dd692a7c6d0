"""Nothing that discards a game is final: ``u`` with nothing to undo in a deal (right
after ``n``, ``new CODE``, ``new FILE`` or a replay, or once its moves are undone)
brings the previous game back exactly, as many times as deals were left; with
storage, the games left are counted only when the session ends."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakes import FakeClock
from kit import deal, make_session
from storage_helpers import game_state

from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.focus import Direction
from pyramide_a11y.core.session import Session
from pyramide_a11y.core.sources import GameSource
from pyramide_a11y.core.timer import GameTimer
from pyramide_a11y.engine import Layout, parse_code
from pyramide_a11y.storage import Store

CODE = "PY1-N-AAAAAAS"
OTHER = "PY1-C-AAAAAAB"


def _session(
    language: str = "en",
    storage: GameStorage | None = None,
    clock: FakeClock | None = None,
    start: GameSource | None = None,
) -> Session:
    """A session on ``start`` (else ``CODE``) that never looks for a hint; its clock
    is ``clock`` (a fake one by default), which ``storage`` reads."""
    timer = GameTimer(clock or FakeClock())
    s = make_session(start or CODE, language, storage=storage, timer=timer)
    s.hints.finder = None
    return s


def played(s: Session) -> None:
    """Two draws, one undone, a draw again, and a card left selected."""
    for command in ("d", "d", "u", "d", "7♣"):
        s.handle(command)
    assert s.game.selected is not None


def seen_by_player(s: Session) -> tuple[object, ...]:
    """What the player can find out about the game in play."""
    return (
        game_state(s.game),
        s.game.selected,
        s.game.history,
        s.source.code,
        s.handle("status").text,
        s.handle("table").text,
    )


def layout_file(tmp_path: Path) -> Path:
    deal = parse_code(OTHER)
    path = tmp_path / "deal.json"
    path.write_text(Layout.from_code(deal).to_json(deal.rules), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "command", ["n", "new", f"new {OTHER}", OTHER, OTHER.lower(), "replay", "restart", "FILE"]
)
def test_undo_right_after_a_new_deal_brings_the_game_back_exactly(
    command: str, tmp_path: Path
) -> None:
    clock = FakeClock()
    s = _session(clock=clock)
    played(s)
    clock.now += 30
    before = seen_by_player(s)
    history = s.game.history
    if command == "FILE":
        command = f"new {layout_file(tmp_path)}"
    answer = s.handle(command)
    assert answer.lines[0].endswith(". Type u to go back to the previous one.")
    assert s.game.moves == 0 and s.play.set_aside.left is not None
    clock.now += 10
    s.handle("status")  # review commands are not an action in the new game
    s.handle("pairs")
    s.handle("help")
    back = s.handle("u")
    assert back.lines[0] == f"Back to the previous game. Deal {CODE}."
    assert back.lines[1] == s.handle("table").text
    assert back.lines[1].endswith("Seven of clubs selected.")
    assert seen_by_player(s) == before  # code, position, moves, history, selection, time
    assert s.timer.elapsed() == pytest.approx(30)
    clock.now += 5
    assert s.timer.elapsed() == pytest.approx(35)  # the clock goes on from there
    # A further undo takes back the old game's last move.
    assert s.handle("u").lines[0].startswith("Move undone.")
    assert s.game.history == history[:-1]


def test_undo_past_the_first_move_of_a_deal_brings_back_the_one_before() -> None:
    s = _session()
    played(s)
    before = seen_by_player(s)
    s.handle("n")
    code = s.source.code
    assert s.handle("d").lines[0].startswith("Drew ")
    assert s.handle("u").lines[0].startswith("Move undone.")  # the draw only
    assert s.source.code == code and s.game.moves == 1
    assert s.handle("u").lines[0] == f"Back to the previous game. Deal {CODE}."
    assert seen_by_player(s) == before


def test_every_deal_left_comes_back_in_order() -> None:
    s = _session()
    s.handle("d")  # CODE, one draw
    s.handle(f"new {OTHER}")
    s.handle("d")  # OTHER, one draw
    s.handle("n")
    s.handle("d")  # a random deal, one draw
    third = s.source.code
    expected = [
        ("Move undone.", third),
        (f"Back to the previous game. Deal {OTHER}.", OTHER),
        ("Move undone.", OTHER),
        (f"Back to the previous game. Deal {CODE}.", CODE),
        ("Move undone.", CODE),
    ]
    for said, code in expected:
        assert s.handle("u").lines[0].startswith(said)
        assert s.source.code == code
    assert s.handle("u").lines == ["There is nothing to undo."]


@pytest.mark.parametrize("how", ["typed", "keys"])
def test_a_selection_in_the_new_game_still_lets_undo_go_back(how: str) -> None:
    s = _session()
    s.handle("d")
    s.handle(f"new {OTHER}")
    if how == "keys":
        for _ in range(3):  # king of clubs, king of hearts, ten of hearts
            s.keyboard.move_focus(Direction.RIGHT)
        s.keyboard.activate_focus()  # keyboard mode: select the focused card
        s.keyboard.escape()
    else:
        s.handle("10h")  # a card of the new deal, selected …
        s.handle("10h")  # … and cancelled: the game is as dealt
    assert s.game.selected is None and s.game.moves == 0
    assert s.handle("u").lines[0] == f"Back to the previous game. Deal {CODE}."
    assert s.source.code == CODE and s.game.moves == 1


def test_two_new_deals_in_a_row_go_back_to_the_game_before_both() -> None:
    s = _session()
    played(s)
    before = seen_by_player(s)
    s.handle("n")
    s.handle(f"new {OTHER}")
    s.handle("u")
    assert seen_by_player(s) == before
    assert s.handle("u").lines[0].startswith("Move undone.")


@pytest.mark.parametrize(
    ("language", "new", "said", "back"),
    [
        ("pt_PT", "n", "Nova partida. Escreva u para voltar à anterior.", "De volta à partida"),
        ("pt_PT", "recomeçar", "A mesma partida desde o início. Escreva u para", "De volta à"),
        ("pt_BR", "n", "Novo jogo. Digite u para voltar ao anterior.", "De volta ao jogo anterior"),
    ],
)
def test_the_answers_in_portuguese(language: str, new: str, said: str, back: str) -> None:
    s = _session(language)
    s.handle("d")
    assert s.handle(new).lines[0].startswith(said)
    assert s.handle("u").lines[0].startswith(back)
    assert s.game.moves == 1


# -- with storage ------------------------------------------------------------------------------


def storage_session(folder: Path, clock: FakeClock | None = None) -> Session:
    storage = GameStorage.open(folder)
    return _session(storage=storage, clock=clock, start=storage.resume_saved())


def records(folder: Path) -> tuple[list[tuple[str, str | None, int]], int]:
    """(code, result, actions) of every game record, oldest first; games counted."""
    store, _ = Store.open(folder)
    assert store is not None
    try:
        found = sorted(store.recent(1000, include_discarded=True), key=lambda r: r.id)
        counted = sum(s.played for s in store.stats())
        return [(str(r.code), r.result, r.snapshot.actions) for r in found], counted
    finally:
        store.close()


def test_new_deal_undo_then_quit_loses_nothing_and_offers_the_game(tmp_path: Path) -> None:
    clock = FakeClock()
    s = storage_session(tmp_path, clock)
    played(s)
    clock.now += 30
    before = seen_by_player(s)
    old = s.play.deal.saved
    s.handle("n")
    clock.now += 10
    s.handle("u")
    assert seen_by_player(s) == before
    assert s.play.deal.saved is old
    s.handle("u")  # the old game goes on, saved: this undo is logged to its record
    s.close()
    found, counted = records(tmp_path)
    assert counted == 0
    assert found[0] == (CODE, None, 6)  # draw, draw, undo, draw, select, undo
    assert found[1][1:] == ("discarded", 0)  # the new deal, never counted
    # The next time, the game is offered as it was (the new deal was discarded).
    s = storage_session(tmp_path)
    assert s.handle("continue").lines[0] == "Continuing your saved game."
    assert s.source.code == CODE and s.game.moves == 3
    assert s.timer.elapsed() == pytest.approx(30)
    s.close()
    found, counted = records(tmp_path)
    assert counted == 0 and [r for _, r, _ in found] == [None, "discarded"]


def test_new_deal_then_quit_keeps_the_previous_game_to_offer(tmp_path: Path) -> None:
    s = storage_session(tmp_path)
    played(s)
    s.handle(f"new {OTHER}")
    s.handle("status")
    other_window = GameStorage.open(tmp_path)  # the game set aside stays locked
    assert other_window.resume_saved() is None
    assert other_window.take_sentences() == [
        "Your saved game is open in another window, so this one starts a new deal."
    ]
    other_window.close()
    s.close()
    found, counted = records(tmp_path)
    assert counted == 0
    assert found == [(CODE, None, 5), (OTHER, "discarded", 0)]
    s = storage_session(tmp_path)
    assert s.opening().lines[0].startswith("You have a saved game")
    assert s.source.code == CODE
    s.close()


def test_a_game_left_is_counted_lost_once_when_the_player_moves_on(tmp_path: Path) -> None:
    clock = FakeClock()
    s = storage_session(tmp_path, clock)
    played(s)
    clock.now += 30
    s.handle(f"new {OTHER}")
    assert records(tmp_path)[0][0][1] is None  # nothing played in OTHER yet
    clock.now += 10
    s.handle("d")
    found, counted = records(tmp_path)
    assert counted == 1 and found[0][1] == "lost"  # in order: before what comes next
    assert s.handle("u").lines[0].startswith("Move undone.")  # the draw only
    assert s.source.code == OTHER
    s.handle("n")  # OTHER is as dealt again: replaced, and undo goes back to CODE
    s.handle("d")  # the random deal goes on, and is the game kept to offer
    s.close()
    found, counted = records(tmp_path)
    assert counted == 1
    results = [(code, result) for code, result, _ in found]
    assert results[:2] == [(CODE, "lost"), (OTHER, "discarded")]
    assert found[2][1] is None
    store, _ = Store.open(tmp_path)
    assert store is not None
    lost = store.load(1)
    assert lost is not None and lost.result_ms == 30_000  # its time when it was left
    (stats,) = store.stats()
    assert (stats.played, stats.won) == (1, 0)
    store.close()


def test_a_game_brought_back_is_in_progress_again_and_counted_no_more(tmp_path: Path) -> None:
    s = storage_session(tmp_path)
    played(s)
    s.handle(f"new {OTHER}")
    s.handle("d")  # CODE recorded as lost
    assert records(tmp_path)[1] == 1
    s.handle("u")
    s.handle("u")  # back to CODE: its loss undone, the statistics as before
    found, counted = records(tmp_path)
    assert counted == 0 and found[0][1] is None
    s.handle("d")
    s.close()
    found, counted = records(tmp_path)
    assert counted == 0 and [r for _, r, _ in found] == [None, "discarded"]


def test_a_win_after_a_game_left_keeps_its_streak(tmp_path: Path) -> None:
    """The game left is counted when the player moved on: before the win, so the
    win's streak stands (counted at the session's end, it came after the win)."""
    from playthrough import winning_commands, won_code

    storage = GameStorage.open(tmp_path)
    s = _session(storage=storage, start=deal(OTHER))  # a classic deal, left
    s.handle("d")
    s.handle(f"new {won_code('classic')}")  # the same rules: one streak
    for command in winning_commands("classic", "en"):
        s.handle(command)
    assert s.game.won
    s.close()
    store, _ = Store.open(tmp_path)
    assert store is not None
    try:
        by_rules = {stats.rules: stats for stats in store.stats()}
    finally:
        store.close()
    assert by_rules["classic"].current_streak == 1


def test_a_deal_whose_moves_were_all_undone_is_discarded_on_going_back(tmp_path: Path) -> None:
    s = storage_session(tmp_path)
    played(s)
    s.handle(f"new {OTHER}")
    s.handle("d")
    s.handle("u")
    s.handle("u")  # back to CODE: OTHER, as dealt again, is never counted
    s.close()
    found, counted = records(tmp_path)
    assert counted == 0
    assert [(code, result) for code, result, _ in found] == [(CODE, None), (OTHER, "discarded")]


def test_two_new_deals_then_undo_discard_the_untouched_one(tmp_path: Path) -> None:
    s = storage_session(tmp_path)
    played(s)
    s.handle("n")
    s.handle(f"new {OTHER}")
    s.handle("u")
    s.handle("d")  # the old game goes on
    s.close()
    found, counted = records(tmp_path)
    assert counted == 0
    assert [r for _, r, _ in found] == [None, "discarded", "discarded"]
    assert found[0][2] == 6


@pytest.mark.parametrize(
    ("language", "back"),
    [
        ("en", f"Back to the previous game. Deal {CODE}."),
        ("pt_PT", f"De volta à partida anterior. Partida {CODE}."),
        ("pt_BR", f"De volta ao jogo anterior. Jogo {CODE}."),
    ],
)
def test_a_deal_code_typed_alone_starts_that_deal_in_every_language(
    language: str, back: str
) -> None:
    s = _session(language)
    played(s)
    before = seen_by_player(s)
    alone = s.handle(OTHER.lower())
    assert s.source.code == OTHER and s.game.moves == 0
    s2 = _session(language)
    played(s2)
    assert s2.handle(f"new {OTHER}").lines == alone.lines  # the same path as new CODE
    assert s.handle("u").lines[0] == back
    assert seen_by_player(s) == before
