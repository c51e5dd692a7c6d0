"""A fourth language is one record plus a catalog: Esperanto, made here and played.

Nothing outside this file is touched to add it: the record goes into the registry
and the catalog into a temporary ``locales/`` for the test only
(``i18n.added_language``). The session then accepts its words and card notation
and says its sentences.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from kit import make_session

from pyramide_a11y import i18n
from pyramide_a11y.i18n import Language, Vocabulary, Voices
from pyramide_a11y.i18n.languages import languages
from pyramide_a11y.speech.base import RecordingSpeaker
from pyramide_a11y.speech.voices import espeak_voice

ESPERANTO_WORDS = Vocabulary(
    family="eo",
    rank_letters={"a": 1, "f": 11, "d": 12, "r": 13},
    rank_words={"aso": 1, "du": 2, "tri": 3, "dek": 10, "fanto": 11, "damo": 12, "rego": 13},
    suit_letters={"t": "C", "k": "D", "h": "H", "p": "S"},
    suit_words={"trefoj": "C", "karooj": "D", "koroj": "H", "pikoj": "S"},
    of_words=("de",),
    and_words=("kaj",),
    articles=("la ",),
    actions={"tiri": "draw", "malfari": "undo", "foriri": "quit", "tablo": "table"},
    new_words=("nova ludo",),
    row_words=("vico",),
    pyramid_words=("piramido",),
    where_words=("kie estas", "kie"),
    settings={"lingvo": "language", "vocxo": "speech"},
    brief_words=("mallonga",),
    full_words=("plena",),
    yes_words=("jes",),
    no_words=("ne",),
    continue_words=("dauxrigi",),
)

ESPERANTO = Language(
    code="eo",
    locale_language="eo",
    choice="eo",
    aliases=("eo", "esperanto"),
    vocabulary=ESPERANTO_WORDS,
    voices=Voices(espeak="eo", dispatcher="eo", platform=("eo", "esperanto")),
)

# The catalog: the sentences this game says (anything else reads in English).
SENTENCES = {
    ("", "Language: English"): "Lingvo: Esperanto",
    ("", "Choose a language: {choices}"): "Elektu lingvon: {choices}",
    ("", "lang {language}"): "lingvo {language}",
    ("list of choices", "{items} or {last}"): "{items} aŭ {last}",
    ("", "{card} selected"): "{card} elektita",
    ("", "{rank} of {suit}"): "{rank} de {suit}",
    ("rank", "ace"): "aso",
    ("rank", "three"): "tri",
    ("rank", "ten"): "dek",
    ("rank", "queen"): "damo",
    ("rank", "king"): "reĝo",
    ("suit", "clubs"): "trefoj",
    ("suit", "diamonds"): "karooj",
    ("suit", "hearts"): "koroj",
    ("suit", "spades"): "pikoj",
    ("", "Pairs with {cards}"): "Pariĝas kun {cards}",
    ("", "{first} and {second} removed"): "{first} kaj {second} forigitaj",
    ("", "{card} removed"): "{card} forigita",
    ("", "Drew {card}"): "Tiris {card}",
    ("", "Move undone"): "Movo malfarita",
    ("", "Waste: {card}"): "Forĵetaĵo: {card}",
    ("", "{first} with {second}"): "{first} kun {second}",
    ("", "{card} back on the stock"): "{card} reen sur la stoko",
    ("", "Goodbye"): "Ĝis revido",
}
# Counted sentences: (context, singular, plural) → the forms of this language. A
# language whose rank names have no gender takes the masculine context throughout.
COUNTED = {
    ("masculine", "Now free: {cards}", "Now free: {cards}"): (
        "Nun libera: {cards}",
        "Nun liberaj: {cards}",
    ),
    ("", "New move: {moves}", "New moves: {moves}"): (
        "Nova movo: {moves}",
        "Novaj movoj: {moves}",
    ),
}


def write_catalog(locales: Path) -> None:
    entries = [
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
    ]
    for (context, source), text in SENTENCES.items():
        line = f'msgctxt "{context}"\n' if context else ""
        entries.append(f'{line}msgid "{source}"\nmsgstr "{text}"\n')
    for (context, one, many), (singular, plural) in COUNTED.items():
        line = f'msgctxt "{context}"\n' if context else ""
        entries.append(
            f'{line}msgid "{one}"\nmsgid_plural "{many}"\n'
            f'msgstr[0] "{singular}"\nmsgstr[1] "{plural}"\n'
        )
    folder = locales / "eo" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "pyramide.po").write_text("\n".join(entries), encoding="utf-8")


@pytest.fixture
def esperanto(tmp_path: Path) -> Iterator[Language]:
    write_catalog(tmp_path)
    with i18n.added_language(ESPERANTO, tmp_path) as record:
        yield record
    assert ESPERANTO not in languages()


def test_a_game_in_a_language_added_from_one_record_and_a_catalog(esperanto: Language) -> None:
    speaker = RecordingSpeaker()
    session = make_session("PY1-N-AAAAAAS", speaker=speaker)
    session.opening()

    def say(line: str) -> list[str]:
        return session.handle(line).lines

    # Chosen by an alias; the voice follows; the choices list it last.
    assert say("lingvo esperanto") == ["Lingvo: Esperanto."]
    assert speaker.language == "eo" and espeak_voice("eo") == "eo"
    assert say("lingvo") == ["Elektu lingvon: lingvo pt, lingvo br, lingvo en aŭ lingvo eo."]
    # Select in words, a King in its compact notation (rk: k is diamonds here only).
    assert say("dek de trefoj") == [
        "Dek de trefoj elektita. Pariĝas kun tri de koroj aŭ tri de pikoj."
    ]
    assert say("tri de pikoj")[0].startswith("Dek de trefoj kaj tri de pikoj forigitaj.")
    assert say("rk") == [
        "Reĝo de karooj forigita. Nun libera: dek de pikoj. "
        "Nova movo: dek de pikoj kun tri de koroj."
    ]
    # (two and seven are ranks the test's catalog does not translate)
    assert say("tiri")[0].startswith("Tiris ")
    undone = say("malfari")[0]
    assert undone.startswith("Movo malfarita. ") and " reen sur la stoko. Forĵetaĵo: " in undone
    # The other languages' words are still accepted, as in every session.
    assert say("undo")[0].startswith("Movo malfarita.")
    answer = session.handle("foriri")
    assert answer.quit and answer.lines == ["Ĝis revido."]


def test_the_language_is_gone_after_the_test(esperanto: Language) -> None:
    assert i18n.set_language("eo") == "eo"
    assert i18n.normalise_language("esperanto") is None  # an alias, not a locale name
