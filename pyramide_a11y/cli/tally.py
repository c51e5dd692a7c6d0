"""What ``pyramide analyse`` keeps of the deals it solved: a fixed amount of memory,
however many deals (``--deals`` goes up to 10^9).

Nothing per deal is kept. :class:`Tally` counts the verdicts and the nodes, keeps the
shortest and longest time exactly, the times in a :class:`LogHistogram` (fixed bins,
so the median and the 95th percentile are known within :data:`RELATIVE_PRECISION`),
and the codes of at most :data:`UNKNOWN_LISTED` unknown deals (the first in code
order, whatever order the processes finish in, so a run repeats exactly).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

UNKNOWN_LISTED = 20
"""How many unknown deals the report names; the rest are counted ("and N more")."""

BINS_PER_DOUBLING = 32
"""Histogram resolution: 32 bins between a time and its double."""

SMALLEST_SECONDS = 2.0**-20
"""Lower edge of the histogram (about 1 µs); faster deals share the first bin."""

LARGEST_SECONDS = 2.0**17
"""Upper edge of the histogram (about 36 hours, above the longest ``--timeout``)."""

BINS = BINS_PER_DOUBLING * round(math.log2(LARGEST_SECONDS / SMALLEST_SECONDS))

RELATIVE_PRECISION = 2.0 ** (1 / (2 * BINS_PER_DOUBLING)) - 1
"""A percentile read from the histogram is within this fraction (about 1.1%) of the
exact nearest-rank percentile, for times between the two edges: it is the
geometric middle of the exact value's bin, clamped to the shortest and longest time
seen (so a run whose times all fall in one bin is exact at both ends). Below the
lower edge it is within :data:`SMALLEST_SECONDS` (about 1 µs) of the exact value."""


@dataclass(slots=True)
class LogHistogram:
    """Counts of times in :data:`BINS` log-scale bins (constant memory).

    Bin ``i`` holds the times in ``[SMALLEST * 2**(i/32), SMALLEST * 2**((i+1)/32))``;
    times below the range go to the first bin, above it to the last. The exact
    shortest and longest times are kept beside the counts.
    """

    counts: list[int] = field(default_factory=lambda: [0] * BINS)
    total: int = 0
    low: float = math.inf
    high: float = -math.inf

    def add(self, seconds: float) -> None:
        """Count one time (a negative or NaN time counts as the smallest)."""
        if not seconds > SMALLEST_SECONDS:  # also NaN
            index = 0
        else:
            index = min(BINS - 1, int(math.log2(seconds / SMALLEST_SECONDS) * BINS_PER_DOUBLING))
        self.counts[index] += 1
        self.total += 1
        self.low = min(self.low, seconds)
        self.high = max(self.high, seconds)

    def percentile(self, fraction: float) -> float:
        """The nearest-rank percentile at ``fraction`` (0..1), within
        :data:`RELATIVE_PRECISION`: the same rank as ``solver.win_rates.percentile``.

        Raises:
            ValueError: no times counted.
        """
        if not self.total:
            raise ValueError("no values")
        rank = min(self.total, max(1, math.ceil(fraction * self.total)))
        # The ends are known exactly.
        if rank == self.total:
            return self.high
        if rank == 1:
            return self.low
        seen, index = 0, 0
        while seen + self.counts[index] < rank:
            seen += self.counts[index]
            index += 1
        middle = SMALLEST_SECONDS * math.pow(2.0, (index + 0.5) / BINS_PER_DOUBLING)
        return min(self.high, max(self.low, middle))

    def to_data(self) -> dict[str, Any]:
        """The histogram as JSON data: its bins (``bins_per_doubling``, ``smallest``
        seconds) and ``counts``, the ``[bin, count]`` pairs of the bins not empty
        (a few dozen, however many times). The shortest and longest times are the
        report's ``min`` and ``max``."""
        return {
            "bins_per_doubling": BINS_PER_DOUBLING,
            "smallest": SMALLEST_SECONDS,
            "counts": [[i, c] for i, c in enumerate(self.counts) if c],
        }

    @classmethod
    def from_data(cls, data: dict[str, Any], low: float, high: float) -> LogHistogram:
        """The histogram :meth:`to_data` wrote, with the shortest and longest times.

        Raises:
            ValueError: bins other than this module's, or a bin out of range.
        """
        if (
            data.get("bins_per_doubling") != BINS_PER_DOUBLING
            or data.get("smallest") != SMALLEST_SECONDS
        ):
            raise ValueError("histogram with other bins")
        histogram = cls(low=low, high=high)
        for index, count in data["counts"]:
            if not 0 <= index < BINS or count < 0:
                raise ValueError(f"bad histogram bin {index}: {count}")
            histogram.counts[index] += count
            histogram.total += count
        return histogram

    def merge(self, other: LogHistogram) -> None:
        """Count ``other``'s times too: the histogram of both runs' times, exactly
        what one run over all of them would hold."""
        for index, count in enumerate(other.counts):
            self.counts[index] += count
        self.total += other.total
        self.low = min(self.low, other.low)
        self.high = max(self.high, other.high)


@dataclass(slots=True)
class Tally:
    """The running summary of an ``analyse`` run; :meth:`add` one deal at a time.

    Memory stays the same whatever the number of deals: counts, a
    :class:`LogHistogram` and at most :data:`UNKNOWN_LISTED` deal codes.
    """

    name: Callable[[int], str] = str
    """The code of a deal number, asked only for unknown deals."""
    won: int = 0
    lost: int = 0
    unknown: int = 0
    nodes: int = 0
    times: LogHistogram = field(default_factory=LogHistogram)
    unknown_codes: list[str] = field(default_factory=list)
    """The first :data:`UNKNOWN_LISTED` unknown deal codes in code order."""

    @property
    def deals(self) -> int:
        """Deals counted so far."""
        return self.won + self.lost + self.unknown

    @property
    def unknown_not_listed(self) -> int:
        """Unknown deals counted but not in :attr:`unknown_codes`."""
        return self.unknown - len(self.unknown_codes)

    def add(self, number: int, winnable: bool | None, nodes: int, seconds: float) -> None:
        """Count one solved deal: its number, verdict (None = unknown), nodes and
        seconds. An unknown deal's code is kept when among the first in code order."""
        if winnable is True:
            self.won += 1
        elif winnable is False:
            self.lost += 1
        else:
            self.unknown += 1
            code = self.name(number)
            if len(self.unknown_codes) < UNKNOWN_LISTED or code < self.unknown_codes[-1]:
                bisect.insort(self.unknown_codes, code)
                del self.unknown_codes[UNKNOWN_LISTED:]
        self.nodes += nodes
        self.times.add(seconds)
