"""Where the player's data lives: the database file and its folder.

The folder is, in order: ``--data-dir``, the ``PYRAMIDE_DATA_DIR`` environment
variable, or the platform's user data folder (platformdirs: on Linux
``~/.local/share/pyramide-a11y``).

A leading ``~`` or ``~user`` is the home folder, as in a shell; a ``~name`` that
names no user on this system stays as it is written (a folder of that name,
relative to the current one), as a shell leaves it, rather than an error.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "pyramide-a11y"
ENV_VAR = "PYRAMIDE_DATA_DIR"
DATABASE_NAME = "pyramide.sqlite3"
LOCKS_FOLDER = "locks"


def data_dir(option: str | os.PathLike[str] | None = None) -> Path:
    """The data folder: the option if given, else the environment variable, else
    the platform's user data folder. The folder is not created here."""
    if option:
        return _home_expanded(os.fspath(option))
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return _home_expanded(env)
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def _home_expanded(text: str) -> Path:
    # os.path.expanduser leaves an unknown ~user as it is; Path.expanduser raises.
    return Path(os.path.expanduser(text))


def database_path(folder: Path) -> Path:
    return folder / DATABASE_NAME
