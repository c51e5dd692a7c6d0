"""Golden transcripts: fixed deals and command lists → the exact text, in each
language. After a deliberate wording change, run scripts/update-golden and
review the diff."""

from __future__ import annotations

import pytest
from playthrough import GOLDEN, golden_cases, transcript

CASES = golden_cases()


@pytest.mark.parametrize("name", sorted(CASES))
def test_transcript_matches_golden(name: str) -> None:
    code, language, commands = CASES[name]
    expected = (GOLDEN / name).read_text(encoding="utf-8").splitlines()
    actual = transcript(code, language, commands).splitlines()
    for number, (want, got) in enumerate(zip(expected, actual, strict=False), start=1):
        assert got == want, f"{name} line {number}"
    assert len(actual) == len(expected), name
