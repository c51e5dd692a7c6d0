"""What reaches the synthesiser is words and plain punctuation only."""

from __future__ import annotations

import pytest

from pyramide_a11y.speech.sanitize import speakable


@pytest.mark.parametrize(
    ("printed", "language", "spoken"),
    [
        ("Dez de paus e três de espadas saem.", "pt_PT", "Dez de paus e três de espadas saem."),
        ("«Esta carta está bloqueada por outra»", "pt_PT", "Esta carta está bloqueada por outra"),
        ("10♣ + 3♠", "pt_PT", "10 mais 3"),
        ("10♣ + 3♠", "en", "10 plus 3"),
        ("**Won!** <b>280</b> points", "en", "Won! 280 points"),
        ("\x1b[1mbold\x1b[0m", "en", "bold"),
        ("1\u202f234\u00a0567 pontos", "pt_PT", "1234567 pontos"),
        ("66,87 %", "pt_BR", "66,87 por cento"),
        ("Rei — sai sozinho", "pt_BR", "Rei, sai sozinho"),
        ("row 1: -- 7D", "en", "row 1: 7D"),
        ("-5 points", "en", "5 points"),
        ("♠♥♦♣ ★ → ©", "en", ""),
        ("code PY1-N-AAAAAAS", "en", "code P, Y, 1; N; A, A, A, A, A, A, S"),
        ("", "en", ""),
        ("(♣) a (10♣ + 2♠).", "en", "a (10 plus 2)."),
    ],
)
def test_speakable(printed: str, language: str, spoken: str) -> None:
    assert speakable(printed, language) == spoken


def test_unknown_language_reads_as_english() -> None:
    assert speakable("a & b", "fr") == "a and b"


def test_no_symbol_survives() -> None:
    noisy = "".join(chr(c) for c in range(0x20, 0x2700) if not chr(c).isalnum())
    kept = set(speakable(noisy, "en")) - set(" .,;:!?'-()")
    assert {c for c in kept if not c.isalpha()} == set()
