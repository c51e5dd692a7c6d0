"""What ``pyramide serve`` says when it cannot start as asked: one sentence each,
naming what is wrong and how to fix it, printed before any address (the server
never starts half-configured). Call inside the command's language."""

from __future__ import annotations

from pyramide_a11y.i18n import _


def no_host() -> str:
    # Translators: pyramide serve refused to start; keep --host, 127.0.0.1 and 0.0.0.0.
    return _(
        "--host is empty: give an address, 127.0.0.1 for this computer only or "
        "0.0.0.0 for the local network."
    )


def bad_port(port: int) -> str:
    # Translators: pyramide serve refused to start; keep --port.
    return _("--port {port} is not a port: choose one from 1 to 65535.").format(port=port)


def unknown_host(host: str) -> str:
    # Translators: pyramide serve refused to start; keep --host and 127.0.0.1.
    return _(
        "--host {host} is not an address of this computer: give one of its addresses, or 127.0.0.1."
    ).format(host=host)


def port_in_use(port: int) -> str:
    # Translators: pyramide serve refused to start: another program listens there.
    return _("Port {port} is already in use by another program: choose another --port.").format(
        port=port
    )


def port_forbidden(port: int) -> str:
    # Translators: pyramide serve refused to start: ports below 1024 need the
    # administrator; keep --port.
    return _("Port {port} needs administrator rights: choose a --port above 1023.").format(
        port=port
    )


def cannot_listen(host: str, port: int, reason: str) -> str:
    # Translators: pyramide serve refused to start; {reason} is the system's.
    return _(
        "Cannot listen on {host} port {port} ({reason}): choose another --host or --port."
    ).format(host=host, port=port, reason=reason)


def bad_proxy(item: str) -> str:
    # Translators: pyramide serve refused to start; keep --trusted-proxies.
    return _(
        "--trusted-proxies: {item} is not an address: give IP addresses or networks, "
        "comma-separated (such as 127.0.0.1,10.0.0.0/8), or *."
    ).format(item=item)


def folder_under_file(folder: str) -> str:
    # Translators: pyramide serve refused to start; keep --data-dir.
    return _(
        "The data folder {folder} cannot be made: a file stands in its path. "
        "Choose another --data-dir."
    ).format(folder=folder)


def folder_unwritable(folder: str) -> str:
    # Translators: pyramide serve refused to start; keep --data-dir.
    return _(
        "The data folder {folder} cannot be written: make it writable, or choose "
        "another --data-dir."
    ).format(folder=folder)


def not_postgresql(where: str) -> str:
    # Translators: pyramide serve refused to start; {where} is --database or
    # PYRAMIDE_DATABASE; keep postgresql://.
    return _(
        "{where} is not a PostgreSQL URL: give one starting with postgresql://, "
        "or none to keep each player's games in a file."
    ).format(where=where)


def no_psycopg() -> str:
    # Translators: pyramide serve refused to start; keep the install command as is.
    return _(
        "PostgreSQL needs the psycopg package: install pyramide-a11y[postgresql] "
        "(pip install 'pyramide-a11y[postgresql]')."
    )


def database_unreachable(where: str, reason: str) -> str:
    # Translators: pyramide serve refused to start; {where} is --database or
    # PYRAMIDE_DATABASE; {reason} is PostgreSQL's.
    return _(
        "The PostgreSQL server of {where} cannot be used ({reason}): start it, or correct the URL."
    ).format(where=where, reason=reason)
