"""Everything ``pyramide serve`` checks before it prints its address: the host and
port (and the socket bound there), the trusted proxies, the data folder, the
database. Each problem is :class:`Refused` with one sentence in the command's
language that says how to fix it (:mod:`pyramide_a11y.narration.serve_words`):
the server never starts half-configured (playing unsaved, every form a 500, or
workers respawning for ever)."""

from __future__ import annotations

import errno
import ipaddress
import os
import socket
import tempfile
from pathlib import Path

from pyramide_a11y.narration import serve_words as words

BACKLOG = 2048
"""Connections waiting to be accepted (a thousand players arriving at once)."""
DATABASE_CHECK_S = 5
"""Seconds the database is given to answer at start."""


class Refused(Exception):
    """The server cannot start as asked: :attr:`sentence` says why and what to do."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


def listen_on(host: str, port: int) -> socket.socket:
    """A socket listening on ``host`` and ``port`` (0: a free one).

    Raises:
        Refused: an empty host, a port out of range, a host not of this computer,
            a port in use or reserved.
    """
    if not host.strip():
        raise Refused(words.no_host())
    if not 0 <= port <= 65535:
        raise Refused(words.bad_port(port))
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError):
        raise Refused(words.unknown_host(host)) from None
    family, kind, proto, _name, address = found[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(BACKLOG)
    except OSError as err:
        sock.close()
        if err.errno == errno.EADDRINUSE:
            raise Refused(words.port_in_use(port)) from None
        if err.errno == errno.EACCES:
            raise Refused(words.port_forbidden(port)) from None
        if err.errno == errno.EADDRNOTAVAIL:
            raise Refused(words.unknown_host(host)) from None
        raise Refused(words.cannot_listen(host, port, err.strerror or str(err))) from None
    return sock


def check_proxies(value: str | None) -> None:
    """``--trusted-proxies``: ``*``, or IP addresses and networks, comma-separated.

    Raises:
        Refused: an item that is none of these.
    """
    if value is None:
        return
    for item in value.split(","):
        item = item.strip()
        if item == "*":
            continue
        try:
            ipaddress.ip_network(item, strict=False)
        except ValueError:
            raise Refused(words.bad_proxy(item or "''")) from None


def check_folder(folder: Path) -> None:
    """The players' data folder made if missing, and writable (a file written and
    removed there), so that no worker starts to fail on every player.

    Raises:
        Refused: a file stands in its path, or it cannot be written.
    """
    try:
        (folder / "players").mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise Refused(words.folder_under_file(str(folder))) from None
    except OSError:
        raise Refused(words.folder_unwritable(str(folder))) from None
    try:
        with tempfile.NamedTemporaryFile(dir=folder / "players", prefix=".probe-"):
            pass
    except OSError:
        raise Refused(words.folder_unwritable(str(folder))) from None


def check_database(option: str | None, environment: str) -> str | None:
    """The PostgreSQL URL to use (``--database``, else the variable
    ``environment``), reachable now; None: none given (a file per player).

    Raises:
        Refused: not a ``postgresql://`` URL, psycopg missing, or the server
            cannot be used (garbled URL, unreachable, login refused).
    """
    from pyramide_a11y.storage.postgres import SCHEMES

    where, url = "--database", (option or "").strip()
    if not url:
        where, url = environment, os.environ.get(environment, "").strip()
    if not url:
        return None
    if not url.startswith(SCHEMES):
        raise Refused(words.not_postgresql(where))
    try:
        import psycopg
        import psycopg_pool  # noqa: F401  (the store's pool: needed as well)
    except ImportError:
        raise Refused(words.no_psycopg()) from None
    try:
        with psycopg.connect(url, connect_timeout=DATABASE_CHECK_S, autocommit=True) as conn:
            conn.execute("SELECT 1")
    except psycopg.Error as err:
        reason = (str(err).strip().splitlines() or [type(err).__name__])[0]
        raise Refused(words.database_unreachable(where, reason)) from None
    return url
