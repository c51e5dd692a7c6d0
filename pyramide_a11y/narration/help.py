"""Longer texts: the help, the keyboard keys, and «Regras» — the rules of the
preset being played, built from the rules' options so variants read right."""

from __future__ import annotations

from pyramide_a11y.engine import Rules
from pyramide_a11y.i18n import _, ngettext, pgettext
from pyramide_a11y.i18n.formatting import format_number, language_choices
from pyramide_a11y.i18n.spoken import Spoken

from . import messages as m
from . import page_words
from .narrator import sentence


def help_lines() -> list[str]:
    """The command reference, short, in the session's language."""
    return [
        Spoken(
            # Translators: help, line 1. The card notation of THIS language: Portuguese
            # uses A 2..10 V D R and p o c e (10p, Ro, Vc); English A 2..10 J Q K and c d h s.
            _(
                "Cards: rank and suit, like 10c, kd or qh, or in words, ten of clubs. "
                "A rank alone, as a number or a word, like 10 or king, works when only one "
                "playable card has it."
            ),
            # Translators: help, line 1 AS SPOKEN by the speech synthesiser (the line
            # above is printed): write each notation letter so it is heard as the
            # letter's name, not as a word or a syllable (pt: «pê», «ó», «é», «erre ó»,
            # never «o ouros» or «Ro», which are heard as the article and «rô»).
            pgettext(
                "spoken",
                "Cards: rank and suit letters, like 10 C, K D or Q H, or in words, ten "
                "of clubs. A rank alone, as a number or a word, like 10 or king, works "
                "when only one playable card has it.",
            ),
        ),
        # Translators: help, line 2.
        _(
            "One card selects it and says what pairs with it; a second card completes "
            "the pair; the same card again, or cancel, cancels. Two cards on one line "
            "pair at once. A king goes with one command."
        ),
        # Translators: help, line 3: the single-letter commands (the same in every
        # language). A letter alone is always a command, never a card (pt: not V, A).
        _(
            "A letter alone is a command, never a card: d draw, r recycle, u undo, h hint, "
            "n new deal, q quit."
        ),
        # Translators: help, line 4: the review commands, in this language's words.
        _(
            "Review: table, free, stock, waste, pyramid or row and a number, where and a card, "
            "pairs, status, rules, repeat; keys, and keyboard or F2 for keyboard mode."
        ),
        # Translators: help, line 5: the settings and other commands, in this language.
        # {languages}: the languages to choose from, "pt, br or en".
        _(
            "Settings: lang {languages}; brief or full; speech on or off; voices, then "
            "voice name and one of them, for this language; sounds on, off, mono or "
            "stereo; rate and a number, for this language; volume from 0 to 100; errors on "
            "or off; think and seconds. Also: replay, "
            "new and a deal code or a file, daily for the deal of the day, pause."
        ).format(languages=language_choices()),
        # Translators: help, line 6: "learn" is this language's command (Portuguese:
        # aprender), and the subcommand of ``pyramide learn``.
        _("New to the game? learn starts a lesson by ear, in short steps."),
    ]


def keys_lines() -> list[str]:
    """Keyboard mode: how to enter and leave it, its keys, and the arrows outside it."""
    return [
        # Translators: keyboard mode help, line 1: entering and leaving. "keyboard" is
        # this language's command (Portuguese: teclado); F2 is the key.
        _(
            "Keyboard mode: type keyboard, or press F2, to enter it; Escape or F2 "
            "leaves it, and so does typing anything else, which starts a typed command."
        ),
        # Translators: keyboard mode help, line 2: the keys in it (those of the rules of
        # `paciencia`).
        _(
            "In it: Left and Right move among the playable cards, Up and Down change "
            "row; Enter or Space selects; the letters u, h, n, d and r act at once; "
            "Escape also cancels a selection."
        ),
        # Translators: keyboard mode help, line 3: the arrows outside keyboard mode.
        _(
            "Outside it, letters are always typed: Up and Down recall earlier lines, "
            "and on an empty line Left and Right say the playable cards; Escape cancels "
            "a selection."
        ),
    ]


def rules_lines(rules: Rules, *, touch: bool = False) -> list[str]:
    """The rules of ``rules`` (preset and variants), in the session's language;
    ``touch``: for the web page on a touch screen, where cards and buttons are
    tapped and no letter is typed (the buttons named as the page shows them)."""
    # Four short lines rather than one long one: a braille display or a screen
    # reader's review cursor can then go back over a part (the goal, what is in
    # play, the stock, the end).
    parts: list[str] = []
    lines: list[list[str]] = []
    # Translators: title of the rules text; {name} is the preset's name.
    parts.append(_("Rules of {name}").format(name=m.preset_name(rules.name)))
    # Translators: rules text.
    parts.append(
        _(
            "Remove the 28 pyramid cards in pairs that add up to 13; a king leaves alone. "
            "Ace is 1, jack 11, queen 12, king 13; suits do not matter"
        )
    )
    lines.append(parts)
    parts = []
    # Translators: rules text: what covers a card (row r, position c is covered by
    # row r+1, positions c and c+1) and when it is free.
    parts.append(
        _(
            "A pyramid card is covered by the two cards just below it, in the next row; "
            "it is free once both are gone"
        )
    )
    if rules.stock_top_playable:
        # Translators: rules text (paciencia).
        parts.append(
            _("You play free pyramid cards, the face-up top of the stock and the top of the waste")
        )
    else:
        # Translators: rules text.
        parts.append(_("You play free pyramid cards and the top of the waste"))
    if rules.stock_waste_pairs and rules.stock_top_playable:
        # Translators: rules text (paciencia).
        parts.append(_("The stock top and the waste top may pair with each other"))
    elif rules.stock_waste_pairs:
        # Translators: rules text (stock against waste variant).
        parts.append(_("The card just drawn may pair with the waste card under it"))
    else:
        # Translators: rules text.
        parts.append(_("The card just drawn does not pair with the waste card under it"))
    if rules.cover_pairs:
        # Translators: rules text (cover pair variant).
        parts.append(_("A card may also pair with the only card still covering it"))
    lines.append(parts)
    parts = []
    passes = rules.passes
    if touch:
        parts.extend(_touch_lines(rules))
    elif passes == 1:
        # Translators: rules text (no recycle: classic's one pass, or the variant
        # «--recycles none»): d is the draw command.
        parts.append(_("With d you draw a card; there is no recycle: one pass through the stock"))
    elif rules.draw_recycles:
        # Translators: rules text (the rules of `pyramide`): d is the draw command.
        parts.append(
            _("With d you draw a card; on an empty stock it turns the waste back into the stock")
        )
    else:
        # Translators: rules text: d and r are commands.
        parts.append(
            _("With d you draw a card; with r the waste goes back into the stock once it is empty")
        )
    if passes is None:
        # Translators: rules text.
        parts.append(_("You may go through the stock as often as you like"))
    elif passes > 1:
        # Translators: rules text: how many passes through the stock in all.
        parts.append(
            ngettext(
                "You go through the stock {count} time in all",
                "You go through the stock {count} times in all",
                passes,
            ).format(count=format_number(passes))
        )
    lines.append(parts)
    parts = []
    if rules.strict_win:
        # Translators: rules text (strict win variant).
        parts.append(_("You win when the pyramid, the stock and the waste are all empty"))
    else:
        # Translators: rules text.
        parts.append(_("You win when the pyramid is clear, whatever is left in the stock"))
    if rules.scoring:
        # Translators: rules text (the score of the rules of `pyramide`).
        parts.append(_("Each pyramid card removed scores 10 points"))
    if rules.undo_limit is None:
        # Translators: rules text.
        parts.append(_("Undo has no limit"))
    else:
        # Translators: rules text: the undo limit (100 in the rules of `pyramide`).
        parts.append(
            ngettext(
                "Undo takes back up to {count} action",
                "Undo takes back up to {count} actions",
                rules.undo_limit,
            ).format(count=format_number(rules.undo_limit))
        )
    lines.append(parts)
    return [" ".join(sentence(p) for p in line) for line in lines]


def _touch_lines(rules: Rules) -> list[str]:
    """How a card, a pair and the stock are played by taps (the web page on a touch
    screen), for :func:`rules_lines`."""
    draw, recycle = page_words.draw(), page_words.recycle()
    parts = [
        # Translators: rules text on a touch screen (web page). pt_BR, the rules of
        # `paciencia`: «Toque em uma carta para selecioná-la e a mesa destaca todas as
        # que podem somar 13 com ela; toque em uma delas para fechar o par ou toque de
        # novo na sua carta para cancelar».
        _(
            "Tap a card to select it and the table marks every card that adds up to 13 "
            "with it; tap one of them to complete the pair, or tap your card again to cancel"
        )
    ]
    if rules.passes == 1:
        parts.append(
            # Translators: rules text on a touch screen (no recycle): {draw} is the name
            # of the button beside the stock (pt_BR «Virar carta»).
            _("Tap {draw} to turn the next stock card over; there is no recycle").format(draw=draw)
        )
    elif rules.draw_recycles:
        parts.append(
            # Translators: rules text on a touch screen (the rules of `pyramide`):
            # {draw} is the name of the button beside the stock.
            _(
                "Tap {draw} to turn the next stock card over; on an empty stock it turns "
                "the waste back into the stock"
            ).format(draw=draw)
        )
    else:
        parts.append(
            # Translators: rules text on a touch screen: {draw} and {recycle} are the
            # names of the buttons beside the stock (pt_BR «Virar carta», «Reciclar»).
            _(
                "Tap {draw} to turn the next stock card over; once the stock is empty, "
                "tap {recycle} to turn the waste back into the stock"
            ).format(draw=draw, recycle=recycle)
        )
    return parts
