"""``Session.view()``: the table as one plain immutable value, the same for the
page and narration's result panel, compared place by place (issue 37)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from kit import make_session
from playthrough import winning_commands, won_code

from pyramide_a11y.commands import Action, Simple
from pyramide_a11y.core import TabClock, TableState, TouchCards, changed_places
from pyramide_a11y.core.session import Session
from pyramide_a11y.core.timer import GameTimer
from pyramide_a11y.engine import Card, RemovePair
from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration import narrator

CODE = won_code("paciencia")


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _session(clock: FakeClock | None = None) -> Session:
    timer = GameTimer(clock) if clock is not None else None
    s = make_session(CODE, "en", rng=random.Random(3), timer=timer)
    s.hints.finder = None
    s.pars.finder = None
    return s


def test_the_view_is_immutable_and_holds_no_game() -> None:
    state = _session().view()
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.won = True  # type: ignore[misc]
    assert len(state.cells) == 28
    assert hash(state.cells[0]) == hash(dataclasses.replace(state.cells[0]))
    names = {field.name for field in dataclasses.fields(TableState)}
    assert not names & {"game", "session", "source", "timer", "hints", "pars"}


def test_a_view_changes_only_the_places_an_action_touched() -> None:
    s = _session()
    before = s.view()
    assert changed_places(before, s.view()) == ()  # the same table: nothing to send
    s.perform(Simple(Action.DRAW))
    drawn = s.view()
    assert changed_places(before, drawn) == ("stock", "waste")
    assert drawn.stock.count == before.stock.count - 1
    free = next(c for c in drawn.cells if c.place.free and c.place.card is not None)
    assert free.place.card is not None
    s.perform(TouchCards((free.place.card,)))
    after = s.view()
    changed = changed_places(drawn, after)
    assert f"slot-{free.place.slot}" in changed
    assert after.cells[free.place.slot] != drawn.cells[free.place.slot]


def test_with_no_table_before_every_place_changed() -> None:
    state = _session().view()
    places = changed_places(None, state)
    assert places == (*(f"slot-{n}" for n in range(28)), "stock", "waste")


def test_a_selection_marks_its_card_and_partners() -> None:
    s = _session()
    for _ in range(30):  # draw until a pair can be made
        pairs = [m for m in s.game.legal_moves() if isinstance(m, RemovePair)]
        if pairs:
            break
        s.perform(Simple(Action.DRAW))
    card = pairs[0].cards[0]
    expected = s.game.position.partners(card, s.game.rules)
    s.perform(TouchCards((card,)))
    selected = s.view()
    assert selected.selected == card
    pressed = [c.place.card for c in selected.cells if c.pressed]
    pressed += [p.top for p in (selected.stock, selected.waste) if p.pressed]
    assert pressed == [card]
    assert selected.partners == expected and expected
    marked = {c.place.card for c in selected.cells if c.partner}
    marked |= {p.top for p in (selected.stock, selected.waste) if p.partner}
    assert marked == set(expected)


def test_the_clock_pauses_and_runs_through_perform_silently() -> None:
    clock = FakeClock()
    s = _session(clock)
    opening = s.opening()
    clock.now += 5
    answer = s.perform(TabClock(hidden=True))
    assert answer.lines == [] and answer.notices == []
    paused = s.view().clock
    assert paused.paused and paused.seconds == pytest.approx(5)
    clock.now += 50  # hidden: not counted
    assert s.view().clock.seconds == pytest.approx(5)
    s.perform(TabClock(hidden=False))
    clock.now += 2
    running = s.view().clock
    assert not running.paused and running.seconds == pytest.approx(7)
    assert s.last is opening  # the clock said nothing: repeat still repeats the opening


def test_the_result_panel_renders_the_view_as_the_terminal_says_it() -> None:
    clock = FakeClock()
    s = _session(clock)
    for line in winning_commands("paciencia", "en"):
        clock.now += 1
        s.handle(line)
    state = s.view()
    assert state.won and state.clock.stopped
    with in_language("en"):
        facts = narrator.result_facts(state.table, state.clock.seconds, None)
        panel = narrator.won_panel(s.game, state.clock.seconds, state.code)
    assert facts and all(fact.lower() in panel[1].lower() for fact in facts)
    assert state.table.moves == s.game.moves and state.table.removed == 28


def test_a_card_button_names_its_card() -> None:
    s = _session()
    free = next(c.place.card for c in s.view().cells if c.place.free and c.place.card)
    assert isinstance(free, Card)
    assert s.perform(TouchCards((free,))).lines != []
