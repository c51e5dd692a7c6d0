"""The web worker's collector policy (``web/collector.py``, issue 38): what survives
a full collection is frozen, so the next walks only what came since; cyclic garbage
among frozen objects is freed once the whole heap is walked again, every
``whole_every_s``. Run in this process with a clock of the test's own, and taken
out again after each test."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest
from fakes import FakeClock

from pyramide_a11y.web.collector import ShortPauses


class Node:
    """An object the collector tracks, in a cycle with itself when asked."""

    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture
def policy() -> Iterator[tuple[ShortPauses, FakeClock]]:
    gc.collect()
    gc.unfreeze()
    clock = FakeClock()
    pauses = ShortPauses(whole_every_s=60, clock=clock)
    pauses.install()
    try:
        yield pauses, clock
    finally:
        pauses.remove()
    assert pauses not in gc.callbacks and gc.get_freeze_count() == 0


def _walked(thing: object) -> bool:
    """``thing`` is in a generation the collector walks (not frozen)."""
    return any(found is thing for found in gc.get_objects())


def test_what_survives_a_full_collection_is_left_out_of_the_next(
    policy: tuple[ShortPauses, FakeClock],
) -> None:
    kept = [Node() for _ in range(1000)]
    assert _walked(kept[0])
    gc.collect()
    assert gc.get_freeze_count() >= len(kept)
    assert not _walked(kept[0]) and not _walked(kept)
    young = Node()
    assert _walked(young)  # made since: walked


def test_a_frozen_object_is_still_freed_by_its_last_reference(
    policy: tuple[ShortPauses, FakeClock],
) -> None:
    alone = Node()
    gone = weakref.ref(alone)
    gc.collect()
    assert not _walked(alone)
    del alone
    assert gone() is None


def test_a_frozen_cycle_is_freed_by_the_whole_walk_after_its_time(
    policy: tuple[ShortPauses, FakeClock],
) -> None:
    _, clock = policy
    ring = Node()
    ring.other = ring
    gone = weakref.ref(ring)
    gc.collect()  # alive: frozen
    del ring
    gc.collect()
    assert gone() is not None  # garbage, but frozen: not walked yet
    clock.now += 59
    gc.collect()
    assert gone() is not None
    clock.now += 1
    gc.collect()  # the whole walk's time: everything given back
    assert gc.get_freeze_count() == 0
    gc.collect()  # and walked
    assert gone() is None
    assert gc.get_freeze_count() > 0  # frozen again after that walk


def test_only_full_collections_freeze(policy: tuple[ShortPauses, FakeClock]) -> None:
    Node()
    gc.collect(0)
    gc.collect(1)
    assert gc.get_freeze_count() == 0
