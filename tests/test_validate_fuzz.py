"""Fuzzing the whole read + replay-validate path (design.md 7): random
mutations of valid files never raise anything but the project's own errors,
lenient reading raises nothing at all, and every error carries a line and a
column inside the file."""

from __future__ import annotations

import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ingest.generate import generate_session_text
from ingest.shn.reader import _LineEnds
from ingest.validate import validate_text
from replay.errors import ShedError

EXAMPLE = Path(__file__).resolve().parents[1] / "data" / "sheepshead" / "example_session.shn"
BASE = [EXAMPLE.read_text(encoding="utf-8"), generate_session_text(11, 6, score_sheet_rate=0.3)]
TOKENS = ["hand", "t1", "t7", "Al:", "Zed:", "pick", "call", "AH", "10D", "??", "^R", "^", "{", "}", "[", "]", '"',
          "score", "+99", "-", "?", "leaster", "doubler", "misdeal", "alone", "claim", "QC", "QC", "7♦", "\n", ";",
          "pts", "tricks", "win-z", "bury", "blind", "deal", "dealer", "partner", "crack", "blitz", "red", "stake",
          "castrate", "jacks", "sheepshead"]


def mutate(text: str, rng: random.Random, n: int) -> str:
    parts = text.split(" ")
    for _ in range(n):
        op = rng.randrange(6)
        i = rng.randrange(len(parts))
        if op == 0:
            parts[i] = rng.choice(TOKENS)
        elif op == 1 and len(parts) > 1:
            del parts[i]
        elif op == 2:
            parts.insert(i, rng.choice(TOKENS))
        elif op == 3:
            j = rng.randrange(len(parts))
            parts[i], parts[j] = parts[j], parts[i]
        elif op == 4 and parts[i]:
            k = rng.randrange(len(parts[i]))
            parts[i] = parts[i][:k] + chr(rng.choice([0, 9, 13, 0x7F, 0xA0, 0x2028, 0xFEFF, rng.randrange(32, 0x3000)])) + parts[i][k + 1:]
        else:
            lines = " ".join(parts).split("\n")
            a = rng.randrange(len(lines))
            lines.insert(rng.randrange(len(lines)), lines[a])
            parts = "\n".join(lines).split(" ")
    return " ".join(parts)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32), st.integers(1, 8), st.sampled_from([0, 1]))
def test_mutated_files_never_crash_and_errors_are_placed(seed, n, which):
    text = mutate(BASE[which], random.Random(seed), n)
    nlines = _LineEnds().piece(text).count("\n") + 1  # the reader's lines: a soft line end ends one (notation.md §2.1)
    result = validate_text(text, "fuzz.shn")  # lenient: must not raise
    diags = list(result.errors) + [e for r in result.rejected for e in r.errors]
    diags += [d for h in result.hands for d in h.diagnostics]
    for d in diags:
        assert 1 <= d.line <= nlines, str(d)
        assert d.col >= 1, str(d)
        assert d.code and d.message
    for h in result.hands:
        assert sum(h.outcome.units.values()) == 0
    try:
        validate_text(text, "fuzz.shn", strict=True)
    except ShedError as exc:
        assert exc.diagnostic.line >= 1 and exc.diagnostic.col >= 1


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_never_crash(data):
    text = data.decode("utf-8", errors="replace")
    result = validate_text("%SHN 1.0\n" + text, "bytes.shn")
    for d in list(result.errors) + [e for r in result.rejected for e in r.errors]:
        assert d.line >= 1 and d.col >= 1
