"""European and Brazilian Portuguese: one vocabulary (the same card notation and
command words), two records (their own voices, numbers and catalogs:
``locales/pt_PT``, ``locales/pt_BR``)."""

from __future__ import annotations

from .record import Language, Vocabulary, Voices

PORTUGUESE_WORDS = Vocabulary(
    family="pt",
    # A 2..10 V D R; the English letters J Q K are read too (a Portuguese player
    # may know them from the cards' corners).
    rank_letters={"a": 1, "v": 11, "d": 12, "r": 13, "j": 11, "q": 12, "k": 13},
    rank_words={
        "as": 1,
        "um": 1,
        "dois": 2,
        "tres": 3,
        "quatro": 4,
        "cinco": 5,
        "seis": 6,
        "sete": 7,
        "oito": 8,
        "nove": 9,
        "dez": 10,
        "valete": 11,
        "dama": 12,
        "rainha": 12,
        "rei": 13,
    },
    suit_letters={"p": "C", "o": "D", "c": "H", "e": "S"},
    suit_words={"paus": "C", "ouros": "D", "copas": "H", "espadas": "S"},
    of_words=("de", "do", "da"),
    and_words=("e", "com"),
    articles=("o ", "a "),
    actions={
        "tirar": "draw",
        "virar": "draw",
        "comprar": "draw",
        "reciclar": "recycle",
        "anular": "undo",
        "desfazer": "undo",
        "dica": "hint",
        "recomecar": "replay",
        "reiniciar": "replay",
        "ajuda": "help",
        "sair": "quit",
        "repetir": "repeat",
        "cancelar": "cancel",
        "mesa": "table",
        "livres": "free",
        "descobertas": "free",
        "monte": "piles",
        "baralho": "piles",
        "descarte": "piles",
        "pilhas": "piles",
        "pares": "pairs",
        "jogadas": "pairs",
        "estado": "status",
        "regras": "rules",
        "pausa": "pause",
        "teclas": "keys",
        "teclado": "keyboard",
        "modo teclado": "keyboard",
        "diaria": "daily",
        "partida diaria": "daily",
        "jogo diario": "daily",
        "aprender": "learn",
        "licao": "learn",
    },
    new_words=("novo jogo", "nova partida", "novo", "nova"),
    row_words=("fila", "fileira", "linha"),
    pyramid_words=("piramide",),
    where_words=("onde esta", "onde fica", "onde"),
    settings={
        "idioma": "language",
        "lingua": "language",
        "breve": "verbosity",
        "completo": "verbosity",
        "verbosidade": "verbosity",
        "voz": "speech",
        "fala": "speech",
        "velocidade": "rate",
        "volume": "volume",
        "erros": "errors",
        "pensar": "think",
        "sons": "sounds",
        "som": "sounds",
    },
    brief_words=("breve", "curto"),
    full_words=("completo", "longo", "detalhado"),
    yes_words=("sim", "s", "ligado", "ligada", "ligar"),
    no_words=("nao", "n", "desligado", "desligada", "desligar"),
    continue_words=("continuar", "retomar"),
    reader_words=("leitor", "leitor de ecra", "leitor de tela"),
    rank_marks={1: "A", 11: "V", 12: "D", 13: "R"},
    # Small suit letters: ``6c`` (seis de copas) does not look like an English card.
    suit_marks={"C": "p", "D": "o", "H": "c", "S": "e"},
)

QUEEN_IS_FEMININE = frozenset({12})
"""«dama» is the one feminine rank name («o ás», «o rei», «a dama»)."""

EUROPEAN_PORTUGUESE = Language(
    code="pt_PT",
    locale_language="pt",
    choice="pt",
    aliases=("pt", "portugues", "portugal"),
    vocabulary=PORTUGUESE_WORDS,
    option="pt",
    option_note="Portugal",
    voices=Voices(
        espeak="pt",
        dispatcher="pt",
        platform=("pt_pt", "pt-pt", "portugal", "portuguese (portugal)", "joana", "catarina"),
        fallback=("portugu", "pt"),
    ),
    feminine_ranks=QUEEN_IS_FEMININE,
)

BRAZILIAN_PORTUGUESE = Language(
    code="pt_BR",
    locale_language="pt",
    choice="br",
    aliases=("br", "brasil", "brasileiro"),
    vocabulary=PORTUGUESE_WORDS,
    option="pt-BR",
    option_note="Brazil",
    voices=Voices(
        espeak="pt-br",
        dispatcher="pt-BR",
        platform=("pt_br", "pt-br", "brazil", "brasil", "luciana", "maria", "daniel"),
        fallback=("portugu", "pt"),
    ),
    territories=("BR",),
    zero_is_plural=True,
    feminine_ranks=QUEEN_IS_FEMININE,
)
