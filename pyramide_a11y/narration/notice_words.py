"""What the storage's notices say to the player, one sentence each, in the current
language: the storage keeps the kinds (:class:`~pyramide_a11y.storage.NoticeKind`),
narration words them."""

from __future__ import annotations

from pyramide_a11y.i18n import _
from pyramide_a11y.storage.notices import Notice, NoticeKind


def notice_text(notice: Notice) -> str:
    """The sentence for a storage notice."""
    match notice.kind:
        case NoticeKind.MOVED_CORRUPT:
            # Translators: the saved-games file was damaged; {name} is the file name it
            # was kept under (nothing was deleted).
            return _(
                "Your saved games file was damaged, so it was kept aside as {name} "
                "and a new one was started; play goes on."
            ).format(name=notice.name)
        case NoticeKind.MOVED_NEWER:
            # Translators: the saved-games file comes from a newer version of the game;
            # {name} is the file name it was kept under.
            return _(
                "Your saved games come from a newer version of Pyramide, so they were "
                "kept aside as {name} and a new file was started; play goes on."
            ).format(name=notice.name)
        case NoticeKind.MOVED_UNKNOWN:
            # Translators: the saved-games file is not in a form this version of the
            # game recognises (damaged by another program); {name} is the file name it
            # was kept under (nothing was deleted).
            return _(
                "Your saved games file is not in a form this version of Pyramide "
                "recognises, so it was kept aside as {name} and a new one was started; "
                "play goes on."
            ).format(name=notice.name)
        case NoticeKind.DAMAGED_RECORD:
            # Translators: one saved game (number {number}) is damaged and cannot be
            # taken up again; it is kept as it is. pt_PT: «partida», pt_BR: «jogo».
            return _("Saved game {number} is damaged and cannot be resumed.").format(
                number=notice.game_id
            )
        case NoticeKind.READ_ONLY:
            # Translators: the data folder cannot be written (read-only, no permission).
            return _(
                "Your data folder cannot be written, so this game will not be saved; play goes on."
            )
        case NoticeKind.DISK_FULL:
            # Translators: the disk is full; moves are kept in memory meanwhile.
            return _(
                "The disk is full, so your moves are not being saved for now; play "
                "goes on and they will be saved when there is room."
            )
        case NoticeKind.BUSY:
            # Translators: another window of the game holds the saved-games file.
            return _(
                "Another Pyramide window is busy with your saved games; your moves "
                "will be saved as soon as it lets go."
            )
        case NoticeKind.SAVING_AGAIN:
            # Translators: saving works again after a failure; nothing was lost.
            return _("Saving works again: every move so far is saved.")
        case NoticeKind.OPEN_ELSEWHERE:
            # Translators: the saved game is being played in another window.
            return _("Your saved game is open in another window, so this one starts a new deal.")
        case _:
            # Translators: any other failure to read or write the saved games.
            return _("Your games cannot be saved right now; play goes on.")
