"""Seed 000's own code, PY1-N-AAAAAAS, deals the table the seed prints, and the
seed's two first moves play on it (issue 35); saved games of the cards the code
dealt before keep their cards."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from kit import make_session
from playthrough import played
from storage_helpers import sqlite_file

from pyramide_a11y.engine import Layout, format_listing, get_rules, parse_code
from pyramide_a11y.engine.dealcode import shuffled_deck
from pyramide_a11y.storage import Store
from pyramide_a11y.storage.paths import DATABASE_NAME
from pyramide_a11y.storage.schema import migrate

# The seed's listings, word for word: at the start, and after «a primeira jogada
# retira o R♦ da base e a segunda o par 10♣ + 3♠».
SEED_START = (
    "Monte: 23 cartas; descarte: 7 de ouros. fila 1: valete de ouros; fila 2: 6 de paus, "
    "7 de copas; fila 3: ás de espadas, 4 de ouros, dama de espadas; fila 4: 5 de copas, "
    "3 de ouros, 6 de copas, 8 de espadas; fila 5: rei de copas, rei de paus, ás de ouros, "
    "rei de espadas, 9 de paus; fila 6: dama de paus, 2 de paus, 8 de ouros, 10 de ouros, "
    "10 de espadas, valete de espadas; fila 7: 7 de paus, 10 de paus, 3 de copas, "
    "4 de copas, 3 de espadas, rei de ouros, 7 de espadas."
)
SEED_AFTER_TWO_MOVES = (
    "Monte: 23 cartas; descarte: 7 de ouros. fila 1: valete de ouros; fila 2: 6 de paus, "
    "7 de copas; fila 3: ás de espadas, 4 de ouros, dama de espadas; fila 4: 5 de copas, "
    "3 de ouros, 6 de copas, 8 de espadas; fila 5: rei de copas, rei de paus, ás de ouros, "
    "rei de espadas, 9 de paus; fila 6: dama de paus, 2 de paus, 8 de ouros, 10 de ouros, "
    "10 de espadas, valete de espadas; fila 7: 7 de paus, 3 de copas, 4 de copas, "
    "7 de espadas."
)


def test_o_codigo_do_seed_000_distribui_a_sua_listagem_e_as_duas_jogadas_jogam() -> None:
    code = parse_code("PY1-N-AAAAAAS")
    assert format_listing(Layout.from_code(code).position()) == SEED_START
    session = make_session("PY1-N-AAAAAAS", "pt_PT")
    session.hints.finder = None
    assert session.handle("Ro").text.startswith("Saiu rei de ouros.")
    assert session.handle("10p 3e").text.startswith("Saíram dez de paus e três de espadas.")
    assert format_listing(session.game.position) == SEED_AFTER_TWO_MOVES
    assert session.source.code == "PY1-N-AAAAAAS"


def test_the_seed_deal_is_the_seed_listing_read_with_its_default_stock() -> None:
    from pyramide_a11y.engine import parse_listing

    layout = Layout.from_code(parse_code("PY1-N-AAAAAAS"))
    listed = parse_listing(SEED_START)
    assert (layout.pyramid, layout.waste, layout.stock) == (
        listed.pyramid,
        listed.waste,
        listed.stock,
    )
    # Its variants are the same cards under other options.
    strict = Layout.from_code(parse_code("PY1-NS-AAAAAAS"))
    assert (strict.pyramid, strict.stock) == (layout.pyramid, layout.stock)


def test_every_other_code_deals_as_the_generator_did() -> None:
    pyramide = get_rules("pyramide")
    for text in ("PY1-N-AAAAAAR", "PY1-N-AAAAAAT", "PY1-C-AAAAAAS", "PY1-P-AAAAAAS"):
        code = parse_code(text)
        assert Layout.from_code(code) == Layout.deal(shuffled_deck(code.number), code.rules)
    # The published cards are the seed's, not the generator's, for number 18 only.
    old = Layout.deal(shuffled_deck(18), pyramide)
    assert old.pyramid != Layout.from_code(parse_code("PY1-N-AAAAAAS")).pyramid


def test_a_seed_000_code_typed_in_play_deals_the_seed_cards() -> None:
    said = played("PY1-N-AAAAAAL", "pt_PT", ["novo PY1-N-AAAAAAS", "mesa"])
    assert said[1] == (
        "Livres: sete de paus, dez de paus, três de copas, quatro de copas, três de espadas, "
        "rei de ouros e sete de espadas. Descarte: sete de ouros. 23 cartas no monte. "
        "Passagem 1."
    )


@sqlite_file
def test_a_saved_game_of_the_old_cards_keeps_them_and_loses_only_the_code(
    tmp_path: Path,
) -> None:
    """A game saved before (schema 5) under PY1-N-AAAAAAS holds the generator's
    cards: it resumes with them, its moves replay, and it no longer shows a code
    that deals other cards. A game of another code keeps its code."""
    rules = get_rules("pyramide")
    old = Layout.deal(shuffled_deck(18), rules)
    other = Layout.from_code(parse_code("PY1-N-AAAAAAL"))
    conn = sqlite3.connect(tmp_path / DATABASE_NAME, isolation_level=None)
    migrate(conn, target=5)
    for code, layout in (("PY1-N-AAAAAAS", old), ("PY1-N-AAAAAAL", other)):
        conn.execute(
            "INSERT INTO games (rules, code, layout, started_at, updated_at, result, "
            "ended_seq) VALUES ('pyramide', ?, ?, '2026-01-01', '2026-01-01', 'discarded', 1)",
            (code, layout.to_json(rules)),
        )
    conn.execute("INSERT INTO actions VALUES (1, 1, 'KC', 1000)")  # the old deal's free King
    conn.close()
    store, notices = Store.open(tmp_path)
    assert store is not None and notices == []
    first, second = store.load(1), store.load(2)
    assert first is not None and second is not None
    assert first.code is None and second.code == "PY1-N-AAAAAAL"
    assert Layout.from_json(first.layout_json) == Layout.from_json(old.to_json(rules))
    assert first.tokens == ("KC",)
    assert first.rebuild().position.removed_count == 1
    store.close()
