"""Issue 15: at most 100 errors a line (docs/notation.md §11).

``hand`` written 100,000 times on one line started 100,000 hands, each with
its own E-NUMBER: reading was linear but cost 3.4x a normal file's time per MB
(benchmarks/bench_hostile.py).  After 100 errors on a line the 101st is
reported as E-TOO-MANY at its own position and the rest of the line is not
read; the first 100 keep their codes and positions, and the lines after it
are read as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from ingest.cli import load_bytes
from ingest.shn.errors import ShnSyntaxError
from ingest.shn.reader import MAX_LINE_ERRORS, read

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = (ROOT / "data" / "sheepshead" / "example_session.shn").read_text(encoding="utf-8")
HEAD = '%SHN 1.0\n[Seats "Al; Bea; Cy; Di; Ed"]\n[Rules "wi5-called-ace"]\n'


def _before(text: str, starts: str, line: str) -> str:
    lines = text.split("\n")
    k = next(i for i, x in enumerate(lines) if x.startswith(starts))
    return "\n".join(lines[:k] + [line] + lines[k:])


def test_the_101st_error_of_a_line_is_e_too_many_and_the_next_lines_are_read():
    # 'hand ' x 150 on line 9 of the example session (before 'hand 14', its line 9, which becomes line 10).
    # Each 'hand' starts a hand whose number is the next word, 'hand': E-NUMBER at that word.  The k-th 'hand'
    # (k = 0, 1, ...) is at column 5k + 1, so the k-th hand's E-NUMBER is at column 5(k + 1) + 1 = 5k + 6:
    # hand 0 at 6, hand 99 at 501.  The 101st error (hand 100, at column 5 * 100 + 6 = 506) is E-TOO-MANY,
    # and the 150 - 100 - 1 = 49 tokens after that hand's 'hand' are not read: hand 100 holds them, its source
    # is 'hand ' x 50 and the line end, 251 characters.
    text = _before(EXAMPLE, "hand 14", "hand " * 150)
    f = read(text, "f.shn")
    line = f.hands[:101]
    assert all(len(h.errors) == 1 for h in line)
    assert [(e.code, e.line, e.col, e.found) for e in (line[0].errors[0], line[99].errors[0])] == [
        ("E-NUMBER", 9, 6, "'hand'"), ("E-NUMBER", 9, 501, "'hand'")]
    assert all(h.errors[0].code == "E-NUMBER" and h.errors[0].col == 5 * k + 6 for k, h in enumerate(line[:100]))
    e = line[100].errors[0]
    assert (e.code, e.file, e.line, e.col) == ("E-TOO-MANY", "f.shn", 9, 506)
    assert (e.found, e.expected) == ("more than 100 errors on one line", "at most 100 errors on one line")
    assert "the next is E-NUMBER" in e.message and "49 more tokens" in e.message
    assert line[100].source == "hand " * 50 + "\n" and len(line[100].source) == 251
    # the example's five hands after the line are read as without it
    assert [(h.number, h.errors) for h in f.hands[101:]] == [(14, []), (15, []), (16, []), (17, []), (18, [])]
    result, _ = load_bytes("f.shn", text.encode())
    assert [h.outcome.hand for h in result.hands] == [14, 15, 16, 17, 18]
    assert len(result.rejected) == 101


def test_strict_reading_raises_the_first_error_not_the_cap():
    with pytest.raises(ShnSyntaxError) as exc:
        read(HEAD + "hand " * 150 + "\n", "f.shn", strict=True)
    d = exc.value.diagnostic
    assert (d.code, d.line, d.col) == ("E-NUMBER", 4, 6)


@pytest.mark.parametrize(("words", "codes"), [
    (100, ["E-NUMBER"] * 100),  # 100 errors: the cap is not reached; the last 'hand' is followed by the line end
    (101, ["E-NUMBER"] * 100 + ["E-TOO-MANY"]),  # the 101st error is the cap, with 0 more tokens
])
def test_the_boundary_100_and_101_errors(words, codes):
    f = read(HEAD + "hand " * words + "\n", "f.shn")
    assert [e.code for h in f.hands for e in h.errors] == codes
    # the last 'hand' (k = words - 1, columns 5k+1..5k+4) is followed by the line end: its error is at the
    # column just after it, 5k + 5 (500 for 100 words, 505 for 101)
    assert f.hands[-1].errors[0].col == 5 * (words - 1) + 5 == {100: 500, 101: 505}[words]
    assert f.hands[-2].errors[0].col == 5 * (words - 2) + 6
    if words == 101:
        assert "0 more tokens" in f.hands[-1].errors[0].message


def test_tags_before_the_hands_are_capped_too():
    # '[Date "x"] ' x 150 after the example's [Date "2025.03.06"] (line 4): a new line 5, each tag a second Date,
    # E-DUPLICATE in the file's errors (outside a hand).  Each is 11 characters: the k-th at column 11k + 1.
    # Errors 1..100 are E-DUPLICATE at columns 1, 12, ..., 1090; the 101st (column 1101) is E-TOO-MANY.
    text = _before(EXAMPLE, "[Table", '[Date "x"] ' * 150)
    f = read(text, "f.shn")
    assert [(e.code, e.line, e.col) for e in f.errors[:2]] == [("E-DUPLICATE", 5, 1), ("E-DUPLICATE", 5, 12)]
    assert [e.code for e in f.errors] == ["E-DUPLICATE"] * 100 + ["E-TOO-MANY"]
    assert (f.errors[99].col, f.errors[100].col) == (1090, 1101)
    # a tag is one token: 150 tokens on the line, the 101st error at index 100, 150 - 100 - 1 = 49 after it
    assert "49 more tokens" in f.errors[100].message
    assert all(h.errors and h.errors[0].code == "E-SESSION" for h in f.hands)  # the session's tags had errors


@settings(max_examples=60, deadline=None)
@given(hs.integers(1, 400))
def test_a_line_never_gives_more_than_101_errors(words):
    # property: k 'hand' words on one line give min(k, 101) hands, min(k, 100) E-NUMBER and one E-TOO-MANY when
    # k > 100
    f = read(HEAD + "hand " * words + "\n", "f.shn")
    codes = [e.code for h in f.hands for e in h.errors]
    assert len(f.hands) == min(words, MAX_LINE_ERRORS + 1)
    assert codes == ["E-NUMBER"] * min(words, 100) + (["E-TOO-MANY"] if words > 100 else [])
