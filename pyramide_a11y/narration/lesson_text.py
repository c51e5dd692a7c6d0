"""The lesson's sentences (``pyramide learn``, ``learn`` in a game): what each step
teaches, what it asks, and the one sentence that explains a mistake.

The steps are named by the lesson (``pyramide_a11y.core.lesson``): ``free``,
``pair``, ``king``, ``covered``, ``pairs``, ``stock``, ``recycle``, ``stock_top``,
``undo``, ``hint``, ``review``. Cards come in as values and are said with
:func:`card_name` (in words) or :func:`card_notation` (as this language types them).
Like the rest of narration, nothing here speaks or prints.
"""

from __future__ import annotations

from pyramide_a11y.engine import Card
from pyramide_a11y.i18n import _
from pyramide_a11y.i18n.formatting import format_number

from .card_words import card_name, card_notation
from .messages import preset_name
from .narrator import join, sentence


def title(step: str) -> str:
    """The step's short title, said with its number and in the offer to resume."""
    match step:
        case "free":
            # Translators: lesson step title.
            return _("the goal, and the free cards")
        case "pair":
            # Translators: lesson step title.
            return _("card values and the sum of 13")
        case "king":
            # Translators: lesson step title.
            return _("a king leaves alone")
        case "covered":
            # Translators: lesson step title.
            return _("what covers a card")
        case "pairs":
            # Translators: lesson step title.
            return _("hearing the moves you can play")
        case "stock":
            # Translators: lesson step title.
            return _("the stock and the waste")
        case "recycle":
            # Translators: lesson step title.
            return _("passes and recycles")
        case "stock_top":
            # Translators: lesson step title; {rules} is the name of the rules of
            # `paciencia` in this language (Pyramid, Paciência Pirâmide).
            return _("the face-up stock top of {rules}").format(rules=preset_name("paciencia"))
        case "undo":
            # Translators: lesson step title.
            return _("undo")
        case "hint":
            # Translators: lesson step title.
            return _("hints")
        case _:
            # Translators: lesson step title: the commands that only read the table.
            return _("reviewing the table")


def heading(number: int, count: int, step: str) -> str:
    """«Step 2 of 11: card values and the sum of 13.»"""
    # Translators: the start of a lesson step; {title} is the step's title.
    text = _("Step {number} of {count}: {title}")
    return sentence(
        text.format(number=format_number(number), count=format_number(count), title=title(step))
    )


def intro(step: str, cards: tuple[Card, ...]) -> list[str]:
    """What ``step`` teaches and what it asks the player to do, in a few sentences
    (``cards`` are the cards the step names: see ``core.lesson``)."""
    parts: list[str] = []
    match step:
        case "free":
            # Translators: lesson, step 1.
            parts.append(_("The goal is to remove the 28 cards of the pyramid"))
            # Translators: lesson, step 1.
            parts.append(_("It has 7 rows: 1 card in row 1, at the top, down to 7 cards in row 7"))
            # Translators: lesson, step 1: "free" is this language's command word.
            parts.append(
                _(
                    "Only the cards no other card covers are free to play; at the start, "
                    "the 7 cards of the bottom row. Type free to hear them"
                )
            )
        case "pair":
            # Translators: lesson, step 2.
            parts.append(
                _(
                    "Ace is 1, two to ten their number, jack 11, queen 12, king 13; "
                    "suits do not matter"
                )
            )
            # Translators: lesson, step 2.
            parts.append(
                _(
                    "Two playable cards that add up to 13 leave together: ace and queen, "
                    "2 and jack, 3 and 10, 4 and 9, 5 and 8, 6 and 7"
                )
            )
            # Translators: lesson, step 2.
            parts.append(
                _(
                    "One pair of free cards adds up to 13: type its two cards on one line, "
                    "or one and then the other"
                )
            )
            # Translators: lesson, step 2: {typed} is a free card (not one of the
            # pair) as this language types it, like «Ap»; {card} its name in words.
            parts.append(
                _("A card is typed as its rank then its suit: {typed} for the {card}").format(
                    typed=card_notation(cards[2]), card=card_name(cards[2])
                )
            )
        case "king":
            # Translators: lesson, step 3.
            parts.append(_("A king is 13 by itself: type it alone, and it leaves"))
            # Translators: lesson, step 3.
            parts.append(_("There is a king among the free cards: remove it"))
        case "covered":
            # Translators: lesson, step 4.
            parts.append(
                _(
                    "Each card is covered by the two cards just below it, in the next row, "
                    "and becomes free once both are gone"
                )
            )
            # Translators: lesson, step 4: {card} is a card's name, {typed} that card as
            # this language types it; "where" is this language's command word.
            parts.append(
                _(
                    "The {card} is covered: where {typed} says where it is and what covers it"
                ).format(card=card_name(cards[0]), typed=card_notation(cards[0]))
            )
            # Translators: lesson, step 4.
            parts.append(_("Free it: remove the two cards that cover it, they add up to 13"))
        case "pairs":
            # Translators: lesson, step 5: "pairs" and "free" are this language's
            # command words.
            parts.append(
                _(
                    "Rather than adding up yourself, type pairs: it says every pair and "
                    "king you can play now; free says only the free cards"
                )
            )
            # Translators: lesson, step 5.
            parts.append(_("Type pairs now"))
        case "stock":
            # Translators: lesson, step 6: d is the draw command.
            parts.append(
                _(
                    "When nothing pairs, draw with d: the top card of the stock goes face "
                    "up onto the waste"
                )
            )
            # Translators: lesson, step 6.
            parts.append(
                _("The top card of the waste plays with the free cards; the cards under it wait")
            )
            # Translators: lesson, step 6.
            parts.append(
                _("Nothing pairs now: draw, then pair the new waste card with a free card")
            )
        case "recycle":
            # Translators: lesson, step 7: each time through the stock is a pass
            # («passagem» in pt_PT, «rodada» in pt_BR, as the table line says it).
            parts.append(
                _(
                    "Each time through the stock is a pass. With the default rules, d on "
                    "an empty stock turns the waste back into the stock, as often as you like"
                )
            )
            # Translators: lesson, step 7: {classic} and {paciencia} are the names of
            # those rules in this language.
            parts.append(
                _(
                    "{classic} allows one pass; {paciencia} three passes, and r turns the "
                    "waste back into the stock"
                ).format(classic=preset_name("classic"), paciencia=preset_name("paciencia"))
            )
            # Translators: lesson, step 7: r is the recycle command; {rules} the name of
            # the rules of `paciencia` in this language.
            parts.append(
                _("This is {rules} and the stock is empty: type r to start pass 2").format(
                    rules=preset_name("paciencia")
                )
            )
        case "stock_top":
            # Translators: lesson, step 8; {rules} is the name of the rules of
            # `paciencia` in this language.
            parts.append(
                _(
                    "In {rules} the top card of the stock is face up, and plays at once "
                    "with the free cards and with the waste top"
                ).format(rules=preset_name("paciencia"))
            )
            # Translators: lesson, step 8: "stock" is this language's command word.
            parts.append(_("Type stock to hear it, then pair it with a free card"))
        case "undo":
            # Translators: lesson, step 9: u is the undo command.
            parts.append(
                _(
                    "Undo, typed u, takes back the last move, draws and recycles too, "
                    "as often as you need"
                )
            )
            # Translators: lesson, step 9: {first} and {second} are cards' names.
            parts.append(
                _(
                    "The {first} and the {second} were just removed: type u to bring them back"
                ).format(first=card_name(cards[0]), second=card_name(cards[1]))
            )
        case "hint":
            # Translators: lesson, step 10: h is the hint command.
            parts.append(
                _(
                    "When you do not know what to do, h suggests a move; you play it "
                    "yourself, or not"
                )
            )
            # Translators: lesson, step 10.
            parts.append(_("Type h now"))
        case _:
            # Translators: lesson, step 11: the review commands, in this language's
            # words (as in the help); what table says is in the order it says it
            # (the pass: «passagem» in pt_PT, «rodada» in pt_BR, as the table line).
            parts.append(
                _(
                    "To review the table: table says the free cards, the waste top, the "
                    "stock count and the pass; row and a number one row, where and a card "
                    "one card, status the score and the time, rules the rules, repeat the "
                    "last answer, and ? every command"
                )
            )
            # Translators: lesson, step 11.
            parts.append(_("Try one of them now, table for instance"))
    return [join(parts)]


def again(step: str, cards: tuple[Card, ...]) -> str:
    """The one sentence that explains a mistake at ``step``: what to type instead."""
    match step:
        case "free":
            # Translators: lesson, a mistake at step 1: "free" is the command word.
            text = _("Type free, one word, to hear the free cards")
        case "pair":
            # Translators: lesson, a mistake at step 2: {first} and {second} are the
            # two cards that pair, as this language types them.
            text = _("The {first} and the {second} add up to 13: type {typed}").format(
                first=card_name(cards[0]),
                second=card_name(cards[1]),
                typed=" ".join(card_notation(c) for c in cards[:2]),
            )
        case "king":
            # Translators: lesson, a mistake at step 3: {typed} is the king as typed.
            text = _("Type the king alone: {typed}").format(typed=card_notation(cards[0]))
        case "covered":
            # Translators: lesson, a mistake at step 4: {first} {second} are the two
            # cards that cover the card, as typed.
            text = _("The two cards that cover it are {first} and {second}: type them both").format(
                first=card_notation(cards[1]), second=card_notation(cards[2])
            )
        case "pairs":
            # Translators: lesson, a mistake at step 5: "pairs" is the command word.
            text = _("Type pairs, one word")
        case "stock":
            # Translators: lesson, a mistake at step 6.
            text = _("Nothing pairs yet: type d to draw, then pair the waste card")
        case "recycle":
            # Translators: lesson, a mistake at step 7: r is the recycle command.
            text = _("The stock is empty: type r to recycle the waste")
        case "stock_top":
            # Translators: lesson, a mistake at step 8: {first}, the stock top, and
            # {second}, a free card, as typed.
            text = _("The stock top pairs with a free card: type {first} {second}").format(
                first=card_notation(cards[0]), second=card_notation(cards[1])
            )
        case "undo":
            # Translators: lesson, a mistake at step 9.
            text = _("Type u to undo")
        case "hint":
            # Translators: lesson, a mistake at step 10.
            text = _("Type h for a hint")
        case _:
            # Translators: lesson, a mistake at step 11.
            text = _("Type table, status or rules, for instance")
    return sentence(text)


def new_table(table: str) -> str:
    """The step dealt a table other than the one the player just heard: said so,
    then ``table`` (the game's table line, as ``table`` says it)."""
    # Translators: lesson: the step starts on a table of its own; the table follows.
    return join([_("A new table for this step"), table])


def step_help(heading_line: str, again_line: str) -> str:
    """``?`` in the lesson: the step (``heading_line``), what to type
    (``again_line``), and the lesson's own commands."""
    # Translators: lesson, the answer to ? (help): "learn", "table" and "quit" are
    # this language's command words.
    own = _(
        "Type learn to hear this step again, table to hear its table, or quit to leave the lesson"
    )
    return join([heading_line, again_line, own])


def sum_not_13(first: Card, second: Card) -> str:
    """Two cards that do not pair: what they add up to."""
    total = first.value + second.value
    # Translators: lesson, a mistake: two cards that do not add up to 13; {total}
    # is their sum.
    text = _("The {first} and the {second} add up to {total}, not 13")
    return sentence(
        text.format(first=card_name(first), second=card_name(second), total=format_number(total))
    )


def covered(card: Card) -> str:
    """A covered card was typed."""
    # Translators: lesson, a mistake: {card} is still covered.
    text = _("The {card} is still covered: the two cards just below it must go first")
    return sentence(text.format(card=card_name(card)))


def taken_back() -> str:
    # Translators: lesson: a move that is not the one the step asks for was played;
    # the lesson takes it back.
    return _("Not that move, it is taken back")


def after_draw() -> str:
    # Translators: lesson, step 6, after the player drew.
    return sentence(_("Now pair the waste card with a free card"))


def well_done() -> str:
    # Translators: lesson: the step's task is done.
    return sentence(_("Well done"))


def welcome(count: int) -> str:
    """The lesson's first line."""
    # Translators: the start of the lesson; {count} is the number of steps; "quit" is
    # this language's command word.
    text = _(
        "A lesson by ear, {count} short steps on small tables. Type quit at any time to "
        "leave it; learn takes it up again where you left it"
    )
    return sentence(text.format(count=format_number(count)))


def resume_offer(number: int, count: int, step: str) -> str:
    """The offer to go on from a saved step."""
    # Translators: the lesson, started again after it was left at a step; "continue"
    # and "restart" are this language's command words.
    text = _(
        "You left the lesson at step {number} of {count}, {title}. Type continue to go "
        "on from there, or restart to begin again"
    )
    return sentence(
        text.format(number=format_number(number), count=format_number(count), title=title(step))
    )


def resume_choice() -> str:
    """Something else than continue or restart at the offer."""
    # Translators: lesson: the answer to the offer to resume was neither word.
    return sentence(_("Type continue or restart"))


def left(number: int) -> str:
    """The player left the lesson."""
    # Translators: lesson: the player typed quit; {number} is the step reached.
    text = _("You left the lesson at step {number}; learn takes it up again there")
    return sentence(text.format(number=format_number(number)))


def finished() -> str:
    # Translators: the end of the lesson.
    return sentence(_("The lesson is over: you know the whole game. Good luck"))


def back_to_game() -> str:
    # Translators: the lesson ended or was left; the game it was started from goes on.
    return sentence(_("Back to your game"))


def new_deal() -> str:
    """The lesson ended in a game: how to start another one."""
    # Translators: the lesson ended and the game it was started from goes on; n is
    # the new deal command.
    return sentence(_("Type n for a new deal"))


def start_a_game() -> str:
    """The lesson ended when it ran alone (``pyramide learn``): how to play."""
    # Translators: the lesson ended when it was started on its own (pyramide learn).
    return sentence(_("To play, type pyramide"))
