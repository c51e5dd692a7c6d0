"""The par of a deal left unfinished: sought only once undo can no longer bring
the game back (the player acted in the new deal), never while it can; said once,
late through the session's emit or at the end of the answer when it is known
already; nothing for a game left before any move, for a par not proven in time,
twice for a won game, or once another game was left (kept only); deals left in
a row searched one at a time, beside a win's; in the three languages."""

from __future__ import annotations

import threading
import time

import pytest
from fakes import HeldFinder
from kit import LANGUAGES
from playthrough import (
    NOT_WINNABLE_CODE,
    recording_session,
    winning_commands,
    won_code,
)

from pyramide_a11y.core.answer import Answer
from pyramide_a11y.core.par import NO_WIN, ParFinder, solver_par
from pyramide_a11y.core.session import Session
from pyramide_a11y.engine import Layout, parse_code

LEFT = {
    "en": "The deal you left could be won in 52 moves.",
    "pt_PT": "A partida que deixou podia ser ganha em 52 jogadas.",
    "pt_BR": "O jogo que você deixou podia ser ganho em 52 jogadas.",
}
NOT_WINNABLE = {
    "en": "The deal you left could not be won.",
    "pt_PT": "A partida que deixou não tinha solução.",
    "pt_BR": "O jogo que você deixou não tinha solução.",
}
NEW = {"en": "new", "pt_PT": "novo", "pt_BR": "novo"}
STATUS = {"en": "status", "pt_PT": "estado", "pt_BR": "estado"}
PRESET = "paciencia"  # its par is 52
OTHER = won_code("classic")  # the deal the player moves on to


def _session(
    language: str, finder: ParFinder | None, code: str = won_code(PRESET)
) -> tuple[Session, list[Answer]]:
    late: list[Answer] = []
    session, _ = recording_session(code, language, late.append)
    if finder is not None:
        session.pars.finder = finder
    return session, late


def _layout(code: str) -> Layout:
    return Layout.from_code(parse_code(code))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_par_of_a_deal_left_comes_once_the_player_moves_on(language: str) -> None:
    finder = HeldFinder()
    session, late = _session(language, finder)
    left_layout = session.source.layout
    session.handle("d")  # a move: the game will count as lost
    session.handle(f"{NEW[language]} {OTHER}")
    session.handle(STATUS[language])  # no action in the new game: it can still come back
    assert session.pars.wait(10.0)
    assert finder.calls == [] and late == []
    moved = session.handle("d")  # the first action in the new deal: the old one is over
    assert not any(LEFT[language] in line for line in moved.lines)  # the answer never waits
    finder.release.set()
    assert session.pars.wait(10.0)
    assert finder.calls == [(left_layout, parse_code(won_code(PRESET)).rules)]
    assert [answer.lines for answer in late] == [[LEFT[language]]]
    assert session.last.lines == [LEFT[language]]  # spoken, and repeat says it again
    session.handle("d")
    assert session.pars.wait(10.0)
    assert len(finder.calls) == 1 and len(late) == 1  # said once
    session.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_par_while_undo_can_bring_the_game_back(language: str) -> None:
    finder = HeldFinder()
    finder.release.set()
    session, late = _session(language, finder)
    session.handle("d")
    for _ in range(2):  # a new deal, then undo: the same game again, never solved
        session.handle(f"{NEW[language]} {OTHER}")
        session.handle("u")
    session.handle(f"{NEW[language]} {OTHER}")
    session.handle(f"{NEW[language]} {NOT_WINNABLE_CODE}")  # a new deal not played: replaced
    assert session.pars.wait(10.0)
    assert finder.calls == [] and late == []
    session.handle("u")  # back to the first game, the one played
    assert session.source.code == won_code(PRESET) and session.game.moves == 1
    session.handle("d")  # its own move: it is not over
    assert session.pars.wait(10.0)
    assert finder.calls == [] and late == []
    session.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_deal_that_cannot_be_won_is_said_so(language: str) -> None:
    finder = HeldFinder(0)
    finder.release.set()
    session, late = _session(language, finder, NOT_WINNABLE_CODE)
    session.handle("d")
    session.handle(f"{NEW[language]} {OTHER}")
    session.handle("d")
    assert session.pars.wait(10.0)
    assert [answer.lines for answer in late] == [[NOT_WINNABLE[language]]]
    session.close()


def test_the_real_solver_proves_a_deal_lost() -> None:
    session, late = _session("pt_PT", None, NOT_WINNABLE_CODE)  # the exact solver par
    session.handle("d")
    session.handle(f"novo {OTHER}")
    session.handle("d")
    assert session.pars.wait(60.0)
    assert [answer.lines for answer in late] == [[NOT_WINNABLE["pt_PT"]]]
    assert solver_par(_layout(NOT_WINNABLE_CODE), parse_code(NOT_WINNABLE_CODE).rules, 10.0,
                      threading.Event()) == NO_WIN  # fmt: skip
    session.close()


def test_the_real_solver_finds_the_par_of_a_deal_left() -> None:
    session, late = _session("pt_BR", None)
    session.handle("d")
    session.handle(f"novo {OTHER}")
    session.handle(winning_commands("classic", "pt_BR")[0])  # a pair: an action too
    assert session.pars.wait(60.0)
    assert [answer.lines for answer in late] == [[LEFT["pt_BR"]]]
    session.close()


def test_a_game_left_before_any_move_has_no_par() -> None:
    finder = HeldFinder()
    finder.release.set()
    session, late = _session("en", finder)
    session.handle(f"new {OTHER}")  # the first deal was never played: discarded
    session.handle("d")
    assert session.pars.wait(10.0)
    assert finder.calls == [] and late == []
    session.close()


def test_a_par_not_proven_in_time_is_not_said_for_a_deal_left() -> None:
    finder = HeldFinder(None)
    finder.release.set()
    session, late = _session("en", finder)
    session.handle("d")
    session.handle(f"new {OTHER}")
    session.handle("d")
    assert session.pars.wait(10.0)
    assert len(finder.calls) == 1 and late == []  # sought, not found: nothing to say
    session.close()


def test_a_won_game_left_has_no_second_par() -> None:
    finder = HeldFinder()
    finder.release.set()
    session, late = _session("en", finder)
    for command in winning_commands(PRESET, "en"):
        session.handle(command)
    assert session.pars.wait(10.0)
    assert len(late) == 1  # the win's par
    session.handle(f"new {OTHER}")
    session.handle("d")
    assert session.pars.wait(10.0)
    assert len(finder.calls) == 1 and len(late) == 1
    session.close()


def test_a_par_known_already_follows_the_answer_that_leaves_the_game() -> None:
    finder = HeldFinder()
    finder.release.set()
    session, late = _session("en", finder)
    for command in winning_commands(PRESET, "en"):
        session.handle(command)
    assert session.pars.wait(10.0)
    session.handle("replay")
    session.handle("d")  # the same deal, played again and left unfinished
    session.handle(f"new {OTHER}")
    moved = session.handle("d")
    # Known since the win: said at once, after the answer, as news of its own.
    assert moved.notices == [LEFT["en"]] and LEFT["en"] not in moved.lines
    assert moved.lines[0].startswith("Drew ")
    assert session.pars.wait(10.0)
    assert len(finder.calls) == 1 and len(late) == 1  # nothing more came late
    session.close()


def test_a_pair_typed_at_once_also_leaves_the_game_for_good() -> None:
    finder = HeldFinder()
    finder.release.set()
    session, late = _session("en", finder)
    session.handle("d")
    session.handle(f"new {OTHER}")
    session.handle("3s 4c")  # the first card is selected (an action), the pair refused
    assert session.pars.wait(10.0)
    assert [answer.lines for answer in late] == [[LEFT["en"]]]
    session.close()


def test_the_par_of_a_deal_left_is_not_told_when_it_is_played_again() -> None:
    finder = HeldFinder()
    finder.release.set()
    session, late = _session("en", finder)
    session.handle("d")
    session.handle(f"new {OTHER}")
    session.handle("d")
    assert session.pars.wait(10.0) and len(late) == 1  # the left deal's par was said
    session.handle(f"new {won_code(PRESET)}")  # that deal again, not won: no par
    assert "fewest" not in session.handle("status").text
    assert session.handle("par").lines == ["The shortest line is shown once this deal is won."]
    session.close()


def test_deals_left_one_after_another_are_searched_one_at_a_time_and_the_last_is_said() -> None:
    finder = HeldFinder()
    session, late = _session("en", finder)
    codes = [won_code(PRESET), OTHER, won_code("pyramide"), NOT_WINNABLE_CODE]
    for code in codes[1:]:
        session.handle("d")
        session.handle(f"new {code}")
    session.handle("d")  # the third game left: three searches asked, in turn
    session.pars.start_waiting()
    time.sleep(0.2)  # long enough for the others to start, were they free to
    assert finder.running == 1
    finder.release.set()
    assert session.pars.wait(10.0)
    kept = [code for code in codes[:3] if session.pars.known(_layout(code), parse_code(code).rules)]
    assert [layout for layout, _ in finder.calls] == [_layout(code) for code in codes[:3]]
    assert finder.most_at_once == 1
    assert kept == codes[:3]  # every par is kept for the record
    # Said once, and only for the last deal left: "the deal you left" is that one.
    assert [answer.lines for answer in late] == [[LEFT["en"]]]
    session.close()


def test_a_wins_par_does_not_wait_behind_the_search_for_a_deal_left() -> None:
    finder = HeldFinder(only=(_layout(NOT_WINNABLE_CODE),))
    session, late = _session("en", finder, NOT_WINNABLE_CODE)
    session.handle("d")
    session.handle(f"new {won_code(PRESET)}")
    for command in winning_commands(PRESET, "en"):  # its first move leaves the other
        session.handle(command)
    session.pars.start_waiting()
    deadline = time.monotonic() + 10.0
    while not late and time.monotonic() < deadline:
        time.sleep(0.01)
    # The win's par came while the deal left is still being searched.
    assert len(late) == 1
    assert "The fewest possible for this deal is 52." in late[0].lines[0]
    assert finder.running == 1
    finder.release.set()
    assert session.pars.wait(10.0)
    assert finder.most_at_once == 2  # one in each lane
    session.close()


@pytest.mark.parametrize("again", ["replay", f"new {won_code(PRESET)}"])
def test_the_same_deal_played_again_is_not_the_deal_you_left(again: str) -> None:
    """Issue 24: left for the same deal (replay, or its code again), the game's par
    is not said as "the deal you left" (it is the deal being played): only kept,
    and said at once after the win."""
    finder = HeldFinder()
    finder.release.set()
    session, late = _session("en", finder)
    session.handle("d")
    session.handle(again)
    said = list(session.handle("d").printed)  # an action in it: the old game is over
    assert session.pars.wait(10.0)
    said += [line for answer in late for line in answer.printed]
    assert not any("The deal you left" in line for line in said), said
    assert len(finder.calls) == 1  # sought all the same, and kept
    session.handle("u")
    for command in winning_commands(PRESET, "en"):
        won = session.handle(command)
    assert won.lines[-1].startswith("You won in 57 moves, 56 in the line played. ")
    session.close()
