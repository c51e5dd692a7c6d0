"""Why the operating system refused a file, in the player's language.

``OSError.strerror`` is the C library's English ("No such file or directory"):
inside a Portuguese sentence it is a foreign clause a synthesiser reads with
Portuguese sounds. :func:`os_error_reason` says the common causes from the
catalogs, by error number, and anything else with one general phrase.
"""

from __future__ import annotations

import errno

from pyramide_a11y.i18n import _


def os_error_reason(err: BaseException) -> str:
    """The cause of ``err`` (an ``OSError`` by its ``errno``), a clause in the
    current language: it follows a colon ("Cannot read the file x: {reason}")."""
    number = err.errno if isinstance(err, OSError) else None
    if number == errno.ENOENT:
        # Translators: why a file could not be read or written: it does not exist (a
        # clause after a colon, no capital, no full stop).
        return _("there is no such file or folder")
    if number in (errno.EACCES, errno.EPERM):
        # Translators: why a file could not be read or written (a clause after a colon).
        return _("you do not have permission")
    if number == errno.EISDIR:
        # Translators: why a file could not be read or written (a clause after a colon).
        return _("it is a folder")
    if number == errno.ENOTDIR:
        # Translators: why a file could not be read or written: a part of its path is a
        # file, not a folder (a clause after a colon).
        return _("a part of the path is not a folder")
    if number in (errno.ENOSPC, errno.EDQUOT):
        # Translators: why a file could not be written (a clause after a colon).
        return _("the disk is full")
    if number == errno.EROFS:
        # Translators: why a file could not be written: the disk or folder is
        # read-only (a clause after a colon).
        return _("the disk is read-only")
    if number == errno.ENAMETOOLONG:
        # Translators: why a file could not be read or written (a clause after a colon).
        return _("the name is too long")
    if number == errno.ELOOP:
        # Translators: why a file could not be read or written: its path has links that
        # lead back to themselves, or a link where none is followed (a clause after a
        # colon).
        return _("the path has a link that cannot be followed")
    # Translators: why a file could not be read or written, for any other cause the
    # system gives (a clause after a colon).
    return _("the system refused it")
