"""The words of a table made from the table worded before (issue 38): a place a
move left alone keeps its cell, and the words are exactly those made afresh,
whatever was played, selected, hinted or undone, in every language."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from kit import LANGUAGES, make_session
from playthrough import winning_commands, won_code

from pyramide_a11y.core.timer import GameTimer
from pyramide_a11y.i18n import in_language
from pyramide_a11y.narration.table_words import table_words

PRESET = "paciencia"
EXTRA = {  # a cancel, undo, a draw, no command and a hint beside the line's moves
    "en": ["cancel", "undo", "undo", "d", "zz", "hint", "10"],
    "pt_PT": ["cancelar", "anular", "anular", "c", "zz", "dica", "10"],
    "pt_BR": ["cancelar", "desfazer", "desfazer", "c", "zz", "dica", "10"],
}


def _lines(language: str) -> list[str]:
    """The winning line's moves, each card of its pairs alone (a selection, its
    partners marked), and :data:`EXTRA`."""
    moves = winning_commands(PRESET, language)
    return (
        moves + [card for move in moves if " " in move for card in move.split()] + EXTRA[language]
    )


@settings(max_examples=40, deadline=None)
@given(data=st.data(), language=st.sampled_from(sorted(EXTRA)))
def test_words_made_from_the_last_table_are_the_words_made_afresh(
    data: st.DataObject, language: str
) -> None:
    assert language in LANGUAGES
    session = make_session(
        won_code(PRESET), language, rng=random.Random(3), timer=GameTimer(lambda: 0.0)
    )
    session.pars.finder = None
    line = st.sampled_from(_lines(language))
    session.turn()
    for typed in data.draw(st.lists(line, min_size=1, max_size=25), label="lines"):
        turn = session.turn(typed)
        with in_language(language):
            assert turn.words == table_words(turn.table), typed


def test_a_move_words_only_the_places_it_changed() -> None:
    session = make_session(won_code(PRESET), "en", timer=GameTimer(lambda: 0.0))
    session.pars.finder = None
    before = session.turn().words
    after = session.turn(winning_commands(PRESET, "en")[0]).words
    assert after != before
    kept = [
        cell is old
        for row, old_row in zip(after.rows, before.rows, strict=True)
        for cell, old in zip(row.cells, old_row.cells, strict=True)
    ]
    changed = [
        cell != old
        for row, old_row in zip(after.rows, before.rows, strict=True)
        for cell, old in zip(row.cells, old_row.cells, strict=True)
    ]
    assert kept == [not c for c in changed]  # every unchanged place kept, none other
    assert 0 < sum(changed) < 28


def test_a_whole_deal_with_each_card_selected_and_hinted_first() -> None:
    """Each move of a won deal, after its first card alone (selected, its partner
    marked) and a hint (its cards marked), then a cancel: the words are always the
    ones made afresh."""
    language = "en"
    session = make_session(won_code(PRESET), language, timer=GameTimer(lambda: 0.0))
    session.pars.finder = None
    session.turn()
    for move in winning_commands(PRESET, language):
        steps = [move.split()[0], "cancel", "hint", move] if " " in move else ["hint", move]
        for typed in steps:
            turn = session.turn(typed)
            with in_language(language):
                assert turn.words == table_words(turn.table), (move, typed)
    assert session.game.won
