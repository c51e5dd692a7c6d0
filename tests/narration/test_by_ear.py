"""What a player by ear must hear without asking (issue 24): what every change made
possible, refusals that name the cards, the pyramid's shape, the waste in order,
and counts in every preset."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from playthrough import played, winning_commands, won_code

from pyramide_a11y.engine import (
    PRESETS,
    Card,
    Draw,
    Event,
    EventKind,
    Game,
    Layout,
    Position,
    Recycle,
    RemoveKing,
    RemovePair,
    Rules,
    parse_code,
)
from pyramide_a11y.engine.dealcode import code_text
from pyramide_a11y.i18n import set_language
from pyramide_a11y.narration import answers, card_name, describe, narrator
from pyramide_a11y.narration import messages as m

PACIENCIA = won_code("paciencia")  # PY1-P-AAAAAAB: kings on row 7, then 5h frees


def game(code: str) -> Game:
    deal = parse_code(code)
    return Game(Layout.from_code(deal), deal.rules)


@settings(max_examples=40, deadline=None)
@example(preset="paciencia", number=4659, walk=1796)  # a king shown on the stock by r
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    number=st.integers(0, 10_000),
    walk=st.integers(0, 2**32 - 1),
)
def test_every_move_a_change_made_possible_is_said(preset: str, number: int, walk: int) -> None:
    """After a pair, a king, an undo or a recycle, each removal now possible with a card
    the action showed is in the answer; no removal said is impossible."""
    set_language("en")
    rng = random.Random(walk)
    code = code_text(PRESETS[preset], number)
    assert code is not None
    g = game(code)
    for _ in range(60):
        moves = g.legal_moves()
        if g.won:
            break
        if moves and rng.random() < 0.8:
            outcome = g.play(rng.choice(moves))
        elif rng.random() < 0.5:
            outcome = g.undo()
        else:
            outcome = g.draw()
        if not isinstance(outcome, Event) or outcome.won or outcome.kind is EventKind.DRAW:
            continue
        text = " ".join(describe(outcome, g))
        low = text.lower()
        shown = narrator.shown_cards(outcome, g)
        for move in g.legal_moves():
            if outcome.kind is EventKind.UNDO and move == outcome.move:
                continue  # the move taken back: its cards were just said to be back
            match move:
                case RemovePair(a, b) if a in shown or b in shown:
                    new, other = (a, b) if a in shown else (b, a)
                    assert card_name(new) in low and card_name(other) in low
                    assert "New move" in text or "pairs with" in text
                case RemoveKing(king) if king in shown:
                    alone = m.king_alone(king) in low  # "New move: king of spades alone"
                    shown_alone = card_name(king) in low and m.goes_alone("").strip(": ") in low
                    assert alone or shown_alone, text
        legal = {m.playable_pair(a, b) for mv in g.legal_moves() if isinstance(mv, RemovePair)
                 for a, b in ((mv.first, mv.second), (mv.second, mv.first))}  # fmt: skip
        if "New move" in text:
            said = text.split("New move", 1)[1].split(": ", 1)[1].rstrip(".").split("; ")
            for item in said:
                assert item in legal or item.endswith(" alone"), item


def test_a_pair_that_shows_a_stock_card_says_what_it_pairs_with() -> None:
    """The issue's case: «Nine of diamonds and four of hearts removed. Stock: queen of
    hearts.» left out the free aces that pair with that queen."""
    commands = winning_commands("paciencia", "en")
    lines = played(PACIENCIA, "en", commands[: commands.index("10h 3d") + 1])
    assert lines[-1] == (
        "Ten of hearts and three of diamonds removed. Now free: seven of hearts. Stock: "
        "three of spades. New moves: three of spades with ten of spades; three of spades "
        "with ten of diamonds."
    )


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "King of hearts removed. Now free: five of hearts. New move: five of hearts "
               "with eight of spades."),
        ("pt_PT", "Saiu rei de copas. Ficou livre: cinco de copas. Jogada nova: cinco de "
                  "copas com oito de espadas."),
        ("pt_BR", "Saiu rei de copas. Ficou descoberto: cinco de copas. Jogada nova: cinco "
                  "de copas com oito de espadas."),
    ],
)  # fmt: skip
def test_a_king_that_frees_a_card_with_a_partner_says_the_pair(language: str, said: str) -> None:
    king_c, king_h = ("Kc", "Kh") if language == "en" else ("Rp", "Rc")
    assert played(PACIENCIA, language, [king_c, king_h])[-1] == said


def test_an_undo_says_what_the_card_back_on_top_pairs_with() -> None:
    lines = played("PY1-P-BOGKFJD", "en", ["d", "u"])
    assert lines[-1] == (
        "Move undone. Waste empty. Stock: queen of spades. New moves: queen of spades with "
        "ace of diamonds; queen of spades with ace of spades."
    )
    # The pair taken back is not said again as a new move: "… are back" said it.
    back = played(PACIENCIA, "en", ["Kc", "Kh", "5h 8s", "u"])[-1]
    assert back == "Move undone. Five of hearts and eight of spades are back."


@pytest.mark.parametrize(
    ("language", "refused"),
    [
        ("en", "Those two do not add up to 13. Ace of spades is no longer selected. "),
        ("pt_PT", "A soma tem de ser igual a 13. Ás de espadas deixa de estar selecionado. "),
        ("pt_BR", "Essas duas não somam 13. Ás de espadas não está mais selecionado. "),
    ],
)
def test_a_refused_pair_that_keeps_the_second_card_says_what_it_pairs_with(
    language: str, refused: str
) -> None:
    """Seed 000: a pair that is not 13 leaves the second card selected."""
    set_language(language)
    g = game("PY1-N-AAAAAAS")
    assert g.rules.failed_pair_keeps_second
    free = g.position.playable_cards(g.rules)
    first, second = next(
        (a, b)
        for a in free
        for b in free
        if a != b
        and not a.is_king
        and not b.is_king
        and a.rank.value + b.rank.value != 13
        and g.position.partners(b, g.rules)
    )
    g.select(first)
    line = describe(g.select(second), g)[0]
    partners = g.position.partners(second, g.rules)
    assert g.selected == second
    assert line == (
        refused.replace(card_name(Card.parse("AS")).capitalize(), card_name(first).capitalize())
        + narrator.sentence(m.still_selected_pairs(second, partners))
    )


@pytest.mark.parametrize(
    ("language", "alone", "in_pair"),
    [
        ("en", "That card is still covered. Two of clubs: covered by ten of spades and jack of "
               "spades.", "Two of clubs: covered by ten of spades and jack of spades."),
        ("pt_PT", "Esta carta está bloqueada por outra. Dois de paus: coberto por dez de espadas "
                  "e valete de espadas.", "Dois de paus: coberto por dez de espadas e valete de "
                  "espadas."),
        ("pt_BR", "Essa carta ainda está coberta. Dois de paus: coberto por dez de espadas e "
                  "valete de espadas.", "Dois de paus: coberto por dez de espadas e valete de "
                  "espadas."),
    ],
)  # fmt: skip
def test_a_covered_card_is_named_with_what_covers_it(
    language: str, alone: str, in_pair: str
) -> None:
    two, pair = ("2c", "10h 2c") if language == "en" else ("2p", "10c 2p")
    lines = played(PACIENCIA, language, [two, pair])
    assert lines == [alone, in_pair]


def test_a_stock_card_not_seen_is_not_seen_yet_never_not_in_play() -> None:
    lines = played(PACIENCIA, "en", ["5c", "d", "d", "qc"])
    assert lines[0] == "Five of clubs: not seen yet."
    # Seen, under the waste top: where it is, never "not in play" (as if gone).
    assert lines[3] == "Queen of clubs: in the waste, under 1 card."


@pytest.mark.parametrize(
    ("language", "row7"),
    [
        ("en", "Row 7: gap, gap, ten of hearts, ten of spades, jack of spades, ten of "
               "diamonds, and gap."),
        ("pt_PT", "Fila 7: vazio, vazio, dez de copas, dez de espadas, valete de espadas, dez "
                  "de ouros e vazio."),
        ("pt_BR", "Fileira 7: vazio, vazio, dez de copas, dez de espadas, valete de espadas, "
                  "dez de ouros e vazio."),
    ],
)  # fmt: skip
def test_the_pyramid_listing_says_gaps_in_place(language: str, row7: str) -> None:
    moves = ["Kc", "Kh", "5h 8s"] if language == "en" else ["Rp", "Rc", "5c 8e"]
    row = "row 7" if language == "en" else ("fila 7" if language == "pt_PT" else "fileira 7")
    assert played(PACIENCIA, language, [*moves, row])[-1] == row7


def test_where_says_what_covers_a_card_and_what_it_covers() -> None:
    lines = played(PACIENCIA, "en", ["where 7h", "where 7d", "where ks"])
    assert lines[0] == (
        "Seven of hearts: row 6, position 2, covered by king of hearts and ten of hearts. "
        "Covers five of diamonds and king of diamonds."
    )
    assert lines[1].endswith("Covers no card.")  # the top of the pyramid


def test_keyboard_focus_says_row_and_position() -> None:
    set_language("en")
    g = game(PACIENCIA)
    assert answers.focus(Card.parse("KC"), g) == ["King of clubs, row 7, position 1."]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_table_and_status_give_the_stock_count_in_every_preset(preset: str) -> None:
    code = code_text(PRESETS[preset], 1)
    assert code is not None
    table, status = played(code, "en", ["table", "status"])
    g = game(code)
    count = f"{len(g.position.stock)} cards in the stock"
    assert count in table and count in status
    assert status.startswith("0 of 28 removed.")
    passes = PRESETS[preset].passes
    if passes is None:
        assert "Pass 1." in table and "Pass 1." in status
    elif passes > 1:
        assert f"Pass 1 of {passes}." in table


def test_the_waste_is_heard_top_first() -> None:
    lines = played(PACIENCIA, "en", ["waste", "d", "d", "d", "waste"])
    assert lines[0] == "Waste empty."
    assert lines[-1] == (
        "Waste, 3 cards, top first: six of clubs, four of spades, and queen of clubs."
    )
    set_language("pt_BR")
    assert played(PACIENCIA, "pt_BR", ["d", "descarte"])[-1] == ("Descarte, 1 carta: dama de paus.")


def _reachable_by_drawing(position: Position, rules: Rules) -> list[Position]:
    """Every position the stock controls alone can lead to (draws and recycles),
    within two more passes: under unlimited recycles the count grows for ever, but
    the piles come back to the same order every pass."""
    seen = {position}
    todo = [position]
    while todo:
        here = todo.pop()
        for move in here.legal_moves(rules):
            if isinstance(move, Draw | Recycle):
                there = here.after(move, rules)
                if there not in seen and there.recycles <= position.recycles + 2:
                    seen.add(there)
                    todo.append(there)
    return list(seen)


@settings(max_examples=30, deadline=None)
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    number=st.integers(0, 10_000),
    walk=st.integers(0, 2**32 - 1),
)
def test_a_game_where_nothing_can_ever_be_removed_goes_on_while_it_can_draw(
    preset: str, number: int, walk: int
) -> None:
    """``can_never_remove`` is exact where it says so: no draw or recycle ever leads
    to a removal; and while a draw or a recycle is left, the removal that made it so
    is not answered with the dead end (that is the hint's to say, issue 35)."""
    set_language("en")
    rng = random.Random(walk)
    code = code_text(PRESETS[preset], number)
    assert code is not None
    g = game(code)
    for _ in range(80):
        removals = [mv for mv in g.legal_moves() if isinstance(mv, RemovePair | RemoveKing)]
        moves = removals if removals and rng.random() < 0.9 else g.legal_moves()
        if not moves or g.won:
            break
        outcome = g.play(rng.choice(moves))
        assert isinstance(outcome, Event)
        if g.position.can_never_remove(g.rules):
            for later in _reachable_by_drawing(g.position, g.rules):
                assert not any(
                    isinstance(mv, RemovePair | RemoveKing) for mv in later.legal_moves(g.rules)
                )
            if g.legal_moves():
                assert narrator.impasse_line() not in describe(outcome, g)
            break


def test_undoing_a_draw_says_the_card_back_on_the_stock() -> None:
    lines = played("PY1-C-AAAAABG", "en", ["d", "u"])
    assert lines[1] == "Move undone. Ace of spades back on the stock. Waste empty."


def test_a_recycle_says_the_pass_and_the_stock_count() -> None:
    draws = ["d"] * 23
    lines = played("PY1-N-AAAAAAB", "en", [*draws, "d"])
    assert lines[-1].startswith("Waste turned back into the stock. Pass 2.")
    assert "24 cards in the stock" in lines[-1]


def test_cancel_names_the_card_that_was_selected() -> None:
    assert played(PACIENCIA, "en", ["10h", "cancel"])[1] == "Selection cancelled: ten of hearts."


def test_the_same_card_twice_is_refused_and_two_covered_cards_are_both_named() -> None:
    lines = played(PACIENCIA, "en", ["10h 10h", "2c 5d"])
    assert lines[0] == "A card cannot pair with itself."
    assert lines[1] == (
        "Two of clubs: covered by ten of spades and jack of spades. Five of diamonds: "
        "covered by five of hearts and seven of hearts."
    )


def test_a_drawn_card_is_named_before_the_stock_card_it_pairs_with() -> None:
    lines = played(PACIENCIA, "en", ["d", "d", "d"])
    assert lines[2] == (
        "Six of clubs to the waste. Seven of clubs on the stock: pairs with six of clubs."
    )


def test_a_refused_pair_that_keeps_the_first_card_says_what_it_pairs_with() -> None:
    line = played("PY1-C-AAAAABG", "en", ["6d 3s"])[0]
    assert line == (
        "Those two do not add up to 13. Six of diamonds stays selected and pairs with "
        "seven of diamonds."
    )


def test_the_table_after_a_win_says_the_pyramid_is_cleared() -> None:
    commands = winning_commands("paciencia", "en")
    lines = played(PACIENCIA, "en", [*commands, "table"])
    assert lines[-1].startswith("Pyramid cleared.")
    assert "No free cards" not in lines[-1]
