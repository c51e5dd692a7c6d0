"""Issue 29 and 28 at the prompt: pastes read as the lines they hold, no key that
leaves the prompt in a mode nobody hears, focus reports asked only of a terminal
that reads escape sequences, and through the prompt's own output.

Each test runs the real ``PromptSession`` (pipe input) in a thread and waits for
it to end with a deadline: a prompt that hangs fails, it never blocks the run."""

from __future__ import annotations

import io
import os
import signal
import sys
import threading
from pathlib import Path

import pytest
from kit import child_processes, process_alive, wait_until
from playthrough import recording_session, won_code
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from terminal import TMUX, window

from pyramide_a11y.core.session import Session
from pyramide_a11y.terminal import console
from pyramide_a11y.terminal.loop import Printer, run_prompt

DEADLINE = 30.0


def _run(typed: list[str], **kwargs: object) -> tuple[Session, list[str], str]:
    """Run the prompt on the pyramide deal, ``typed`` sent in parts; the session,
    what was spoken, what was printed. Fails if the prompt does not end."""
    session, speaker = recording_session(won_code("pyramide"), "en", keyboard_keys=True)
    out = io.StringIO()
    with create_pipe_input() as pipe:
        thread = threading.Thread(
            target=run_prompt,
            args=(session, Printer(out)),
            kwargs={"input": pipe, "output": DummyOutput(), **kwargs},
            daemon=True,
        )
        thread.start()
        for part in typed:
            pipe.send_text(part)
        thread.join(DEADLINE)
        if thread.is_alive():
            pipe.close()  # let the thread end (EOF), then fail
            thread.join(5)
            pytest.fail(f"the prompt hung; it said {speaker.spoken!r}")
    return session, speaker.spoken, out.getvalue()


def test_an_unfinished_bracketed_paste_does_not_hold_the_prompt() -> None:
    session, spoken, _ = _run(["\x1b[200~d\r", "d\r", "q\r"])
    assert session.game.moves == 2
    assert spoken[-1] == "Goodbye."


@pytest.mark.parametrize("newline", ["\n", "\r", "\r\n"])
def test_a_paste_of_several_lines_is_each_line_a_command_in_order(newline: str) -> None:
    paste = newline.join(["d", "d", "undo"]) + newline
    session, spoken, _ = _run(["\x1b[200~" + paste + "\x1b[201~", "q\r"])
    assert session.game.moves == 2  # two draws; undo does not lower the counter
    assert len(session.game.position.waste) == 1 + 1  # the deal's one card, one draw left
    heard = [said for said in spoken[1:] if said.startswith(("Drew", "Move undone"))]
    assert [said.split()[0] for said in heard] == ["Drew", "Drew", "Move"], spoken
    assert spoken[-1] == "Goodbye."


@pytest.mark.parametrize(
    "typed",
    [
        "dr\x12aw\r",  # Ctrl-R: history search
        "dr\x13aw\r",  # Ctrl-S: history search forward
        "d\x11\r",  # Ctrl-Q: quoted insert (of Enter)
        "dr\x00aw\r",  # Ctrl-Space: the selection mark
        "dr\x1b3aw\r",  # Escape 3: repeat the next key 3 times
        "dr\x1b-aw\r",  # Escape -: a negative repeat
        "\x18(d\x18)\x18e\r",  # Ctrl-X ( … ): record a macro, Ctrl-X e: play it
    ],
    ids=["ctrl-r", "ctrl-s", "ctrl-q", "ctrl-space", "esc-digit", "esc-minus", "macro"],
)
def test_no_key_leaves_the_prompt_in_a_hidden_mode(typed: str) -> None:
    # The key inside a command being typed: the command is still what is heard.
    session, spoken, _ = _run([typed, "q\r"])
    assert session.game.moves == 1, spoken
    assert spoken[-1] == "Goodbye."


@pytest.mark.parametrize("typed", ["\x1dd\r", "d\x1d\r"], ids=["a-letter", "enter"])
def test_ctrl_close_bracket_leaves_the_next_key_as_it_is(typed: str) -> None:
    session, spoken, _ = _run([typed, "q\r"])
    assert session.game.moves == 1, spoken


class _FakeTty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_focus_reports_go_through_the_prompts_output_to_a_vt_terminal() -> None:
    screen = _FakeTty()
    # The output the program makes for a terminal (console.terminal_output).
    output = console.PlainVt100Output(screen, lambda: Size(rows=24, columns=80), term="xterm")
    session, _ = recording_session(won_code("pyramide"), "en", keyboard_keys=True)
    printed = _FakeTty()
    with create_pipe_input() as pipe:
        pipe.send_text("q\r")
        run_prompt(session, Printer(printed), input=pipe, output=output)
    drawn = screen.getvalue()
    assert drawn.count("\x1b[?1004h") == 1 and drawn.count("\x1b[?1004l") == 1
    assert drawn.index("\x1b[?1004h") < drawn.index("\x1b[?1004l")
    assert "\x1b[?2004h" not in drawn  # bracketed paste is never asked for
    assert "\x1b" not in printed.getvalue()  # the answers are plain lines


def test_no_focus_report_sequence_on_a_legacy_windows_console(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The program on Windows: prompt_toolkit's own output for the console, which
    # here is a legacy one (no VT100). The printer's stream is a terminal.
    monkeypatch.setattr(console, "WINDOWS", True)
    legacy = DummyOutput()
    made: list[object] = []

    def create_output(stdout: object) -> DummyOutput:
        made.append(stdout)
        return legacy

    monkeypatch.setattr(console, "create_output", create_output)
    session, _ = recording_session(won_code("pyramide"), "en", keyboard_keys=True)
    printed = _FakeTty()
    with create_pipe_input() as pipe:
        pipe.send_text("q\r")
        run_prompt(session, Printer(printed), input=pipe)
    assert made == [printed]
    assert "1004" not in printed.getvalue()
    assert printed.getvalue().splitlines()[-1].endswith("Goodbye.")


def test_the_prompt_writes_what_an_ascii_terminal_can_show() -> None:
    from pyramide_a11y.cli.streams import READABLE, register_readable_errors

    register_readable_errors()
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii", errors=READABLE, write_through=True)
    output = console.PlainVt100Output(
        console._TextStream(stream),  # type: ignore[arg-type]
        lambda: Size(rows=24, columns=80),
        term="xterm",
    )
    output.write("Não há cópia: «paus»")
    output.flush()
    assert raw.getvalue().decode("ascii").endswith('Nao ha copia: "paus"')


@pytest.mark.skipif(TMUX is None, reason="tmux is not installed")
@pytest.mark.parametrize(("sig", "status"), [("INT", 130), ("HUP", 129), ("QUIT", 131)])
def test_analyse_in_a_real_terminal_ends_on_a_signal_with_its_workers(
    tmp_path: Path, sig: str, status: int
) -> None:
    # The command in a terminal's foreground (a progress bar), signalled by
    # ``kill -SIG PID`` from elsewhere: it ends quietly, and so do its workers.
    pid_file = tmp_path / "pid"
    command = (
        f"PYRAMIDE_DATA_DIR={tmp_path} {sys.executable} -c "
        f"\"import os, sys; open('{pid_file}', 'w').write(str(os.getpid())); "
        "sys.argv = ['pyramide', 'analyse', '--deals', '1000000000', '--jobs', '2']; "
        'from pyramide_a11y.launch import main; raise SystemExit(main())"; '
        "echo EXIT=$?; sleep 30"
    )
    with window(command) as terminal:
        assert "deals" in terminal.wait_for(" deals, ", 60)  # the progress bar runs
        pid = int(pid_file.read_text())
        workers = child_processes(pid)
        assert len(workers) == 2
        os.kill(pid, getattr(signal, f"SIG{sig}"))
        screen = terminal.wait_for("EXIT=", 30)
    assert f"EXIT={status}" in screen, screen
    assert "Traceback" not in screen and "Process " not in screen, screen
    assert wait_until(lambda: not any(process_alive(p) for p in workers), 10), workers


class _Gone(BaseException):
    """What a guarded standard output raises once it cannot be written."""


class _GoneOut(io.StringIO):
    def write(self, text: str) -> int:
        raise _Gone


def test_a_late_answer_that_cannot_be_written_ends_the_loop_on_its_main_thread(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A hint or par written from its own thread when the output is gone (full,
    # closed): no thread traceback; the main thread meets the failure next.
    from pyramide_a11y.core.answer import Answer

    hooked: list[object] = []
    monkeypatch.setattr(threading, "excepthook", hooked.append)
    printer = Printer(_GoneOut())
    thread = threading.Thread(target=printer.late, args=(Answer(["Hint: draw a card."]),))
    thread.start()
    thread.join(10)
    assert hooked == []
    with pytest.raises(_Gone):
        printer.write(Answer(["Goodbye."]))
