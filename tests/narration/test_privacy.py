"""Never reveal unseen cards: no command may tell the order or position of a stock
card that has not been shown yet.

For random deals, rules and played prefixes, a second game is built that is
identical in everything the player has seen (pyramid, waste, the seen cards and
where they are) but with the never-seen stock cards in another order. The same
prefix is played on both; then every review command, help, rules, status,
`where` for each card, pairs, a hint, the keyboard focus and a touch of each
unseen card must get the very same answer from both.
"""

from __future__ import annotations

import random
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kit import LANGUAGES, make_session
from playthrough import notation

from pyramide_a11y.core.answer import Answer
from pyramide_a11y.core.focus import Direction
from pyramide_a11y.core.session import Session
from pyramide_a11y.core.sources import GameSource
from pyramide_a11y.core.timer import GameTimer
from pyramide_a11y.engine import Card, Game, Layout, Rules, get_rules
from pyramide_a11y.engine.dealcode import MAX_NUMBER, DealCode
from pyramide_a11y.i18n import set_language
from pyramide_a11y.solver.hints import Hint, Knowledge, hint_for
from pyramide_a11y.speech.base import RecordingSpeaker

REVIEW = {
    "en": ["", "table", "free", "stock", "waste", "pyramid", "pairs", "status", "rules", "?"],
    "pt_PT": ["", "mesa", "livres", "monte", "descarte", "pirâmide", "pares", "estado", "regras"],
    "pt_BR": ["", "mesa", "descobertas", "monte", "pares", "estado", "regras", "ajuda"],
}
ROW = {"en": "row", "pt_PT": "fila", "pt_BR": "fileira"}
WHERE = {"en": "where", "pt_PT": "onde", "pt_BR": "onde"}


def steady_hint(knowledge: Knowledge, budget: float, cancelled: threading.Event | None) -> Hint:
    """The real hint, bounded by nodes instead of time, so that two equal views get
    equal answers however busy the machine is."""
    return hint_for(knowledge, 1e6, cancelled, samples=3, sample_nodes=1_500, exact_nodes=3_000)


@st.composite
def rules_strategy(draw: st.DrawFn) -> Rules:
    rules = get_rules(draw(st.sampled_from(["pyramide", "classic", "paciencia"])))
    options: dict[str, object] = {}
    if rules.name == "classic":
        options["passes"] = draw(st.integers(1, 3))
    if draw(st.booleans()):
        options["stock_waste_pairs"] = True
    if draw(st.booleans()):
        options["cover_pairs"] = True
    return rules.with_options(**options) if options else rules


def play_prefix(game: Game, choices: list[int]) -> None:
    """Each choice picks a legal move, or undo (the last index)."""
    for choice in choices:
        legal = game.legal_moves()
        if not legal or game.won:
            return
        pick = choice % (len(legal) + 1)
        if pick == len(legal):
            game.undo()
        else:
            game.play(legal[pick])


def hint_text(session: Session) -> str:
    """The hint's final answer, waiting for it if the session said it is searching."""
    arrived: list[Answer] = []
    done = threading.Event()

    def emit(answer: Answer) -> None:
        arrived.append(answer)
        done.set()

    session.emit = emit
    first = session.handle("h")
    if not session.hints.pending:  # answered at once
        return first.text
    assert done.wait(60), "the hint never came"
    return arrived[0].text


def answers(session: Session, language: str, unseen: list[Card]) -> list[str]:
    said = [session.opening().text]
    commands = list(REVIEW[language])
    commands += [f"{ROW[language]} {row}" for row in range(1, 8)]
    commands += [f"{WHERE[language]} {notation(Card(i), language)}" for i in range(52)]
    for line in commands:
        said.append(session.handle(line).text)
    said.append(hint_text(session))
    for direction in ("right", "right", "left", "down", "down", "up", "right"):
        said.append(session.keyboard.move_focus(Direction(direction)).text)
    for card in unseen:  # each unseen card touched: a refusal, and nothing changes
        said.append(session.handle(notation(card, language)).text)
    said.append(session.handle("repeat" if language == "en" else "repetir").text)
    return said


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    rules=rules_strategy(),
    number=st.integers(0, MAX_NUMBER),
    choices=st.lists(st.integers(0, 50), max_size=60),
    shuffle_seed=st.integers(0, 2**32),
    language=st.sampled_from(LANGUAGES),
)
@pytest.mark.slow
def test_no_command_tells_where_an_unseen_stock_card_is(
    rules: Rules, number: int, choices: list[int], shuffle_seed: int, language: str
) -> None:
    set_language(language)
    layout = Layout.from_code(DealCode(rules, number))
    code = str(DealCode(rules, number))
    first = make_session(
        GameSource(layout, rules, code),
        language,
        speaker=RecordingSpeaker(),
        timer=GameTimer(lambda: 0.0),
        hint_finder=steady_hint,
    )
    play_prefix(first.game, choices)
    seen = first.game.seen
    unseen = sorted(c for c in layout.stock if c not in seen)
    # The same deal with the never-seen cards in another order.
    slots = [i for i, c in enumerate(layout.stock) if c not in seen]
    moved = [layout.stock[i] for i in slots]
    random.Random(shuffle_seed).shuffle(moved)
    stock = list(layout.stock)
    for slot, card in zip(slots, moved, strict=True):
        stock[slot] = card
    other = Layout(layout.pyramid, tuple(stock), layout.waste, layout.rules)
    second = make_session(
        GameSource(other, rules, code),
        language,
        speaker=RecordingSpeaker(),
        timer=GameTimer(lambda: 0.0),
        hint_finder=steady_hint,
    )
    play_prefix(second.game, choices)
    # Everything the player has seen is the same in both games.
    a, b = first.game.position, second.game.position
    assert second.game.seen == seen
    assert (a.pyramid, a.waste, a.recycles) == (b.pyramid, b.waste, b.recycles)
    assert [c if c in seen else None for c in a.stock] == [
        c if c in seen else None for c in b.stock
    ]
    # The one place a hint reads the game keeps nothing else: not even the order of
    # the unseen cards, which would seed its samples differently.
    assert Knowledge.from_game(first.game) == Knowledge.from_game(second.game)
    assert answers(first, language, unseen) == answers(second, language, unseen)
    assert first.game.position == a and second.game.position == b  # nothing changed
    set_language("en")
