"""Shared by the end-to-end tests, the golden transcripts and scripts/update-golden:
the committed winning deals, typed as a player of each language would type them,
and a session with a fixed clock that records what it says."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable
from pathlib import Path
from threading import Event

from kit import LANGUAGES, make_session

from pyramide_a11y.core.answer import Answer
from pyramide_a11y.core.par import solver_par
from pyramide_a11y.core.session import Session
from pyramide_a11y.core.timer import GameTimer
from pyramide_a11y.engine import Card, Layout, Move, Rules
from pyramide_a11y.i18n import set_language
from pyramide_a11y.speech.base import RecordingSpeaker

HERE = Path(__file__).resolve().parent
WON_DEALS: dict[str, dict[str, object]] = json.loads(
    (HERE / "data" / "won_deals.json").read_text(encoding="utf-8")
)
PRESETS = ("pyramide", "classic", "paciencia")
GOLDEN = HERE / "golden"

_PT_RANK = {1: "A", 11: "V", 12: "D", 13: "R"}
_EN_RANK = {1: "A", 11: "J", 12: "Q", 13: "K"}
_PT_SUIT = {"C": "p", "D": "o", "H": "c", "S": "e"}


def notation(card: Card, language: str) -> str:
    """``card`` as a player types it: ``10p``, ``Ro`` (Portuguese), ``10c``, ``Kd`` (English)."""
    if language == "en":
        return _EN_RANK.get(card.value, str(card.value)) + card.suit.value.lower()
    return _PT_RANK.get(card.value, str(card.value)) + _PT_SUIT[card.suit.value]


def typed(move: str, language: str) -> str:
    """A canonical move (``KD``, ``10C+3S``, ``draw``, ``recycle``) as typed."""
    if move == "draw":
        return "d"
    if move == "recycle":
        return "r"
    return " ".join(notation(Card.parse(part), language) for part in move.split("+"))


def winning_commands(preset: str, language: str) -> list[str]:
    moves = WON_DEALS[preset]["moves"]
    assert isinstance(moves, list)
    return [typed(str(move), language) for move in moves]


def won_code(preset: str) -> str:
    return str(WON_DEALS[preset]["code"])


def exact_par(
    layout: Layout, rules: Rules, budget: float | None, cancelled: Event
) -> tuple[Move, ...] | None:
    """The solver's par with no time limit: the same answer on any machine."""
    return solver_par(layout, rules, None, cancelled)


def recording_session(
    code: str,
    language: str,
    emit: Callable[[Answer], None] | None = None,
    *,
    keyboard_keys: bool = False,
) -> tuple[Session, RecordingSpeaker]:
    """A session on ``code`` with a stopped clock (time always 0), no hints, and the
    exact par after a win; late answers go to ``emit``; ``keyboard_keys`` for a
    session the prompt runs (``keyboard`` then enters keyboard mode)."""
    set_language(language)
    speaker = RecordingSpeaker()
    session = make_session(
        code,
        language,
        speaker=speaker,
        timer=GameTimer(lambda: 0.0),
        par_finder=exact_par,
        emit=emit,
        keyboard_keys=keyboard_keys,
    )
    session.hints.finder = None
    return session, speaker


KEY = "key "
"""A command ``key u`` is the key u pressed in keyboard mode (the prompt's path)."""
ESCAPE_KEY = "key Escape"


def transcript(code: str, language: str, commands: list[str]) -> str:
    """What the plain loop prints for ``commands``, each echoed as ``> command``; a
    late answer (the par after a win) is waited for and printed after its command's.
    ``key X`` presses the one-key command X of keyboard mode, ``key Escape`` Escape
    (then the session is made as the prompt makes it, with keys)."""
    late: list[Answer] = []
    keys = any(c.startswith(KEY) or c == ESCAPE_KEY for c in commands)
    session, _ = recording_session(code, language, late.append, keyboard_keys=keys)
    session.play.rng = random.Random(24)  # n deals the same deal in every run
    out = io.StringIO()
    out.write("".join(line + "\n" for line in session.opening().printed))
    for command in commands:
        out.write(f"> {command}\n")
        if command == ESCAPE_KEY:
            answer = session.keyboard.escape()
        elif command.startswith(KEY):  # a one-key command, as the prompt sends it
            letter = command.removeprefix(KEY)
            session.keyboard.pressed(letter)
            answer = session.handle(letter)
        else:
            answer = session.handle(command)
        out.write("".join(line + "\n" for line in answer.printed))
        assert session.pars.wait(120.0), "the par took too long"
        for came in late:
            out.write("".join(line + "\n" for line in came.printed))
        late.clear()
        if answer.quit:
            break
    session.close()
    set_language("en")
    return out.getvalue()


TOURS: dict[str, list[str]] = {
    "pt_PT": [
        "?",
        "mesa",
        "livres",
        "monte",
        "pares",
        "fila 7",
        "pirâmide",
        "estado",
        "regras",
        "onde está o ás de copas",
        "xyz",
        "11p",
        "10",
        "d",
        "u",
        "u",
        "breve",
        "completo",
        "d",
        "erros não",
        "repetir",
        "teclas",
        "pausa",
        "",
        "recomeçar",
        "u",
        "estado",
        "10c",
        "d",
        "teclado",
        "q",
    ],
    "pt_BR": [
        "ajuda",
        "mesa",
        "descobertas",
        "monte",
        "pares",
        "fileira 6",
        "estado",
        "regras",
        "onde fica o rei de ouros",
        "abc",
        "d",
        "d",
        "u",
        "completo",
        "d",
        "erros não",
        "repetir",
        "pausa",
        "",
        "novo PY1-C-AAAAAAB",
        "estado",
        "u",
        "estado",
        "10c",
        "d",
        "teclado",
        "sair",
    ],
    "en": [
        "help",
        "table",
        "free",
        "stock",
        "pairs",
        "row 7",
        "pyramid",
        "status",
        "rules",
        "where is the queen of spades",
        "nonsense",
        "10",
        "d",
        "u",
        "u",
        "full",
        "d",
        "errors off",
        "repeat",
        "keys",
        "pause",
        "",
        "replay",
        "u",
        "new PY1-P-AAAAAAB",
        "table",
        "u",
        "status",
        "3s",
        "d",
        "keyboard",
        "quit",
    ],
}
LESSONS: dict[str, list[str]] = {
    # A whole lesson, started from a game, with a mistake or two at most steps.
    "en": ["learn", "xyz", "free", "6h 8h", "6h", "7c", "kd", "8s", "where 8s", "2h jc",
           "free", "pairs", "5c 9h", "d", "8d 5c", "d", "r", "stock", "8d 5c", "6h",
           "u", "table", "h", "xyz", "row 7", "status"],
    "pt_PT": ["aprender", "ajuda", "livres", "6c 9e", "6c 7p", "Ro", "8e", "onde 8e", "2c",
              "Vp", "pares", "d", "8o", "5p", "d", "r", "monte", "8o 5p", "u", "h", "nada",
              "mesa"],
    "pt_BR": ["aprender", "descobertas", "sair", "aprender", "xyz", "continuar", "livres", "3o 6c",
              "6c 7p", "rei", "2c Vp", "pares", "8o 5p", "d", "8o 5p", "r", "8o 5p", "u",
              "dica", "regras"],
}  # fmt: skip
"""The lesson's golden transcripts (pt_BR leaves it at once and comes back)."""
TOUR_CODES = {"pt_PT": "PY1-N-AAAAAAB", "pt_BR": "PY1-P-AAAAAAB", "en": "PY1-C-AAAAABG"}


BY_EAR: dict[str, list[str]] = {
    # Kings that free a card with a partner, a covered card alone and in a pair, a
    # sum that is not 13, the pyramid with gaps, where (what covers, what is
    # covered), the waste in order, and the word "undo" typed in keyboard mode:
    # u, n (a new deal), d (a draw on it), Escape, o; then two undos bring the
    # game back.
    "en": ["kc", "kh", "2c", "10h 2c", "5h 10s", "5h 8s", "pyramid", "where 7h", "d", "d",
           "waste", "table", "status", "keyboard", "key u", "key n", "key d", "key Escape",
           "o", "u", "u", "status"],
    "pt_PT": ["Rp", "Rc", "2p", "10c 2p", "5c 10e", "5c 8e", "pirâmide", "onde 7c", "d", "d",
              "descarte", "mesa", "estado", "teclado", "key u", "key n", "key d", "key Escape",
              "o", "u", "u", "estado"],
    "pt_BR": ["Rp", "Rc", "2p", "10c 2p", "5c 10e", "5c 8e", "pirâmide", "onde 7c", "d", "d",
              "descarte", "mesa", "estado", "teclado", "key u", "key n", "key d", "key Escape",
              "o", "u", "u", "estado"],
}  # fmt: skip
"""What is heard by ear in one deal (the golden transcripts ``by-ear.*``)."""

NOT_WINNABLE_CODE = "PY1-C-SKOHAAA"
"""A classic deal the solver proves lost at once."""
_LEFT_WORDS = {
    "en": ("new", "status", "quit"),
    "pt_PT": ("novo", "estado", "q"),
    "pt_BR": ("novo", "estado", "sair"),
}


def left_commands(language: str) -> list[str]:
    """The par of deals left unfinished: a move in the paciencia deal (par 52), a new
    deal (no par: undo can still bring it back), undo, the new deal again and a
    move in it (now the first deal's par is sought and said); a move, then the
    classic won deal: its first move says the second deal could not be won."""
    new, status, leave = _LEFT_WORDS[language]
    lost = f"{new} {NOT_WINNABLE_CODE}"
    first = winning_commands("classic", language)[0]
    return ["d", lost, status, "u", lost, "d", "d", f"{new} {won_code('classic')}", first, leave]


def golden_cases() -> dict[str, tuple[str, str, list[str]]]:
    """File name → (code, language, commands) of every golden transcript."""
    cases: dict[str, tuple[str, str, list[str]]] = {}
    for language in LANGUAGES:
        for preset in PRESETS:
            cases[f"won-{preset}.{language}.txt"] = (
                won_code(preset),
                language,
                winning_commands(preset, language),
            )
        cases[f"tour.{language}.txt"] = (TOUR_CODES[language], language, TOURS[language])
        cases[f"lesson.{language}.txt"] = (TOUR_CODES[language], language, LESSONS[language])
        cases[f"left.{language}.txt"] = (won_code("paciencia"), language, left_commands(language))
        cases[f"by-ear.{language}.txt"] = (won_code("paciencia"), language, BY_EAR[language])
    return cases


def played(code: str, language: str, lines: list[str]) -> list[str]:
    """The answers of a session (no storage, no hints) to ``lines``, one string each."""
    set_language(language)
    session = make_session(code, language, speaker=RecordingSpeaker())
    session.hints.finder = None
    return [session.handle(line).text for line in lines]
