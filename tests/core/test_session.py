"""The session: answers to commands, settings, timer, hints, new deals."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Unpack

from fakes import FakeClock
from kit import NO_HINT, SessionOptions, deal, make_session
from playthrough import won_code

from pyramide_a11y.core.answer import Answer
from pyramide_a11y.core.focus import Direction
from pyramide_a11y.core.session import Session
from pyramide_a11y.core.sources import GameSource
from pyramide_a11y.core.timer import IDLE_LIMIT, GameTimer
from pyramide_a11y.engine import Draw, Layout, parse_code
from pyramide_a11y.i18n import set_language
from pyramide_a11y.narration import Verbosity
from pyramide_a11y.solver import Hint, HintKind, Knowledge
from pyramide_a11y.speech.base import RecordingSpeaker


def session(
    language: str = "en", **kwargs: Unpack[SessionOptions]
) -> tuple[Session, RecordingSpeaker]:
    """A spoken session on ``PY1-N-AAAAAAS`` with its recording speaker; no hint is
    ever found unless a ``hint_finder`` is given."""
    speaker = RecordingSpeaker()
    kwargs["hint_finder"] = kwargs.get("hint_finder") or NO_HINT
    return make_session("PY1-N-AAAAAAS", language, speaker=speaker, **kwargs), speaker


def test_opening_announces_preset_code_and_table_and_is_spoken() -> None:
    s, speaker = session("pt_PT")
    answer = s.opening()
    assert answer.lines[
        0
    ] == "Pyramide, passagens ilimitadas pelo monte. Partida PY1-N-AAAAAAS. " + (
        "Escreva ? para ajuda, regras para as regras."
    )
    assert answer.lines[1].startswith("Livres: ")
    assert speaker.spoken == [answer.text]


def test_language_switch_takes_effect_at_once_and_voice_follows() -> None:
    s, speaker = session("pt_PT")
    assert s.handle("lang br").lines == ["Idioma: português do Brasil."]
    assert speaker.language == "pt_BR"
    assert s.handle("xyz").lines == ["Não entendi xyz: digite ? para ajuda."]
    assert s.handle("language en").lines == ["Language: English."]


def test_error_help_off_says_nothing_for_a_covered_card() -> None:
    s, _ = session("pt_PT")
    top = s.game.position.pyramid[0]
    assert top is not None
    line = f"where {top}".lower()
    assert "fila 1" in s.handle(line).lines[0]
    assert s.handle(str(top)).lines[0].startswith("Esta carta está bloqueada por outra. ")
    s.handle("erros não")
    assert s.handle(str(top)).lines == []  # seed 000: touching it does nothing


def test_repeat_says_the_last_answer_again() -> None:
    s, speaker = session()
    first = s.handle("d")
    assert s.handle("repeat").lines == first.lines
    assert speaker.spoken[-1] == speaker.spoken[-2]


def test_speech_off_keeps_printing_but_stops_speaking() -> None:
    s, speaker = session()
    s.handle("speech off")
    count = len(speaker.spoken)
    assert s.handle("d").lines
    assert len(speaker.spoken) == count
    assert speaker.stops == 1


def test_verbosity_full_adds_counts() -> None:
    s, _ = session()
    s.handle("full")
    assert s.settings.verbosity is Verbosity.FULL
    assert "0 of 28" in s.handle("d").text


def test_new_deal_with_code_replay_and_bad_code() -> None:
    s, _ = session()
    s.handle("d")
    answer = s.handle("new PY1-C-AAAAAAB")
    assert answer.lines[0] == "New deal. Type u to go back to the previous one."
    assert "Classic Pyramid, 1 pass. Deal PY1-C-AAAAAAB." in answer.text
    assert s.game.moves == 0
    s.handle("d")
    assert s.handle("replay").lines[0] == (
        "Same deal from the start. Type u to go back to the previous one."
    )
    assert s.game.moves == 0
    assert s.handle("new PY1-X-AAAAAAA").lines == [
        "PY1-X-AAAAAAA is not a deal code I can read; codes look like PY1-N-AAAAAAS."
    ]
    assert s.source.code == "PY1-C-AAAAAAB"


def test_new_deal_from_a_layout_file(tmp_path: Path) -> None:
    deal = parse_code("PY1-P-AAAAAAC")
    path = tmp_path / "deal.json"
    path.write_text(Layout.from_code(deal).to_json(deal.rules), encoding="utf-8")
    s, _ = session()
    answer = s.handle(f"new {path}")
    assert "Pyramid, 3 passes" in answer.text and "Deal from a layout file" in answer.text
    assert s.game.rules.name == "paciencia"
    junk = tmp_path / "junk.txt"
    junk.write_text("not a layout\n", encoding="utf-8")
    (refused,) = s.handle(f"new {junk}").lines  # one sentence, with the cause
    assert refused.startswith(f"The file {junk} is not a layout I can play: a listing reads")
    assert s.game.rules.name == "paciencia"


def test_rules_are_read_in_the_players_language() -> None:
    s, _ = session("pt_BR")
    text = s.handle("regras").text
    assert text.startswith("Regras de Pyramide.")
    assert "100 ações" in text


def test_timer_pauses_on_command_idle_and_focus() -> None:
    clock = FakeClock()
    timer = GameTimer(clock)
    clock.now += 10
    timer.activity()
    assert timer.elapsed() == 10
    timer.pause()
    clock.now += 500
    assert timer.elapsed() == 10
    assert timer.activity() is True
    clock.now += 1000
    assert timer.elapsed() == 10 + IDLE_LIMIT
    s, _ = session(timer=GameTimer(clock))
    assert s.handle("pause").lines == ["Paused. Type anything to go on."]
    clock.now += 50
    assert s.handle("").lines == ["Timer running again."]
    assert s.timer.elapsed() == 0
    s.keyboard.focus_lost()
    clock.now += 30
    s.keyboard.focus_gained()
    assert s.timer.elapsed() == 0


def test_quick_hint_is_the_answer() -> None:
    s, _ = session("pt_BR", hint_finder=lambda g, b, c: Hint(HintKind.DRAW, Draw(), True))
    assert s.handle("h").lines == ["Dica: vire uma carta."]


def test_the_hint_given_is_shown_while_its_table_stays() -> None:
    """A page marks the hint's move on the table: until the table changes."""
    s, _ = session("en", hint_finder=lambda g, b, c: Hint(HintKind.DRAW, Draw(), True))
    assert s.hints.shown(s.game.position) is None
    s.handle("h")
    assert s.hints.shown(s.game.position) == Draw()
    s.handle("d")
    assert s.hints.shown(s.game.position) is None


def test_slow_hint_says_searching_then_the_hint_later_and_input_goes_on() -> None:
    release = threading.Event()

    def slow(knowledge: Knowledge, budget: float, cancelled: threading.Event | None) -> Hint:
        release.wait(5)
        return Hint(HintKind.DRAW, Draw(), False)

    late: list[Answer] = []
    s, speaker = session("pt_BR", hint_finder=slow, emit=late.append)
    assert s.handle("h").lines == ["Procurando uma solução."]
    assert s.handle("estado").lines  # the table keeps answering
    release.set()
    for _ in range(100):
        if late:
            break
        time.sleep(0.02)
    assert late and late[0].lines == ["Dica: vire uma carta."]
    assert speaker.spoken[-1] == "Dica: vire uma carta."


def test_a_move_while_the_hint_thinks_drops_the_stale_hint() -> None:
    release = threading.Event()

    def slow(knowledge: Knowledge, budget: float, cancelled: threading.Event | None) -> Hint:
        release.wait(5)
        return Hint(HintKind.DRAW, Draw(), False)

    late: list[Answer] = []
    s, _ = session(hint_finder=slow, emit=late.append)
    s.handle("h")
    s.handle("d")
    release.set()
    time.sleep(0.3)
    assert late == []


def test_keyboard_focus_moves_among_playable_cards_and_selects() -> None:
    s, _ = session()
    playable = s.game.position.playable_cards(s.game.rules)
    first = s.keyboard.move_focus(Direction.RIGHT)  # the first arrow says the first playable card
    assert len(first.lines) == 1 and first.lines[0].endswith(".")
    assert s.focus.index == 0
    s.keyboard.move_focus(Direction.RIGHT)
    s.keyboard.move_focus(Direction.LEFT)
    assert s.focus.index == 0
    answer = s.keyboard.activate_focus()
    assert playable[0] not in s.game.position.pyramid or s.game.selected == playable[0]
    assert answer.lines
    assert s.keyboard.escape().lines


def test_keyboard_focus_on_the_stock_top_names_the_pile() -> None:
    speaker = RecordingSpeaker()
    s = make_session("PY1-P-AAAAAAB", "pt_BR", speaker=speaker)
    top = s.game.stock_top
    assert top is not None
    answer = s.keyboard.move_focus(
        Direction.LEFT
    )  # from the first playable card, wraps to the last
    from pyramide_a11y.narration import card_name

    with s.speaking():  # the card's name in the session's language
        assert answer.lines == [f"{card_name(top).capitalize()}, no topo do monte."]


def test_the_opening_names_the_variants_in_play() -> None:
    from pyramide_a11y.engine import get_rules

    rules = get_rules("classic").with_options(passes=2, strict_win=True, cover_pairs=True)
    set_language("en")
    base = deal("PY1-C-AAAAABG")

    session = make_session(GameSource(base.layout, rules, "PY1-C2WX-AAAAABG"))
    assert (
        session.opening()
        .lines[0]
        .startswith("Classic Pyramid with strict win and cover pairs, 2 passes. Deal ")
    )
    plain = make_session(base).opening().lines[0]
    assert plain.startswith("Classic Pyramid, 1 pass. Deal ")


def test_a_hint_after_the_win_says_the_game_is_won_not_no_more_moves() -> None:
    from playthrough import winning_commands

    set_language("en")
    session = make_session(won_code("classic"))
    for line in winning_commands("classic", "en"):
        session.handle(line)
    assert session.game.won
    assert session.handle("h").text == "The game is already won."


def test_the_first_arrow_says_the_first_card_not_the_second() -> None:
    set_language("en")
    session = make_session(won_code("classic"))
    playable = session.game.position.playable_cards(session.game.rules)
    from pyramide_a11y.narration import answers, sentence

    def said(index: int) -> str:
        return sentence(answers.focus_name(playable[index], session.game))

    assert session.keyboard.move_focus(Direction.RIGHT).text == said(0)
    assert said(0).startswith("Six of diamonds, row 7, position 1")
    assert session.keyboard.move_focus(Direction.RIGHT).text == said(1)
    session.handle("replay")  # a new deal: the first arrow again says the first card
    assert session.keyboard.move_focus(Direction.LEFT).text == said(-1)


def test_up_or_down_with_no_row_that_way_says_so() -> None:
    # The same card said again sounded like a move to another card.
    set_language("en")
    session = make_session("PY1-N-AAAAAAB")
    arrows = ("up", "up", "down", "down", "up")
    said = [session.keyboard.move_focus(Direction(d)).text for d in arrows]
    assert said == [
        "King of clubs, row 7, position 1.",
        "King of clubs, row 7, position 1; nothing further up.",
        "Queen of clubs, top of the waste.",
        "Queen of clubs, top of the waste; nothing further down.",
        "King of clubs, row 7, position 1.",
    ]
