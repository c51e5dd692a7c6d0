"""Every word the page itself adds to the game's sentences, through gettext.

Call these inside the player's language (:func:`pyramide_a11y.i18n.in_language`):
each returns the text in the language in use. The game's own sentences (answers,
card places, counts) come from ``pyramide_a11y.narration``; these are only the
page's headings, button names and the few refusals that only a web page has.
"""

from __future__ import annotations

from pyramide_a11y.i18n import _, pgettext


def title() -> str:
    # Translators: the web page's title and main heading (the game's name).
    return pgettext("web", "Pyramid solitaire")


def pyramid_heading() -> str:
    # Translators: web page heading of the pyramid of 28 cards.
    return pgettext("web", "Pyramid")


def piles_heading() -> str:
    # Translators: web page heading of the stock and the waste.
    return pgettext("web", "Stock and waste")


def status_heading() -> str:
    # Translators: web page heading of the counts (cards removed, stock, pass).
    return pgettext("web", "Status")


def controls_heading() -> str:
    # Translators: web page heading of the buttons draw, recycle, undo, hint…
    return pgettext("web", "Controls")


def more_controls_heading() -> str:
    # Translators: web page heading of the buttons that are not among the four
    # fixed ones under the table (cancel the selection, replay this deal).
    return pgettext("web", "More controls")


def command_heading() -> str:
    # Translators: web page heading of the box where a command is typed as in
    # the terminal game.
    return pgettext("web", "Type a command")


def settings_heading() -> str:
    # Translators: web page heading of the language and keys settings.
    return pgettext("web", "Settings")


def answer_label() -> str:
    # Translators: web page: the name of the region that says the game's answer
    # to the last action.
    return pgettext("web", "Answer")


def draw() -> str:
    # Translators: web page button: turn the stock top over to the waste. pt_BR,
    # the rules of `paciencia`: «virar».
    return pgettext("button", "Draw")


def recycle() -> str:
    # Translators: web page button: the waste back into the stock (a new pass).
    # pt_BR, the rules of `paciencia`: «Reciclar».
    return pgettext("button", "Recycle")


def undo() -> str:
    # Translators: web page button. pt_BR, the rules of `paciencia`: «Desfazer».
    return pgettext("button", "Undo")


def hint() -> str:
    # Translators: web page button. pt_BR, the rules of `paciencia`: «Dica».
    return pgettext("button", "Hint")


def new_deal() -> str:
    # Translators: web page button. pt_BR, the rules of `paciencia`: «Novo jogo».
    return pgettext("button", "New deal")


def replay() -> str:
    # Translators: web page button: play the same deal again from the start.
    return pgettext("button", "Replay this deal")


def rules() -> str:
    # Translators: web page button: the rules of the game and the keys.
    # pt_BR, the rules of `paciencia`: «Regras».
    return pgettext("button", "Rules and help")


def selected() -> str:
    # Translators: web page: said first in the name of the selected card (a
    # card, «carta», in Portuguese: feminine), before the card and its place.
    return pgettext("card state", "Selected")


def cancel() -> str:
    # Translators: web page button: drop the selected card.
    return pgettext("button", "Cancel selection")


def send() -> str:
    # Translators: web page button: send the command typed in the box.
    return pgettext("button", "Send")


def command_label() -> str:
    # Translators: web page: the label of the box where a command is typed
    # (the terminal game's commands, e.g. d, 10C+3S, rows).
    return pgettext("web", "Command (as in the terminal game, ? for help)")


def language_label() -> str:
    # Translators: web page: the label of the languages' buttons (each names its
    # language in itself).
    return pgettext("web", "Language")


def letter_keys() -> str:
    # Translators: web page toggle button: whether the keys U, H, N, D and R act
    # at once (off for speech-input users and for screen-reader key clashes).
    return pgettext("button", "Single-letter keys U, H, N, D, R")


def keys_help() -> str:
    # Translators: web page: the keys of the table. pt_BR, the rules of
    # `paciencia`: U desfaz, H dica, N novo jogo, D vira, R recicla.
    return _(
        "Keys: U undo, H hint, N new deal, D draw, R recycle; arrows move among the "
        "free cards, Enter or Space selects, Esc cancels."
    )


def keys_on() -> str:
    # Translators: web page answer: the single-letter keys were switched on.
    return _("Single-letter keys on.")


def keys_off() -> str:
    # Translators: web page answer: the single-letter keys were switched off.
    return _("Single-letter keys off: use the buttons, or type the command in the box.")


def result_new() -> str:
    # Translators: web page, the result panel after a win: an exit, deal other
    # cards. pt_BR, the rules of `paciencia`: «Nova distribuição».
    return pgettext("won exit", "New deal")


def result_replay() -> str:
    # Translators: web page, the result panel after a win: an exit, the same cards
    # again from the start. pt_BR, the rules of `paciencia`: «Repetir a mesma
    # distribuição».
    return pgettext("won exit", "Replay the same deal")


def result_table() -> str:
    # Translators: web page, the result panel after a win: an exit, close the panel
    # and look at the table. pt_BR, the rules of `paciencia`: «Voltar a olhar a mesa».
    return pgettext("won exit", "Look at the table again")


def copy_code() -> str:
    # Translators: web page button in the result panel: copy the deal's code (its
    # identifier) to the clipboard. pt_BR, the rules of `paciencia`: «identificador».
    return pgettext("button", "Copy the deal code")


def code_copied(code: str) -> str:
    # Translators: web page answer: the deal's code went to the clipboard.
    return _("Deal code {code} copied.").format(code=code)


def copy_failed(code: str) -> str:
    # Translators: web page answer: the browser did not let the page copy the
    # deal's code; the player can select it and copy it by hand.
    return _("The deal code could not be copied: it is {code}, select it to copy it.").format(
        code=code
    )


def impasse_undo() -> str:
    # Translators: web page button after «No more moves possible». pt_BR, the rules
    # of `paciencia`: «Desfazer a última jogada».
    return pgettext("impasse exit", "Undo the last move")


def impasse_hint() -> str:
    # Translators: web page button after the hint said the deal cannot be won from
    # here. pt_BR, the rules of `paciencia`: «dica».
    return pgettext("impasse exit", "Hint")


def impasse_replay() -> str:
    # Translators: web page button after «No more moves possible». pt_BR, the rules
    # of `paciencia`: «Repetir esta distribuição».
    return pgettext("impasse exit", "Replay this deal")


def impasse_new() -> str:
    # Translators: web page button after «No more moves possible». pt_BR, the rules
    # of `paciencia`: «Distribuir outra».
    return pgettext("impasse exit", "Deal another")


def language_name(code: str) -> str:
    """The name of the language ``code`` (pt_PT, pt_BR, en) in the language in use:
    call it inside that language, so each name reads in itself."""
    match code:
        case "pt_PT":
            # Translators: the list of languages of the web page: European
            # Portuguese named in itself (each name is shown in its own language).
            return pgettext("language name", "Portuguese (Portugal)")
        case "pt_BR":
            # Translators: the list of languages of the web page: Brazilian
            # Portuguese named in itself (each name is shown in its own language).
            return pgettext("language name", "Portuguese (Brazil)")
    # Translators: the list of languages of the web page: English named in itself.
    return pgettext("language name", "English")


def stale_form() -> str:
    # Translators: web page refusal: a form sent from another site or an old page.
    return _("That form is out of date: nothing changed. Reload the page and try again.")


def too_fast() -> str:
    # Translators: web page refusal: too many commands in a short time.
    return _("Too many commands at once: nothing changed. Wait a moment and try again.")


def too_large() -> str:
    # Translators: web page refusal: a request bigger than any form of the game.
    return _("That request is too large: nothing changed.")


def store_away() -> str:
    # Translators: web page refusal: the player's saved games (the database or the
    # disk) cannot be reached or written now, so the form was not played.
    return _("Your game cannot be reached right now: nothing changed. Try again in a moment.")


def failure() -> str:
    # Translators: web page: an unexpected fault of the server; the game is kept.
    return _("Something went wrong: nothing changed. Reload the page.")


def not_found() -> str:
    # Translators: web page: an address that is not one of the game's pages.
    return _("There is no page here: the game is at the main page.")


def back_to_game() -> str:
    # Translators: web page link back to the game from a refusal page.
    return pgettext("web", "Back to the game")


def serve_help() -> str:
    # Translators: command-line help of the serve subcommand.
    return _("play in a web browser: serve the game as a web page")


def serve_rules_help() -> str:
    # Translators: command-line help of the serve subcommand, after its first line.
    # Keep --rules, --lang and the preset names as they are.
    return _(
        "The page deals by the paciencia rules, the Pyramid played by touch on phones "
        "and on the web (the stock's top card face up and playable, three rounds); the "
        "terminal game deals by the pyramide rules. --rules and the rules options "
        "choose others for every new deal. --lang sets the page's language for a "
        "browser that asks for none of the game's languages (default: English)."
    )


def host_help() -> str:
    # Translators: command-line help of serve --host.
    return _("address to listen on (default 127.0.0.1: this computer only)")


def port_help() -> str:
    # Translators: command-line help of serve --port.
    return _("port to listen on (default 8000)")


def serving(url: str) -> str:
    # Translators: printed by ``pyramide serve``; {url} is the page's address.
    return _("The game is at {url} — Ctrl-C stops the server.").format(url=url)
