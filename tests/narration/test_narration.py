"""Narration: card names, the seeds' exact refusal wording, brief answers, unseen cards."""

from __future__ import annotations

import pytest
from kit import LANGUAGES, make_session
from playthrough import played, won_code

from pyramide_a11y.engine import DECK, Card, Game, Layout, Reason, Refusal, parse_code
from pyramide_a11y.i18n import set_language
from pyramide_a11y.narration import Style, card_name, describe, narrator, sentence
from pyramide_a11y.narration import messages as m
from pyramide_a11y.narration.card_words import card_list


def game(code: str = "PY1-N-AAAAAAS") -> Game:
    deal = parse_code(code)
    return Game(Layout.from_code(deal), deal.rules)


@pytest.mark.parametrize(
    ("language", "card", "name"),
    [
        ("pt_PT", "10C", "dez de paus"),
        ("pt_PT", "KH", "rei de copas"),
        ("pt_BR", "QS", "dama de espadas"),
        ("pt_BR", "JD", "valete de ouros"),
        ("pt_PT", "AS", "ás de espadas"),
        ("en", "10C", "ten of clubs"),
        ("en", "AH", "ace of hearts"),
    ],
)
def test_card_names_in_words(language: str, card: str, name: str) -> None:
    set_language(language)
    assert card_name(Card.parse(card)) == name


def test_every_card_name_is_words_only() -> None:
    for language in LANGUAGES:
        set_language(language)
        names = {card_name(card) for card in DECK}
        assert len(names) == 52
        assert all(name.replace(" ", "").isalpha() for name in names)


SEED_WORDING = {
    "pt_PT": {
        Reason.COVERED: "Esta carta está bloqueada por outra",
        Reason.SUM_NOT_13: "A soma tem de ser igual a 13",
    },
    "pt_BR": {
        Reason.COVERED: "essa carta ainda está coberta",
        Reason.SUM_NOT_13: "essas duas não somam 13",
        Reason.NOTHING_TO_DRAW: "não há mais cartas para virar",
        Reason.RECYCLE_STOCK_NOT_EMPTY: "dá para reciclar quando o monte ficar vazio",
        Reason.RECYCLE_NONE_LEFT: "não há mais reciclagens",
        Reason.RECYCLE_WASTE_EMPTY: "não há nada na pilha de descarte para reciclar",
    },
}


@pytest.mark.parametrize("language", ["pt_PT", "pt_BR"])
def test_refusals_use_the_seeds_exact_wording(language: str) -> None:
    set_language(language)
    for reason, text in SEED_WORDING[language].items():
        assert m.refusal(reason, ()) == text
    if language == "pt_PT":
        assert m.impasse() == "Não há mais jogadas possíveis"
    else:
        assert m.searching() == "procurando uma solução"


def test_covered_card_refused_with_help_and_with_cue_only() -> None:
    g = game()
    covered = next(c for c in g.position.pyramid if c is not None)
    set_language("pt_PT")
    outcome = g.select(covered)
    assert isinstance(outcome, Refusal)
    index = g.position.pyramid.index(covered)
    on_it = card_list(g.position.covering(index))
    name = card_name(covered)
    assert describe(outcome, g) == [
        f"Esta carta está bloqueada por outra. {name[0].upper() + name[1:]}: "
        f"{'coberta' if covered.rank.value == 12 else 'coberto'} por {on_it}."
    ]
    assert describe(outcome, g, Style(error_help=False)) == []  # seed 000: nothing


def test_draw_says_the_card_and_its_partners_then_nothing_more_in_brief() -> None:
    g = game("PY1-N-AAAAAAA")
    set_language("en")
    assert describe(g.draw(), g) == ["Drew ten of spades."]  # no partner: the card only
    assert describe(g.draw(), g) == ["Drew queen of clubs: pairs with ace of diamonds."]


def test_where_never_reveals_an_unseen_stock_card() -> None:
    g = game()
    set_language("en")
    for card in g.position.stock:
        assert narrator.where(card, g) == sentence(f"{card_name(card)}: not seen yet.")


def test_paciencia_draw_names_the_new_stock_top() -> None:
    g = game("PY1-P-AAAAAAS")
    set_language("pt_BR")
    outcome = g.draw()
    waste, stock = g.position.waste_top, g.stock_top
    assert waste is not None and stock is not None
    assert describe(outcome, g) == [
        "Dez de paus para o descarte: faz par com três de ouros."
        " Três de espadas no monte: faz par com dez de copas ou dez de paus."
    ]
    assert narrator.where(stock, g) == sentence(f"{card_name(stock)}: no topo do monte.")


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("pt_BR", "0 de 28. 24 cartas no monte. 0 jogadas. Tempo 0 segundos."),
        ("pt_PT", "0 de 28 retiradas. 24 cartas no monte. 0 jogadas. Tempo 0 segundos."),
        ("en", "0 of 28 removed. 24 cards in the stock. 0 moves. Time 0 seconds."),
    ],
)
def test_zero_takes_the_plural_when_said(language: str, expected: str) -> None:
    assert played(won_code("classic"), language, ["status"])[0].startswith(expected)
    one = played(won_code("classic"), language, ["d", "status"])[1]
    assert (" 1 jogada." in one) if language != "en" else (" 1 move." in one)


def test_undoing_a_pair_names_the_cards_back_once() -> None:
    # Classic PY1-C-AAAAABG: 6D and 7D are free in row 7 and pair.
    said = played("PY1-C-AAAAABG", "en", ["6d 7d", "u"])
    assert said[1].startswith("Move undone. Six of diamonds and seven of diamonds are back.")
    assert "Now free" not in said[1]  # they were just named as back
    assert said[1].count("six of diamonds") + said[1].count("Six of diamonds") == 1


@pytest.mark.parametrize(
    ("language", "where", "expected"),
    [
        ("en", "where as", "Ace of spades: in the waste, under 2 cards."),
        ("pt_PT", "onde Ae", "Ás de espadas: no descarte, por baixo de 2 cartas."),
        ("pt_BR", "onde Ae", "Ás de espadas: no descarte, embaixo de 2 cartas."),
    ],
)
def test_where_in_the_waste_says_how_many_cards_lie_on_it(
    language: str, where: str, expected: str
) -> None:
    # Was "2 cards under the top", which reads as if the top were 2 cards above.
    assert played("PY1-C-AAAAABG", language, ["d", "d", "d", where])[3] == expected


def test_a_two_card_line_names_the_covered_card_and_leaves_nothing_selected() -> None:
    # PY1-N-AAAAAAB: row 7 holds 10H and 8S (free), row 6 the ace of diamonds.
    set_language("en")
    session = make_session("PY1-N-AAAAAAB")
    session.hints.finder = None
    covered = "Ace of diamonds: covered by jack of spades and ten of diamonds."
    assert session.handle("10h ad").text == covered
    assert session.game.selected is None  # refused as one action: nothing changed
    assert session.handle("ad 10h").text == covered
    assert session.handle("8s").text.startswith("Eight of spades selected.")
    # One card alone keeps the seeds' sentence.
    assert played("PY1-N-AAAAAAB", "pt_PT", ["Ao"]) == [
        "Esta carta está bloqueada por outra. Ás de ouros: coberto por valete de espadas e dez "
        "de ouros."
    ]
    assert played("PY1-N-AAAAAAB", "pt_BR", ["Ao 10c"]) == [
        "Ás de ouros: coberto por valete de espadas e dez de ouros."
    ]


def test_undoing_a_recycle_says_the_round_went_back() -> None:
    said = played("PY1-P-AAAAAAC", "pt_BR", ["d"] * 24 + ["r", "u"])
    assert "Rodada 2 de 3" in said[24]
    assert said[25].startswith("Jogada desfeita. Rodada 1 de 3.")


def test_the_rules_come_in_four_short_lines() -> None:
    # One 600-character line was hard to go back over on a braille display.
    said = played(won_code("pyramide"), "pt_PT", ["regras"])
    set_language("pt_PT")
    session = make_session(won_code("pyramide"), "pt_PT")
    lines = session.handle("regras").lines
    assert len(lines) == 4 and said[0] == " ".join(lines)
    assert lines[0].startswith("Regras de Pyramide.")
    assert lines[2].startswith("Com d compra uma carta")
    assert max(len(line) for line in lines) < 250


def test_the_table_reminds_the_player_of_a_selected_card() -> None:
    said = played("PY1-C-AAAAABG", "en", ["6d", "table", "cancel", "table"])
    assert said[1].endswith("24 cards in the stock. Six of diamonds selected.")
    assert said[3].endswith("24 cards in the stock.")


def test_drawing_from_an_empty_stock_says_to_recycle_when_a_recycle_is_left() -> None:
    assert played("PY1-P-AAAAAAC", "pt_BR", ["d"] * 25)[-1] == (
        "Não há mais cartas para virar. Digite r para reciclar o descarte."
    )
    # One pass only: nothing to suggest.
    assert played("PY1-C-AAAAAAC", "en", ["d"] * 25)[-1] == "There are no more cards to draw."
