"""The translation layer: language choice, catalogs, formatting, pseudo-locale."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.numbers import format_decimal

from pyramide_a11y import i18n
from pyramide_a11y.cli import main as cli
from pyramide_a11y.i18n import N_, _, in_language, language, ngettext, set_language
from pyramide_a11y.i18n.formatting import format_duration, format_list, format_number
from pyramide_a11y.i18n.maintenance import Tree, check, extract, read
from pyramide_a11y.i18n.pseudo import PseudoTranslations, untranslated_residue

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("pt", "pt_PT"),
        ("pt_PT", "pt_PT"),
        ("pt-PT", "pt_PT"),
        ("pt-BR", "pt_BR"),
        ("pt_BR.UTF-8", "pt_BR"),
        ("pt-br", "pt_BR"),
        ("en", "en"),
        ("en_GB.UTF-8", "en"),
        ("en-US", "en"),
        ("de_DE", None),
        ("C", None),
        ("C.UTF-8", None),
        ("", None),
        ("???", None),
        (None, None),
    ],
)
def test_normalise_language(name: str | None, expected: str | None) -> None:
    assert i18n.normalise_language(name) == expected


def test_language_from_environment_follows_gettext_precedence() -> None:
    env = i18n.language_from_environment
    assert env({"LANGUAGE": "de:pt_BR", "LANG": "en_US.UTF-8"}) == "pt_BR"
    assert env({"LC_ALL": "pt_PT.UTF-8", "LANG": "en_US.UTF-8"}) == "pt_PT"
    assert env({"LC_MESSAGES": "pt", "LANG": "en_US.UTF-8"}) == "pt_PT"
    assert env({"LANG": "pt_BR.UTF-8"}) == "pt_BR"
    assert env({"LANG": "fr_FR.UTF-8"}) == "en"
    assert env({}) == "en"


def test_option_wins_over_environment_and_unknown_falls_back() -> None:
    assert i18n.resolve_language("pt-BR", {"LANG": "en_US.UTF-8"}) == "pt_BR"
    assert i18n.resolve_language("klingon", {"LANG": "pt_PT.UTF-8"}) == "pt_PT"
    assert i18n.resolve_language(None, {}) == "en"
    assert set_language("xx") == "en"


MARKED_AT_IMPORT = {"covered": N_("That card is still covered")}


def test_switch_takes_effect_at_once_for_tables_built_at_import() -> None:
    marked = MARKED_AT_IMPORT["covered"]
    set_language("pt_PT")
    assert _(marked) == "Esta carta está bloqueada por outra"
    set_language("pt_BR")
    assert _(marked) == "essa carta ainda está coberta"
    set_language("en")
    assert _(marked) == "That card is still covered"


def test_catalogs_are_complete_and_current() -> None:
    assert check(Tree(ROOT)) == []


def test_catalogs_have_messages_and_plural_forms_from_cldr() -> None:
    template = extract(Tree(ROOT))
    assert len([m for m in template if m.id]) > 10
    pt_br = read(Tree(ROOT).po("pt_BR"), "pt_BR")
    # CLDR: Brazilian Portuguese treats 0 as singular, European does not.
    assert "n == 0 || n == 1" in pt_br.plural_expr
    assert "n == 0" not in read(Tree(ROOT).po("pt_PT"), "pt_PT").plural_expr


def test_unknown_messages_fall_back_to_english() -> None:
    set_language("pt_PT")
    assert _("no such message in any catalog") == "no such message in any catalog"
    assert ngettext("{n} thing", "{n} things", 2) == "{n} things"


def test_formatting_has_no_digit_grouping_and_speaks_durations() -> None:
    set_language("pt_PT")
    assert format_number(1234567) == "1234567"
    assert format_duration(185) == "3 minutos e 5 segundos"
    assert format_list(["a", "b", "c"]) == "a, b e c"
    set_language("pt_BR")
    assert format_duration(3601) == "1 hora e 1 segundo"
    assert format_list(["a", "b"], style="or") == "a ou b"
    set_language("en")
    assert format_number(1234567) == "1234567"
    assert format_number(2.5) == "2.5"
    assert format_duration(61) == "1 minute and 1 second"
    assert format_list(["a", "b", "c"]) == "a, b, and c"


def test_a_kept_number_is_the_number_babel_gives_in_every_language() -> None:
    for code in ("pt_PT", "pt_BR", "en"):
        with in_language(code):
            locale = language(code).cldr_locale
            for value in (*range(-3, 60), 1234567, -98765):
                for _turn in range(2):  # the second time from what was kept
                    said = format_number(value)
                    assert said == format_decimal(value, locale=locale, group_separator=False)
            assert format_number(-2.5) == format_decimal(-2.5, locale=locale, group_separator=False)


def test_pseudo_locale_residue() -> None:
    assert untranslated_residue("⟦a ⟦b⟧ c⟧: 12, PY1-N-AAAAAAS") == " : 12, PY1-N-AAAAAAS"


def test_replay_refusal_goes_through_gettext(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("KD\nQS+AH\n", encoding="utf-8")
    with i18n.overridden(PseudoTranslations()):
        status = cli.main(["replay", "PY1-N-AAAAAAS", "--moves", str(moves)], io.StringIO())
    assert status == 1
    error = capsys.readouterr().err.strip()
    residue = untranslated_residue(error.removeprefix("pyramide: "))
    # Only the move the player wrote remains outside the translated parts.
    assert re.fullmatch(r"[\s:0-9A-Z+]*", residue), error


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("pt_PT", "1 de dezembro de 2026"),
        ("pt_BR", "1 de dezembro de 2026"),
        ("en", "1 December 2026"),
    ],
)
def test_dates_are_said_in_words_never_iso_or_abbreviated(language: str, said: str) -> None:
    import datetime

    from pyramide_a11y.i18n.formatting import format_day

    assert format_day(datetime.date(2026, 12, 1), language) == said
