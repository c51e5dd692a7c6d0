"""Portuguese agrees with the card: «o rei … visto», «a dama … vista», «Nenhuma dama».

Every message that takes a card, cards or a rank is rendered with every rank (each
suit at least once), in each language; the words that agree with a card must take
the card's gender. The forms are a table, one row per word: a new agreeing word
in a catalog gets a row here.
"""

from __future__ import annotations

import re

import pytest
from message_samples import calls, message_functions, sample_cards, takes_a_card

from pyramide_a11y.engine import Card, Rank, Suit
from pyramide_a11y.i18n import set_language
from pyramide_a11y.narration import messages as m
from pyramide_a11y.narration.card_words import FEMININE, MASCULINE, gender_of

# word: (masculine, feminine), singular and plural, as the catalogs write them.
AGREEING: dict[str, tuple[str, str]] = {
    "nenhum": ("Nenhum", "Nenhuma"),
    "visto": ("visto", "vista"),
    "vistos": ("vistos", "vistas"),
    "coberto": ("coberto", "coberta"),
    "cobertos": ("cobertos", "cobertas"),
    "descoberto": ("descoberto", "descoberta"),
    "descobertos": ("descobertos", "descobertas"),
    "bloqueado": ("bloqueado", "bloqueada"),
    "selecionado": ("selecionado", "selecionada"),
    "sozinho": ("sozinho", "sozinha"),
}
# A word right after a noun of the sentence agrees with that noun, not with the
# card's rank («Carta selecionada: rei de copas», «Só um rei sai sozinho»).
_AFTER_CARTA = re.compile(r"\b(?:cartas?|rei sai) \w+", re.IGNORECASE)

PORTUGUESE = ("pt_PT", "pt_BR")


def wrong_forms(text: str, gender: str) -> list[str]:
    """The agreeing words of ``text`` in the other gender than ``gender``."""
    text = _AFTER_CARTA.sub(" ", text)
    other = 1 if gender == MASCULINE else 0
    wrong = {forms[other] for forms in AGREEING.values()}
    return [word for word in re.findall(r"\w+", text) if word.lower() in {w.lower() for w in wrong}]


def test_every_card_message_is_checked() -> None:
    names = {name for name, function in message_functions() if takes_a_card(function)}
    # The messages found by their signatures; a new one joins the check by itself.
    assert {"where_unseen", "where_stock_seen", "no_playable_rank", "covered_by"} <= names
    assert len(names) >= 25


@pytest.mark.parametrize("language", PORTUGUESE)
def test_rank_genders_in_portuguese(language: str) -> None:
    for rank in Rank:
        expected = FEMININE if rank is Rank.QUEEN else MASCULINE
        assert gender_of(rank, language) == expected
    assert gender_of(Rank.QUEEN, "en") == MASCULINE


@pytest.mark.parametrize("language", [*PORTUGUESE, "en"])
@pytest.mark.parametrize("card", sample_cards(), ids=str)
def test_messages_agree_with_the_card(language: str, card: Card) -> None:
    set_language(language)
    gender = gender_of(card.rank)
    problems = []
    for name, call in calls(card):
        function = dict(message_functions())[name]
        if not takes_a_card(function):
            continue
        text = call()
        assert "{" not in text, (name, text)
        found = wrong_forms(text, gender)
        if found:
            problems.append(f"{name}: {text!r} has {found} for a {gender} card")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", PORTUGUESE)
def test_lists_agree_in_the_masculine_unless_all_feminine(language: str) -> None:
    set_language(language)
    queens = (Card.of(Rank.QUEEN, Suit.HEARTS), Card.of(Rank.QUEEN, Suit.SPADES))
    mixed = (Card.of(Rank.QUEEN, Suit.HEARTS), Card.of(Rank.KING, Suit.SPADES))
    for render in (m.now_free, m.no_longer_free, m.free_cards):
        assert not wrong_forms(render(queens), FEMININE), render(queens)
        assert not wrong_forms(render(mixed), MASCULINE), render(mixed)


@pytest.mark.parametrize(
    ("language", "call", "expected"),
    [
        ("pt_PT", lambda: m.no_playable_rank(Rank.QUEEN), "Nenhuma dama jogável"),
        ("pt_BR", lambda: m.no_playable_rank(Rank.QUEEN), "Nenhuma dama jogável"),
        ("pt_PT", lambda: m.no_playable_rank(Rank.KING), "Nenhum rei jogável"),
        ("en", lambda: m.no_playable_rank(Rank.QUEEN), "No playable queen"),
        ("pt_PT", lambda: m.where_unseen(Card.parse("KH")), "rei de copas: ainda não visto"),
        ("pt_BR", lambda: m.where_unseen(Card.parse("QH")), "dama de copas: ainda não vista"),
        (
            "pt_PT",
            lambda: m.where_stock_seen(Card.parse("AS")),
            "ás de espadas: no monte, já visto",
        ),
        ("pt_BR", lambda: m.covered_by(Card.parse("JD"), ()), "valete de ouros: coberto por "),
    ],
)
def test_agreement_examples(language: str, call: object, expected: str) -> None:
    set_language(language)
    assert callable(call)
    assert call() == expected
