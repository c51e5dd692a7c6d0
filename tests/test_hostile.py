"""Issues 13 and 29: hostile input, streams and environments never crash, hang or
lose data.

Each class of hostile input gets a focused test; fuzz tests drive the piped game
(in each language) and every subcommand with random lines, bytes and files, across
output encodings (UTF-8, ASCII, Latin-1), closed and full standard streams and
hostile environments, and fail on any traceback, unexpected exit status or move
saved that was not said (or said and not saved). The real-terminal fuzz lives in
``tests/terminal/test_terminal_fuzz.py``. Each fuzz test runs a few examples in the
default run and many in the slow one (``pytest -m ""``, scripts/test).

Exit statuses (``docs/architecture.md``, ``pyramide_a11y/cli/streams.py``): 0 done
(also when the input is closed: the end of input, and when the reader of the
output went away); 74 (``EX_IOERR``) when standard output cannot be written;
128 + the signal's number after SIGINT, SIGTERM, SIGHUP or SIGQUIT.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import sqlite3
import stat
import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kit import child_processes, process_alive, stopping_signals_by_default, wait_until
from storage_helpers import saved_moves, sqlite_file, stored_rows

from pyramide_a11y.core.sources import BadLayoutFile, named_source
from pyramide_a11y.engine import get_rules
from pyramide_a11y.i18n import set_language

ROOT = Path(__file__).resolve().parent.parent


def env(tmp: Path) -> dict[str, str]:
    e = {k: v for k, v in os.environ.items() if k not in ("PYTHONIOENCODING", "LC_ALL")}
    e.update(
        LANG="C.UTF-8",
        LC_ALL="C.UTF-8",
        PYTHONPATH=str(ROOT),
        PYRAMIDE_DATA_DIR=str(tmp / "data"),
        PYTHONUTF8="0",
    )
    return e


def run(
    tmp: Path,
    *args: str,
    stdin: bytes = b"",
    timeout: float = 30,
    extra_env: dict[str, str | None] | None = None,
) -> subprocess.CompletedProcess[bytes]:
    environment = env(tmp)
    for key, value in (extra_env or {}).items():
        if value is None:
            environment.pop(key, None)
        else:
            environment[key] = value
    return subprocess.run(
        [sys.executable, "-m", "pyramide_a11y", *args],
        input=stdin,
        capture_output=True,
        env=environment,
        timeout=timeout,
        cwd=tmp,
    )


def no_traceback(result: subprocess.CompletedProcess[bytes]) -> str:
    err = result.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, err
    assert "Traceback" not in result.stdout.decode("utf-8", "replace")
    return err


# -- input ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "pt", "pt-BR"])
def test_invalid_bytes_on_stdin_are_a_line_not_understood(tmp_path: Path, lang: str) -> None:
    result = run(tmp_path, "--lang", lang, "--speech", "none", stdin=b"\xff\xfe\x80 x\nquit\n")
    no_traceback(result)
    assert result.returncode == 0


def _layout(tmp: Path) -> str:
    return run(tmp, "deal", "PY1-N-AAAAAAS", "--json").stdout.decode()


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("fifo", "not a regular file"),
        ("/dev/zero", "not a regular file"),
        ("deep.json", "nested too deeply"),
        ("rules.json", "rules I do not know"),
        ("latin1.json", "not text in UTF-8"),
        ("twice.json", "appear twice"),
        ("big.json", "larger than"),
        (".", "not a regular file"),
    ],
)
def test_bad_layout_files_get_one_sentence(tmp_path: Path, name: str, expected: str) -> None:
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "deep.json").write_text("[" * 100_000)
    (tmp_path / "rules.json").write_text('{"rules": 12}')
    (tmp_path / "latin1.json").write_bytes(b'{"rules": "cl\xe1ssico"}')
    (tmp_path / "twice.json").write_text(_layout(tmp_path).replace('"5S"', '"5H"'))
    (tmp_path / "big.json").write_bytes(b" " * 1_000_001)
    result = run(tmp_path, "solve", "--layout", name, timeout=20)
    err = no_traceback(result)
    assert result.returncode == 2
    assert expected in err and len(err.strip().splitlines()) == 1, err


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_layout_files_with_a_byte_order_mark_are_read(tmp_path: Path, encoding: str) -> None:
    (tmp_path / "l.json").write_text(_layout(tmp_path), encoding=encoding)
    result = run(tmp_path, "replay", "--layout", "l.json", "--moves", "/dev/null")
    assert result.returncode == 2  # /dev/null is no regular file: said, not hung
    (tmp_path / "m").write_text("draw\n")
    result = run(tmp_path, "replay", "--layout", "l.json", "--moves", "m")
    no_traceback(result)
    assert result.returncode == 0


def test_the_game_names_the_cause_of_a_bad_layout_in_the_players_language(tmp_path: Path) -> None:
    twice = tmp_path / "twice.json"
    twice.write_text(_layout(tmp_path).replace('"5S"', '"5H"'))
    set_language("pt")
    try:
        with pytest.raises(BadLayoutFile) as caught:
            named_source(str(twice), get_rules("pyramide"))
        assert "aparecem duas vezes: cinco de copas" in caught.value.reason
    finally:
        set_language("en")


# -- output encodings and standard streams (issue 29) ------------------------------------------

LOCALES: dict[str, tuple[dict[str, str | None], str]] = {
    "utf-8": ({}, "utf-8"),
    "c-locale": ({"LC_ALL": "C", "LANG": "C", "PYTHONUTF8": "0"}, "ascii"),
    "ascii": ({"PYTHONIOENCODING": "ascii"}, "ascii"),
    "latin-1": ({"PYTHONIOENCODING": "latin-1"}, "latin-1"),
}
"""Output set-ups: the variables, and the encoding the output must be in."""

STREAMS = {
    "normal": "",
    "stdout-closed": ">&-",
    "stdout-full": ">/dev/full",
    "stderr-closed": "2>&-",
    "stderr-full": "2>/dev/full",
    "stdin-closed": "<&-",
}
"""Standard stream set-ups, as shell redirections."""
OUTPUT_LOST = 74

ENVIRONMENTS: dict[str, dict[str, str | None]] = {
    "plain": {},
    "odd-locale": {"LANG": "xx_YY.KOI8-R", "LC_ALL": None, "LANGUAGE": "zz:pt_XX"},
    "locale-not-installed": {"LC_ALL": "pt_PT.ISO-8859-1@euro", "LANG": "pt_BR.UTF-8"},
    "term-dumb": {"TERM": "dumb"},
    "no-term": {"TERM": None, "COLUMNS": "0", "LINES": "-3"},
    "empty-home": {"HOME": "", "XDG_DATA_HOME": ""},
    "no-home": {"HOME": None, "USER": None, "LOGNAME": None},
    "odd-xdg": {"XDG_RUNTIME_DIR": "/nonexistent-run", "XDG_CONFIG_HOME": "/dev/null/x"},
}
"""Hostile environments (the data folder stays PYRAMIDE_DATA_DIR, so saved moves
can be checked)."""


def run_with_streams(
    tmp: Path,
    args: list[str],
    *,
    streams: str = "normal",
    stdin: bytes = b"",
    extra_env: dict[str, str | None] | None = None,
    timeout: float = 60,
) -> subprocess.CompletedProcess[bytes]:
    """The program with its standard streams set up as :data:`STREAMS` says."""
    environment = env(tmp)
    for key, value in (extra_env or {}).items():
        if value is None:
            environment.pop(key, None)
        else:
            environment[key] = value
    command = [sys.executable, "-m", "pyramide_a11y", *args]
    return subprocess.run(
        ["sh", "-c", f'exec "$@" {STREAMS[streams]}', "sh", *command],
        input=stdin,
        capture_output=True,
        env=environment,
        timeout=timeout,
        cwd=tmp,
    )


def expected_status(streams: str, usual: int = 0) -> int:
    """The exit status a command that ends with ``usual`` has under ``streams``."""
    return OUTPUT_LOST if streams in ("stdout-closed", "stdout-full") else usual


DREW = ("Drew ", "Comprou ", "Virou ")
"""How a draw is said (en, pt, pt-BR): lines that start so count as moves said."""


@pytest.mark.parametrize("setup", sorted(LOCALES))
@pytest.mark.parametrize(
    ("args", "plain"),
    [
        (["--lang", "pt", "--speech", "none"], "Ate a proxima."),
        (["--lang", "pt", "--help"], "Novo no jogo? Comece por: pyramide aprender (uma licao"),
        (["--lang", "pt", "deal", "PY1-N-AAAAAAS", "--symbols"], "monte (primeira a sair"),
        (["--lang", "pt", "solve", "PY1-N-AAAAAAS"], "posicoes"),
        (["--lang", "pt", "stats"], "Ainda nao terminou"),
    ],
    ids=["game", "help", "deal", "solve", "stats"],
)
def test_every_output_writes_what_its_encoding_can_take(
    tmp_path: Path, setup: str, args: list[str], plain: str
) -> None:
    variables, encoding = LOCALES[setup]
    result = run(tmp_path, *args, stdin=b"d\nq\n", extra_env=variables)
    no_traceback(result)
    assert result.returncode == 0, result.stderr
    text = result.stdout.decode(encoding)  # strict: every byte is the encoding's
    if encoding == "ascii":
        # Accents become plain letters a listener still reads: «Até à próxima».
        assert plain in text, text
        assert re.search(r"\w\?\w", text) is None, text  # no letter lost inside a word


def test_latin_1_output_keeps_its_accents(tmp_path: Path) -> None:
    result = run(tmp_path, "--lang", "pt", stdin=b"q\n", extra_env=LOCALES["latin-1"][0])
    assert "Até à próxima." in result.stdout.decode("latin-1")


@pytest.mark.parametrize("streams", sorted(STREAMS))
@pytest.mark.parametrize(
    "args",
    [
        ["--speech", "none"],
        ["--help"],
        ["deal", "PY1-N-AAAAAAS"],
        ["solve", "PY1-N-AAAAAAS"],
        ["stats"],
        ["--passes", "x"],
    ],
    ids=["game", "help", "deal", "solve", "stats", "usage-error"],
)
def test_closed_or_full_streams_end_quietly_with_the_right_status(
    tmp_path: Path, streams: str, args: list[str]
) -> None:
    usage_error = args[0] == "--passes"
    result = run_with_streams(tmp_path, args, streams=streams, stdin=b"d\nq\n")
    err = no_traceback(result)
    assert "Exception ignored" not in err, err
    # A usage error writes nothing on standard output: 2 whatever that output is.
    assert result.returncode == (2 if usage_error else expected_status(streams)), err
    if result.returncode == OUTPUT_LOST:
        reason = "Bad file descriptor" if streams == "stdout-closed" else "No space left on device"
        said = f"pyramide: The output cannot be written ({reason}); the program stops."
        assert err.splitlines() == [said], err
    elif not usage_error and streams not in ("stdout-closed", "stdout-full"):
        assert result.stdout, err
    if args[0] == "--speech":  # the game: nothing done that was not said
        drew = [line for line in result.stdout.decode().splitlines() if line.startswith(DREW)]
        assert saved_moves(tmp_path / "data") in ([], [len(drew)])
        if streams == "stdin-closed":
            assert result.stdout.decode().splitlines()[-1] == "Your game is saved. Goodbye."


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "Não é possível escrever a saída (No space left on device); o programa termina."),
        ("pt-BR", "Não dá para escrever a saída (No space left on device); o programa vai parar."),
    ],
)
def test_output_lost_is_said_in_the_players_language(tmp_path: Path, lang: str, said: str) -> None:
    result = run_with_streams(tmp_path, ["--lang", lang, "stats"], streams="stdout-full")
    assert result.returncode == OUTPUT_LOST
    assert result.stderr.decode().splitlines() == [f"pyramide: {said}"]


def test_a_worker_killed_from_outside_ends_analyse_with_one_sentence(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "pyramide_a11y", "analyse", "--deals", "1000000000", "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env(tmp_path),
        cwd=tmp_path,
    )
    assert wait_until(lambda: len(child_processes(process.pid)) == 2)
    workers = child_processes(process.pid)
    os.kill(workers[0], signal.SIGKILL)
    out, err = process.communicate(timeout=30)
    assert process.returncode == 1
    assert out == b""
    assert err.decode().splitlines() == [
        "pyramide: A worker process ended unexpectedly (exit code -9); no report."
    ]
    assert wait_until(lambda: not any(process_alive(pid) for pid in workers), 10)


def test_a_reader_that_goes_away_is_not_an_error(tmp_path: Path) -> None:
    # ``pyramide deal … | head -1``: exit 0, nothing on standard error.
    process = subprocess.Popen(
        [sys.executable, "-m", "pyramide_a11y", "analyse", "--deals", "3", "--jobs", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env(tmp_path),
        cwd=tmp_path,
    )
    assert process.stdout is not None
    process.stdout.close()  # before anything is written: the pipe has no reader
    _out, err = process.communicate(timeout=60)
    assert err == b"", err
    assert process.returncode == 0


# -- numbers --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["--passes", "99999999999999999999999", "deal", "PY1-N-AAAAAAS"],
        ["--hint-time", "0"],
        ["--hint-time", "-1"],
        ["--rate", "9" * 5000],
        ["analyse", "--deals", "1", "--timeout", "0"],
        ["analyse", "--deals", "1", "--timeout", "-5"],
        ["analyse", "--deals", "1", "--timeout", "nan"],
        ["analyse", "--deals", str(10**26)],
        ["history", "99999999999999999999999"],
        ["history", "--limit", "99999999999999999999999"],
    ],
)
def test_numbers_out_of_range_get_one_sentence(tmp_path: Path, args: list[str]) -> None:
    for lang in ("en", "pt"):
        result = run(tmp_path, "--lang", lang, *args)
        err = no_traceback(result)
        assert result.returncode == 2
        if lang == "pt":
            assert "fora do intervalo" in err or "não é um número" in err, err


def test_replay_of_a_huge_game_number_is_no_such_game(tmp_path: Path) -> None:
    result = run(tmp_path, "replay", "9" * 30)
    no_traceback(result)
    assert result.returncode == 1


# -- signals --------------------------------------------------------------------------------


STOPPING = [
    (signal.SIGINT, 130),
    (signal.SIGTERM, 143),
    (signal.SIGHUP, 129),
    (signal.SIGQUIT, 131),
]


@contextlib.contextmanager
def _reaped(process: subprocess.Popen[bytes]) -> Iterator[None]:
    """The block; then whatever still runs of ``process``'s group killed, its
    workers too (it was started with ``start_new_session``: its group is its
    pid; an empty group is no error)."""
    try:
        yield
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(30)


@pytest.mark.parametrize("group", [False, True], ids=["to-the-command", "to-its-group"])
@pytest.mark.parametrize(("sig", "status"), STOPPING, ids=lambda v: getattr(v, "name", v))
@pytest.mark.parametrize(
    "command", [["analyse", "--deals", "1000000000", "--jobs", "2"], []], ids=["analyse", "game"]
)
def test_signals_end_quietly(
    tmp_path: Path, sig: int, status: int, command: list[str], group: bool
) -> None:
    # The command alone (kill PID) or its whole process group, as a terminal that
    # hangs up or a Ctrl-C / Ctrl-\\ does: its workers end with it, quietly.
    process = subprocess.Popen(
        [sys.executable, "-m", "pyramide_a11y", "--speech", "none", *command],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env(tmp_path),
        cwd=tmp_path,
        start_new_session=True,
        preexec_fn=stopping_signals_by_default,
    )
    # A failure leaves nothing running: orphaned workers would take the CPU from
    # every test after this one.
    with _reaped(process):
        assert process.stdout is not None
        if command:  # both workers started (each with its signals set)
            assert wait_until(lambda: len(child_processes(process.pid)) == 2)
            workers = child_processes(process.pid)
        else:  # the game said its opening: it is reading
            process.stdout.readline()
            workers = []
        if group:
            os.killpg(process.pid, sig)
        else:
            process.send_signal(sig)
        _out, err = process.communicate(timeout=30)
        assert b"Traceback" not in err, err
        assert process.returncode == status
        assert len(err.strip().splitlines()) <= 1, err
        assert wait_until(lambda: not any(process_alive(pid) for pid in workers), 10), workers
        if not command:  # the game in play was saved
            assert stored_rows(tmp_path / "data", "SELECT count(*) FROM games") == [(1,)]


def test_analyse_workers_end_when_the_command_is_killed(tmp_path: Path) -> None:
    # SIGKILL: no handler of ours runs; the kernel ends the workers (Linux).
    process = subprocess.Popen(
        [sys.executable, "-m", "pyramide_a11y", "analyse", "--deals", "1000000000", "--jobs", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env(tmp_path),
        cwd=tmp_path,
    )
    assert wait_until(lambda: len(child_processes(process.pid)) >= 1)
    workers = child_processes(process.pid)
    process.kill()
    process.wait(30)
    assert wait_until(lambda: not any(process_alive(pid) for pid in workers), 10), workers


# A signal while the program still loads (a slow first run, a busy machine): the
# launcher's own handler, raised as the program is imported.
_SIGNAL_WHILE_LOADING = """
import builtins, os, signal, sys
from pyramide_a11y import launch
real_import = builtins.__import__
def importing(name, *args, **kwargs):
    if name == "pyramide_a11y.cli.main":
        os.kill(os.getpid(), int(sys.argv[1]))
    return real_import(name, *args, **kwargs)
builtins.__import__ = importing
raise SystemExit(launch.main())
"""


@pytest.mark.parametrize(("sig", "status"), STOPPING, ids=lambda v: getattr(v, "name", v))
def test_a_signal_while_loading_ends_quietly(tmp_path: Path, sig: int, status: int) -> None:
    result = subprocess.run(
        [sys.executable, "-c", _SIGNAL_WHILE_LOADING, str(int(sig))],
        capture_output=True,
        env=env(tmp_path),
        cwd=tmp_path,
        timeout=60,
        preexec_fn=stopping_signals_by_default,
    )
    assert result.stderr == b"", result.stderr  # no traceback from inside an import
    assert result.stdout == b""
    assert result.returncode == status


# -- files the player owns --------------------------------------------------------------------


def _played(tmp: Path) -> None:
    run(tmp, "--speech", "none", stdin=b"draw\nquit\n")


@pytest.mark.parametrize("name", ["", ".", "/", "folder/"])
def test_export_to_no_file_name_is_one_sentence(tmp_path: Path, name: str) -> None:
    _played(tmp_path)
    (tmp_path / "folder").mkdir()
    result = run(tmp_path, "history", "--export", name)
    no_traceback(result)
    assert result.returncode == 1


def test_export_keeps_a_file_it_was_not_told_to_replace(tmp_path: Path) -> None:
    _played(tmp_path)
    (tmp_path / "notes.json").write_text("mine")
    result = run(tmp_path, "history", "--export", "notes.txt")
    assert result.returncode == 0
    assert (tmp_path / "notes.json").read_text() == "mine"
    assert stat.S_IMODE((tmp_path / "notes.txt").stat().st_mode) == 0o600
    result = run(tmp_path, "history", "--export", "notes.txt")
    assert result.returncode == 1 and b"--force" in result.stdout
    assert run(tmp_path, "history", "--export", "notes.txt", "--force").returncode == 0


@sqlite_file
def test_the_data_folder_and_database_are_private(tmp_path: Path) -> None:
    _played(tmp_path)
    assert stat.S_IMODE((tmp_path / "data").stat().st_mode) == 0o700
    assert stat.S_IMODE((tmp_path / "data" / "pyramide.sqlite3").stat().st_mode) == 0o600


# -- damaged databases --------------------------------------------------------------------------


@sqlite_file
def test_a_negative_schema_version_is_set_aside(tmp_path: Path) -> None:
    _played(tmp_path)
    with sqlite3.connect(tmp_path / "data" / "pyramide.sqlite3") as conn:
        conn.execute("PRAGMA user_version = -3")
    for args in (["stats"], ["history"], ["replay", "1"]):
        no_traceback(run(tmp_path, *args))
    assert any("unknown" in p.name for p in (tmp_path / "data").iterdir())


# -- fuzz -------------------------------------------------------------------------------------

COUNTS: dict[str, Counter[str]] = defaultdict(Counter)
"""What the fuzz tests ran, by class (printed by ``test_fuzz_counts_are_reported``)."""
QUICK = settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
DEEP = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
"""A few examples in the default run; many in the slow one (``pytest -m ""``)."""

LINES = st.lists(
    st.one_of(
        st.text(max_size=40),
        st.sampled_from(
            [
                "draw",
                "d",
                "u",
                "h",
                "new",
                "new x.json",
                "pensar 0",
                "think 9e99",
                "rate 99999999999999999999",
                "lang br",
                "quit",
                "?",
                "status",
            ]
        ),
    ),
    max_size=8,
)
SUBCOMMANDS = [
    ["solve", "--layout", "f"],
    ["deal", "--layout", "f"],
    ["replay", "--layout", "f", "--moves", "f"],
    ["solve", "--timeout", "0.1"],
    ["stats"],
    ["history"],
    ["replay"],
    ["analyse", "--jobs", "1", "--timeout", "0.05", "--deals"],
    ["history", "--export"],
]

HOSTILE_LINE = st.one_of(
    st.text(max_size=30).map(lambda text: text.encode("utf-8", "surrogatepass")),
    st.binary(max_size=30),
).map(lambda raw: b"~" + raw.replace(b"\n", b" ").replace(b"\r", b" "))
"""A line that is no command (it starts with ``~``): text, control bytes, bytes
that are not UTF-8."""
DRAWS_AND_NOISE = st.lists(st.one_of(st.just(b"d"), HOSTILE_LINE), max_size=12)
"""At most 12 draws: the deal's 23 stock cards never run out, so each is a draw."""
TESTED_DEAL = "PY1-N-AAAAAAB"


def _fuzz_whole_program(
    tmp: Path, setup: str, streams: str, environment: str, lang: str, lines: list[bytes]
) -> None:
    """The game piped, under an output set-up, stream set-up and environment: no
    traceback, the documented exit status, and every draw said is saved and every
    draw saved was said."""
    COUNTS["locale"][setup] += 1
    COUNTS["streams"][streams] += 1
    COUNTS["environment"][environment] += 1
    variables = {**ENVIRONMENTS[environment], **LOCALES[setup][0]}
    data = b"".join(line + b"\n" for line in lines) + b"quit\n"
    args = ["--lang", lang, "--speech", "none", "--deal", TESTED_DEAL]
    result = run_with_streams(tmp, args, streams=streams, stdin=data, extra_env=variables)
    err = no_traceback(result)
    assert "Exception ignored" not in err, err
    assert result.returncode == expected_status(streams), (result.returncode, err)
    text = result.stdout.decode(LOCALES[setup][1])  # strict: the output's encoding
    said = sum(1 for line in text.splitlines() if line.startswith(DREW))
    if streams == "stdin-closed":
        expected = 0
    elif streams in ("stdout-closed", "stdout-full"):
        expected = 0  # it stops at its first line, before reading any
    else:
        expected = lines.count(b"d")
    assert said == expected, text
    assert saved_moves(tmp / "data") in ([said], [] if said == 0 else [said]), (said, text)
    COUNTS["cases"]["whole program"] += 1


WHOLE_PROGRAM = {
    "setup": st.sampled_from(sorted(LOCALES)),
    "streams": st.sampled_from(sorted(STREAMS)),
    "environment": st.sampled_from(sorted(ENVIRONMENTS)),
    "lang": st.sampled_from(["en", "pt", "pt-BR"]),
    "lines": DRAWS_AND_NOISE,
}


@QUICK
@given(**WHOLE_PROGRAM)
def test_fuzz_the_whole_program_a_few(
    tmp_path_factory: pytest.TempPathFactory,
    setup: str,
    streams: str,
    environment: str,
    lang: str,
    lines: list[bytes],
) -> None:
    _fuzz_whole_program(tmp_path_factory.mktemp("fuzz"), setup, streams, environment, lang, lines)


@pytest.mark.slow
@pytest.mark.timeout(1800)  # every example in one call: the budget of them all
@DEEP
@given(**WHOLE_PROGRAM)
def test_fuzz_the_whole_program_deep(
    tmp_path_factory: pytest.TempPathFactory,
    setup: str,
    streams: str,
    environment: str,
    lang: str,
    lines: list[bytes],
) -> None:
    _fuzz_whole_program(tmp_path_factory.mktemp("fuzz"), setup, streams, environment, lang, lines)


@pytest.mark.slow
@pytest.mark.timeout(900)
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    lang=st.sampled_from(["en", "pt", "pt-BR"]),
    lines=LINES,
    raw=st.binary(max_size=60),
    setup=st.sampled_from(sorted(LOCALES)),
)
def test_fuzz_the_piped_game(
    tmp_path_factory: pytest.TempPathFactory, lang: str, lines: list[str], raw: bytes, setup: str
) -> None:
    tmp = tmp_path_factory.mktemp("fuzz")
    COUNTS["cases"]["piped game"] += 1
    COUNTS["locale"][setup] += 1
    data = "\n".join(lines).encode("utf-8", "surrogatepass") + b"\n" + raw + b"\nquit\n"
    result = run(tmp, "--lang", lang, "--speech", "none", stdin=data, extra_env=LOCALES[setup][0])
    no_traceback(result)
    assert result.returncode == 0
    result.stdout.decode(LOCALES[setup][1])  # strict: the output's encoding


def _fuzz_subcommand(
    tmp: Path, command: list[str], word: str, content: bytes, lang: str, setup: str
) -> None:
    (tmp / "f").write_bytes(content)
    COUNTS["cases"]["subcommands"] += 1
    COUNTS["locale"][setup] += 1
    word = word.replace("\x00", "")
    if command[0] == "analyse" and _deals_in_range(word):
        word = str(int(word) % 5 + 1)  # a real run of 10^5 deals is no input check
    args = [*command, word] if command[-1].startswith("--") or command == ["replay"] else command
    result = run(tmp, "--lang", lang, *args, timeout=30, extra_env=LOCALES[setup][0])
    no_traceback(result)
    assert result.returncode in (0, 1, 2), result
    result.stdout.decode(LOCALES[setup][1])  # strict: the output's encoding


SUBCOMMAND_CASES = {
    "command": st.sampled_from(SUBCOMMANDS),
    "word": st.one_of(st.text(max_size=12), st.integers(-(10**30), 10**30).map(str)),
    "content": st.binary(max_size=200),
    "lang": st.sampled_from(["en", "pt", "pt-BR"]),
    "setup": st.sampled_from(sorted(LOCALES)),
}


@QUICK
@given(**SUBCOMMAND_CASES)
def test_fuzz_every_subcommand_a_few(
    tmp_path_factory: pytest.TempPathFactory,
    command: list[str],
    word: str,
    content: bytes,
    lang: str,
    setup: str,
) -> None:
    _fuzz_subcommand(tmp_path_factory.mktemp("fuzz"), command, word, content, lang, setup)


@pytest.mark.slow
@pytest.mark.timeout(1200)
@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(**SUBCOMMAND_CASES)
def test_fuzz_every_subcommand(
    tmp_path_factory: pytest.TempPathFactory,
    command: list[str],
    word: str,
    content: bytes,
    lang: str,
    setup: str,
) -> None:
    _fuzz_subcommand(tmp_path_factory.mktemp("fuzz"), command, word, content, lang, setup)


def _deals_in_range(word: str) -> bool:
    """Whether ``word`` reads as a count of deals ``analyse`` would really solve."""
    try:
        return 1 <= int(word) <= 10**9
    except ValueError:
        return False


def test_fuzz_counts_are_reported() -> None:
    """Last in the file: what the fuzz tests above ran (``pytest -s``)."""
    print(json.dumps({name: dict(counter) for name, counter in COUNTS.items()}))
