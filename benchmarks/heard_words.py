"""Words a screen reader said per game move, and how many were noise, from a
transcript of the Orca kit (``/work/shared/orca-kit``: ``drive.py`` writes one
line per key press, ``HH:MM:SS >>> KEY``, then one per utterance,
``    [HH:MM:SS.ffffff] TEXT``).

Counted as the kit's ``words.py`` counts (its word pattern, key echo left out, a
move is an answer that changed the table), with two shares of noise: the kit's
own patterns (toggle-button states, list entry and exit, "grayed"), and the same
with the role words a player hears on every card or control ("push button",
"blank", "list box", "tool bar", "leaving …").

Usage: ``.venv/bin/python -m benchmarks.heard_words TRANSCRIPT [--since HH:MM:SS]``
(``--since``: only the key presses from then on, e.g. after the deal was typed).
"""

from __future__ import annotations

import argparse
import re
import statistics
from pathlib import Path

KEY = re.compile(r"^(\d\d:\d\d:\d\d) >>> (.*)$")
SAID = re.compile(r"^    \[(\d\d:\d\d:\d\d\.\d+)\](?: \{[^}]*\})? (.*)$")
MOVE = re.compile(
    r"(removed\.|to the waste|turned back|Move undone|Saíram|Saiu |para o descarte"
    r"|voltou para o monte|Jogada anulada)"
)
KEY_NAMES = {"tab", "return", "escape", "left shift", "left alt", "space"}
KIT_NOISE = (
    r"toggle button not pressed\.?",
    r"toggle button pressed\.?",
    r"leaving list\.",
    r"List with \d+ items?\.?",
    r"\bgrayed\b",
)
ROLE_NOISE = (
    r"push button\.?",
    r"^blank$",
    r"\blist box\b",
    r"\btool bar\b",
    r"\bleaving (?!list\.)\w+\.",
)


def words(text: str) -> int:
    """Words as the kit counts them."""
    return len(re.findall(r"[\w'?!-]+", text))


def presses(path: Path, since: str) -> list[tuple[str, list[str]]]:
    """(key, what was said after it, key echo left out) for each key press."""
    out: list[tuple[str, list[str]] | None] = []
    for line in path.read_text(errors="replace").splitlines():
        key = KEY.match(line)
        if key:
            late = key.group(1) >= since and not key.group(2).startswith("(")
            out.append((key.group(2), []) if late else None)
            continue
        said = SAID.match(line)
        current = out[-1] if out else None
        if said and current is not None:
            text = said.group(2).strip()
            if text.lower() not in KEY_NAMES and len(text) != 1:
                current[1].append(said.group(2))
    return [p for p in out if p is not None]


def noise(texts: list[str], patterns: tuple[str, ...]) -> int:
    return sum(
        words(hit) for text in texts for p in patterns for hit in re.findall(p, text.strip())
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("transcript", type=Path)
    parser.add_argument("--since", default="00:00:00")
    args = parser.parse_args()
    said = presses(args.transcript, args.since)
    texts = [t for _, utterances in said for t in utterances]
    total = sum(words(t) for t in texts)
    per_move: list[int] = []
    heard = 0
    for _, utterances in said:
        heard += sum(words(t) for t in utterances)
        if any(MOVE.search(t) for t in utterances):
            per_move.append(heard)
            heard = 0
    kit = noise(texts, KIT_NOISE)
    roles = kit + noise(texts, ROLE_NOISE)
    print(f"key presses: {len(said)}; words heard: {total}")
    median = statistics.median(per_move) if per_move else "-"
    print(f"words heard per move: n={len(per_move)} median={median} {per_move}")
    print(f"noise, the kit's patterns: {kit} of {total} ({100 * kit / max(total, 1):.1f}%)")
    print(f"noise, role words too: {roles} of {total} ({100 * roles / max(total, 1):.1f}%)")


if __name__ == "__main__":
    main()
