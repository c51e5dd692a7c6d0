"""Issue 35: the seeds' rules kept word for word, in the terminal and on the page.

- The dead end («Não há mais jogadas possíveis») is a fact of the table: said only
  when no move at all is left, never while a stock card can be drawn or a recycle
  remains; that the deal is lost from here is the hint's to say, once every stock
  card has been seen (seed 004), with four exits.
- Seed 000: with error help off, touching a covered card does nothing.
- Seed 004's words: «N de 28», «rodada N de 3», «procurando uma solução»; its
  game is called Pyramid in English.
"""

from __future__ import annotations

import random
import threading

from engine_helpers import (
    greedy_line,
    lost_with_every_card_seen,
    nothing_removable_with_unseen_stock,
)
from hypothesis import given, settings
from hypothesis import strategies as st
from kit import make_session

from pyramide_a11y.core.answer import Answer
from pyramide_a11y.core.session import Session
from pyramide_a11y.core.sources import coded_source
from pyramide_a11y.engine import PRESETS, Move, RemoveKing, RemovePair
from pyramide_a11y.engine.dealcode import DealCode
from pyramide_a11y.i18n import set_language
from pyramide_a11y.narration import describe, narrator
from pyramide_a11y.narration import messages as m
from pyramide_a11y.narration.table_words import table_words
from pyramide_a11y.solver import hint_for

DEAD_END_PT = "Não há mais jogadas possíveis"


class LateHints:
    """A session's late answers, waited for on an event (never slept on)."""

    def __init__(self) -> None:
        self.answers: list[Answer] = []
        self.came = threading.Event()

    def emit(self, answer: Answer) -> None:
        self.answers.append(answer)
        self.came.set()


def session_after(
    code: str, line: list[Move], language: str, *, solver: bool = False
) -> tuple[Session, LateHints]:
    """A session on ``code`` after ``line``; with the solver's hints (a long budget,
    so the verdict always comes) when ``solver``, else none."""
    late = LateHints()
    session = make_session(
        code,
        language,
        hint_finder=(lambda k, b, c: hint_for(k, 30.0, c)) if solver else None,
        emit=late.emit,
    )
    if not solver:
        session.hints.finder = None
    for move in line:
        session.game.play(move)
    return session, late


def hint_said(session: Session, late: LateHints) -> str:
    """The hint's answer, now or, after «searching», when it comes."""
    answer = session.handle("h")
    if answer.lines == [narrator.sentence(m.searching())]:
        assert late.came.wait(60)
        return late.answers[0].text
    return answer.text


def page_exits(session: Session, language: str) -> tuple[str | None, list[str]]:
    """The page's dead-end panel: its sentence and its buttons' words."""
    set_language(language)
    words = table_words(session.view())
    return words.impasse, [exit.label for exit in words.exits]


# -- 1. the dead end is a fact of the table ---------------------------------------------------


def test_nada_se_retira_mas_o_monte_tem_cartas_por_ver_e_a_partida_continua() -> None:
    """Seed 000: «Enquanto houver uma carta para comprar ou reciclar, a partida
    continua, mesmo quando já não se pode retirar nada»."""
    code, line = greedy_line(PRESETS["pyramide"], 0, nothing_removable_with_unseen_stock)
    session, _ = session_after(code, line[:-1], "pt_PT")
    last = line[-1]
    assert isinstance(last, RemovePair | RemoveKing)  # the removal that left nothing
    set_language("pt_PT")
    said = describe(session.game.play(last), session.game)
    assert said and DEAD_END_PT not in " ".join(said)
    assert DEAD_END_PT not in session.handle("mesa").text
    assert page_exits(session, "pt_PT") == (None, [])
    assert session.handle("d").text.startswith("Comprou ")  # the draw works


def test_a_dica_nao_diz_que_nao_ha_saida_com_cartas_do_monte_por_ver() -> None:
    """Seed 004: «enquanto alguma carta do monte ainda não tiver aparecido, o jogo
    nunca vai dizer que a distribuição não tem saída»."""
    code, line = greedy_line(PRESETS["pyramide"], 0, nothing_removable_with_unseen_stock)
    session, late = session_after(code, line, "pt_BR", solver=True)
    said = hint_said(session, late)
    assert said == "Dica: vire uma carta."
    assert page_exits(session, "pt_BR") == (None, [])


@settings(max_examples=25, deadline=None)
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    strict=st.booleans(),
    number=st.integers(0, 26**7 - 1),
    walk=st.randoms(use_true_random=False),
)
def test_the_dead_end_is_never_said_while_a_draw_or_a_recycle_is_possible(
    preset: str, strict: bool, number: int, walk: random.Random
) -> None:
    """On any line of any deal, in the terminal's answers, its table summary and the
    page's panel: the dead end is said exactly when no move at all is left, so
    never while a stock card can be drawn or a recycle remains."""
    rules = PRESETS[preset].with_options(strict_win=strict)
    session = make_session(coded_source(DealCode(rules, number)), "pt_PT")
    session.hints.finder = None
    game = session.game
    for _ in range(150):
        moves = game.legal_moves()
        if not moves or game.won:
            break
        removals = [mv for mv in moves if isinstance(mv, RemoveKing | RemovePair)]
        outcome = game.play(walk.choice(removals if removals and walk.random() < 0.8 else moves))
        set_language("pt_PT")
        dead_end = not game.legal_moves() and not game.won
        assert (narrator.impasse_line() in describe(outcome, game)) == dead_end
        assert (m.impasse() in narrator.table_summary(game)) == dead_end
        impasse, exits = page_exits(session, "pt_PT")
        assert (impasse == DEAD_END_PT + ".") == dead_end
        assert len(exits) == (3 if dead_end else 0)


# -- 2. four exits after the hint says the deal is lost from here --------------------------------

FOUR_EXITS_PT_BR = (
    "Daqui a distribuição fica sem solução. Você pode desfazer com u, pedir uma dica "
    "com h, repetir esta distribuição com recomeçar, ou distribuir outra com n."
)


def test_a_dica_que_diz_sem_solucao_oferece_quatro_saidas_no_terminal_e_na_pagina() -> None:
    """Seed 004: once the 24 stock cards have shown, «uma dica pode afirmar que daqui
    a distribuição fica sem solução, com quatro saídas: desfazer, dica, repetir esta
    distribuição ou outra distribuição»."""
    code, line = greedy_line(PRESETS["paciencia"], 48, lost_with_every_card_seen)
    session, late = session_after(code, line, "pt_BR", solver=True)
    assert session.game.legal_moves()  # a draw or a recycle is left: no dead end
    assert page_exits(session, "pt_BR") == (None, [])
    assert hint_said(session, late) == FOUR_EXITS_PT_BR
    assert page_exits(session, "pt_BR") == (
        "Daqui a distribuição fica sem solução.",
        ["Desfazer a última jogada", "Dica", "Repetir esta distribuição", "Distribuir outra"],
    )
    session.handle("u")  # the table changed: the verdict no longer stands for it
    assert page_exits(session, "pt_BR") == (None, [])


# -- 4. seed 000: with error help off, a covered card does nothing ---------------------------


def test_sem_ajuda_para_erros_tocar_numa_carta_coberta_nao_faz_nada() -> None:
    session = make_session("PY1-N-AAAAAAS", "pt_PT")
    session.hints.finder = None
    # «Tocar numa carta coberta, como o D♣ da fila 6 no início, não faz nada; com a
    # ajuda para erros ativa, a aplicação apresenta «Esta carta está bloqueada por outra».
    assert session.handle("dp").text.startswith("Esta carta está bloqueada por outra.")
    assert session.handle("erros não").lines == [
        "Ajuda de erros desligada: tocar numa carta coberta não faz nada."
    ]
    before = session.game.position
    assert session.handle("dp").lines == []
    assert session.handle("D♣").lines == []
    assert session.game.position == before and session.game.selected is None


# -- 5. seed 004's words, and its English name ------------------------------------------------


def test_as_palavras_do_seed_004_como_ele_as_escreve() -> None:
    session = make_session("PY1-P-AAAAAAB", "pt_BR")
    session.hints.finder = None
    status = session.handle("estado").text
    assert status.startswith("0 de 28. ")  # «N de 28»
    assert "Rodada 1 de 3." in status  # «rodada N de 3»
    set_language("pt_BR")
    assert m.searching() == "procurando uma solução"
    assert m.round_of(2, 3) == "rodada 2 de 3"
    assert m.removed_of_28(5) == "5 de 28"


def test_the_english_name_of_seed_004s_game_is_pyramid() -> None:
    session = make_session("PY1-P-AAAAAAB", "en")
    assert session.opening().lines[0].startswith("Pyramid, 3 passes. Deal PY1-P-AAAAAAB.")
    set_language("pt_BR")
    assert m.preset_name("paciencia") == "Paciência Pirâmide"
    set_language("en")
    assert m.preset_name("paciencia") == "Pyramid"
