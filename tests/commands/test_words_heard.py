"""Words, heard right (issue 24): a close misspelling gets one suggestion, "which
one?" takes the suit alone or the place, Portuguese «par» is a pair, counts agree,
one word per idea, and news that comes late is its own answer."""

from __future__ import annotations

import difflib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kit import make_session
from playthrough import exact_par, played, won_code

from pyramide_a11y.commands import Action, Simple, parse_command
from pyramide_a11y.commands.suggest import CUTOFF, _known, _near, suggestion
from pyramide_a11y.core.answer import Answer
from pyramide_a11y.i18n import set_language
from pyramide_a11y.i18n.languages import language as language_record
from pyramide_a11y.narration import messages as m

PACIENCIA = won_code("paciencia")  # PY1-P-AAAAAAB: three tens free in row 7


@pytest.mark.parametrize(
    ("language", "typed", "said"),
    [
        ("en", "drwa", "I do not understand drwa: did you mean draw?"),
        ("en", "ten of harts", "I do not understand ten of harts: did you mean ten of hearts?"),
        ("en", "tabel", "I do not understand tabel: did you mean table?"),
        ("pt_PT", "dez de copsa", "Não percebi dez de copsa: queria dizer dez de copas?"),
        ("pt_PT", "piramid", "Não percebi piramid: queria dizer pirâmide?"),
        ("pt_BR", "desfazr", "Não entendi desfazr: você quis dizer desfazer?"),
    ],
)
def test_a_close_misspelling_gets_one_suggestion(language: str, typed: str, said: str) -> None:
    s = make_session(PACIENCIA, language)
    before = s.game.position
    assert s.handle(typed).lines == [said]
    assert s.game.position == before and s.game.moves == 0  # nothing changed


@pytest.mark.parametrize("typed", ["xyz", "qwerty uiop", "the the the"])
def test_a_line_close_to_nothing_gets_no_suggestion(typed: str) -> None:
    assert suggestion(typed, "en") is None
    assert played(PACIENCIA, "en", [typed])[0].endswith("type ? for help.")


@pytest.mark.parametrize(
    ("language", "answer", "card"),
    [
        ("en", "hearts", "Ten of hearts"),
        ("en", "second", "Ten of spades"),
        ("en", "the third", "Ten of diamonds"),
        ("en", "♦", "Ten of diamonds"),
        ("pt_PT", "copas", "Dez de copas"),
        ("pt_PT", "a segunda", "Dez de espadas"),
        ("pt_BR", "de ouros", "Dez de ouros"),
        ("pt_BR", "terceira", "Dez de ouros"),
    ],
)
def test_which_one_takes_the_suit_alone_or_the_place(language: str, answer: str, card: str) -> None:
    lines = played(PACIENCIA, language, ["10", answer])
    assert lines[0].startswith(("Which one: ten of hearts", "Qual: dez de copas"))
    assert f"{card.lower()} selec" in lines[1].lower() or f"selecionada: {card.lower()}" in (
        lines[1].lower()
    )


def test_a_line_that_picks_no_card_is_read_as_any_other() -> None:
    lines = played(PACIENCIA, "en", ["10", "d", "hearts"])
    assert lines[1].startswith("Queen of clubs to the waste.")  # d is draw, not diamonds
    assert lines[2] == "I do not understand hearts: type ? for help."  # asked no more


def test_portuguese_par_is_a_pair_and_minimo_the_shortest_line() -> None:
    assert parse_command("par", "pt_PT") == Simple(Action.PAIRS)
    assert parse_command("par", "pt_BR") == Simple(Action.PAIRS)
    assert parse_command("par", "en") == Simple(Action.PAR)
    assert parse_command("mínimo", "pt_PT") == Simple(Action.PAR)


@pytest.mark.parametrize(
    ("language", "one", "none"),
    [
        ("en", "Hint thinking time 1 second", "Stock and waste empty"),
        ("pt_PT", "Tempo para pensar na dica: 1 segundo", "Monte e descarte vazios"),
        ("pt_BR", "Tempo para pensar na dica: 1 segundo", "Monte e descarte vazios"),
    ],
)
def test_counts_agree_and_nothing_is_zero_cards(language: str, one: str, none: str) -> None:
    set_language(language)
    assert m.hint_budget_set(1) == one
    assert m.won_left(0, 0) == none
    assert "0 " not in m.won_left(0, 3) and "0 " not in m.won_left(5, 0)


@pytest.mark.parametrize(
    ("language", "word", "preset"),
    [("en", "pass", "passes"), ("pt_PT", "passagem", "passagens"), ("pt_BR", "rodada", "rodadas")],
)
def test_one_word_for_a_pass_through_the_stock(language: str, word: str, preset: str) -> None:
    table = played(PACIENCIA, language, ["table"])[0]
    assert table.endswith(f"{word.capitalize()} 1 {'of' if language == 'en' else 'de'} 3.")
    set_language(language)
    assert m.round_of(1, 3).startswith(word)
    assert preset in m.starting(m.preset_name("paciencia"), 3)


def test_the_par_of_a_deal_left_is_its_own_answer_not_part_of_the_move() -> None:
    """The par of a deal left comes after the answer to the action that left it,
    apart from it: found at once, as that answer's notice; found later, as an
    answer of its own."""
    late: list[Answer] = []
    s = make_session(PACIENCIA, par_finder=exact_par, emit=late.append)
    s.hints.finder = None
    s.handle("d")
    s.handle("n")
    answer = s.handle("d")  # an action in the new deal: the par of the one left is sought
    assert s.pars.wait(120.0)
    apart = [*answer.notices, *(line for came in late for line in came.printed)]
    assert apart == ["The deal you left could be won in 52 moves."]
    assert not any("could be won" in line for line in answer.lines)


def test_the_closest_word_that_makes_a_command_is_suggested() -> None:
    # «fica» (of «onde fica») is closer to "ica" but no command alone; «dica» is.
    assert suggestion("ica", "pt_PT") == "dica"


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "These rules have no recycle: one pass through the stock."),
        ("pt_PT", "Estas regras não têm reciclagem: uma só passagem pelo monte."),
        ("pt_BR", "Estas regras não têm reciclagem: uma só rodada."),
    ],
)
def test_recycling_where_the_rules_have_none_says_so(language: str, said: str) -> None:
    assert played(won_code("classic"), language, ["r"]) == [said]


@settings(max_examples=300, deadline=None)
@given(
    word=st.text(alphabet="abcdeilnorstuwzçãé", max_size=9),
    language=st.sampled_from(["en", "pt_PT", "pt_BR"]),
)
def test_the_closest_words_are_difflibs_own(word: str, language: str) -> None:
    # Issue 38: only the words whose length and letters can reach the cutoff are
    # compared; the choice must be the one difflib makes among them all.
    words = language_record(language).vocabulary
    every = difflib.get_close_matches(word, _known(words), n=3, cutoff=CUTOFF)
    assert _near(word, words) == every
