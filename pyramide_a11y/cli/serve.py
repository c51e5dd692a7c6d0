"""``pyramide serve``: the game as a web page (``pyramide_a11y.web``), served by
uvicorn. Starlette and uvicorn load when the command runs, so ``pyramide
--version`` and the terminal game never load them."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from pyramide_a11y.narration import page_words as words

if TYPE_CHECKING:
    from pyramide_a11y.engine import Rules


def data_folder(given: str | None) -> Path:
    """The folder of the web players: ``--data-dir``, else ``web/`` in the game's
    data folder (``$PYRAMIDE_DATA_DIR`` or the user data folder)."""
    if given:
        return Path(given)
    from pyramide_a11y.storage.paths import data_dir

    return Path(data_dir(None)) / "web"


def page_rules(args: argparse.Namespace) -> Rules:
    """The rules of the page's deals: ``paciencia`` (the Pyramid played by touch on
    phones and on the web, which the page is made for) unless ``--rules`` names
    another preset, with the variants given.

    Raises:
        SourceError: an unknown preset or a bad variant (said in one sentence).
    """
    from pyramide_a11y.cli.from_options import rules_from_options
    from pyramide_a11y.engine import get_rules
    from pyramide_a11y.web.players import WEB_RULES

    return rules_from_options(args, get_rules(WEB_RULES))


def page_language(args: argparse.Namespace) -> str:
    """The page's language for a browser that asks for none of ours: ``--lang``,
    else English (a server's locale says nothing of its players)."""
    from pyramide_a11y.cli.from_options import language_option
    from pyramide_a11y.i18n import DEFAULT_LANGUAGE

    return language_option(args) or DEFAULT_LANGUAGE


def uvicorn_options() -> dict[str, Any]:
    """The options ``pyramide serve`` gives uvicorn, with one worker or several:
    quiet, no ``Server`` header, no forwarded headers believed (the app's own
    ``--trusted-proxies`` does that), and a deadline on each request's headers and
    body (:class:`~pyramide_a11y.web.protocol.TimedH11Protocol`), a fault repeated
    logged once with a count (:mod:`pyramide_a11y.web.logs`)."""
    from pyramide_a11y.web.logs import log_config
    from pyramide_a11y.web.protocol import TimedH11Protocol

    from .serve_setup import BACKLOG

    return {
        "log_config": log_config(),
        "backlog": BACKLOG,
        "log_level": "warning",
        "server_header": False,
        "proxy_headers": False,
        "http": TimedH11Protocol,
    }


def run_serve(args: argparse.Namespace, out: TextIO) -> int:
    """Serve until Ctrl-C. The address is printed once the port listens (a browser
    opened on it at once is answered). With ``--workers N`` above 1, uvicorn's
    worker processes share the socket, each with its own players in memory: any
    of them answers any player (``web/players.py``: a player's requests are
    serialised through the store, and a worker takes the game up again when
    another played it)."""
    import os
    import socket

    from pyramide_a11y.storage.postgres import DATABASE_ENV
    from pyramide_a11y.web.app import (
        DATA_DIR_ENV,
        LANGUAGE_ENV,
        LOOPBACK_ENV,
        PROXIES_ENV,
        RULES_ENV,
        SUPERVISOR_ENV,
        create_app,
    )
    from pyramide_a11y.web.collector import short_pauses
    from pyramide_a11y.web.guard import LOOPBACK_HOSTS

    from .serve_setup import Refused, check_database, check_folder, check_proxies, listen_on

    rules, language = page_rules(args), page_language(args)
    folder = data_folder(getattr(args, "data_dir", None))
    try:  # everything checked before the address is printed
        check_proxies(args.trusted_proxies)
        check_folder(folder)
        database = check_database(args.database, DATABASE_ENV)
        listening = listen_on(args.host, args.port)
    except Refused as refused:
        print(f"pyramide serve: {refused.sentence}", file=sys.stderr)
        return 2
    import uvicorn

    _more_files()
    if database:
        os.environ[DATABASE_ENV] = database  # every store of every worker
    shown = f"[{args.host}]" if listening.family == socket.AF_INET6 else args.host
    print(words.serving(f"http://{shown}:{listening.getsockname()[1]}/"), file=out, flush=True)
    try:
        proxies = args.trusted_proxies or None
        # On this computer only: forms go to its own names, not to another site's
        # name pointed at it (DNS rebinding).
        loopback = args.host.strip().lower() in ("127.0.0.1", "localhost", "::1")
        if args.workers > 1:
            os.environ[DATA_DIR_ENV] = str(folder)
            os.environ[RULES_ENV] = str(rules)
            os.environ[LANGUAGE_ENV] = language
            os.environ[SUPERVISOR_ENV] = str(os.getpid())  # the workers end with it
            if loopback:
                os.environ[LOOPBACK_ENV] = "1"
            if proxies:
                os.environ[PROXIES_ENV] = proxies
            uvicorn.run(
                "pyramide_a11y.web.app:app_from_environment",
                factory=True,
                fd=listening.fileno(),
                workers=args.workers,
                **uvicorn_options(),
            )
        else:
            short_pauses()  # this process's collector: the server's process alone
            config = uvicorn.Config(
                create_app(
                    folder,
                    trusted_proxies=proxies,
                    allowed_hosts=LOOPBACK_HOSTS if loopback else None,
                    rules=rules,
                    language=language,
                ),
                **uvicorn_options(),
            )
            uvicorn.Server(config).run(sockets=[listening])
    finally:
        listening.close()
    return 0


def _more_files() -> None:
    """The open-files limit raised to what the system allows (up to 65,536): each
    player the server keeps in memory on SQLite holds three files open, and a
    worker closes the least recently seen past what the limit leaves
    (``web/players.py``). The workers inherit it."""
    try:
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = 65536 if hard == resource.RLIM_INFINITY else min(hard, 65536)
        if soft != resource.RLIM_INFINITY and soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ImportError, OSError, ValueError):
        pass  # the players kept in memory are then bounded by the lower limit
