"""A worker of ``analyse`` killed from outside ends the command with one sentence
(tests/test_hostile.py runs it for real). What its pipe says then depends on
timing: end of file, or a reset when the job it was sent was still unread. Both
are "nothing sent", never a traceback."""

from __future__ import annotations

from multiprocessing import Pipe

from pyramide_a11y.cli.workers import _last_result


def test_a_killed_worker_with_its_job_unread_sent_nothing() -> None:
    ours, theirs = Pipe()
    ours.send("a deal")  # the job, never read
    theirs.close()  # killed: the kernel resets the connection
    assert _last_result(ours) is None


def test_a_worker_that_ended_after_its_result_sent_it() -> None:
    ours, theirs = Pipe()
    theirs.send(None)  # a result may be None
    theirs.close()
    assert _last_result(ours) == (None,)
    assert _last_result(ours) is None  # then the end of the pipe: nothing more


def test_a_worker_still_thinking_sent_nothing() -> None:
    ours, _theirs = Pipe()
    assert _last_result(ours) is None
