"""Every sentence the game says, in one place (as Orca's ``messages.py``).

Each function returns one translated sentence for the current language. The
``# Translators:`` comments go into the catalogs. Sentences quoted in the rules
documents (see RULES.md) are reproduced exactly by the pt_PT (the rules of
``pyramide``) and pt_BR (the rules of ``paciencia``) catalogs, without a full stop
where the rules have none.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from pyramide_a11y.engine import (
    SUIT_GLYPHS,
    Card,
    LayoutError,
    LayoutProblem,
    Rank,
    Reason,
    Rules,
)
from pyramide_a11y.i18n import _, ngettext, npgettext, pgettext
from pyramide_a11y.i18n.formatting import (
    format_duration,
    format_list,
    format_number,
    language_choices,
)

from .card_words import (
    FEMININE,
    card_list,
    card_name,
    gender_of,
    gender_of_cards,
    rank_name,
    row_name,
    suit_name,
)
from .front_end import FrontEnd, front_end

ECHO_LIMIT = 30
"""Characters of a typed line said back in an error (a long paste is cut)."""

_ESCAPE_SEQUENCE = re.compile(
    r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])"
)
"""A terminal escape sequence (CSI such as an arrow key, OSC, or a two-byte one)."""


def echoed(text: str, limit: int = ECHO_LIMIT) -> str:
    """What the player typed, fit to be said back: no control characters (an arrow
    key or a colour code typed into a pipe would reach the terminal or the speech),
    suit symbols as words (they are never spoken), at most ``limit`` characters."""
    kept = []
    for ch in _ESCAPE_SEQUENCE.sub("", text):
        if ch in SUIT_GLYPHS:
            kept.append(f" {suit_name(SUIT_GLYPHS[ch])} ")
        elif ch.isspace():  # a tab or a carriage return parts words as a space does
            kept.append(" ")
        elif unicodedata.category(ch)[0] != "C":
            kept.append(ch)
    shown = " ".join("".join(kept).split())
    return shown if len(shown) <= limit else shown[: limit - 1].rstrip() + "…"


def echoed_words(text: str, limit: int = ECHO_LIMIT) -> str:
    """A line that quotes what was typed inside words of ours (argparse's own
    errors: "unrecognized arguments: …"), fit to be said back: as :func:`echoed`,
    but each word cut to ``limit`` characters rather than the whole line."""
    return " ".join(echoed(word, limit) for word in echoed(text, len(text) + 1).split())


# -- refusals -----------------------------------------------------------------------------


def refusal(reason: Reason, cards: tuple[Card, ...]) -> str:
    """Why a move was refused, in one sentence."""
    first = card_name(cards[0]) if cards else ""
    match reason:
        case Reason.COVERED:
            # Translators: a covered card was chosen. pt_PT, the rules of `pyramide`:
            # «Esta carta está bloqueada por outra»; pt_BR, the rules of `paciencia`:
            # «essa carta ainda está coberta».
            return _("That card is still covered")
        case Reason.SUM_NOT_13:
            # Translators: two cards that do not sum to 13. pt_PT, the rules of
            # `pyramide`: «A soma tem de ser igual a 13»; pt_BR, the rules of `paciencia`:
            # «essas duas não somam 13».
            return _("Those two do not add up to 13")
        case Reason.NOTHING_TO_DRAW:
            # Translators: draw with an empty stock. pt_BR, the rules of `paciencia`:
            # «não há mais cartas para virar».
            return _("There are no more cards to draw")
        case Reason.RECYCLE_STOCK_NOT_EMPTY:
            # Translators: recycle while the stock still has cards. pt_BR, the rules
            # of `paciencia`: «dá para reciclar quando o monte ficar vazio».
            return _("You can recycle when the stock is empty")
        case Reason.RECYCLE_NONE_LEFT:
            # Translators: recycle with no recycles left. pt_BR, the rules of
            # `paciencia`: «não há mais reciclagens».
            return _("There are no more recycles")
        case Reason.RECYCLE_WASTE_EMPTY:
            # Translators: recycle with an empty waste. pt_BR, the rules of
            # `paciencia`: «não há nada na pilha de descarte para reciclar».
            return _("There is nothing in the waste pile to recycle")
        case Reason.NOT_PAIRABLE:
            # Translators: two cards that sum to 13 but these rules do not let them pair
            # (the stock top with the waste top, or a card with the one under it).
            return _("These rules do not let those two cards pair")
        case Reason.SAME_CARD:
            # Translators: a card paired with itself.
            return _("A card cannot pair with itself")
        case Reason.NOT_A_KING:
            # Translators: {card} alone was asked to leave, but only a King leaves alone.
            return _("Only a king leaves alone; {card} needs a partner").format(card=first)
        case Reason.GONE:
            # Translators: {card} was already removed from the table.
            return _("{card} is already gone").format(card=first)
        case Reason.NOT_AVAILABLE:
            # Translators: {card} is in the stock or under the waste top: not playable.
            return _("{card} is not in play").format(card=first)
        case Reason.NOTHING_TO_UNDO:
            # Translators: undo with nothing played yet.
            return _("There is nothing to undo")
        case Reason.UNDO_LIMIT:
            # Translators: undo beyond the limit of 100 actions (the rules of `pyramide`).
            return _("Older moves cannot be undone")
        case Reason.NOTHING_SELECTED:
            # Translators: cancel with no card selected.
            return _("No card is selected")
        case _:
            # Translators: any move after the game is won.
            return _("The game is already won")


def recycle_instead() -> str:
    match front_end():
        case FrontEnd.PAGE:
            # Translators: web page, after "no more cards to draw", when a recycle is
            # possible: R is the key, "Recycle" the button's name (page_words.recycle).
            return pgettext("page", "Press R or the Recycle button to recycle the waste")
        case FrontEnd.PAGE_BUTTONS:
            # Translators: web page with the single-letter keys off, after "no more
            # cards to draw": "Recycle" is the button's name (page_words.recycle).
            return pgettext("page", "Press the Recycle button to recycle the waste")
    # Translators: after "no more cards to draw", when a recycle is possible; r is
    # the recycle command.
    return _("Type r to recycle the waste")


def nothing_above(focused: str) -> str:
    # Translators: keyboard mode, Up with no playable card in a row above; {focused}
    # is the focused card (or "Waste: …"), which stays focused.
    return _("{focused}; nothing further up").format(focused=focused)


def nothing_below(focused: str) -> str:
    # Translators: keyboard mode, Down with no playable card in a row below (the piles
    # count as the lowest row); {focused} is the focused card, which stays focused.
    return _("{focused}; nothing further down").format(focused=focused)


def keyboard_mode_on() -> str:
    # Translators: said on entering keyboard mode (the command "keyboard" or F2): one
    # sentence with the keys and how to leave. u d r h n are the one-key commands.
    return _(
        "Keyboard mode: arrows move among the playable cards, Enter selects, "
        "u d r h n act at once; Escape to leave"
    )


def keyboard_mode_off() -> str:
    # Translators: said on leaving keyboard mode (Escape, F2, or typing a word):
    # typed letters are words again.
    return _("Keyboard mode off")


def keyboard_mode_status() -> str:
    # Translators: a part of the status report while keyboard mode is on.
    return _("keyboard mode on")


def keyboard_needs_terminal() -> str:
    # Translators: the command "keyboard" when the game reads plain lines (input
    # from a file or a pipe), where there are no keys to press.
    return _("Keyboard mode needs a terminal; here, type the commands")


def key_pressed(letter: str) -> str:
    """A one-key command of keyboard mode (``u h n d r``) named with what it does."""
    match letter:
        case "u":
            # Translators: keyboard mode, what the key u does (after "Key U, ").
            action = pgettext("key", "undo")
        case "h":
            # Translators: keyboard mode, what the key h does.
            action = pgettext("key", "hint")
        case "n":
            # Translators: keyboard mode, what the key n does.
            action = pgettext("key", "new deal")
        case "d":
            # Translators: keyboard mode, what the key d does.
            action = pgettext("key", "draw")
        case _:
            # Translators: keyboard mode, what the key r does.
            action = pgettext("key", "recycle")
    # Translators: keyboard mode: the answer to a one-key command starts with the
    # key pressed and what it does, e.g. "Key N, new deal".
    return _("Key {key}, {action}").format(key=letter.upper(), action=action)


def focus_on_pile(card: Card, *, waste: bool) -> str:
    if waste:
        # Translators: keyboard focus on the card on top of the waste.
        return _("{card}, top of the waste").format(card=card_name(card))
    # Translators: keyboard focus on the face-up card on top of the stock (paciencia).
    return _("{card}, top of the stock").format(card=card_name(card))


def keyboard_left_typing() -> str:
    # Translators: in keyboard mode a key that is no one-key command was typed: the
    # mode is off, and that key began a typed command (Enter sends it).
    return _("Keyboard mode off: you are typing a command")


def pyramid_cleared() -> str:
    # Translators: the table when no pyramid card is left (instead of "no free cards").
    return _("Pyramid cleared")


def no_recycle_in_these_rules() -> str:
    # Translators: r under rules with one pass through the stock: never a recycle.
    return _("These rules have no recycle: one pass through the stock")


def focus_moved(focused: str) -> str:
    # Translators: keyboard mode: the focused card left play (a pair removed …) and
    # the focus went to another; {focused} is that card (or "Waste: …").
    return _("Focus: {focused}").format(focused=focused)


# Messages whose words agree with a card or a rank («o rei … visto», «a dama …
# vista») come in two contexts, "masculine" and "feminine": the gender of the
# card's rank name in the session language (narration.card_words.gender_of). English
# has no gender: both read the same.


def covered_by(card: Card, covers: tuple[Card, ...]) -> str:
    """A covered card refused, named with the cards that cover it (alone, after the
    seeds' sentence, or as the one of two typed cards that is covered)."""
    names = card_list(covers)
    if gender_of(card.rank) == FEMININE:
        # Translators: a covered card was refused; {card} (a feminine rank, pt: a
        # dama) and the cards on it, {cards}: «Dama de paus: coberta por …».
        text = pgettext("feminine", "{card}: covered by {cards}")
    else:
        # Translators: a covered card was refused; {card} (a masculine rank, pt: o
        # ás … o dez, o valete, o rei) and the cards on it, {cards}.
        text = pgettext("masculine", "{card}: covered by {cards}")
    return text.format(card=card_name(card), cards=names)


def no_longer_selected(card: Card) -> str:
    if gender_of(card.rank) == FEMININE:
        # Translators: after a refused pair the selection moved to the second card;
        # {card}, the first (a feminine rank), is not selected any more.
        return pgettext("feminine", "{card} is no longer selected").format(card=card_name(card))
    # Translators: after a refused pair the selection moved to the second card;
    # {card}, the first (a masculine rank), is not selected any more.
    return pgettext("masculine", "{card} is no longer selected").format(card=card_name(card))


def still_selected(card: Card) -> str:
    if gender_of(card.rank) == FEMININE:
        # Translators: after a refused pair, {card} (a feminine rank) stays selected.
        return pgettext("feminine", "{card} stays selected").format(card=card_name(card))
    # Translators: after a refused pair, {card} (a masculine rank) stays selected.
    return pgettext("masculine", "{card} stays selected").format(card=card_name(card))


def still_selected_pairs(card: Card, partners: tuple[Card, ...]) -> str:
    names = card_list(partners, style="or")
    if gender_of(card.rank) == FEMININE:
        # Translators: after a refused pair, {card} (a feminine rank) stays selected
        # and pairs with the playable cards {cards} (joined with "or").
        text = pgettext("feminine", "{card} stays selected and pairs with {cards}")
    else:
        # Translators: after a refused pair, {card} (a masculine rank) stays selected
        # and pairs with the playable cards {cards} (joined with "or").
        text = pgettext("masculine", "{card} stays selected and pairs with {cards}")
    return text.format(card=card_name(card), cards=names)


# -- events -------------------------------------------------------------------------------


def removed_king(card: Card) -> str:
    # Translators: a King left the table alone.
    return _("{card} removed").format(card=card_name(card))


def removed_pair(first: Card, second: Card) -> str:
    # Translators: two cards summing 13 left the table.
    return _("{first} and {second} removed").format(
        first=card_name(first), second=card_name(second)
    )


def drew(card: Card) -> str:
    # Translators: a card was drawn from the stock and is now the waste top.
    return _("Drew {card}").format(card=card_name(card))


def to_waste(card: Card) -> str:
    # Translators: paciencia: a draw moved the face-up stock card {card} to the waste.
    return _("{card} to the waste").format(card=card_name(card))


def on_stock(card: Card) -> str:
    # Translators: paciencia: after a draw or a recycle, {card} is the new face-up
    # stock top.
    return _("{card} on the stock").format(card=card_name(card))


def with_partners(what: str, partners: tuple[Card, ...]) -> str:
    # Translators: a card that just showed and the playable cards it pairs with;
    # {what} is e.g. "Drew ten of hearts" or "Ten of hearts to the waste";
    # {cards} is a list joined with "or".
    return _("{what}: pairs with {cards}").format(what=what, cards=card_list(partners, style="or"))


def goes_alone(what: str) -> str:
    # Translators: a King that just showed and can leave alone at once; {what} is
    # "Drew king of spades" or "King of spades on the stock".
    return _("{what}: it can go alone").format(what=what)


def selection_dropped(card: Card) -> str:
    # Translators: a draw, recycle, undo or King played while {card} was selected
    # dropped the selection; one short clause after the answer.
    return _("Selection cancelled: {card}").format(card=card_name(card))


def back_on_stock(card: Card) -> str:
    # Translators: after undoing a draw: the card drawn went back on top of the stock.
    return _("{card} back on the stock").format(card=card_name(card))


def recycled() -> str:
    # Translators: the waste went back to the stock.
    return _("Waste turned back into the stock")


def undone() -> str:
    # Translators: the last move was taken back.
    return _("Move undone")


def cards_back(cards: tuple[Card, ...]) -> str:
    # Translators: after an undo, the cards that came back to the table.
    return ngettext("{cards} is back", "{cards} are back", len(cards)).format(
        cards=card_list(cards)
    )


def selected(card: Card) -> str:
    # Translators: {card} was selected.
    return _("{card} selected").format(card=card_name(card))


def pairs_with(cards: tuple[Card, ...]) -> str:
    # Translators: after selecting a card, the playable cards that sum 13 with it.
    return _("Pairs with {cards}").format(cards=card_list(cards, style="or"))


def no_partner() -> str:
    # Translators: after selecting a card: no playable card sums 13 with it now.
    return _("No playable card pairs with it now")


def cancelled() -> str:
    # Translators: the selection was cancelled.
    return _("Selection cancelled")


def now_free(cards: tuple[Card, ...]) -> str:
    if gender_of_cards(cards) == FEMININE:
        # Translators: pyramid cards that just became free, all of a feminine rank
        # (pt: damas).
        text = npgettext("feminine", "Now free: {cards}", "Now free: {cards}", len(cards))
    else:
        # Translators: pyramid cards that just became free; at least one is of a
        # masculine rank (pt: a list with any masculine card agrees in the masculine).
        text = npgettext("masculine", "Now free: {cards}", "Now free: {cards}", len(cards))
    return text.format(cards=card_list(cards))


def no_longer_free(cards: tuple[Card, ...]) -> str:
    if gender_of_cards(cards) == FEMININE:
        # Translators: after an undo, pyramid cards covered again, all of a feminine
        # rank.
        text = npgettext("feminine", "Covered again: {cards}", "Covered again: {cards}", len(cards))
    else:
        # Translators: after an undo, pyramid cards covered again; at least one is of
        # a masculine rank.
        text = npgettext(
            "masculine", "Covered again: {cards}", "Covered again: {cards}", len(cards)
        )
    return text.format(cards=card_list(cards))


def waste_top(card: Card | None) -> str:
    if card is None:
        # Translators: the waste pile is empty.
        return _("Waste empty")
    # Translators: the card on top of the waste pile.
    return _("Waste: {card}").format(card=card_name(card))


def stock_top(card: Card | None) -> str:
    """A card only for rules where the stock top is face up (paciencia)."""
    if card is None:
        # Translators: the stock has no cards left.
        return _("Stock empty")
    # Translators: the face-up card on top of the stock (paciencia).
    return _("Stock: {card}").format(card=card_name(card))


def stock_count(count: int) -> str:
    if count == 0:  # said after the last card is drawn: shorter than "0 cards"
        return stock_top(None)
    # Translators: how many cards are left in the stock.
    return ngettext("{count} card in the stock", "{count} cards in the stock", count).format(
        count=format_number(count)
    )


def round_of(round_: int, total: int) -> str:
    # Translators: the pass through the stock. pt_BR, the rules of `paciencia`:
    # «rodada N de 3».
    return _("pass {round} of {total}").format(
        round=format_number(round_), total=format_number(total)
    )


def round_unlimited(round_: int) -> str:
    # Translators: the pass through the stock where recycles are unlimited (no total).
    return _("pass {round}").format(round=format_number(round_))


def removed_of_28(removed: int) -> str:
    # Translators: pyramid cards removed so far. pt_BR, the rules of
    # `paciencia`: «N de 28», as its status bar writes it (pt_PT adds the word for
    # removed: pyramid cards, feminine).
    return _("{removed} of 28 removed").format(removed=format_number(removed))


def score(points: int) -> str:
    # Translators: the score of the rules of `pyramide`.
    return _("score {score}").format(score=format_number(points))


def moves(count: int) -> str:
    # Translators: moves played (removals, draws, recycles).
    return ngettext("{count} move", "{count} moves", count).format(count=format_number(count))


def in_line_played(count: int) -> str:
    # Translators: after "N moves" (every move played, undone ones too): the moves
    # of the line on the table, which the deal's par compares with.
    return ngettext("{count} in the line played", "{count} in the line played", count).format(
        count=format_number(count)
    )


def elapsed(seconds: float) -> str:
    # Translators: time played, e.g. "time 3 minutes and 5 seconds".
    return _("time {duration}").format(duration=format_duration(seconds))


def deal_code(code: str) -> str:
    # Translators: the deal's code, which New game accepts to deal the same cards.
    return _("deal {code}").format(code=code)


def no_deal_code() -> str:
    # Translators: a deal loaded from a layout file has no code.
    return _("deal from a layout file")


def free_cards(cards: tuple[Card, ...]) -> str:
    if not cards:
        return pyramid_cleared()  # a card is always free while one is left
    if gender_of_cards(cards) == FEMININE:
        # Translators: the free pyramid cards, left to right, top to bottom, all of
        # a feminine rank.
        return pgettext("feminine", "Free: {cards}").format(cards=card_list(cards))
    # Translators: the free pyramid cards, left to right, top to bottom; at least
    # one is of a masculine rank.
    return pgettext("masculine", "Free: {cards}").format(cards=card_list(cards))


def row_cards(row: int, cards: tuple[Card | None, ...]) -> str:
    """A pyramid row left to right, each removed card said as a gap in its place, so
    that positions (and what covers what) can be worked out from the listing."""
    if all(c is None for c in cards):
        # Translators: a pyramid row whose cards are all gone, e.g. "row 3: empty".
        return _("{row}: empty").format(row=row_name(row))
    # Translators: the place of a removed card in a pyramid row listing, e.g.
    # "row 3: four of diamonds, gap, eight of diamonds".
    names = [card_name(c) if c is not None else _("gap") for c in cards]
    # Translators: the cards of a pyramid row, left to right, e.g. "row 2: six of clubs, ...".
    return _("{row}: {cards}").format(row=row_name(row), cards=format_list(names))


def gap_at(row: int, position: int) -> str:
    # Translators: a pyramid place whose card was removed, e.g. "row 6, position 1: gap".
    return _("{row}, position {position}: gap").format(
        row=row_name(row), position=format_number(position)
    )


def covers(cards: tuple[Card, ...]) -> str:
    # Translators: after where a pyramid card is: the cards in the row above that
    # it covers (it must go before they are free).
    return _("Covers {cards}").format(cards=card_list(cards))


def covers_nothing() -> str:
    # Translators: after where the top card of the pyramid is: it covers no card.
    return _("Covers no card")


def waste_cards(cards: tuple[Card, ...]) -> str:
    if not cards:
        return waste_top(None)
    # Translators: the whole waste pile, from the top card (playable) down.
    return ngettext(
        "Waste, {count} card: {cards}", "Waste, {count} cards, top first: {cards}", len(cards)
    ).format(count=format_number(len(cards)), cards=card_list(cards))


def focus_place(card: Card, row: int, position: int) -> str:
    # Translators: keyboard mode: the focused pyramid card and its place, e.g.
    # "ten of spades, row 4, position 1".
    return _("{card}, {row}, position {position}").format(
        card=card_name(card), row=row_name(row), position=format_number(position)
    )


# -- where is a card ------------------------------------------------------------------------


def where_pyramid_free(card: Card, row: int, position: int) -> str:
    if gender_of(card.rank) == FEMININE:
        # Translators: where a card ({card}, a feminine rank) is: free in the
        # pyramid, e.g. "row 7, position 3".
        text = pgettext("feminine", "{card}: {row}, position {position}, free")
    else:
        # Translators: where a card ({card}, a masculine rank) is: free in the
        # pyramid, e.g. "row 7, position 3".
        text = pgettext("masculine", "{card}: {row}, position {position}, free")
    return text.format(card=card_name(card), row=row_name(row), position=format_number(position))


def where_pyramid_covered(card: Card, row: int, position: int, covers: tuple[Card, ...]) -> str:
    if gender_of(card.rank) == FEMININE:
        # Translators: where a card ({card}, a feminine rank) is: in the pyramid,
        # covered by the cards listed.
        text = pgettext("feminine", "{card}: {row}, position {position}, covered by {cards}")
    else:
        # Translators: where a card ({card}, a masculine rank) is: in the pyramid,
        # covered by the cards listed.
        text = pgettext("masculine", "{card}: {row}, position {position}, covered by {cards}")
    return text.format(
        card=card_name(card),
        row=row_name(row),
        position=format_number(position),
        cards=card_list(covers),
    )


def where_waste_top(card: Card) -> str:
    # Translators: where a card is: on top of the waste.
    return _("{card}: on top of the waste").format(card=card_name(card))


def where_waste_under(card: Card, depth: int) -> str:
    # Translators: where a card is: in the waste with {depth} cards on it (the top
    # card counts; "under 1 card" is just below the top).
    return ngettext(
        "{card}: in the waste, under {depth} card",
        "{card}: in the waste, under {depth} cards",
        depth,
    ).format(card=card_name(card), depth=format_number(depth))


def where_stock_top(card: Card) -> str:
    # Translators: where a card is: face up on top of the stock (paciencia).
    return _("{card}: on top of the stock").format(card=card_name(card))


def where_stock_seen(card: Card) -> str:
    if gender_of(card.rank) == FEMININE:
        # Translators: a card ({card}, a feminine rank) seen before, now back in the
        # stock after a recycle.
        text = pgettext("feminine", "{card}: in the stock, seen before")
    else:
        # Translators: a card ({card}, a masculine rank) seen before, now back in
        # the stock after a recycle.
        text = pgettext("masculine", "{card}: in the stock, seen before")
    return text.format(card=card_name(card))


def where_unseen(card: Card) -> str:
    if gender_of(card.rank) == FEMININE:
        # Translators: a card ({card}, a feminine rank) still face down in the
        # stock: never say where.
        return pgettext("feminine", "{card}: not seen yet").format(card=card_name(card))
    # Translators: a card ({card}, a masculine rank) still face down in the stock:
    # never say where.
    return pgettext("masculine", "{card}: not seen yet").format(card=card_name(card))


def where_gone(card: Card) -> str:
    # Translators: a card already removed.
    return _("{card}: gone").format(card=card_name(card))


# -- playable pairs -------------------------------------------------------------------------


def playable_pair(first: Card, second: Card) -> str:
    # Translators: one playable pair in a list of pairs, e.g. "ten of clubs with three of spades".
    return _("{first} with {second}").format(first=card_name(first), second=card_name(second))


def playable_pairs(pairs: list[str]) -> str:
    # Translators: the pairs and kings that can be removed now; {pairs} is a list.
    return ngettext("Playable: {pairs}", "Playable: {pairs}", len(pairs)).format(
        pairs="; ".join(pairs)
    )


def king_alone(card: Card) -> str:
    if gender_of(card.rank) == FEMININE:
        # Translators: in the list of playable moves, a card that can leave alone,
        # of a feminine rank (no such rank leaves alone in these rules; pt: sozinha).
        return pgettext("feminine", "{card} alone").format(card=card_name(card))
    # Translators: in the list of playable moves, a King that can leave alone.
    return pgettext("masculine", "{card} alone").format(card=card_name(card))


def new_moves(moves: list[str]) -> str:
    # Translators: after a pair, a king, an undo or a recycle, the removals that the
    # cards just shown made possible; {moves} is a list of "X with Y" and "K alone"
    # joined by semicolons.
    return ngettext("New move: {moves}", "New moves: {moves}", len(moves)).format(
        moves="; ".join(moves)
    )


def no_pairs() -> str:
    # Translators: nothing can be removed right now.
    return _("No pair or king can be removed now")


# -- end of game ------------------------------------------------------------------------------


def won() -> str:
    # Translators: the pyramid is cleared (or everything, with the strict win).
    return _("You won!")


def won_panel_removed(removed: int) -> str:
    if removed == 0:  # never "0 cards removed"
        # Translators: in a game's record (history), no pyramid card was removed.
        return _("no card removed")
    # Translators: in the result panel, cards removed.
    return ngettext("{count} card removed", "{count} cards removed", removed).format(
        count=format_number(removed)
    )


def lesson_keys() -> str:
    # Translators: an arrow key, Enter, Esc or F2 pressed during the lesson, which
    # takes typed commands only. pt_PT «escreva», pt_BR «digite».
    return _("In the lesson, type the commands")


def daily_won(streak: int) -> str:
    # Translators: after the result panel of the deal of the day: {count} days in a
    # row the deal of the day was won, today included.
    return ngettext(
        "Deal of the day won: {count} day in a row",
        "Deal of the day won: {count} days in a row",
        streak,
    ).format(count=format_number(streak))


def won_left(stock: int, waste: int) -> str:
    """What is left in the piles after a win, never "0 cards": an empty pile is
    said empty."""
    if stock == 0 and waste == 0:
        # Translators: in the result panel: nothing left in the stock or the waste.
        return _("Stock and waste empty")
    if stock == 0:
        # Translators: in the result panel: cards left in the waste, none in the stock.
        return ngettext(
            "{waste} card left in the waste, stock empty",
            "{waste} cards left in the waste, stock empty",
            waste,
        ).format(waste=format_number(waste))
    if waste == 0:
        # Translators: in the result panel: cards left in the stock, none in the waste.
        return ngettext(
            "{stock} card left in the stock, waste empty",
            "{stock} cards left in the stock, waste empty",
            stock,
        ).format(stock=format_number(stock))
    # Translators: in the result panel, the cards still in the stock and the waste
    # (the pyramid is cleared), e.g. "13 cards left in the stock and 2 in the waste".
    return ngettext(
        "{stock} card left in the stock and {waste} in the waste",
        "{stock} cards left in the stock and {waste} in the waste",
        stock,
    ).format(stock=format_number(stock), waste=format_number(waste))


def won_exits() -> str:
    if front_end() is not FrontEnd.TERMINAL:
        # Translators: web page, the exits after a win: the result panel's buttons
        # (page_words.result_new, result_replay, result_table).
        return pgettext("page", "Choose New deal, Replay the same deal, or Look at the table again")
    # Translators: the exits after a win; n, replay and table are commands.
    return _("Type n for a new deal, replay to play this deal again, or table to review it")


def impasse() -> str:
    # Translators: no move is left. pt_PT, the rules of `pyramide`:
    # «Não há mais jogadas possíveis».
    return _("No more moves possible")


def impasse_exits() -> str:
    match front_end():
        case FrontEnd.PAGE:
            # Translators: web page, the exits after an impasse: U and N are keys of
            # the table; "Replay this deal" is a button (page_words.impasse_replay).
            return pgettext(
                "page",
                "Press U to undo the last move or N for a new deal, or the button Replay this deal",
            )
        case FrontEnd.PAGE_BUTTONS:
            # Translators: web page with the single-letter keys off, the exits after
            # an impasse: the buttons' names (page_words.impasse_undo, …).
            return pgettext(
                "page",
                "Choose a button: Undo the last move, Replay this deal, or Deal another",
            )
    # Translators: the exits after an impasse; u, replay and n are commands.
    return _("Type u to undo the last move, replay to play this deal again, or n for a new deal")


# -- start, help and settings ---------------------------------------------------------------


def preset_name(name: str) -> str:
    match name:
        case "pyramide":
            # Translators: the rules of `pyramide`, from the Pyramide app.
            return _("Pyramide")
        case "classic":
            # Translators: the rules of `classic`, the traditional game.
            return _("Classic Pyramid")
        case _:
            # Translators: the rules of `paciencia`, from the Paciência Pirâmide web game,
            # which says «Em inglês o jogo se chama Pyramid»: pt «Paciência Pirâmide».
            return pgettext("rules", "Pyramid")


def variant_name(option: str, value: object) -> str | None:
    """The name of a rules variant (an option of ``Rules`` set to ``value``) as the
    player hears it, or None for an option or value that has none."""
    if option == "strict_win" and value:
        # Translators: a rules variant: stock and waste must be emptied too.
        return _("strict win")
    if option == "stock_waste_pairs":
        # Translators: a rules variant: the stock card may pair with the waste card.
        return _("stock against waste") if value else _("no stock against waste")
    if option == "cover_pairs" and value:
        # Translators: a rules variant: a card may pair with the one covering it.
        return _("cover pairs")
    return None


def with_variants(name: str, variants: list[str]) -> str:
    """A rules name followed by its variants, if any."""
    if not variants:
        return name
    # Translators: rules with variants; {rules} is the name, {variants} a list.
    return _("{rules} with {variants}").format(rules=name, variants=format_list(variants))


def rules_with_variants(rules: Rules) -> str:
    """The preset's name, with the variants switched on or off (the passes are said
    apart, by :func:`starting`)."""
    changed = rules.changed_options()
    said = ("strict_win", "stock_waste_pairs", "cover_pairs")
    parts = [variant_name(option, changed[option]) for option in said if option in changed]
    return with_variants(preset_name(rules.name), [part for part in parts if part])


def starting(preset: str, passes: int | None) -> str:
    if passes is None:
        # Translators: the game starts; {rules} is the name of the rules.
        return _("{rules}, unlimited passes").format(rules=preset)
    # Translators: the game starts; {rules} is the name of the rules.
    return ngettext("{rules}, {passes} pass", "{rules}, {passes} passes", passes).format(
        rules=preset, passes=format_number(passes)
    )


def help_hint() -> str:
    if front_end() is not FrontEnd.TERMINAL:
        # Translators: web page, said at the start: "Rules and help" is the
        # button's name (page_words.rules).
        return pgettext("page", "The Rules and help button says the rules and the keys")
    # Translators: said at the start; ? is the help command and "rules" the command
    # that says the rules (use this language's word: pt «regras»).
    return _("Type ? for help, rules for the rules")


def unknown_command(text: str) -> str:
    # Translators: a line that is not a command or a card; {text} is what was typed.
    shown = echoed(text)
    if not shown:
        # Translators: a line of only invisible characters (an arrow key in a pipe).
        return _("That is not a command: type ? for help")
    return _("I do not understand {text}: type ? for help").format(text=shown)


def interrupted() -> str:
    # Translators: Ctrl-C at the prompt: the line typed was cleared, the game goes
    # on; q is the quit command.
    return _("Ctrl-C clears the line; to quit, type q")


def did_you_mean(text: str, meant: str) -> str:
    # Translators: a line close to a command or a card; {text} is what was typed,
    # {meant} the command it is close to, in this language's words ("drwa": "draw").
    return _("I do not understand {text}: did you mean {meant}?").format(
        text=echoed(text), meant=meant
    )


def not_a_card(text: str) -> str:
    # Translators: {text} looked like a card but is not one.
    return _("{text} is not a card").format(text=echoed(text))


def no_such_row() -> str:
    # Translators: a row number outside 1..7 (or none) was typed after "row".
    return _("Give a row from 1, the top, to 7, the bottom")


def where_needs_suit(text: str) -> str:
    # Translators: "where" with a rank but no suit; {text} is what was typed after it.
    # The example uses the English notation: put this language's (pt: onde 10p).
    return _("Give the suit after {text}, like where 10c").format(text=echoed(text))


def letter_alone(rank: str) -> str:
    # Translators: a rank letter typed alone (pt: v, a; en: j, k, a, t).
    # A letter alone is always a command, never a card: say the rule and
    # name the rank in words ({rank}: "jack", "ace") to type instead.
    return _("A letter alone is a command; for a rank alone, write it out: {rank}").format(
        rank=rank
    )


def too_many_cards() -> str:
    # Translators: more than two cards on one line.
    return _("Give one card, or two to pair them")


def no_playable_rank(rank: Rank) -> str:
    """No playable card has ``rank``, said in words in the session language."""
    if gender_of(rank) == FEMININE:
        # Translators: a rank alone ({rank} in words, a feminine rank: pt «dama»)
        # and no playable card has it: pt «Nenhuma dama jogável».
        return pgettext("feminine", "No playable {rank}").format(rank=rank_name(rank))
    # Translators: a rank alone ({rank} in words, a masculine rank) and no playable
    # card has it: pt «Nenhum rei jogável».
    return pgettext("masculine", "No playable {rank}").format(rank=rank_name(rank))


def ambiguous(cards: tuple[Card, ...]) -> str:
    # Translators: a rank alone matched several playable cards: ask which one.
    return _("Which one: {cards}?").format(cards=card_list(cards, style="or"))


def language_set() -> str:
    # Translators: after switching the language: said in the new language.
    return _("Language: English")


def choose_language() -> str:
    # Translators: "lang" typed alone; {choices}: "lang pt, lang br or lang en", each
    # choice from the message below.
    return _("Choose a language: {choices}").format(
        # Translators: one choice offered after "lang" typed alone; use this language's
        # command word (pt: idioma {language}). {language}: pt, br, en…
        choices=language_choices(_("lang {language}"))
    )


def unknown_language(text: str) -> str:
    # Translators: the language asked for is not available.
    # {languages}: the languages to choose from, "pt, br or en".
    return _("Unknown language {text}: choose {languages}").format(
        text=echoed(text), languages=language_choices()
    )


def verbosity_brief() -> str:
    # Translators: verbosity set to brief.
    return _("Brief messages")


def verbosity_full() -> str:
    # Translators: verbosity set to full.
    return _("Full messages")


def speech_on() -> str:
    # Translators: speech switched on.
    return _("Speech on")


def speech_off() -> str:
    # Translators: speech switched off.
    return _("Speech off")


def rate_set(rate: int) -> str:
    # Translators: the speech rate in words per minute.
    return _("Speech rate {rate}").format(rate=format_number(rate))


def bad_rate() -> str:
    # Translators: the rate must be a number in range.
    return _("Give a rate between 80 and 450 words per minute")


def volume_set(volume: int) -> str:
    # Translators: the speech volume, from 0 to 100.
    return _("Volume {volume}").format(volume=format_number(volume))


def bad_volume() -> str:
    # Translators: "volume" with a value that is not a whole number from 0 to 100.
    return _("Give a volume from 0 to 100")


def volume_not_for_reader() -> str:
    # Translators: after "Volume 60" while the screen reader's own voice speaks
    # ("speech reader"): the game cannot change the reader's volume.
    return _("The screen reader keeps its own volume: this one applies to the game's voice")


def voice_set(voice: str) -> str:
    # Translators: a voice chosen by name ("voice name roa/pt"); {voice} is the
    # voice's name as the speech backend writes it.
    return _("Voice {voice}").format(voice=voice)


def voice_own() -> str:
    # Translators: "voice default": back to the session language's own voice.
    return _("The language's own voice")


def voice_own_short() -> str:
    # Translators: in "Voices of espeak-ng for this language: … In use: {voice}" and
    # in ``pyramide voice``, when no voice was chosen by name.
    return _("the language's own")


def unknown_voice(name: str) -> str:
    # Translators: "voice name X" with a name the speech in use does not have.
    # "voices" is the command that lists them: use this language's word (pt: vozes).
    return _("There is no voice called {name} here: type voices to hear the list").format(name=name)


def voice_help() -> str:
    # Translators: "voice name" with no name after it, or "voices" with a word after
    # it. Use this language's command words (pt: voz nome, vozes, voz padrão).
    return _(
        "Type voice name and a voice's name to choose it, voices to hear the list, "
        "or voice default for the language's own voice"
    )


def voices_silent() -> str:
    # Translators: "voices" or "voice name X" while the game's own voice is not
    # speaking (speech off, or left to a screen reader). Use this language's words
    # (pt: voz sim).
    return _("The game's own voice is not speaking: type speech on, then choose one of its voices")


def no_voice_list() -> str:
    # Translators: "voices" or "voice name X" with a speech backend that lists no voices.
    return _("The speech in use has no list of voices to choose from")


def voice_not_for_reader() -> str:
    # Translators: "voice name X" or "voices" while the screen reader's own voice
    # speaks ("speech reader"): the game cannot choose the reader's voice.
    return _("The screen reader speaks with its own voice: choose it in the screen reader")


def voices_listed(backend: str, voices: Sequence[str], in_use: str) -> str:
    # Translators: "voices". {backend}: pyttsx3, espeak-ng or speech-dispatcher;
    # {voices}: the names of its voices for the session language, as the backend
    # writes them; {voice}: the one in use (a name, or "The language's own voice").
    return _("Voices of {backend} for this language: {voices}. In use: {voice}").format(
        backend=backend, voices=format_list(list(voices)) if voices else "-", voice=in_use
    )


def variants_listed(count: int, example: str, variants: Sequence[str]) -> str:
    # Translators: "voices", when the backend has variants of its voices. {count}: how
    # many; {example}: a voice with a variant after a plus sign (roa/pt+f1);
    # {variants}: a few of their names.
    return ngettext(
        "{count} variant goes after a plus sign, as in {example}: {variants}",
        "{count} variants go after a plus sign, as in {example}; among them {variants}",
        count,
    ).format(count=format_number(count), example=example, variants=format_list(list(variants)))


def error_help_on() -> str:
    # Translators: error help (from the rules of `pyramide`) switched on.
    return _("Error help on")


def error_help_off() -> str:
    # Translators: error help (from the rules of `pyramide`) switched off: from now on a
    # covered card touched does nothing, as the rules of `pyramide` say.
    return _("Error help off: touching a covered card does nothing")


def hint_budget_set(seconds: float) -> str:
    # A whole 1 is singular; any other amount (0.5, 1.5, 2) takes the plural.
    count = int(seconds) if float(seconds).is_integer() else 2
    # Translators: how long the hint may think, in seconds (1, 2.5, 10 …).
    return ngettext(
        "Hint thinking time {seconds} second", "Hint thinking time {seconds} seconds", count
    ).format(seconds=format_number(seconds))


def bad_speech_switch() -> str:
    # Translators: "speech" with a word that is not on or off; use this language's
    # words for the command (pt: voz sim, voz não).
    return _("Type speech on or speech off")


def sounds_on() -> str:
    # Translators: the sound cues (short sounds for pairs, draws, refusals…) switched on.
    return _("Sounds on")


def sounds_off() -> str:
    # Translators: the sound cues switched off.
    return _("Sounds off")


def sounds_mono() -> str:
    # Translators: "sounds mono" (pt: sons mono): the cues switched on, each heard
    # the same in both ears (for a player with one ear or one earbud).
    return _("Sounds on, in mono: every cue in both ears")


def sounds_stereo() -> str:
    # Translators: "sounds stereo" (pt: sons estéreo): the cues switched on, each
    # placed left or right where its card is in its row.
    return _("Sounds on, in stereo: each cue on its card's side")


def sounds_unavailable() -> str:
    # Translators: after "Sounds on" when this game cannot play sounds.
    return _("This game has no audio player for them")


def sounds_failed(program: str) -> str:
    # Translators: said once when the sound cues stopped working; {program} is the
    # audio player's name (aplay), never translated.
    return _("Sounds off: {program} cannot play them, no audio device was found").format(
        program=program
    )


def bad_sounds_switch() -> str:
    # Translators: "sounds" with a word that is not on, off, mono or stereo; use this
    # language's words for the command (pt: sons sim, sons não, sons mono, sons estéreo).
    return _("Type sounds on, sounds off, sounds mono or sounds stereo")


def daily_deal(day: str) -> str:
    # Translators: before the opening of the deal of the day; {day} is the date in
    # words (1 December 2026, 1 de dezembro de 2026).
    return _("The deal of the day, {day}").format(day=day)


def bad_errors_switch() -> str:
    # Translators: "errors" with a word that is not on or off; use this language's
    # words for the command (pt: erros sim, erros não).
    return _("Type errors on or errors off")


def bad_think(low: float, high: float) -> str:
    # Translators: "think" with a time out of range; {low} and {high} are seconds.
    return _("Give a hint thinking time from {low} to {high} seconds").format(
        low=format_number(low), high=format_number(high)
    )


def bad_setting() -> str:
    # Translators: a settings command that was not understood. {languages}: the
    # languages to choose from, "pt, br or en".
    return _(
        "Settings: lang {languages}; brief; full; speech on or off; rate N; "
        "volume N; errors on or off; think N"
    ).format(languages=language_choices())


def paused() -> str:
    # Translators: the timer is paused.
    return _("Paused. Type anything to go on")


def resumed() -> str:
    # Translators: the timer runs again after a pause.
    return _("Timer running again")


def nothing_to_repeat() -> str:
    # Translators: repeat with nothing said yet.
    return _("Nothing to repeat")


def new_deal() -> str:
    # Translators: a new deal was dealt.
    return _("New deal")


def replaying() -> str:
    # Translators: the same deal starts again from the beginning.
    return _("Same deal from the start")


def go_back_hint() -> str:
    match front_end():
        case FrontEnd.PAGE:
            # Translators: web page, said after "New deal" or "Same deal from the
            # start": U is the key, "Undo" the button (page_words.undo); "the
            # previous one" as in "Type u to go back to the previous one".
            return pgettext("page", "Press U or the Undo button to go back to the previous one")
        case FrontEnd.PAGE_BUTTONS:
            # Translators: web page with the single-letter keys off, said after "New
            # deal": "Undo" is the button (page_words.undo).
            return pgettext("page", "Press the Undo button to go back to the previous one")
    # Translators: said after "New deal" or "Same deal from the start": typing u
    # (undo) brings back the game just left, as it was. "the previous one" is that
    # game (feminine "partida" in pt_PT, masculine "jogo" in pt_BR).
    return _("Type u to go back to the previous one")


def back_to_previous() -> str:
    # Translators: undo right after a new deal or a replay brought back the game
    # left for it, exactly as it was; the deal's code follows.
    return _("Back to the previous game")


def bad_deal_code(text: str) -> str:
    # Translators: a pasted deal code could not be read; {text} is what was typed.
    return _("{text} is not a deal code I can read; codes look like PY1-N-AAAAAAS").format(
        text=echoed(text)
    )


def bad_layout_file(path: str) -> str:
    # Translators: a layout file could not be used; {path} is the file name.
    return _("The file {path} is not a layout I can play").format(path=echoed(path, 200))


def bad_layout_file_because(path: str, reason: str) -> str:
    # Translators: a layout file could not be used; {path} is the file name, {reason}
    # says why (one of the layout or file problems below).
    return _("The file {path} is not a layout I can play: {reason}").format(
        path=echoed(path, 200), reason=reason
    )


def _cards_named(cards: object) -> str:
    """Canonical card notations (``5S, QD``) as the player's card names."""
    named = []
    for text in str(cards).split(","):
        try:
            named.append(card_name(Card.parse(text.strip())))
        except ValueError:
            named.append(echoed(text))
    return format_list(named)


def layout_problem(err: LayoutError) -> str:
    """What is wrong with a layout (``err.kind``), in the player's language: a clause
    that follows "is not a layout I can play:"."""
    d = err.data
    kind = err.kind
    if kind is LayoutProblem.PYRAMID_SIZE:
        # Translators: layout problem; {count} is a number of cards.
        return _("the pyramid must have 28 cards, not {count}").format(count=d["count"])
    if kind is LayoutProblem.DOUBLES:
        # Translators: layout problem; {cards} lists card names.
        return _("these cards appear twice: {cards}").format(cards=_cards_named(d["cards"]))
    if kind is LayoutProblem.MISSING:
        # Translators: layout problem; {cards} lists card names.
        return _("these cards are missing: {cards}").format(cards=_cards_named(d["cards"]))
    if kind is LayoutProblem.PILES:
        # Translators: layout problem; {rules} is a rules name; the others are counts
        # of cards.
        return _(
            "rules {rules} start with {stock_size} cards in the stock and "
            "{initial_waste} in the waste, not {stock} and {waste}"
        ).format(**d)
    if kind is LayoutProblem.NOT_JSON:
        # Translators: layout problem: a JSON file with a syntax error at line {line}.
        return _("it is not valid JSON (line {line})").format(line=d["line"])
    if kind is LayoutProblem.TOO_DEEP:
        # Translators: layout problem: a JSON file of lists inside lists, far too deep.
        return _("its JSON is nested too deeply")
    if kind is LayoutProblem.NOT_OBJECT:
        # Translators: layout problem; keep pyramid, stock and waste in English (JSON keys).
        return _("a layout is a JSON object with pyramid, stock and waste")
    if kind is LayoutProblem.BAD_RULES:
        # Translators: layout problem; {text} is the rules the file names.
        return _("it names rules I do not know: {text}").format(text=echoed(str(d["text"])))
    if kind is LayoutProblem.PYRAMID_ROWS:
        # Translators: layout problem; keep "pyramid" in English (a JSON key).
        return _("pyramid must be a list of 7 rows")
    if kind in (LayoutProblem.ROW_SIZE, LayoutProblem.LISTING_ROW_SIZE):
        # Translators: layout problem; {row} is a row number, which must hold as
        # many cards as its number.
        return _("row {row} must hold {row} cards").format(row=d["row"])
    if kind is LayoutProblem.NOT_A_LIST:
        # Translators: layout problem; {key} is stock or waste (JSON keys, in English).
        return _("{key} must be a list of cards").format(key=d["key"])
    if kind is LayoutProblem.BAD_CARD:
        # Translators: layout problem; {text} is what the file has instead of a card.
        return _("{text} is not a card").format(text=echoed(str(d["text"])))
    if kind is LayoutProblem.LISTING_SHAPE:
        # Translators: layout problem of a text listing; keep the quoted example as
        # it is (the listing is read in Portuguese).
        return _("a listing reads 'Monte: N cartas; descarte: …. fila 1: …; … fila 7: …'")
    if kind is LayoutProblem.LISTING_ROW:
        # Translators: layout problem of a text listing; {row} is a row number.
        return _("row {row} is repeated or not 1 to 7").format(row=d["row"])
    # Translators: layout problem of a text listing; {said} and {left} are counts.
    return _("the listing says {said} cards in the stock, but {left} remain").format(**d)


def file_not_regular(path: str) -> str:
    # Translators: a file named for reading is a folder, a pipe or a device.
    return _("The file {path} is not a regular file (a folder, pipe or device)").format(
        path=echoed(path, 200)
    )


def code_rules_mismatch(code: str, code_rules: str, rules: str) -> str:
    """A deal code given with ``--rules`` whose piles do not fit those rules."""
    # Translators: command-line error; {code} is a deal code (PY1-N-AAAAAAS),
    # {code_rules} and {rules} are rules names, --rules is typed as it is.
    return _(
        "deal {code} is dealt for {code_rules}; its piles do not fit {rules}: "
        "play it without --rules"
    ).format(code=code, code_rules=code_rules, rules=rules)


def file_too_large(path: str, limit: int) -> str:
    # Translators: a file named for reading is too large; {limit} is a number of bytes.
    return _("The file {path} is larger than {limit} bytes").format(
        path=echoed(path, 200), limit=format_number(limit)
    )


def file_not_text(path: str) -> str:
    # Translators: a file named for reading is not text in UTF-8 or UTF-16.
    return _("The file {path} is not text in UTF-8 or UTF-16").format(path=echoed(path, 200))


def file_unreadable(path: str, reason: str) -> str:
    # Translators: a file cannot be read; {reason} is the system's.
    return _("Cannot read the file {path}: {reason}").format(path=echoed(path, 200), reason=reason)


def no_hints() -> str:
    # Translators: hints need the solver, which this build lacks or which failed.
    return _("No hint is available right now")


def hint_pair(first: Card, second: Card) -> str:
    # Translators: a hint: remove these two cards together.
    return _("Hint: {first} with {second}").format(first=card_name(first), second=card_name(second))


def hint_king(card: Card) -> str:
    # Translators: a hint: remove this King.
    return _("Hint: remove {card}").format(card=card_name(card))


def hint_draw() -> str:
    # Translators: a hint: draw a card.
    return _("Hint: draw a card")


def hint_recycle() -> str:
    # Translators: a hint: turn the waste back into the stock.
    return _("Hint: recycle the waste")


def hint_lost() -> str:
    # Translators: the hint proved the deal cannot be won from here (said only once every
    # stock card has been seen; the game goes on). pt_BR, the rules of `paciencia`:
    # «daqui a distribuição fica sem solução».
    return _("This deal cannot be won from here")


def hint_lost_exits() -> str:
    # Translators: the four exits after the hint proved the deal lost from here; u, h,
    # replay and n are commands. pt_BR, the rules of `paciencia`: «desfazer, dica,
    # repetir esta distribuição ou outra distribuição».
    return _(
        "You can undo with u, ask for a hint with h, replay this deal with replay, "
        "or deal another with n"
    )


def goodbye() -> str:
    # Translators: the game ends at the player's request.
    return _("Goodbye")


def game_saved() -> str:
    # Translators: said before "Goodbye" when quitting: the game in progress is
    # saved and will be offered next time.
    return _("Your game is saved")


def searching() -> str:
    # Translators: the hint is thinking. pt_BR, the rules of `paciencia`:
    # «procurando uma solução».
    return _("searching for a solution")


def hint_dropped() -> str:
    # Translators: a hint still thinking was dropped because the player played a
    # move first (it would answer a table that no longer exists).
    return _("The hint was dropped: the table changed")


def hint_closed() -> str:
    # Translators: Esc (or cancel) closed a hint that was still thinking.
    return _("Hint closed")


def no_focus() -> str:
    # Translators: keyboard mode: no card can be played now.
    return _("No playable card to focus")


# -- the deal's par (found after the win) ----------------------------------------------------


def won_in(count: int) -> str:
    # Translators: said when the deal's par arrives, a moment after the win, before
    # the par itself: "You won in 42 moves. The fewest possible for this deal is 31."
    return ngettext("You won in {count} move", "You won in {count} moves", count).format(
        count=format_number(count)
    )


def won_in_line(count: int, line: int) -> str:
    # Translators: as "You won in 42 moves" when moves were undone: {count} counts
    # every move played, {line} only those of the line played (undone ones left
    # out), which is what compares with the par said next: "You won in 60 moves, 52
    # in the line played. The fewest possible for this deal is 52."
    return ngettext(
        "You won in {count} move, {line} in the line played",
        "You won in {count} moves, {line} in the line played",
        count,
    ).format(count=format_number(count), line=format_number(line))


def par_of_deal(count: int) -> str:
    # Translators: the deal's par: the fewest moves (draws and recycles count) that
    # win it, found by the solver after the win. Also said by status after the win.
    return ngettext(
        "The fewest possible for this deal is {count}",
        "The fewest possible for this deal is {count}",
        count,
    ).format(count=format_number(count))


def won_in_par(count: int) -> str:
    # Translators: the deal's par arrives after the win, and the player matched it.
    return ngettext(
        "You won in {count} move: the fewest possible for this deal",
        "You won in {count} moves: the fewest possible for this deal",
        count,
    ).format(count=format_number(count))


def won_previous_in(count: int) -> str:
    # Translators: the par of the deal won before arrives after the player began
    # another deal: "You won the previous deal in 42 moves. The fewest possible for
    # it is 31."
    return ngettext(
        "You won the previous deal in {count} move",
        "You won the previous deal in {count} moves",
        count,
    ).format(count=format_number(count))


def won_previous_in_line(count: int, line: int) -> str:
    # Translators: as "You won the previous deal in 42 moves" when moves were
    # undone; {line} counts only the moves of the line played (see "You won in
    # {count} moves, {line} in the line played").
    return ngettext(
        "You won the previous deal in {count} move, {line} in the line played",
        "You won the previous deal in {count} moves, {line} in the line played",
        count,
    ).format(count=format_number(count), line=format_number(line))


def par_of_previous(count: int) -> str:
    # Translators: the par of the previous deal (see "You won the previous deal in …").
    return ngettext(
        "The fewest possible for it is {count}",
        "The fewest possible for it is {count}",
        count,
    ).format(count=format_number(count))


def left_par(count: int) -> str:
    # Translators: the par of a deal the player left unfinished (for a new deal),
    # found once undo could no longer bring it back: the fewest moves that would
    # have won it. pt_PT: «partida»; pt_BR: «jogo».
    return ngettext(
        "The deal you left could be won in {count} move",
        "The deal you left could be won in {count} moves",
        count,
    ).format(count=format_number(count))


def left_not_winnable() -> str:
    # Translators: a deal the player left unfinished (for a new deal) was proven to
    # have no winning line at all. pt_PT: «partida»; pt_BR: «jogo».
    return _("The deal you left could not be won")


def par_not_found() -> str:
    # Translators: after a win, the solver could not prove the deal's par in time.
    return _("The fewest possible for this deal was not found in time")


def par_walk_offer() -> str:
    if front_end() is not FrontEnd.TERMINAL:
        # Translators: web page, after the deal's par: "par" is this language's
        # command (Portuguese: mínimo), typed in the page's command box; each next
        # move comes when the box is sent empty.
        return pgettext(
            "page",
            "Send par from the command box to hear the shortest line, "
            "one move each time you send it empty",
        )
    # Translators: after the deal's par; "par" is this language's command
    # (Portuguese: mínimo); Enter is the key.
    return _("Type par to hear the shortest line, one move per Enter")


def par_walk_not_won() -> str:
    # Translators: "par" typed before the win: the shortest line would show the
    # cards still unseen in the stock.
    return _("The shortest line is shown once this deal is won")


def par_walk_unknown() -> str:
    # Translators: "par" typed after the win, but the shortest line is not known
    # (still being found, or not found in time).
    return _("The shortest line of this deal is not known yet")


def par_walk_start(count: int) -> str:
    # Translators: "par" after the win: the shortest line, played again from the deal.
    return ngettext(
        "The shortest line of this deal, {count} move, from the start",
        "The shortest line of this deal, {count} moves, from the start",
        count,
    ).format(count=format_number(count))


def par_walk_keys() -> str:
    # Translators: during the shortest line: Enter is the key.
    return _("Press Enter for each move; any command leaves it")


def par_walk_step(number: int, count: int) -> str:
    # Translators: one move of the shortest line, e.g. "move 3 of 52".
    return _("move {number} of {count}").format(
        number=format_number(number), count=format_number(count)
    )


def par_walk_end() -> str:
    # Translators: the last move of the shortest line was said.
    return _("That was the shortest line")
