"""Deal codes, the deal generator, and layouts in JSON and seed 000's listing."""

from __future__ import annotations

import json

import pytest
from engine_helpers import FIXTURES, seed000_layout

from pyramide_a11y.engine import (
    Card,
    DealCode,
    DealCodeError,
    Layout,
    LayoutError,
    get_rules,
    parse_code,
    parse_listing,
    parse_rules,
)
from pyramide_a11y.engine.dealcode import SplitMix64, letters_to_number, number_to_letters


def test_seed_code_is_a_pyramide_deal() -> None:
    code = parse_code("PY1-N-AAAAAAS")
    assert code.rules == get_rules("pyramide")
    assert code.number == 18
    layout = Layout.from_code(code)
    assert (len(layout.pyramid), len(layout.waste), len(layout.stock)) == (28, 1, 23)


def test_generator_reference_values() -> None:
    """Published SplitMix64 outputs for seed 0, and the first dealt cards of code
    PY1-N-AAAAAAA, so another implementation can check itself (docs/deal-codes.md)."""
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]
    layout = Layout.from_code(parse_code("PY1-N-AAAAAAA"))
    assert " ".join(map(str, layout.pyramid[:7])) == "8S JH 9C 2S 2D QD 6S"
    assert layout.waste == (Card.parse("QH"),)
    assert " ".join(map(str, layout.stock[:3])) == "10S QC JD"
    # The same shuffle under classic: the waste card becomes the stock's top.
    classic = Layout.from_code(DealCode(get_rules("classic"), 0))
    assert classic.pyramid == layout.pyramid
    assert classic.stock == layout.waste + layout.stock


def test_letters_are_base_26() -> None:
    assert letters_to_number("AAAAAAA") == 0
    assert letters_to_number("AAAAABA") == 26
    assert letters_to_number("ZZZZZZZ") == 26**7 - 1
    assert number_to_letters(18) == "AAAAAAS"


@pytest.mark.parametrize(
    ("code", "rules"),
    [
        ("PY1-C-ABCDEFG", "classic"),
        ("PY1-C3-ABCDEFG", "classic(passes=3)"),
        ("PY1-P-ABCDEFG", "paciencia"),
        ("PY1-NU-ABCDEFG", None),
        ("PY1-N2SWX-ABCDEFG", "pyramide(recycles=1, strict_win=True)"),
        ("PY1-PO-ABCDEFG", "paciencia(stock_waste_pairs=False)"),
        ("  py1-c3-abcdefg ", "classic(passes=3)"),
    ],
)
def test_rules_letters(code: str, rules: str | None) -> None:
    if rules is None:
        with pytest.raises(DealCodeError, match="already has"):
            parse_code(code)
        return
    parsed = parse_code(code)
    expected = parse_rules(rules)
    if "SWX" in code:
        expected = expected.with_options(stock_waste_pairs=True, cover_pairs=True)
    assert parsed.rules == expected


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("PY2-N-AAAAAAS", "starts with PY1"),
        ("PY1-N-AAAAAS", "7 letters, not 6"),
        ("PY1-N-AAAAAAAS", "7 letters, not 8"),
        ("PY1-N-AAAA1AS", "only letters A to Z"),
        ("PY1-Q-AAAAAAS", "unknown rules letter 'Q'"),
        ("PY1-NZ-AAAAAAS", "unknown variant letter 'Z'"),
        ("PY1-NXS-AAAAAAS", "out of order"),
        ("PY1-N0-AAAAAAS", "1 to 9"),
        ("PY1--AAAAAAS", "rules part is empty"),
        ("PY1NAAAAAAS", "three parts"),
        ("", "three parts"),
    ],
)
def test_bad_codes_say_what_is_wrong(code: str, message: str) -> None:
    with pytest.raises(DealCodeError, match=message):
        parse_code(code)


def test_layout_json_round_trip_and_shape() -> None:
    layout = Layout.from_code(parse_code("PY1-C3-PYRAMID"))
    data = json.loads(layout.to_json())
    assert data["rules"] == "classic(passes=3)"
    assert [len(row) for row in data["pyramid"]] == [1, 2, 3, 4, 5, 6, 7]
    assert data["stock"][0] == str(layout.stock[0])  # first card to be drawn
    assert Layout.from_json(layout.to_json()) == layout


def _json(**changes: object) -> str:
    data = json.loads(Layout.from_code(parse_code("PY1-C-PYRAMID")).to_json())
    data.update(changes)
    return json.dumps(data)


def test_layout_rejects_a_card_twice_and_one_missing() -> None:
    data = json.loads(_json())
    missing = data["stock"][0]
    data["stock"][0] = data["stock"][1]
    with pytest.raises(LayoutError, match=f"appear twice: {data['stock'][1]}"):
        Layout.from_json(json.dumps(data))
    data["stock"][0] = "XX"
    with pytest.raises(LayoutError, match="not a card"):
        Layout.from_json(json.dumps(data))
    data["stock"] = data["stock"][1:]
    with pytest.raises(LayoutError, match=f"missing: {missing}"):
        Layout.from_json(json.dumps(data))


def test_layout_rejects_piles_that_do_not_fit_the_rules() -> None:
    data = json.loads(_json())
    data["waste"] = [data["stock"].pop()]
    with pytest.raises(LayoutError, match="start with 24 cards in the stock and 0 in the waste"):
        Layout.from_json(json.dumps(data))
    data["rules"] = "pyramide"
    assert Layout.from_json(json.dumps(data)).rules == get_rules("pyramide")


def test_layout_rejects_bad_shapes() -> None:
    with pytest.raises(LayoutError, match="not valid JSON"):
        Layout.from_json("{")
    with pytest.raises(LayoutError, match="7 rows"):
        Layout.from_json(_json(pyramid=[]))
    data = json.loads(_json())
    data["pyramid"][2].append(data["pyramid"][3].pop())
    with pytest.raises(LayoutError, match="row 3 must hold 3 cards"):
        Layout.from_json(json.dumps(data))
    with pytest.raises(LayoutError, match="unknown rules"):
        Layout.from_json(_json(rules="spider"))


def test_seed000_listing_reads_every_card() -> None:
    layout = seed000_layout()
    assert layout.waste == (Card.parse("7D"),)
    assert " ".join(map(str, layout.pyramid[21:])) == "7C 10C 3H 4H 3S KD 7S"
    assert layout.pyramid[0] == Card.parse("JD")
    other = parse_listing((FIXTURES / "seed000-start.txt").read_text(), seed=7)
    assert other.pyramid == layout.pyramid and other.stock != layout.stock
    assert sorted(other.stock) == sorted(layout.stock)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hello", "expected 'Monte"),
        ("Monte: 23 cartas; descarte: 7 de ouros. fila 1: valete de ouros.", "row 2 must list"),
        ("Monte: 23 cartas; descarte: 77 de ouros. fila 1: valete de ouros.", "not a card name"),
    ],
)
def test_bad_listings_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(LayoutError, match=message):
        parse_listing(text)


def test_listing_with_a_wrong_stock_count_is_refused() -> None:
    text = (FIXTURES / "seed000-start.txt").read_text().replace("23 cartas", "24 cartas")
    with pytest.raises(LayoutError, match="says 24 cards in the stock, but 23 remain"):
        parse_listing(text)


def test_suit_glyphs_read_black_and_white_and_print_black() -> None:
    from pyramide_a11y.engine import SUIT_GLYPHS, SUITS

    assert [s.glyph for s in SUITS] == ["♣", "♦", "♥", "♠"]
    assert all(SUIT_GLYPHS[s.glyph] is s for s in SUITS)
    assert sorted(SUIT_GLYPHS) == sorted("♣♧♦♢♥♡♠♤")


def test_fold_is_the_command_syntax_fold() -> None:
    from pyramide_a11y.commands import fold as syntax_fold
    from pyramide_a11y.engine.text import fold

    assert syntax_fold is fold  # one accent fold
    assert fold("  Ás   de  ESPADAS ") == "as de espadas"
