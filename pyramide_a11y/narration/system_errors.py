"""Why the operating system refused a file, or a speech program did not work, in
the player's language.

``OSError.strerror`` is the C library's English ("No such file or directory"):
inside a Portuguese sentence it is a foreign clause a synthesiser reads with
Portuguese sounds. :func:`os_error_reason` says the common causes from the
catalogs, by error number, and anything else with one general phrase. The
speech layer's own reasons (``pyramide voice`` prints them in brackets after
what is missing) are here too, so its report is in one language.
"""

from __future__ import annotations

import errno

from pyramide_a11y.i18n import _
from pyramide_a11y.i18n.formatting import format_number


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


# -- why speech did not start (``pyramide voice``, in brackets) ---------------------------


def speech_timed_out() -> str:
    # Translators: ``pyramide voice``, in brackets after "{program} does not respond".
    return _("timed out")


def silent_probe_not_ended(seconds: float) -> str:
    # Translators: ``pyramide voice``, in brackets after "speech-dispatcher does not
    # respond". {seconds}: a number of seconds.
    return _(
        "a silent test message did not end within {seconds} s: no audio device, or "
        "another program's speech held it"
    ).format(seconds=format_number(seconds))


def needs_unix_socket(address: str) -> str:
    # Translators: ``pyramide voice``, in brackets; keep SPEECHD_ADDRESS and
    # unix_socket as they are.
    return _("SPEECHD_ADDRESS={address}: the game needs a unix_socket").format(address=address)


def server_did_not_listen(path: str, program: str) -> str:
    # Translators: ``pyramide voice``, in brackets. {path}: a socket file;
    # {program}: speech-dispatcher.
    return _("nothing listens at {path}, and {program} started for the game did not listen").format(
        path=path, program=program
    )


def readers_not_answering(readers: str) -> str:
    # Translators: ``pyramide voice``, in brackets after "no screen reader is running
    # that the game can reach". {readers}: the screen readers tried (Orca, NVDA).
    return _("none of these answered: {readers}").format(readers=readers)


def prism_not_starting() -> str:
    # Translators: ``pyramide voice``, in brackets: Prism, the library that reaches
    # screen readers, is installed but did not start.
    return _("Prism could not start")
