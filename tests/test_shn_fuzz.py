"""Fuzzing the SHN reader (design.md §7: the parser never crashes on any byte
sequence).

Random mutations of the normative example file — byte flips, deletions,
insertions of bytes, of Unicode text and of SHN tokens, duplicated and swapped
lines, truncation — are decoded the way ``read_file`` decodes bytes and read:

* lenient reading raises nothing at all;
* every diagnostic has a documented code, line >= 1 within the file, col >= 1,
  a message, and the hand number of a hand that was read (or None);
* strict reading raises only :class:`ShnSyntaxError` (a ``ShedError``), and
  exactly the earliest error that lenient reading reports;
* every hand's ``source`` is the text found at its position;
* a file that reads without error is written and read back with the same facts.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ingest.shn.errors import SYNTAX_CODES, ShnSyntaxError
from ingest.shn.reader import _LineEnds, read
from ingest.shn.record import facts
from ingest.shn.writer import write
from ingest.unicode_text import nfc
from replay.errors import ShedError

EXAMPLE = Path(__file__).resolve().parents[2] / "shared" / "data" / "sheepshead" / "example_session.shn"
if not EXAMPLE.exists():  # CI lays shared/ beside the clone
    EXAMPLE = Path(__file__).resolve().parents[1] / "data" / "sheepshead" / "example_session.shn"
DATA = EXAMPLE.read_bytes()

TOKENS = ["hand", "hand 3", "hand 99", "deal", "deal Al", "t1", "t7 Bea:", "Al:", ":", "score", "Al", "Zed", "?",
          "??", "-", "^", "^R", "^58", "pts", "tricks", "leaster", "call", "under", "blitz Cy black", "crack",
          "{", "}", "{note}", "[", "]", '[Session "s"]', '[Seats "Al; Bea"]', '[Date "x', '"', "\\", ";",
          "QC", "10♦", "q♠?!", "TH!!", "+2", "−4", "0", "\t", "\r", "\r\n", "\n", " ", "\ufeff", "\u2028", "\x85",
          "%SHN 1.0", "win-s", "misdeal", "alone"]


@st.composite
def mutated(draw) -> bytes:
    data = bytearray(DATA)
    for _ in range(draw(st.integers(1, 6))):
        op = draw(st.sampled_from(["flip", "delete", "bytes", "text", "token", "dupline", "swaplines", "truncate"]))
        at = draw(st.integers(0, len(data)))
        if op == "flip" and data:
            k = min(at, len(data) - 1)
            data[k] ^= draw(st.integers(1, 255))
        elif op == "delete":
            del data[at:at + draw(st.integers(1, 12))]
        elif op == "bytes":
            data[at:at] = draw(st.binary(min_size=1, max_size=6))
        elif op == "text":
            data[at:at] = draw(st.text(min_size=1, max_size=6)).encode("utf-8", "surrogatepass")
        elif op == "token":
            data[at:at] = (" " + draw(st.sampled_from(TOKENS)) + " ").encode()
        else:
            lines = bytes(data).split(b"\n")
            i = draw(st.integers(0, len(lines) - 1))
            if op == "dupline":
                lines.insert(i, lines[i])
            elif op == "swaplines":
                j = draw(st.integers(0, len(lines) - 1))
                lines[i], lines[j] = lines[j], lines[i]
            else:
                lines = lines[:i]
            data = bytearray(b"\n".join(lines))
    return bytes(data)


def decode(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")  # as read_file does


def check(text: str) -> None:
    f = read(text, path="fuzz.shn")  # must not raise
    body = text[1:] if text.startswith("\ufeff") else text
    # the text as the reader reads it: in NFC (one spelling of an accented name; the fuzz wrote U+F900, which is
    # U+8C48 there), its soft line ends as LF (notation.md §2.1)
    body = _LineEnds().piece(nfc(body))
    nlines = body.count("\n") + 1
    numbers = {h.number for h in f.hands} | {None}
    diags = list(f.errors) + [e for h in f.hands for e in h.errors]
    for d in diags:
        assert d.code in SYNTAX_CODES, d
        assert 1 <= d.line <= nlines and d.col >= 1, d
        # a warning (W-ENCODING: a Windows-1252 byte in a session tag value) is the only non-error
        assert d.file == "fuzz.shn" and d.message and d.severity == ("warning" if d.code[0] == "W" else "error")
        assert d.hand in numbers
    errors = [d for d in diags if d.severity == "error"]
    lines = body.split("\n")
    for h in f.hands:
        assert h.line == h.pos.line >= 1 and h.pos.col >= 1
        offset = sum(len(x) + 1 for x in lines[:h.line - 1]) + h.pos.col - 1
        # a keyword written in another case is that keyword (notation.md §2.3: `Hand 14` from a phone)
        assert body.startswith(h.source, offset) and h.source[:4].lower() == "hand"
    try:
        read(text, path="fuzz.shn", strict=True)
    except ShnSyntaxError as exc:
        assert isinstance(exc, ShedError)
        first = min((e for e in errors if e.code != "E-SESSION"), key=lambda e: (e.line, e.col))
        assert exc.diagnostic == first
    else:
        assert errors == []
    if not errors:
        again = read(write(f), strict=True)
        assert facts(again.hands) == facts(f.hands)


FUZZ = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(mutated())
# hunt29 F1 (found at 100x): a '%SHN' header inserted before a statement: two files joined, the second block with no
# tags (W-SHN-AGAIN), which the writer refused to write
@example(data=DATA[:DATA.index(b"pick Bea")] + b" %SHN 1.0 pick Bea\nhand 17  dealer Cy")
def test_mutated_example_never_crashes(data):
    check(decode(data))


@FUZZ
@given(st.binary(max_size=200))
def test_random_bytes_never_crash(data):
    check(decode(b"%SHN 1.0\n" + data))
    check(decode(data))


@FUZZ
@given(st.lists(st.sampled_from(TOKENS), max_size=30))
def test_random_token_soup_never_crashes(tokens):
    check("%SHN 1.0\n" + " ".join(tokens))


def test_unmutated_example_has_no_error():
    f = read(decode(DATA))
    assert f.errors == [] and [h.errors for h in f.hands] == [[]] * 5
