"""Each language speaks its seed's words: pt_PT as seed 000 writes them, pt_BR as
seed 004 does."""

from __future__ import annotations

from pathlib import Path

from playthrough import played

from pyramide_a11y.i18n import set_language


def test_pt_pt_speaks_seed_000s_words() -> None:
    # Seed 000's own examples on its own deal: the D♣ of row 6, covered at the start,
    # and the 7♣ and 7♠ of the base, which do not make 13.
    said = played("PY1-N-AAAAAAS", "pt_PT", ["dp", "7p 7e", "cancelar", "d", "u", "?", "monte"])
    assert said[0].startswith("Esta carta está bloqueada por outra. Dama de paus: coberta por ")
    assert said[1].startswith("A soma tem de ser igual a 13.")
    assert said[3].startswith("Comprou ")
    assert said[4].startswith("Jogada anulada.")
    assert "d comprar" in said[5] and "u anular" in said[5] and "n nova partida" in said[5]
    assert said[6].endswith("23 cartas no monte. Passagem 1.")
    set_language("pt_PT")
    from pyramide_a11y.narration import messages

    assert messages.impasse() == "Não há mais jogadas possíveis"
    assert messages.hint_draw() == "Dica: compre uma carta"


def test_pt_pt_catalog_never_calls_the_stock_baralho() -> None:
    # Seed 000 calls the stock «monte»; «baralho» is the whole deck of 52 cards.
    po = Path(__file__).resolve().parents[2] / "locales/pt_PT/LC_MESSAGES/pyramide.po"
    translated = [line for line in po.read_text(encoding="utf-8").splitlines() if "msgstr" in line]
    assert translated and not [line for line in translated if "baralho" in line.lower()]
    assert not [line for line in translated if "tirou" in line.lower()]


def test_pt_br_speaks_seed_004s_words() -> None:
    said = played(
        "PY1-P-AAAAAAB",
        "pt_BR",
        ["Ro", "10c 10e", "cancelar", "r", "d", "u", "estado", "ajuda"],
    )
    assert said[0].startswith("Essa carta ainda está coberta. Rei de ouros: coberto por ")
    assert said[1].startswith("Essas duas não somam 13.")
    assert said[3] == "Dá para reciclar quando o monte ficar vazio."
    assert " para o descarte" in said[4]
    assert said[5].startswith("Jogada desfeita.")
    # «N de 28» and «rodada N de 3», as seed 004's status bar has them.
    assert said[6].startswith("0 de 28. 24 cartas no monte. Rodada 1 de 3. 1 jogada.")
    assert "d virar" in said[7] and "u desfazer" in said[7] and "h dica" in said[7]
    assert "n novo jogo" in said[7] and "regras" in said[7]
