"""Narration: card names, the seeds' exact refusal wording, brief answers, unseen cards."""

from __future__ import annotations

import pytest

from pyramide_a11y.engine import DECK, Card, Game, Layout, Reason, Refusal, parse_code
from pyramide_a11y.i18n import set_language
from pyramide_a11y.narration import Style, card_name, describe, narrator, sentence
from pyramide_a11y.narration import messages as m


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
    for language in ("pt_PT", "pt_BR", "en"):
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
    assert describe(outcome, g) == ["Esta carta está bloqueada por outra."]
    assert describe(outcome, g, Style(error_help=False)) == ["Não."]


def test_draw_says_the_card_and_its_partners_then_nothing_more_in_brief() -> None:
    g = game()
    set_language("en")
    assert describe(g.draw(), g) == ["Drew three of spades: pairs with ten of hearts."]
    assert describe(g.draw(), g) == ["Drew four of spades."]  # no partner: the card only


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
        "Dez de paus para o descarte: faz par com três de ouros ou três de espadas."
        " Três de espadas no monte: faz par com dez de copas."
    ]
    assert narrator.where(stock, g) == sentence(f"{card_name(stock)}: no topo do monte.")
