"""The command parser: notations of both languages, words, symbols, letters alone,
rank-only shorthand and ambiguity; and arbitrary lines never break the game."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kit import LANGUAGES, NO_HINT, make_session

from pyramide_a11y.commands import (
    Action,
    AmbiguousCardError,
    BadSettingValue,
    CardSpec,
    CommandSyntaxError,
    LetterAloneError,
    NewGame,
    NoSuchCardError,
    NoSuchRowError,
    NotACardError,
    Rows,
    SetLanguage,
    SetRate,
    SetSwitch,
    SetThink,
    SetVerbosity,
    Simple,
    Switch,
    TooManyCardsError,
    Touch,
    UnknownCommandError,
    Where,
    WhereNeedsSuitError,
    parse_command,
    resolve,
)
from pyramide_a11y.commands.syntax import NEW_WORDS, _words
from pyramide_a11y.engine import DECK, Card, Game, Layout, Rank, Suit, parse_code
from pyramide_a11y.engine.text import fold
from pyramide_a11y.i18n import set_language
from pyramide_a11y.narration import Verbosity, card_name
from pyramide_a11y.narration.card_words import card_notation


def card(text: str) -> CardSpec:
    c = Card.parse(text)
    return CardSpec(c.rank, c.suit)


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("10p", "pt_PT", Touch((card("10C"),))),
        ("Ro", "pt_BR", Touch((card("KD"),))),
        ("Vc", "pt_PT", Touch((card("JH"),))),
        ("Dp", "pt_PT", Touch((card("QC"),))),
        ("10c", "en", Touch((card("10C"),))),
        ("10c", "pt_PT", Touch((card("10H"),))),
        ("kd", "en", Touch((card("KD"),))),
        ("KD", "pt_BR", Touch((card("KD"),))),
        ("dez de paus", "pt_PT", Touch((card("10C"),))),
        ("Ás de Espadas", "pt_BR", Touch((card("AS"),))),
        ("ten of clubs", "en", Touch((card("10C"),))),
        ("10♣", "en", Touch((card("10C"),))),
        ("Q ♥", "en", Touch((card("QH"),))),
        ("10♣+3♠", "pt_PT", Touch((card("10C"), card("3S")))),
        ("10p 3e", "pt_PT", Touch((card("10C"), card("3S")))),
        ("dez de paus e três de espadas", "pt_PT", Touch((card("10C"), card("3S")))),
        ("ten of clubs and three of spades", "en", Touch((card("10C"), card("3S")))),
        ("10 3", "en", Touch((CardSpec(Rank.TEN), CardSpec(Rank.THREE)))),
        ("rei", "pt_PT", Touch((CardSpec(Rank.KING),))),
        ("as", "pt_PT", Touch((CardSpec(Rank.ACE),))),
        ("as", "en", Touch((card("AS"),))),
        ("d", "pt_PT", Simple(Action.DRAW)),
        ("D", "en", Simple(Action.DRAW)),
        ("r", "pt_BR", Simple(Action.RECYCLE)),
        ("u", "en", Simple(Action.UNDO)),
        ("h", "en", Simple(Action.HINT)),
        ("n", "en", Simple(Action.NEW)),
        ("?", "pt_PT", Simple(Action.HELP)),
        ("sair", "en", Simple(Action.QUIT)),
        ("regras", "pt_BR", Simple(Action.RULES)),
        ("Recomeçar", "pt_PT", Simple(Action.REPLAY)),
        ("fila 3", "pt_PT", Rows(3)),
        ("pyramid", "en", Rows()),
        ("onde está o rei de copas", "pt_PT", Where(card("KH"))),
        ("where is the ace of spades", "en", Where(card("AS"))),
        ("novo PY1-N-AAAAAAS", "pt_PT", NewGame("PY1-N-AAAAAAS")),
        ("new game PY1-C-AAAAAAB", "en", NewGame("PY1-C-AAAAAAB")),
        ("lang br", "pt_PT", SetLanguage("pt_BR")),
        ("breve", "pt_PT", SetVerbosity(Verbosity.BRIEF)),
        ("voz não", "pt_PT", SetSwitch(Switch.SPEECH, False)),
    ],
)
def test_parse_command(text: str, language: str, expected: object) -> None:
    assert parse_command(text, language) == expected


@pytest.mark.parametrize("text", ["", "xyz", "11p", "ten of", "10p 3e 4c", "fila 9", "onde"])
def test_syntax_errors(text: str) -> None:
    with pytest.raises(CommandSyntaxError):
        parse_command(text, "pt_PT")


COMMAND_LETTERS = {"d": Action.DRAW, "r": Action.RECYCLE, "u": Action.UNDO}
COMMAND_LETTERS |= {"h": Action.HINT, "n": Action.NEW, "q": Action.QUIT}


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from("abcdefghijklmnopqrstuvwxyz"),
    st.sampled_from(LANGUAGES),
    st.booleans(),
    st.sampled_from(["", " ", "  "]),
)
def test_a_single_letter_alone_is_a_command_or_the_letter_error_never_a_card(
    letter: str, language: str, upper: bool, pad: str
) -> None:
    typed = pad + (letter.upper() if upper else letter) + pad
    try:
        command = parse_command(typed, language)
    except CommandSyntaxError as err:
        assert isinstance(err, LetterAloneError)
        assert letter not in COMMAND_LETTERS
        return
    assert isinstance(command, Simple), command
    assert command == Simple(COMMAND_LETTERS[letter])


@pytest.mark.parametrize(
    ("letter", "language", "rank"),
    [
        ("v", "pt_PT", Rank.JACK),
        ("V", "pt_BR", Rank.JACK),
        ("a", "pt_PT", Rank.ACE),
        ("A", "pt_BR", Rank.ACE),
        ("k", "pt_BR", Rank.KING),
        ("j", "en", Rank.JACK),
        ("k", "en", Rank.KING),
        ("a", "en", Rank.ACE),
        ("t", "en", Rank.TEN),
        ("p", "pt_PT", None),
        ("o", "pt_PT", None),
        ("c", "pt_BR", None),
        ("e", "pt_PT", None),
        ("t", "pt_PT", None),
        ("v", "en", None),
        ("s", "en", None),
        ("x", "en", None),
    ],
)
def test_a_letter_alone_that_is_no_command_carries_its_rank(
    letter: str, language: str, rank: Rank | None
) -> None:
    with pytest.raises(LetterAloneError) as info:
        parse_command(letter, language)
    assert info.value.rank is rank


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("Vp", "pt_PT", Touch((card("JC"),))),
        ("Ro", "pt_PT", Touch((card("KD"),))),
        ("Dp", "pt_BR", Touch((card("QC"),))),
        ("Ap", "pt_PT", Touch((card("AC"),))),
        ("kd", "en", Touch((card("KD"),))),
        ("10c", "en", Touch((card("10C"),))),
        ("td", "en", Touch((card("10D"),))),
        ("v 2", "pt_PT", Touch((CardSpec(Rank.JACK), CardSpec(Rank.TWO)))),
        ("j 2", "en", Touch((CardSpec(Rank.JACK), CardSpec(Rank.TWO)))),
        ("1", "en", Touch((CardSpec(Rank.ACE),))),
        ("1", "pt_PT", Touch((CardSpec(Rank.ACE),))),
        ("10", "pt_BR", Touch((CardSpec(Rank.TEN),))),
        ("valete", "pt_PT", Touch((CardSpec(Rank.JACK),))),
        ("ás", "pt_BR", Touch((CardSpec(Rank.ACE),))),
        ("dama", "pt_PT", Touch((CardSpec(Rank.QUEEN),))),
        ("jack", "en", Touch((CardSpec(Rank.JACK),))),
        ("ten", "en", Touch((CardSpec(Rank.TEN),))),
        ("king", "en", Touch((CardSpec(Rank.KING),))),
    ],
)
def test_cards_with_a_suit_two_cards_numbers_and_words_still_read(
    text: str, language: str, expected: object
) -> None:
    assert parse_command(text, language) == expected


@pytest.mark.parametrize(
    ("letter", "language", "said"),
    [
        (
            "V",
            "pt_PT",
            "Uma letra sozinha é um comando; para só o valor, escreva-o por extenso: valete.",
        ),
        (
            "a",
            "pt_PT",
            "Uma letra sozinha é um comando; para só o valor, escreva-o por extenso: ás.",
        ),
        (
            "k",
            "pt_BR",
            "Uma letra sozinha é um comando; para só o valor, digite por extenso: rei.",
        ),
        ("t", "en", "A letter alone is a command; for a rank alone, write it out: ten."),
        ("j", "en", "A letter alone is a command; for a rank alone, write it out: jack."),
        ("p", "pt_PT", "Não percebi p: escreva ? para ajuda."),
        ("x", "en", "I do not understand x: type ? for help."),
    ],
)
def test_the_session_says_the_letter_rule_and_names_the_rank_word(
    letter: str, language: str, said: str
) -> None:

    session = make_session("PY1-N-AAAAAAS", language, hint_finder=NO_HINT)
    before = session.game.position
    try:
        answer = session.handle(letter)
        assert answer.lines == [said]
        assert session.game.position == before
        # The word it names reads back as that rank alone.
        if "ão percebi" not in said and "understand" not in said:
            word = said.rsplit(" ", 1)[-1].rstrip(".")
            assert isinstance(parse_command(word, language), Touch)
    finally:
        set_language("en")


def test_every_card_reads_back_from_its_spoken_name_and_both_notations() -> None:
    for language in LANGUAGES:
        set_language(language)
        for c in DECK:
            assert parse_command(card_name(c), language) == Touch((CardSpec(c.rank, c.suit),))
    set_language("en")
    en_rank = {1: "a", 11: "j", 12: "q", 13: "k"}
    pt_rank = {1: "a", 11: "v", 12: "d", 13: "r"}
    pt_suit = {Suit.CLUBS: "p", Suit.DIAMONDS: "o", Suit.HEARTS: "c", Suit.SPADES: "e"}
    for c in DECK:
        en = en_rank.get(c.value, str(c.value)) + c.suit.value.lower()
        pt = pt_rank.get(c.value, str(c.value)) + pt_suit[c.suit]
        assert parse_command(en, "en") == Touch((CardSpec(c.rank, c.suit),))
        assert parse_command(pt, "pt_PT") == Touch((CardSpec(c.rank, c.suit),))


def new_game(code: str = "PY1-N-AAAAAAS") -> Game:
    deal = parse_code(code)
    return Game(Layout.from_code(deal), deal.rules)


def test_rank_shorthand_resolves_unique_and_reports_ambiguity() -> None:
    game = new_game()
    free = game.position.playable_cards(game.rules)
    by_rank: dict[Rank, list[Card]] = {}
    for c in free:
        by_rank.setdefault(c.rank, []).append(c)
    unique = next(r for r, cs in by_rank.items() if len(cs) == 1)
    assert resolve((CardSpec(unique),), game) == (by_rank[unique][0],)
    missing = next(r for r in Rank if r not in by_rank)
    with pytest.raises(NoSuchCardError):
        resolve((CardSpec(missing),), game)
    game.draw()
    free = game.position.playable_cards(game.rules)
    ranks = [c.rank for c in free]
    repeated = [r for r in set(ranks) if ranks.count(r) > 1]
    if repeated:
        with pytest.raises(AmbiguousCardError) as info:
            resolve((CardSpec(repeated[0]),), game)
        assert len(info.value.candidates) > 1


LINES = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [
            "d",
            "r",
            "u",
            "n",
            "q",
            "?",
            "10 3",
            "rei",
            "Ro",
            "kd",
            "pares",
            "fila 7",
            "esc",
            "replay",
            "lang en",
            "lang pt",
            "breve",
            "full",
            "pausa",
            "10p 3e",
            "where kh",
            "status",
        ]
    ),
    st.builds(lambda c: str(c), st.sampled_from(DECK)),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(LINES, min_size=1, max_size=25))
def test_arbitrary_lines_always_get_an_answer_and_only_legal_changes(lines: list[str]) -> None:
    from pyramide_a11y.speech.base import RecordingSpeaker

    speaker = RecordingSpeaker()
    session = make_session("PY1-N-AAAAAAS", speaker=speaker, hint_finder=NO_HINT)
    try:
        for line in lines:
            game = session.game
            before = game.position
            answer = session.handle(line)
            assert answer.lines and all(answer.lines), line
            if session.game is not game:
                continue  # new deal or replay: a fresh game
            after = game.position
            if after != before:
                legal = {before.after(m, game.rules) for m in before.legal_moves(game.rules)}
                assert after in legal or answer.lines[0].lower().startswith(
                    ("move undone", "jogada anulada", "jogada desfeita")
                ), (line, answer.lines)
    finally:
        session.close()
        set_language("en")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40), st.sampled_from(LANGUAGES))
def test_parser_raises_only_its_syntax_error(text: str, language: str) -> None:
    with contextlib.suppress(CommandSyntaxError):
        parse_command(text, language)


def test_every_legal_move_round_trips_through_both_notations() -> None:
    from playthrough import PRESETS, typed, winning_commands, won_code

    from pyramide_a11y.engine import RemoveKing, RemovePair, parse_move

    for preset in PRESETS:
        deal = parse_code(won_code(preset))
        game = Game(Layout.from_code(deal), deal.rules)
        for played in winning_commands(preset, "en"):
            for move in game.legal_moves():
                if not isinstance(move, RemovePair | RemoveKing):
                    continue
                for language in ("pt_PT", "en"):
                    command = parse_command(typed(str(move), language), language)
                    assert isinstance(command, Touch)
                    cards = resolve(command.cards, game)
                    expected = (
                        (move.first, move.second) if isinstance(move, RemovePair) else (move.card,)
                    )
                    assert cards == expected
            command = parse_command(played, "en")
            if isinstance(command, Touch):
                picked = resolve(command.cards, game)
                game.play(RemovePair(*picked) if len(picked) == 2 else RemoveKing(picked[0]))
            else:
                game.play(parse_move("draw" if played == "d" else "recycle"))
        assert game.won


@pytest.mark.parametrize(
    ("text", "language", "expected"),
    [
        ("rate 200", "en", SetRate(200)),
        ("rate fast", "en", BadSettingValue("rate", "fast")),
        ("pensar 2,5", "pt_PT", SetThink(2.5)),
        ("think 1.5", "en", SetThink(1.5)),
        ("think soon", "en", BadSettingValue("think", "soon")),
        ("erros sim", "pt_PT", SetSwitch(Switch.ERRORS, True)),
        ("speech maybe", "en", BadSettingValue("speech", "maybe")),
        ("lang", "en", BadSettingValue("language", "")),
        ("lang xx", "en", BadSettingValue("language", "xx")),
    ],
)
def test_settings_come_with_their_value_read(text: str, language: str, expected: object) -> None:
    assert parse_command(text, language) == expected


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("10p 3e 4c", TooManyCardsError),
        ("fila 9", NoSuchRowError),
        ("onde está o rei", WhereNeedsSuitError),
        ("11p", NotACardError),
        ("xyz", UnknownCommandError),
        ("v", LetterAloneError),
    ],
)
def test_each_syntax_fault_has_its_own_error(text: str, kind: type[CommandSyntaxError]) -> None:
    with pytest.raises(kind):
        parse_command(text, "pt_PT")


# -- a deal code typed alone ------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("typed", ["PY1-C-AAAAAAB", "py1-c-aaaaaab", "  Py1-C-aaaaaab  "])
def test_a_deal_code_alone_is_a_new_deal_with_that_code(language: str, typed: str) -> None:
    assert parse_command(typed, language) == NewGame("PY1-C-AAAAAAB")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("typed", ["PY1-X-AAAAAAA", "PY1-N-AAA", "PY2-N-AAAAAAS", "py1-n"])
def test_a_line_that_only_looks_like_a_code_is_not_a_new_deal(language: str, typed: str) -> None:
    with pytest.raises(CommandSyntaxError):
        parse_command(typed, language)


def _typed_words() -> list[str]:
    words = _words()
    typed = [*words.actions, *words.new, *words.rows, *words.pyramid, *words.settings]
    for language in LANGUAGES:
        set_language(language)
        typed += [card_name(card) for card in DECK]
        typed += [card_notation(card, language) for card in DECK]
    set_language("en")
    typed += [str(card) for card in DECK]
    return typed


TYPED_WORDS = _typed_words()


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(TYPED_WORDS),
    st.sampled_from(LANGUAGES),
    st.sampled_from(["", "-", " - ", "-n-"]),
    st.sampled_from([*TYPED_WORDS, ""]),
)
def test_no_command_word_or_card_is_taken_for_a_deal_code(
    word: str, language: str, joint: str, other: str
) -> None:
    typed = word + joint + other if other else word
    try:
        command = parse_command(typed, language)
    except CommandSyntaxError:
        return
    if isinstance(command, NewGame) and command.source is not None:
        # Only a line that starts with a "new" word names a deal this way.
        assert any(fold(typed).startswith(w + " ") for w in NEW_WORDS), typed


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=20), st.sampled_from(LANGUAGES))
def test_only_a_readable_code_alone_starts_a_deal_without_a_new_word(
    text: str, language: str
) -> None:
    try:
        command = parse_command(text, language)
    except CommandSyntaxError:
        return
    named = isinstance(command, NewGame) and command.source is not None
    if named and not any(fold(text).startswith(w + " ") for w in NEW_WORDS):
        assert isinstance(command, NewGame)
        assert command.source == str(parse_code(text))
