"""The deal's par after a win: the win panel at once, the par later through the
session's emit (found off-thread, never before the win), status after the win,
the previous deal's par, a par not found in time; in the three languages."""

from __future__ import annotations

import pytest
from fakes import HeldFinder
from kit import LANGUAGES
from playthrough import recording_session, winning_commands, won_code

from pyramide_a11y.core.answer import Answer
from pyramide_a11y.core.par import PAR_BUDGET, solver_par
from pyramide_a11y.core.session import Session

PAR_LINE = {
    "en": "You won in 56 moves. The fewest possible for this deal is 52. "
    "Type par to hear the shortest line, one move per Enter.",
    "pt_PT": "Ganhou em 56 jogadas. O mínimo para esta partida é 52. "
    "Escreva mínimo para ouvir a sequência mais curta, uma jogada por Enter.",
    "pt_BR": "Você ganhou em 56 jogadas. O mínimo para este jogo é 52. "
    "Digite mínimo para ouvir a sequência mais curta, uma jogada por Enter.",
}
STATUS_PAR = {
    "en": "The fewest possible for this deal is 52.",
    "pt_PT": "O mínimo para esta partida é 52.",
    "pt_BR": "O mínimo para este jogo é 52.",
}
PREVIOUS = {
    "en": "You won the previous deal in 56 moves. The fewest possible for it is 52.",
    "pt_PT": "Ganhou a partida anterior em 56 jogadas. O mínimo para essa partida é 52.",
    "pt_BR": "Você ganhou o jogo anterior em 56 jogadas. O mínimo para esse jogo é 52.",
}
NOT_FOUND = {
    "en": "The fewest possible for this deal was not found in time.",
    "pt_PT": "O mínimo para esta partida não foi encontrado a tempo.",
    "pt_BR": "O mínimo para este jogo não foi encontrado a tempo.",
}
PRESET = "paciencia"  # won in 56 moves; its par is 52


def _session(language: str, finder: HeldFinder | None) -> tuple[Session, list[Answer]]:
    late: list[Answer] = []
    session, _ = recording_session(won_code(PRESET), language, late.append)
    if finder is not None:
        session.pars.finder = finder
    return session, late


def _play_to_the_last_move(session: Session, language: str) -> str:
    commands = winning_commands(PRESET, language)
    for command in commands[:-1]:
        session.handle(command)
    return commands[-1]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_panel_comes_at_once_and_the_par_after(language: str) -> None:
    finder = HeldFinder()
    session, late = _session(language, finder)
    last = _play_to_the_last_move(session, language)
    assert finder.calls == []  # never before the win: no peeking at the stock
    won = session.handle(last)
    assert session.game.won
    assert len(won.lines) == 4  # the move, the panel's three lines: nothing waited
    assert not any(STATUS_PAR[language] in line for line in won.lines)
    assert late == []
    finder.release.set()
    assert session.pars.wait(10.0)
    assert [answer.lines for answer in late] == [[PAR_LINE[language]]]
    assert finder.calls == [(session.source.layout, session.game.rules)]
    session.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_real_solver_finds_the_par_of_an_easy_deal(language: str) -> None:
    session, late = _session(language, None)  # the transcripts' exact solver par
    last = _play_to_the_last_move(session, language)
    session.handle(last)
    assert session.pars.wait(60.0)
    assert [answer.lines for answer in late] == [[PAR_LINE[language]]]
    session.close()


def test_the_default_finder_is_the_solver_with_a_budget() -> None:
    late: list[Answer] = []
    session, _ = recording_session(won_code(PRESET), "en", late.append)
    assert Session(session.source).pars.finder is solver_par  # the default
    session.pars.finder = solver_par
    assert session.pars.budget == PAR_BUDGET
    for command in winning_commands(PRESET, "en"):
        session.handle(command)
    assert session.pars.wait(60.0)
    assert [answer.lines for answer in late] == [[PAR_LINE["en"]]]
    session.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_status_says_the_par_after_the_win_only(language: str) -> None:
    finder = HeldFinder()
    session, _ = _session(language, finder)
    last = _play_to_the_last_move(session, language)
    status = {"en": "status", "pt_PT": "estado", "pt_BR": "estado"}[language]
    assert STATUS_PAR[language] not in session.handle(status).text
    session.handle(last)
    assert STATUS_PAR[language] not in session.handle(status).text  # not found yet
    finder.release.set()
    assert session.pars.wait(10.0)
    assert session.handle(status).text.endswith(STATUS_PAR[language])
    session.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_par_late_for_a_new_deal_is_named_the_previous_deal_s(language: str) -> None:
    finder = HeldFinder()
    session, late = _session(language, finder)
    session.handle(_play_to_the_last_move(session, language))
    session.handle("n")
    finder.release.set()
    assert session.pars.wait(10.0)
    assert [answer.lines for answer in late] == [[PREVIOUS[language]]]
    session.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_par_not_found_in_time_is_said_in_one_sentence(language: str) -> None:
    finder = HeldFinder(None)
    finder.release.set()
    session, late = _session(language, finder)
    session.handle(_play_to_the_last_move(session, language))
    assert session.pars.wait(10.0)
    assert [answer.lines for answer in late] == [[NOT_FOUND[language]]]
    session.close()


def test_a_par_not_found_is_not_said_once_another_game_began() -> None:
    finder = HeldFinder(None)
    session, late = _session("en", finder)
    session.handle(_play_to_the_last_move(session, "en"))
    session.handle("n")
    finder.release.set()
    assert session.pars.wait(10.0)
    assert late == []
    session.close()


def test_the_same_deal_won_again_says_its_par_at_once() -> None:
    finder = HeldFinder()
    finder.release.set()
    session, late = _session("en", finder)
    session.handle(_play_to_the_last_move(session, "en"))
    assert session.pars.wait(10.0)
    session.handle("replay")
    won = session.handle(_play_to_the_last_move(session, "en"))
    assert won.lines[-1] == PAR_LINE["en"]
    assert len(finder.calls) == 1  # found once
    assert len(late) == 1
    session.close()


def test_the_par_is_spoken_when_it_comes() -> None:
    finder = HeldFinder()
    finder.release.set()
    session, late = _session("pt_PT", finder)
    session.handle(_play_to_the_last_move(session, "pt_PT"))
    assert session.pars.wait(10.0)
    assert session.last.lines == [PAR_LINE["pt_PT"]]  # repeat says it again
    assert late[0].lines == [PAR_LINE["pt_PT"]]
    session.close()


def test_matching_the_par_is_said_so() -> None:
    late: list[Answer] = []
    session, _ = recording_session(won_code("classic"), "pt_BR", late.append)
    for command in winning_commands("classic", "pt_BR"):
        session.handle(command)
    assert session.pars.wait(60.0)
    assert [answer.lines for answer in late] == [
        [
            "Você ganhou em 35 jogadas: o mínimo possível para este jogo. "
            "Digite mínimo para ouvir a sequência mais curta, uma jogada por Enter."
        ]
    ]
    session.close()


PAR_WORD = {"en": "par", "pt_PT": "mínimo", "pt_BR": "minimo"}
WALK = {
    "en": (
        "The shortest line is shown once this deal is won.",
        "The shortest line of this deal, 52 moves, from the start. "
        "Press Enter for each move; any command leaves it.",
        "Move 1 of 52.",
        "That was the shortest line.",
    ),
    "pt_PT": (
        "A sequência mais curta só é mostrada depois de ganhar esta partida.",
        "A sequência mais curta desta partida, 52 jogadas, desde o início. "
        "Prima Enter para cada jogada; qualquer comando sai dela.",
        "Jogada 1 de 52.",
        "Foi esta a sequência mais curta.",
    ),
    "pt_BR": (
        "A sequência mais curta só aparece depois que você ganhar este jogo.",
        "A sequência mais curta deste jogo, 52 jogadas, desde o início. "
        "Aperte Enter para cada jogada; qualquer comando sai dela.",
        "Jogada 1 de 52.",
        "Essa foi a sequência mais curta.",
    ),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_shortest_line_is_played_one_move_per_enter_after_the_win(language: str) -> None:
    not_won, start, first, end = WALK[language]
    session, _ = _session(language, None)  # the exact solver line
    word = PAR_WORD[language]
    assert session.handle(word).lines == [not_won]  # before the win: no peeking
    session.handle(_play_to_the_last_move(session, language))
    assert session.pars.wait(60.0)
    won_game = session.game
    assert session.handle(word).lines == [start]
    step = session.handle("").lines
    assert step[0] == first and len(step) == 2
    for _ in range(50):
        assert len(session.handle("").lines) == 2
    last = session.handle("").lines
    assert last[0] == first.replace("1", "52", 1) and last[-1] == end and len(last) == 3
    assert session.game is won_game and session.game.won  # the player's game untouched
    assert session.pars.known(session.source.layout, session.game.rules) == 52
    assert session.handle("").lines != last  # over: Enter is the table again


def test_any_command_leaves_the_shortest_line() -> None:
    session, _ = _session("en", None)
    session.handle(_play_to_the_last_move(session, "en"))
    assert session.pars.wait(60.0)
    session.handle("par")
    session.handle("")
    assert session.handle("status").text.startswith("28 of 28 removed.")
    assert not session.handle("").lines[0].startswith("Move")


def test_the_shortest_line_is_not_known_until_found() -> None:
    finder = HeldFinder()
    session, _ = _session("en", finder)
    session.handle(_play_to_the_last_move(session, "en"))
    assert session.handle("par").lines == ["The shortest line of this deal is not known yet."]
    finder.release.set()
    assert session.pars.wait(10.0)
