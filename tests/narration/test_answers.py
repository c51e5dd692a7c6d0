"""Every answer says what changed, most important first: what a draw opened, a
selection another command dropped, the win's stock and waste, the clock stopped at
the win, the saved game at quit (heard to its end), hints overtaken or closed."""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from fakes import FakeClock
from kit import LANGUAGES, NO_HINT, deal, make_session
from playthrough import winning_commands, won_code

from pyramide_a11y.core.answer import Answer
from pyramide_a11y.core.autosave import GameStorage
from pyramide_a11y.core.hinting import HintFinder
from pyramide_a11y.core.par import ParFinder
from pyramide_a11y.core.session import GOODBYE_WAIT, Session
from pyramide_a11y.core.timer import GameTimer
from pyramide_a11y.engine import Draw, Game
from pyramide_a11y.i18n import set_language
from pyramide_a11y.solver import Hint, HintKind, Knowledge
from pyramide_a11y.speech.background import BackgroundSpeaker, Utterance
from pyramide_a11y.speech.base import RecordingSpeaker
from pyramide_a11y.terminal.loop import Printer, run_plain


def session(
    code: str,
    language: str,
    *,
    timer: GameTimer | None = None,
    hint_finder: HintFinder | None = None,
    par_finder: ParFinder | None = None,
    emit: Callable[[Answer], None] | None = None,
) -> tuple[Session, RecordingSpeaker]:
    """A spoken session on ``code`` with its recording speaker: a stopped clock
    unless ``timer`` is given, and no hint found unless ``hint_finder`` is."""
    speaker = RecordingSpeaker()
    s = make_session(
        code,
        language,
        speaker=speaker,
        timer=timer or GameTimer(lambda: 0.0),
        hint_finder=hint_finder or NO_HINT,
        par_finder=par_finder,
        emit=emit,
    )
    return s, speaker


# -- what a draw opened -------------------------------------------------------------------

DRAWS = {
    # A drawn card with two partners among the free cards.
    ("PY1-N-AAAAAAL", 1): {
        "pt_PT": "Comprou quatro de espadas: faz par com nove de espadas ou nove de ouros.",
        "pt_BR": "Virou quatro de espadas: faz par com nove de espadas ou nove de ouros.",
        "en": "Drew four of spades: pairs with nine of spades or nine of diamonds.",
    },
    # A drawn King.
    ("PY1-N-AAAAAAO", 1): {
        "pt_PT": "Comprou rei de copas: pode sair sozinho.",
        "pt_BR": "Virou rei de copas: pode sair sozinho.",
        "en": "Drew king of hearts: it can go alone.",
    },
    # No partner: the card only, as before.
    ("PY1-N-AAAAAAS", 2): {
        "pt_PT": "Comprou ás de copas.",
        "pt_BR": "Virou ás de copas.",
        "en": "Drew ace of hearts.",
    },
    # paciencia: the face-up stock top goes to the waste, the next one shows;
    # the pair of the two is said once.
    ("PY1-P-AAAAAAS", 1): {
        "pt_PT": "Dez de paus para o descarte: faz par com três de ouros."
        " Três de espadas no monte: faz par com dez de copas ou dez de paus.",
        "pt_BR": "Dez de paus para o descarte: faz par com três de ouros."
        " Três de espadas no monte: faz par com dez de copas ou dez de paus.",
        "en": "Ten of clubs to the waste: pairs with three of diamonds."
        " Three of spades on the stock: pairs with ten of hearts or ten of clubs.",
    },
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("code", "draws"), list(DRAWS))
def test_a_draw_says_what_it_opened_in_brief(code: str, draws: int, language: str) -> None:
    s, speaker = session(code, language)
    for _ in range(draws):
        answer = s.handle("d")
    assert answer.lines == [DRAWS[(code, draws)][language]]
    assert speaker.spoken[-1] == DRAWS[(code, draws)][language]


def test_draw_partners_are_exactly_the_legal_pairs_and_never_unseen_cards() -> None:
    """Over a whole pass of several deals and rules: every card named after a draw
    pairs legally with the drawn card now, and every legal partner is named."""
    from pyramide_a11y.engine import RemovePair
    from pyramide_a11y.narration import card_name, describe

    set_language("en")
    for code in ("PY1-N-AAAAAAL", "PY1-C-AAAAAAS", "PY1-P-AAAAAAS"):
        dealt = deal(code)
        for rules in (dealt.rules, dealt.rules.with_options(stock_waste_pairs=True)):
            game = Game(dealt.layout, rules)
            while game.position.stock:
                outcome = game.draw()
                line = describe(outcome, game)[0]
                drawn = game.position.waste_top
                assert drawn is not None
                legal = {
                    move.second if move.first == drawn else move.first
                    for move in game.legal_moves()
                    if isinstance(move, RemovePair) and drawn in (move.first, move.second)
                }
                said = line.split(". ")[0]
                for card in game.position.cards_in_play():
                    if card != drawn and card_name(card) in said.split(": pairs with ")[-1]:
                        assert card in legal or card == game.stock_top
                for partner in legal:  # said with the drawn card, or with the new stock top
                    assert card_name(partner) in line.lower()
                for hidden in game.position.stock[1 if rules.stock_top_playable else 0 :]:
                    assert card_name(hidden) not in line


def test_stock_against_waste_names_the_card_under_the_drawn_one() -> None:
    from pyramide_a11y.narration import describe

    set_language("en")
    dealt = deal("PY1-C-AAAAAAS")
    game = Game(dealt.layout, dealt.rules.with_options(stock_waste_pairs=True))
    game.draw()  # ten of clubs; the three of spades drawn on it pairs with it too
    assert describe(game.draw(), game) == [
        "Drew three of spades: pairs with ten of hearts or ten of clubs."
    ]


# -- a selection dropped by another command -------------------------------------------------

DROPPED = {
    "pt_PT": (
        "Comprou dois de espadas. Seleção cancelada: dez de paus.",
        "Jogada anulada. Dois de espadas de volta ao monte. Seleção cancelada: dez de paus. "
        "Descarte: sete de ouros.",
    ),
    "pt_BR": (
        "Virou dois de espadas. Seleção cancelada: dez de paus.",
        "Jogada desfeita. Dois de espadas de volta ao monte. Seleção cancelada: dez de paus. "
        "Descarte: sete de ouros.",
    ),
    "en": (
        "Drew two of spades. Selection cancelled: ten of clubs.",
        "Move undone. Two of spades back on the stock. Selection cancelled: ten of clubs. "
        "Waste: seven of diamonds.",
    ),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_selection_dropped_by_a_draw_or_an_undo_is_said(language: str) -> None:
    s, _ = session("PY1-N-AAAAAAS", language)
    ten = "10♣"  # free in row 7 of seed 000's deal
    s.handle(ten)
    assert s.game.selected is not None
    assert s.handle("d").lines == [DROPPED[language][0]]
    s.handle(ten)
    assert s.handle("u").lines == [DROPPED[language][1]]
    assert s.game.selected is None
    assert "cancel" not in s.handle("d").text.lower()  # nothing selected: nothing said


# -- the win -----------------------------------------------------------------------------------

WIN_LEFT = {
    "pt_PT": "Ficaram 9 cartas no monte e 5 no descarte.",
    "pt_BR": "Ficaram 9 cartas no monte e 5 no descarte.",
    "en": "9 cards left in the stock and 5 in the waste.",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_win_says_the_cards_left_in_stock_and_waste(language: str) -> None:
    s, _ = session(won_code("classic"), language)
    for command in winning_commands("classic", language):
        answer = s.handle(command)
    assert s.game.won
    assert (len(s.game.position.stock), len(s.game.position.waste)) == (9, 5)
    assert WIN_LEFT[language] in answer.lines[2]


FINAL_STATUS = {
    "pt_PT": "28 de 28 retiradas. 9 cartas no monte. 35 jogadas. Tempo 1 minuto e 10 segundos. "
    "Partida PY1-C-AAAAABG.",
    "pt_BR": "28 de 28. 9 cartas no monte. 35 jogadas. Tempo 1 minuto e 10 segundos. "
    "Jogo PY1-C-AAAAABG.",
    "en": "28 of 28 removed. 9 cards in the stock. 35 moves. Time 1 minute and 10 seconds. "
    "Deal PY1-C-AAAAABG.",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_clock_stops_at_the_win_and_status_gives_the_final_time(language: str) -> None:
    clock = FakeClock()
    # No minimum found (not proven, at once): the real solver's could land between
    # the two asks below and lengthen the second answer.
    unproven: ParFinder = lambda layout, rules, budget, cancelled: None  # noqa: E731
    s, _ = session(won_code("classic"), language, timer=GameTimer(clock), par_finder=unproven)
    commands = winning_commands("classic", language)
    for command in commands[:-1]:
        clock.now += 2
        s.handle(command)
    clock.now += 2
    panel = s.handle(commands[-1])
    assert s.game.won
    clock.now += 500  # the player reads the panel, then asks
    status = "estado" if language != "en" else "status"
    assert s.handle(status).lines == [FINAL_STATUS[language]]
    clock.now += 60
    assert s.handle(status).lines == [FINAL_STATUS[language]]
    assert s.timer.elapsed() == 70
    assert "1" in panel.lines[2]  # the panel gave the same time
    s.handle("u")  # the win undone: the clock runs again
    clock.now += 5
    assert s.timer.elapsed() == 75


# -- quitting -----------------------------------------------------------------------------------

GOODBYE = {
    "pt_PT": ("A sua partida está guardada. Até à próxima.", "Até à próxima."),
    "pt_BR": ("Seu jogo está salvo. Até a próxima.", "Até a próxima."),
    "en": ("Your game is saved. Goodbye.", "Goodbye."),
}


def stored_session(folder: Path, language: str) -> tuple[Session, RecordingSpeaker]:
    set_language(language)
    storage = GameStorage.open(folder)
    speaker = RecordingSpeaker()
    return make_session(won_code("pyramide"), language, speaker=speaker, storage=storage), speaker


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("ending", ["q\n", ""])  # quit, or the end of input (Ctrl-D)
def test_quit_and_end_of_input_say_the_game_is_saved_and_wait_for_the_goodbye(
    tmp_path: Path, language: str, ending: str
) -> None:
    s, speaker = stored_session(tmp_path, language)
    out = io.StringIO()
    run_plain(s, io.StringIO("d\n" + ending), Printer(out))
    assert out.getvalue().splitlines()[-1] == GOODBYE[language][0]
    assert speaker.spoken[-1] == GOODBYE[language][0]
    assert speaker.waits == [GOODBYE_WAIT]  # the exit waited for the goodbye to be heard
    again, _ = stored_session(tmp_path, language)
    assert again.storage is not None and again.storage.resume_saved() is not None


@pytest.mark.parametrize("language", LANGUAGES)
def test_without_storage_quitting_says_nothing_false(language: str) -> None:
    s, speaker = session(won_code("pyramide"), language)
    out = io.StringIO()
    run_plain(s, io.StringIO("d\n"), Printer(out))  # the end of input: goodbye too
    assert out.getvalue().splitlines()[-1] == GOODBYE[language][1]
    assert speaker.waits == [GOODBYE_WAIT]


class SlowBackend(BackgroundSpeaker):
    """A backend whose every utterance takes ``seconds`` to speak."""

    name = "slow"
    seconds = 0.3

    def __init__(self) -> None:
        self.finished: list[str] = []
        super().__init__("en")

    def _speak(self, utterance: Utterance) -> None:
        if not self._wait(utterance, self.seconds):
            self.finished.append(utterance.text)


def test_the_background_speaker_waits_until_the_goodbye_is_spoken() -> None:
    speaker = SlowBackend()
    try:
        speaker.say("Goodbye.")
        start = time.monotonic()
        assert speaker.wait_idle(3.0)
        assert speaker.finished == ["Goodbye."]
        assert time.monotonic() - start < 2.0
        speaker.seconds = 5.0
        speaker.say("A long sentence.")
        start = time.monotonic()
        assert not speaker.wait_idle(0.2)  # bounded: it gives up waiting
        assert time.monotonic() - start < 1.0
    finally:
        speaker.close()
    assert speaker.wait_idle(0.1)  # closed: nothing left to wait for


# -- hints ---------------------------------------------------------------------------------------


HINT_DROPPED = {
    "pt_PT": "A dica foi cancelada: a mesa mudou.",
    "pt_BR": "A dica foi cancelada: a mesa mudou.",
    "en": "The hint was dropped: the table changed.",
}
HINT_CLOSED = {"pt_PT": "Dica fechada.", "pt_BR": "Dica fechada.", "en": "Hint closed."}


def slow_finder(release: threading.Event) -> HintFinder:
    def find(knowledge: Knowledge, budget: float, cancelled: threading.Event | None) -> Hint:
        release.wait(5)
        return Hint(HintKind.DRAW, Draw(), False)

    return find


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_hint_overtaken_by_a_move_says_so_with_the_next_answer(language: str) -> None:
    release = threading.Event()
    late: list[Answer] = []
    s, speaker = session(
        "PY1-N-AAAAAAS", language, hint_finder=slow_finder(release), emit=late.append
    )
    searching = s.handle("h").lines
    assert len(searching) == 1  # one answer, said once
    assert speaker.spoken == searching
    pairs = "pares" if language != "en" else "pairs"
    assert HINT_DROPPED[language] not in s.handle(pairs).text  # the table did not change
    answer = s.handle("d")
    assert answer.lines[0].startswith(("Comprou", "Virou", "Drew"))
    assert answer.lines[1] == HINT_DROPPED[language]
    release.set()
    time.sleep(0.3)
    assert late == []
    assert HINT_DROPPED[language] not in s.handle("d").text  # said once


@pytest.mark.parametrize("language", LANGUAGES)
def test_escape_closes_a_pending_hint_and_says_so(language: str) -> None:
    release = threading.Event()
    late: list[Answer] = []
    s, _ = session("PY1-N-AAAAAAS", language, hint_finder=slow_finder(release), emit=late.append)
    s.handle("10♣")
    s.handle("h")
    assert s.keyboard.escape().lines == [HINT_CLOSED[language]]
    assert s.game.selected is not None  # the hint first; a second Esc the selection
    release.set()
    time.sleep(0.3)
    assert late == []
    assert s.keyboard.escape().lines[0].startswith(("Seleção cancelada", "Selection cancelled"))


# -- the impasse keeps its exits ------------------------------------------------------------------

IMPASSE = {
    "pt_PT": "Não há mais jogadas possíveis.",
    "en": "No more moves possible. Type u to undo the last move, replay to play this deal"
    " again, or n for a new deal.",
}


@pytest.mark.parametrize("language", ["pt_PT", "en"])
def test_every_answer_at_an_impasse_keeps_its_exits(language: str) -> None:
    s, _ = session("PY1-C-AAAAAAD", language)  # one pass: 24 draws and nothing pairs
    for _ in range(23):
        s.handle("d")
    last = s.handle("d").lines
    assert last[1].startswith(IMPASSE[language])
    refused = s.handle("d").lines  # every move is refused now: the exits again
    assert refused[1] == last[1]
    assert s.handle("mesa" if language != "en" else "table").text.endswith(last[1])


def test_two_typed_cards_that_replace_a_selection_say_it_was_dropped() -> None:
    s, _ = session("PY1-N-AAAAAAS", "pt_PT")
    s.handle("10p")
    assert s.handle("3o 10o").lines == [
        "Três de ouros: coberto por rei de paus e ás de ouros. Dez de ouros: coberto por "
        "quatro de copas e três de espadas. Seleção cancelada: dez de paus."
    ]
    s.handle("10p")
    assert "cancelada" not in s.handle("10p 3c").text  # the selection was one of the two
