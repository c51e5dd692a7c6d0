"""Run Debian's /usr/bin/orca unchanged, but for two things: its debug file is
opened line-buffered, so each line (``SPEECH OUTPUT: ...``) is on disk as soon as
Orca writes it (Orca opens it with the default 8 KiB buffer, so the log lags);
and it does not refuse to start when another process named ``orca`` runs for
this user (``pgrep -u UID -x orca``: another session's, or any program of that
name): this one has a display and buses of its own, and ``--replace`` would kill
the others. From the project's Orca kit. Run by Debian's own python3 (Orca's
modules are there, not in the project's virtual environment).

Usage: python3 orca_run.py --debug-file=FILE [other orca options]
"""

import builtins
import sys

_open = builtins.open
_debug_file = None
for _i, _arg in enumerate(sys.argv):
    if _arg.startswith("--debug-file="):
        _debug_file = _arg.split("=", 1)[1]
    elif _arg == "--debug-file" and _i + 1 < len(sys.argv):
        _debug_file = sys.argv[_i + 1]


def _line_buffered_open(file, mode="r", *args, **kwargs):  # type: ignore[no-untyped-def]
    if _debug_file and file == _debug_file and "w" in mode and not args:
        kwargs.setdefault("buffering", 1)
    return _open(file, mode, *args, **kwargs)


builtins.open = _line_buffered_open
sys.argv[0] = "/usr/bin/orca"
with _open("/usr/bin/orca") as _launcher:
    _code = compile(_launcher.read(), "/usr/bin/orca", "exec")
_globals: dict[str, object] = {"__name__": "orca_launcher", "__file__": "/usr/bin/orca"}
exec(_code, _globals)
_globals["otherOrcas"] = lambda: []
sys.exit(_globals["main"]())  # type: ignore[operator]
