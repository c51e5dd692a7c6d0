"""The player's data, kept so that nothing is lost: game records with their action
logs (autosaved after every accepted action), statistics and settings, in one
SQLite database in the user data folder.

- :mod:`.actions`: action tokens and the replay that rebuilds a game from them.
- :mod:`.store`: the database API (:class:`Store`); :mod:`.database` opens it
  safely; :mod:`.schema` holds the migrations.
- :mod:`.autosaved`: :class:`AutosavedGame`, what the interactive loop plays through.
- :mod:`.stats`, :mod:`.saved_settings`: statistics and saved settings.
- :mod:`.notices`: what the storage tells the player.
- :mod:`.page_turn`, :mod:`.writer_mark`: a web request's turn at the player's
  store (:meth:`Store.page_turn`) and which process played the player last.
"""

from .actions import ActionLogError, apply_token, replay, select_token
from .autosaved import AutosavedGame, GameOpenElsewhere, Stopwatch
from .notices import Notice, NoticeKind, StorageError
from .page_turn import PageTurn
from .stats import BestGame, Stats
from .store import GameRecord, Snapshot, Store
from .writer_mark import WriterMark

__all__ = [
    "ActionLogError",
    "AutosavedGame",
    "BestGame",
    "GameOpenElsewhere",
    "GameRecord",
    "Notice",
    "NoticeKind",
    "PageTurn",
    "Snapshot",
    "Stats",
    "Stopwatch",
    "StorageError",
    "Store",
    "WriterMark",
    "apply_token",
    "replay",
    "select_token",
]
